import type { BankTags } from '~/lib/bank/bank'
import type { MarkupProblem } from '~/lib/markup/question'
import type { QuestionDraft } from '~/lib/quiz/quiz-input'
import { recordAudit } from '~/models/audit/audit.server'
import { questionColumns } from '~/models/quiz/paper.server'
import { db } from '~/utils/db.server'
import { newId, nowIso } from '~/utils/ids.server'
import type { BulkTags } from '~/schemas/bank-question'
import {
  defaultMarks,
  insertBankQuestion,
  newBankVersion,
  renderVersion,
  setBankTopic,
  setExams,
} from './versions.server'
import { bankImageMap } from './images.server'

// Staff writing to the question bank: a new question, an edit, tags on many at once, retiring and restoring, the
// exam list. Versions follow app/models/bank/versions.server.ts: a changed text, option, key or explanation is a new
// version that replaces the old one in every paper holding it (attempts keep the row they were shown); tags are
// not what a question says, so they change in place. Markup is rendered once, here, when a version is written;
// markup that does not render refuses the save and nothing is written. Every change is audited.

export type AuthoringResult = { ok: true; id: string; newVersion: boolean } | { ok: false; problems: MarkupProblem[] }

/** A draft's stored source (the quiz editor's stored form of a question, without placement). */
function sourceOf(draft: QuestionDraft) {
  const c = questionColumns(draft, null)
  return {
    question_text: c.question_text,
    options: c.options,
    correct_option: c.correct_option,
    explanation: c.explanation,
    type: c.type,
    correct_options: c.correct_options,
    answer_min: c.answer_min,
    answer_max: c.answer_max,
  }
}

/** Writes a new bank question (its first version, with the default marks of its type) and its tags. */
export async function createBankQuestion({
  actorId,
  draft,
  tags,
}: {
  actorId: string
  draft: QuestionDraft
  tags: BankTags
}): Promise<AuthoringResult> {
  const rendered = await renderVersion(sourceOf(draft), await bankImageMap(db, null))
  if (!rendered.ok) return rendered
  const now = nowIso()
  const id = await db.transaction().execute(async (trx) => {
    const id = await insertBankQuestion(trx, {
      content: rendered.content,
      tags,
      placement: { ...defaultMarks(rendered.content.type), section: null, topic: tags.topic },
      now,
    })
    await recordAudit(
      { actorId, action: 'bank_question.create', targetType: 'bank_question', targetId: id, details: { ...tags } },
      trx,
    )
    return id
  })
  return { ok: true, id, newVersion: true }
}

/**
 * Saves an edit: a new version when what the question says or its key changed (newBankVersion), the tags in place
 * (the topic through setBankTopic, so every row of it follows). Null when there is no such question.
 */
export async function updateBankQuestion({
  actorId,
  bankId,
  draft,
  tags,
}: {
  actorId: string
  bankId: string
  draft: QuestionDraft
  tags: BankTags
}): Promise<AuthoringResult | null> {
  const existing = await db
    .selectFrom('bank_questions')
    .select(['id', 'topic'])
    .where('id', '=', bankId)
    .executeTakeFirst()
  if (!existing) return null
  const rendered = await renderVersion(sourceOf(draft), await bankImageMap(db, bankId))
  if (!rendered.ok) return rendered
  const now = nowIso()
  const newVersion = await db.transaction().execute(async (trx) => {
    const made = await newBankVersion(trx, { bankId, content: rendered.content, now })
    if (tags.topic !== existing.topic) await setBankTopic(trx, bankId, tags.topic, now)
    await trx
      .updateTable('bank_questions')
      .set({
        subject: tags.subject,
        subtopic: tags.subtopic,
        year: tags.year,
        difficulty: tags.difficulty,
        source: tags.source,
        updated_at: now,
      })
      .where('id', '=', bankId)
      .execute()
    await setExams(trx, bankId, tags.exams)
    await recordAudit(
      {
        actorId,
        action: 'bank_question.update',
        targetType: 'bank_question',
        targetId: bankId,
        details: { newVersion: made, ...tags },
      },
      trx,
    )
    return made
  })
  return { ok: true, id: bankId, newVersion }
}

