import type { Transaction } from 'kysely'
import type { Database } from '#db/schema'
import { questionReadsAsSource, renderQuestionMarkup, type MarkupProblem } from '~/lib/markup/question'
import type { MarkupImages } from '~/lib/markup/render'
import { recordAudit } from '~/models/audit/audit.server'
import { db } from '~/utils/db.server'
import { newId, nowIso } from '~/utils/ids.server'
import { bankQuestionForRow } from '~/models/bank/versions.server'
import { isPaperId } from '~/lib/bank/bank'
import { questionsShownAt } from './catalog.server'
import { quizImageKeys, removeStoredFiles } from './images.server'
import { stagedImagesFor } from './zip-import.server'
import { registrationCount } from './live-mock.server'
import { windowChangeRefusal, type WindowRefusal } from './schedule.server'
import {
  currentStoredQuestions,
  draftOfStored,
  questionColumns,
  sameQuestion,
  type QuestionColumns,
} from '~/models/quiz/paper.server'
import { quizImageMap } from './images.server'
import type { MarkingDefaultsUnits, QuizInput } from '~/lib/quiz/quiz-input'

// Staff quiz management. Editing follows docs/decisions/002-quiz-edits-keep-results.md: questions that attempts
// were shown are archived, never rewritten; only current (archived_at is null) questions are shown. The stored
// form of a question and the comparison of versions are the paper's (paper.server.ts).

// Question markup is rendered here, once per question version: a new or changed question's HTML is rendered from
// its source when its row is inserted, and an unchanged question keeps its row and its HTML. Markup that does not
// render refuses the whole save, naming each question and field (markupMessage), and nothing is written.

// The staff list lives in its own file; named here too, where its callers have always found it.
export { listQuizzes, type StaffQuizListRow } from './staff-list.server'

export async function getQuizTitle(quizId: string) {
  if (!isPaperId(quizId)) return undefined
  return db.selectFrom('quizzes').select(['id', 'title']).where('id', '=', quizId).executeTakeFirst()
}

/** A quiz with its current questions (correct option 0-3), for the edit form and GET admin/quiz/{id}. */
export async function getQuizForEdit(quizId: string) {
  if (!isPaperId(quizId)) return null
  const quiz = await db
    .selectFrom('quizzes')
    .select(['id', 'title', 'description', 'category', 'time_limit', 'created_at', 'updated_at', 'marking_defaults'])
    .select(['opens_at', 'closes_at', 'results_published_at'])
    .where('id', '=', quizId)
    .executeTakeFirst()
  if (!quiz) return null
  const questions = await currentStoredQuestions(db, quizId)
  return {
    id: quiz.id,
    title: quiz.title,
    description: quiz.description,
    category: quiz.category,
    timeLimit: quiz.time_limit,
    createdAt: quiz.created_at,
    updatedAt: quiz.updated_at,
    markingDefaults: readDefaults(quiz.marking_defaults),
    questions: questions.map(draftOfStored),
    // A live mock's window (ISO instants; both null for an anytime paper), its registrations and publication.
    opensAt: quiz.opens_at,
    closesAt: quiz.closes_at,
    resultsPublishedAt: quiz.results_published_at,
    registrations: await registrationCount(quizId),
  }
}

/** A quiz's stored marking defaults (quizzes.marking_defaults), null when none or unreadable. */
export function readDefaults(text: string | null): MarkingDefaultsUnits | null {
  if (!text) return null
  try {
    const parsed = JSON.parse(text) as MarkingDefaultsUnits
    return parsed && typeof parsed === 'object' ? parsed : null
  } catch {
    return null
  }
}

export type QuizForEdit = NonNullable<Awaited<ReturnType<typeof getQuizForEdit>>>

/**
 * Ids of the current questions some attempt of the quiz was shown. The attempts that saw a current question are
 * exactly those started after it was written, so the latest-started attempt saw every one that anyone saw.
 */
async function currentQuestionsSeen(trx: Transaction<Database>, quizId: string): Promise<Set<string>> {
  const latest = await trx
    .selectFrom('attempts')
    .select((eb) => eb.fn.max('started_at').as('t'))
    .where('quiz_id', '=', quizId)
    // A practice set's attempt saw the set's own question rows, every one already seen by an attempt of its quiz.
    .where('practice_set_id', 'is', null)
    .executeTakeFirst()
  if (!latest?.t) return new Set()
  const rows = await questionsShownAt(quizId, String(latest.t), trx)
    .where('archived_at', 'is', null)
    .select('id')
    .execute()
  return new Set(rows.map((r) => r.id))
}

/** A question of the submitted list (0-based `question`) whose markup does not render. */
export type QuestionMarkupProblem = MarkupProblem & { question: number }

