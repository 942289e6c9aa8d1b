import type { Kysely, Transaction } from 'kysely'
import type { Database } from '#db/schema'
import type { WriteDemoBank } from '#db/seed'
import { DEMO_BANK, DEMO_PAPER_TAGS } from '#db/seed-bank'
import { questionColumns } from '~/models/quiz/stored-question'
import { defaultMarks, insertBankQuestion, renderVersion, setBankTopic, setExams } from './versions.server'

// The demo seed's question bank (db/seed-bank.ts), written by the bank model itself so its rows are exactly what the
// bank pages write. db/seed.ts calls it when the app seeds an empty database (app/utils/db.server.ts passes it).

/** The demo bank and the demo papers' tags, in the caller's transaction (the app seeds inside one) or a new one. */
export const writeDemoBank: WriteDemoBank = (db: Kysely<Database>) =>
  db.isTransaction ? writeAll(db as Transaction<Database>) : db.transaction().execute((trx) => writeAll(trx))

async function writeAll(trx: Transaction<Database>) {
  const now = new Date().toISOString()
  await writeBank(trx, now)
  await tagDemoPapers(trx, now)
}

/**
 * Each question as a new bank question: the stored form of its draft (questionColumns), its HTML (renderVersion),
 * then the bank question, its exams and its first version (insertBankQuestion), with the default marks of its type.
 */
async function writeBank(trx: Transaction<Database>, now: string) {
  for (const q of DEMO_BANK) {
    const draft = {
      ...q,
      correctOption: q.correctOption ?? 0,
      explanation: q.explanation ?? undefined,
      section: undefined,
      topic: q.tags.topic,
    }
    const {
      marks: _marks,
      negative_marks: _negative,
      section: _section,
      topic,
      ...source
    } = questionColumns(draft, null)
    const rendered = await renderVersion(source, new Map())
    if (!rendered.ok) throw new Error(`db/seed-bank.ts: '${q.questionText}' does not render`)
    await insertBankQuestion(trx, {
      content: rendered.content,
      tags: q.tags,
      placement: { ...defaultMarks(rendered.content.type), section: null, topic },
      now,
    })
  }
}

/** The demo papers' bank questions get the bank's subjects, topics and exams (db/seed-bank.ts DEMO_PAPER_TAGS). */
async function tagDemoPapers(trx: Transaction<Database>, now: string) {
  for (const [title, paper] of Object.entries(DEMO_PAPER_TAGS)) {
    const rows = await trx
      .selectFrom('questions as q')
      .innerJoin('quizzes as z', 'z.id', 'q.quiz_id')
      .select(['q.bank_question_id'])
      .where('z.title', '=', title)
      .where('q.archived_at', 'is', null)
      .orderBy('q.position')
      .execute()
    for (const [i, row] of rows.entries()) {
      const tag = paper.questions[i]
      if (!row.bank_question_id || !tag) continue
      await trx
        .updateTable('bank_questions')
        .set({
          subject: tag.subject,
          subtopic: tag.subtopic ?? null,
          difficulty: paper.difficulty,
          source: 'Institute',
          updated_at: now,
        })
        .where('id', '=', row.bank_question_id)
        .execute()
      await setExams(trx, row.bank_question_id, paper.exams)
      // The topic is a tag of the question and of every row of it (setBankTopic): the paper's result counts it too.
      await setBankTopic(trx, row.bank_question_id, tag.topic, now)
    }
  }
}
