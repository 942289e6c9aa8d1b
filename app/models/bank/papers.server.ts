import type { Transaction } from 'kysely'
import { lockRow } from '#db/dialect'
import type { Database } from '#db/schema'
import { BLUEPRINT_MAX, drawBlueprint, isPaperId, type BlueprintLine } from '~/lib/bank/bank'
import { checkBlueprint, shortLineMessage } from '~/lib/bank/blueprint'
import { isId } from '~/lib/ids'
import { recordAudit } from '~/models/audit/audit.server'
import { readDefaults } from '~/models/quiz/editing.server'
import { quizDefaultMarks } from '~/models/quiz/paper.server'
import { MAX_QUESTIONS } from '~/schemas/admin-quiz'
import { db } from '~/utils/db.server'
import { nowIso } from '~/utils/ids.server'
import { bankQuestionsMatching, type BankFilters } from './filters.server'
import { bankHead, insertRow, splitColumns } from './versions.server'

// Building a paper from the bank (docs/decisions/027-question-bank.md): staff pick bank questions, or a blueprint
// draws them, and each becomes a row of the paper, a copy of the question's current bank version placed after the
// paper's last question, worth the paper's default marks for its type. Old attempts keep the rows they were shown
// (decision 002: a row written now was shown to no attempt started before), so a paper learners have taken may
// grow. A bank question sits in a paper once, and a retired one is never added.

/** A refusal naming its field (`questionIds`, `blueprint`, `blueprint[1].count`). */
export type PaperRefusal = {
  ok: false
  problem: 'field'
  field: string
  message: string
  /** A blueprint line that asks for more than the bank can give (0-based `line`, shortLineMessage's figures). */
  short?: { line: number; count: number; available: number; matching: number }
}

/** Added: how many, and the bank question ids in the order they now stand in the paper. */
export type PaperAddResult =
  { ok: true; added: number; questionIds: string[] } | { ok: false; problem: 'quiz' } | PaperRefusal

const refuse = (field: string, message: string): PaperRefusal => ({ ok: false, problem: 'field', field, message })

/** A paper, locked for the rest of the transaction: its marking defaults, the bank questions it holds, its end. */
type OpenPaper = {
  quizId: string
  markingDefaults: string | null
  held: Set<string>
  size: number
  nextPosition: number
}

/** The bank questions chosen for a paper (in order), or why none are added. */
type Choice = { ids: string[] } | PaperRefusal

/**
 * Runs one addition in one transaction: lock the paper (two staff adding at once neither repeat a question nor
 * share a position), let `choose` pick from what it holds, then append the chosen questions and audit it.
 */
async function addToPaper(
  { actorId, quizId, field, details }: { actorId: string; quizId: string; field: string; details: object },
  choose: (trx: Transaction<Database>, paper: OpenPaper) => Promise<Choice>,
): Promise<PaperAddResult> {
  if (!isId(quizId) || !isPaperId(quizId)) return { ok: false, problem: 'quiz' }
  return db.transaction().execute(async (trx): Promise<PaperAddResult> => {
    // The lock first: on SQLite it is the transaction's first write (db/dialect.ts, lockRow).
    await lockRow(trx, 'quizzes', quizId)
    const quiz = await trx
      .selectFrom('quizzes')
      .select(['id', 'marking_defaults'])
      .where('id', '=', quizId)
      .executeTakeFirst()
    if (!quiz) return { ok: false, problem: 'quiz' }
    const rows = await trx
      .selectFrom('questions')
      .select(['bank_question_id', 'position'])
      .where('quiz_id', '=', quizId)
      .where('archived_at', 'is', null)
      .execute()
    const paper: OpenPaper = {
      quizId,
      markingDefaults: quiz.marking_defaults,
      held: new Set(rows.flatMap((r) => (r.bank_question_id ? [r.bank_question_id] : []))),
      size: rows.length,
      nextPosition: rows.reduce((last, r) => Math.max(last, Number(r.position) + 1), 0),
    }
    const chosen = await choose(trx, paper)
    if ('ok' in chosen) return chosen
    // The quiz editor saves at most MAX_QUESTIONS: a longer paper could no longer be edited.
    if (paper.size + chosen.ids.length > MAX_QUESTIONS)
      return refuse(
        field,
        `The paper would have ${paper.size + chosen.ids.length} questions; a paper holds at most ${MAX_QUESTIONS}`,
      )
    await appendQuestions(trx, paper, chosen.ids)
    await recordAudit(
      {
        actorId,
        action: 'quiz.add-from-bank',
        targetType: 'quiz',
        targetId: quizId,
        details: { added: chosen.ids.length, bankQuestionIds: chosen.ids, ...details },
      },
      trx,
    )
    return { ok: true, added: chosen.ids.length, questionIds: chosen.ids }
  })
}