/** Thrown inside the save's transaction so that nothing of a refused save is written. */
class MarkupRefused extends Error {
  constructor(
    readonly problems: QuestionMarkupProblem[],
    readonly window?: WindowRefusal,
  ) {
    super(window ? window.message : 'question markup does not render')
  }
}

/** A refused save: markup that does not render (`problems`), or a window staff may no longer set (`window`). */
type SaveRefused = { ok: false; problems: QuestionMarkupProblem[]; window?: WindowRefusal }
export type QuizSaveResult = { ok: true; quiz: QuizForEdit } | SaveRefused

/**
 * Renders the questions about to be inserted (`index` -> stored columns). Every one is rendered before any is
 * written, so a refusal lists all the problems of the save at once.
 */
function renderInserts(inserts: Map<number, QuestionColumns>, images: MarkupImages) {
  const problems: QuestionMarkupProblem[] = []
  const rendered = new Map<number, QuestionColumns & QuestionHtmlColumns>()
  for (const [index, columns] of inserts) {
    const source = {
      questionText: columns.question_text,
      options: JSON.parse(columns.options) as string[],
      explanation: columns.explanation,
    }
    const r = renderQuestionMarkup(source, images)
    if (!r.ok) problems.push(...r.problems.map((p) => ({ ...p, question: index })))
    else
      rendered.set(index, {
        ...columns,
        question_html: r.html.text,
        options_html: JSON.stringify(r.html.options),
        explanation_html: r.html.explanation,
        plain_text: questionReadsAsSource(source, r.html) ? 1 : 0,
      })
  }
  if (problems.length) throw new MarkupRefused(problems)
  return rendered
}

type QuestionHtmlColumns = {
  question_html: string
  options_html: string
  explanation_html: string | null
  plain_text: number
}

/** Inserts a paper's row as a version of its bank question (bankQuestionForRow: the one it came from, or a new one). */
async function insertQuestion(
  trx: Transaction<Database>,
  quizId: string,
  position: number,
  columns: QuestionColumns & QuestionHtmlColumns,
  now: string,
  bankId: string | undefined,
) {
  const bankQuestionId = await bankQuestionForRow(trx, { bankId, columns, quizId, now })
  await trx
    .insertInto('questions')
    .values({ id: newId(), quiz_id: quizId, position, ...columns, created_at: now, bank_question_id: bankQuestionId })
    .execute()
}

/** Runs a save; a MarkupRefused thrown inside rolls it back and comes back as the refusal. */
async function refusable<T>(save: () => Promise<T>): Promise<T | SaveRefused> {
  try {
    return await save()
  } catch (error) {
    if (error instanceof MarkupRefused) return { ok: false, problems: error.problems, window: error.window }
    throw error
  }
}

/** The window a save sets, for its audit entry (none when the save keeps the stored one). */
const windowDetails = (input: QuizInput) =>
  input.opensAt === undefined ? {} : { opensAt: input.opensAt, closesAt: input.closesAt ?? null }

const defaultsJson = (d: MarkingDefaultsUnits | null | undefined) =>
  d && Object.keys(d).length ? JSON.stringify(d) : null

/** A bank question sits in a paper once: a second question sent with the same bank id becomes a question of its own. */
function oneRowPerBankQuestion(input: QuizInput): QuizInput {
  const seen = new Set<string>()
  return {
    ...input,
    questions: input.questions.map((q) => {
      if (!q.bankId) return q
      if (!seen.has(q.bankId)) {
        seen.add(q.bankId)
        return q
      }
      const { bankId: _dropped, ...own } = q
      return own
    }),
  }
}

export async function createQuiz({
  actorId,
  input: sent,
}: {
  actorId: string
  input: QuizInput
}): Promise<QuizSaveResult> {
  const input = oneRowPerBankQuestion(sent)
  const id = newId()
  const now = nowIso()
  const images = await stagedImagesFor(actorId, id, input.images)
  const saving = refusable(() =>
    db.transaction().execute(async (trx) => {
      await trx
        .insertInto('quizzes')
        .values({
          id,
          title: input.title,
          description: input.description,
          category: input.category,
          time_limit: input.timeLimit,
          marking_defaults: defaultsJson(input.markingDefaults),
          opens_at: input.opensAt ?? null,
          closes_at: input.closesAt ?? null,
          created_at: now,
          updated_at: now,
        })
        .execute()
      await images.store(trx)
      const defaults = input.markingDefaults ?? null
      const rendered = renderInserts(
        new Map(input.questions.map((q, i) => [i, questionColumns(q, defaults)])),
        await quizImageMap(id, trx),
      )
      for (const [i, columns] of rendered) await insertQuestion(trx, id, i, columns, now, input.questions[i].bankId)
      await recordAudit(
        {
          actorId,
          action: 'quiz.create',
          targetType: 'quiz',
          targetId: id,
          details: { title: input.title, questions: input.questions.length, ...windowDetails(input) },
        },
        trx,
      )
    }),
  )
  const refused = await images.settle(saving, (result) => !result)
  if (refused) return refused
  return { ok: true, quiz: (await getQuizForEdit(id))! }
}