/**
 * Sets the given tags on every listed question (a blank one is left as it is); `addExam` is added to their exams.
 * Returns how many questions there were.
 */
export async function tagBankQuestions({
  actorId,
  ids,
  tags,
}: {
  actorId: string
  ids: readonly string[]
  tags: BulkTags
}): Promise<number> {
  if (!ids.length) return 0
  return db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('bank_questions')
      .select(['id', 'topic'])
      .where('id', 'in', [...ids])
      .execute()
    if (!found.length) return 0
    const now = nowIso()
    const foundIds = found.map((f) => f.id)
    await trx
      .updateTable('bank_questions')
      .set({
        ...(tags.subject !== undefined ? { subject: tags.subject } : {}),
        ...(tags.difficulty !== undefined ? { difficulty: tags.difficulty } : {}),
        ...(tags.year !== undefined ? { year: tags.year } : {}),
        updated_at: now,
      })
      .where('id', 'in', foundIds)
      .execute()
    if (tags.topic !== undefined)
      for (const f of found) if (f.topic !== tags.topic) await setBankTopic(trx, f.id, tags.topic, now)
    if (tags.addExam !== undefined) {
      const exam = await trx.selectFrom('exams').select('id').where('name', '=', tags.addExam).executeTakeFirst()
      if (exam)
        await trx
          .insertInto('bank_question_exams')
          .values(foundIds.map((id) => ({ bank_question_id: id, exam_id: exam.id })))
          .onConflict((oc) => oc.columns(['bank_question_id', 'exam_id']).doNothing())
          .execute()
    }
    await recordAudit(
      { actorId, action: 'bank_question.tag', targetType: 'bank_question', details: { ids: foundIds, ...tags } },
      trx,
    )
    return found.length
  })
}

/**
 * Retires (or restores) the listed questions. A retired question stays in the papers and results that hold it and
 * is never offered for a new paper or practice (bankQuestionsMatching leaves it out unless asked). Returns how many
 * changed.
 */
export async function setRetired({
  actorId,
  ids,
  retired,
}: {
  actorId: string
  ids: readonly string[]
  retired: boolean
}): Promise<number> {
  if (!ids.length) return 0
  return db.transaction().execute(async (trx) => {
    const now = nowIso()
    const changing = await trx
      .selectFrom('bank_questions')
      .select('id')
      .where('id', 'in', [...ids])
      .where('retired_at', retired ? 'is' : 'is not', null)
      .execute()
    if (!changing.length) return 0
    const changed = changing.map((c) => c.id)
    await trx
      .updateTable('bank_questions')
      .set({ retired_at: retired ? now : null, updated_at: now })
      .where('id', 'in', changed)
      .execute()
    await recordAudit(
      {
        actorId,
        action: retired ? 'bank_question.retire' : 'bank_question.restore',
        targetType: 'bank_question',
        targetId: changed.length === 1 ? changed[0] : null,
        details: { ids: changed },
      },
      trx,
    )
    return changed.length
  })
}

/** Adds an exam at the end of the list; refused when one of that name (in any case) is already on it. */
export async function addExam({
  actorId,
  name,
}: {
  actorId: string
  name: string
}): Promise<{ ok: true } | { ok: false; message: string }> {
  return db.transaction().execute(async (trx) => {
    const all = await trx.selectFrom('exams').select(['name', 'position']).execute()
    const same = all.find((e) => e.name.toLowerCase() === name.toLowerCase())
    if (same) return { ok: false as const, message: `'${same.name}' is already on the exam list` }
    const id = newId()
    await trx
      .insertInto('exams')
      .values({
        id,
        name,
        position: Math.max(-1, ...all.map((e) => Number(e.position))) + 1,
        created_at: nowIso(),
      })
      .execute()
    await recordAudit({ actorId, action: 'exam.create', targetType: 'exam', targetId: id, details: { name } }, trx)
    return { ok: true as const }
  })
}