/** Copies each bank question's current version into the paper, in order after its last question. */
async function appendQuestions(trx: Transaction<Database>, paper: OpenPaper, bankIds: readonly string[]) {
  const now = nowIso()
  const defaults = readDefaults(paper.markingDefaults)
  const topics = new Map(
    (
      await trx
        .selectFrom('bank_questions')
        .select(['id', 'topic'])
        .where('id', 'in', [...bankIds])
        .execute()
    ).map((r) => [r.id, r.topic]),
  )
  for (const [k, bankId] of bankIds.entries()) {
    const head = await bankHead(trx, bankId)
    // bankQuestionsMatching joins every question it returns with this row, so it cannot be missing here.
    if (!head) throw new Error(`bank question ${bankId} has no current version`)
    const { content } = splitColumns({ ...head, section: null })
    await insertRow(trx, {
      quizId: paper.quizId,
      position: paper.nextPosition + k,
      bankId,
      content,
      placement: { ...quizDefaultMarks(content.type, defaults), section: null, topic: topics.get(bankId) || null },
      now,
    })
  }
  await trx.updateTable('quizzes').set({ updated_at: now }).where('id', '=', paper.quizId).execute()
}

/**
 * Adds the bank questions `questionIds` (in that order) to a paper. Refused whole, naming `questionIds`, when one is
 * not in the bank, retired or already in the paper.
 */
export async function addBankQuestions({
  actorId,
  quizId,
  questionIds,
}: {
  actorId: string
  quizId: string
  questionIds: readonly string[]
}): Promise<PaperAddResult> {
  const ids = [...new Set(questionIds)]
  return addToPaper({ actorId, quizId, field: 'questionIds', details: { by: 'ids' } }, async (trx, paper) => {
    if (!ids.length) return refuse('questionIds', 'Choose at least one question')
    if (ids.length > BLUEPRINT_MAX) return refuse('questionIds', `Add at most ${BLUEPRINT_MAX} questions at a time`)
    const wellFormed = ids.filter(isId)
    const found = new Map(
      wellFormed.length
        ? (
            await bankQuestionsMatching({ retired: 'include' }, trx)
              .select(['b.id', 'b.retired_at'])
              .where('b.id', 'in', wellFormed)
              .execute()
          ).map((r) => [r.id, r.retired_at])
        : [],
    )
    for (const id of ids) {
      const name = id.slice(0, 40)
      if (!found.has(id)) return refuse('questionIds', `Question ${name} is not in the bank`)
      if (found.get(id)) return refuse('questionIds', `Question ${name} is retired: it is never added to a paper`)
      if (paper.held.has(id)) return refuse('questionIds', `Question ${name} is already in this paper`)
    }
    return { ids }
  })
}

/** A blueprint line as the one filter query reads it. */
const lineFilters = (line: BlueprintLine): BankFilters => ({
  subject: line.subject,
  topics: line.topic ? [line.topic] : undefined,
  exams: line.exam ? [line.exam] : undefined,
  years: line.year != null ? [line.year] : undefined,
  difficulty: line.difficulty,
})

/**
 * Draws a blueprint into a paper: each line's candidates are the bank questions matching its tags (retired ones
 * left out by the filter) that the paper does not hold; drawBlueprint takes them without repeats. Refused whole,
 * nothing added, naming the first line that is short (`blueprint[i].count`). `random` is injectable for tests.
 */
export async function addBlueprint({
  actorId,
  quizId,
  lines,
  random,
}: {
  actorId: string
  quizId: string
  lines: readonly BlueprintLine[]
  random?: () => number
}): Promise<PaperAddResult> {
  return addToPaper(
    { actorId, quizId, field: 'blueprint', details: { by: 'blueprint', blueprint: lines } },
    async (trx, paper) => {
      const whole = checkBlueprint(lines)
      if (whole) return refuse(whole.field, whole.message)
      const candidates: string[][] = []
      for (const line of lines) {
        const rows = await bankQuestionsMatching(lineFilters(line), trx).select('b.id').orderBy('b.id').execute()
        candidates.push(rows.map((r) => r.id).filter((id) => !paper.held.has(id)))
      }
      const drawn = drawBlueprint(lines, candidates, random)
      if (drawn.ok) return { ids: drawn.ids }
      const short = {
        line: drawn.line,
        count: lines[drawn.line].count,
        available: drawn.available,
        matching: candidates[drawn.line].length,
      }
      return { ...refuse(`blueprint[${drawn.line}].count`, shortLineMessage(short)), short }
    },
  )
}