/**
 * Decision 002: compare the submitted questions with the current ones in order. Unchanged -> keep the row (and id);
 * otherwise the current row is archived when some attempt answered it, else deleted; new/changed -> new rows.
 */
export async function updateQuiz({
  actorId,
  quizId,
  input: sent,
}: {
  actorId: string
  quizId: string
  input: QuizInput
}): Promise<QuizSaveResult | null> {
  const input = oneRowPerBankQuestion(sent)
  if (!isPaperId(quizId)) return null
  const images = await stagedImagesFor(actorId, quizId, input.images)
  const saving = refusable(() =>
    db.transaction().execute(async (trx) => {
      const quiz = await trx
        .selectFrom('quizzes')
        .select(['id', 'marking_defaults'])
        .where('id', '=', quizId)
        .executeTakeFirst()
      if (!quiz) return false
      const now = nowIso()
      const defaults = input.markingDefaults === undefined ? readDefaults(quiz.marking_defaults) : input.markingDefaults
      const window = input.opensAt === undefined ? null : { opensAt: input.opensAt, closesAt: input.closesAt ?? null }
      const refused = window && (await windowChangeRefusal(trx, quizId, window))
      if (refused) throw new MarkupRefused([], refused)
      await trx
        .updateTable('quizzes')
        .set({
          title: input.title,
          description: input.description,
          category: input.category,
          time_limit: input.timeLimit,
          ...(input.markingDefaults === undefined ? {} : { marking_defaults: defaultsJson(input.markingDefaults) }),
          ...(window ? { opens_at: window.opensAt, closes_at: window.closesAt } : {}),
          updated_at: now,
        })
        .where('id', '=', quizId)
        .execute()
      await images.store(trx)
      const current = await currentStoredQuestions(trx, quizId)
      const seen = await currentQuestionsSeen(trx, quizId)
      const kept = { kept: 0, archived: 0, deleted: 0, added: 0 }
      const submitted = input.questions.map((q) => questionColumns(q, defaults))
      const changed = new Map(
        submitted.flatMap((next, i) => (current[i] && sameQuestion(current[i], next) ? [] : [[i, next] as const])),
      )
      const rendered = renderInserts(changed, await quizImageMap(quizId, trx))
      for (let i = 0; i < Math.max(current.length, input.questions.length); i++) {
        const row = current[i]
        const next = rendered.get(i)
        if (row && !changed.has(i) && i < submitted.length) {
          if (row.position !== i)
            await trx.updateTable('questions').set({ position: i }).where('id', '=', row.id).execute()
          kept.kept++
          continue
        }
        if (row) {
          // Archive when an attempt was shown the row, answered or not (decision 002 and its amendment): deleting
          // it would drop it from that attempt's review ("review exactly as it was").
          if (seen.has(row.id)) {
            await trx.updateTable('questions').set({ archived_at: now }).where('id', '=', row.id).execute()
            kept.archived++
          } else {
            await trx.deleteFrom('questions').where('id', '=', row.id).execute()
            kept.deleted++
          }
        }
        if (next) {
          await insertQuestion(trx, quizId, i, next, now, input.questions[i].bankId)
          kept.added++
        }
      }
      await recordAudit(
        {
          actorId,
          action: 'quiz.update',
          targetType: 'quiz',
          targetId: quizId,
          details: { title: input.title, ...kept, ...windowDetails(input) },
        },
        trx,
      )
      return true
    }),
  )
  const found = await images.settle(saving, (result) => result === true)
  if (found === false) return null
  if (found !== true) return found
  return { ok: true, quiz: (await getQuizForEdit(quizId))! }
}

/**
 * Deleting a quiz deletes all of it: questions, attempts, answers and its images (foreign keys cascade); the image
 * files go once that has committed.
 */
export async function deleteQuiz({ actorId, quizId }: { actorId: string; quizId: string }) {
  if (!isPaperId(quizId)) return null
  const deleted = await db.transaction().execute(async (trx) => {
    const quiz = await trx.selectFrom('quizzes').select(['id', 'title']).where('id', '=', quizId).executeTakeFirst()
    if (!quiz) return null
    const files = await quizImageKeys(quizId, trx)
    await trx.deleteFrom('quizzes').where('id', '=', quizId).execute()
    await recordAudit(
      { actorId, action: 'quiz.delete', targetType: 'quiz', targetId: quizId, details: { title: quiz.title } },
      trx,
    )
    return { quiz, files }
  })
  if (!deleted) return null
  await removeStoredFiles(deleted.files)
  return deleted.quiz
}
