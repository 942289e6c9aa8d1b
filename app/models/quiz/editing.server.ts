import type { Kysely, Transaction } from 'kysely'
import { db } from '~/utils/db.server'
import { newId, nowIso } from '~/utils/ids.server'
import type { MarkingDefaultsUnits, QuestionDraft, QuizInput } from '~/schemas/admin-quiz'
import { defaultMarksFor } from '~/lib/quiz/schemes'
import { formatMarks, marksFromStorage, marksToStorage, storedScore } from '~/lib/quiz/marks'
import { type PaperScore, type QuestionType } from '~/lib/quiz/scoring'
import type { Database } from '#db/schema'
import { recordAudit } from '~/models/audit.server'
import { imageUrl } from '~/services/storage.server'
import { currentQuestionRows, questionsShownAt } from './paper.server'
import { markedPaper } from '~/models/quiz/paper.server'
import { scoreCounts } from './standing.server'
import { countAtOrBelow, percentile, type Percentile } from '~/lib/quiz/standing'

// Staff quiz management (spec 2 §2). Editing follows docs/decisions/002-quiz-edits-keep-results.md: questions
// that answers refer to are archived, never rewritten; only current (archived_at is null) questions are shown.

const count = (n: unknown) => Number(n ?? 0)

export type StaffQuizListRow = {
  id: string
  title: string
  category: 'free' | 'paid'
  noOfQuestions: number
  time: number
  attemptedBy: number
}

export async function listQuizzes(): Promise<StaffQuizListRow[]> {
  const rows = await db
    .selectFrom('quizzes')
    .select((eb) => [
      'quizzes.id',
      'quizzes.title',
      'quizzes.category',
      'quizzes.time_limit',
      eb
        .selectFrom('questions')
        .select((e) => e.fn.countAll().as('n'))
        .whereRef('questions.quiz_id', '=', 'quizzes.id')
        .where('questions.archived_at', 'is', null)
        .as('questionCount'),
      eb
        .selectFrom('attempts')
        .select((e) => e.fn.countAll().as('n'))
        .whereRef('attempts.quiz_id', '=', 'quizzes.id')
        .where('attempts.submitted_at', 'is not', null)
        // Practice re-attempts (issue 13 item 5) are not new learners attempting the quiz.
        .where('attempts.mode', '=', 'ranked')
        .as('attemptCount'),
    ])
    .orderBy('quizzes.created_at', 'desc')
    .orderBy('quizzes.id')
    .execute()
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    category: r.category,
    noOfQuestions: count(r.questionCount),
    time: r.time_limit,
    attemptedBy: count(r.attemptCount),
  }))
}

export async function getQuizTitle(quizId: string) {
  return db.selectFrom('quizzes').select(['id', 'title']).where('id', '=', quizId).executeTakeFirst()
}

/** A quiz with its current questions (correct option 0-3), for the edit form and GET admin/quiz/{id}. */
export async function getQuizForEdit(quizId: string) {
  const quiz = await db
    .selectFrom('quizzes')
    .select(['id', 'title', 'description', 'category', 'time_limit', 'created_at', 'updated_at', 'marking_defaults'])
    .where('id', '=', quizId)
    .executeTakeFirst()
  if (!quiz) return null
  const questions = await currentQuestions(db, quizId)
  return {
    id: quiz.id,
    title: quiz.title,
    description: quiz.description,
    category: quiz.category,
    timeLimit: quiz.time_limit,
    createdAt: quiz.created_at,
    updatedAt: quiz.updated_at,
    markingDefaults: readDefaults(quiz.marking_defaults),
    questions: questions.map((q) => ({
      id: q.id,
      questionText: q.question_text,
      options: JSON.parse(q.options) as string[],
      correctOption: q.correct_option,
      explanation: q.explanation ?? undefined,
      type: q.type,
      marks: Number(q.marks),
      negativeMarks: Number(q.negative_marks),
      ...(q.type === 'msq' ? { correctOptions: JSON.parse(q.correct_options ?? '[]') as number[] } : {}),
      ...(q.type === 'nat' ? { answerMin: q.answer_min ?? '', answerMax: q.answer_max ?? '' } : {}),
      section: q.section ?? undefined,
      topic: q.topic ?? undefined,
    })),
  }
}

function readDefaults(text: string | null): MarkingDefaultsUnits | null {
  if (!text) return null
  try {
    const parsed = JSON.parse(text) as MarkingDefaultsUnits
    return parsed && typeof parsed === 'object' ? parsed : null
  } catch {
    return null
  }
}

/** The stored row of a draft: type, marks (the quiz's or the spec's defaults when left out), keys by type. */
function questionColumns(q: QuestionDraft, defaults: MarkingDefaultsUnits | null) {
  const type: QuestionType = q.type ?? 'mcq'
  const fallback = defaultMarksFor(type, {
    [type]: {
      marks: defaults?.[type]?.marks === undefined ? undefined : marksFromStorage(defaults[type]!.marks!),
      negativeMarks:
        defaults?.[type]?.negativeMarks === undefined ? undefined : marksFromStorage(defaults[type]!.negativeMarks!),
    },
  })
  const correctOptions = type === 'msq' ? [...new Set(q.correctOptions ?? [])].sort((a, b) => a - b) : null
  return {
    question_text: q.questionText,
    options: JSON.stringify(type === 'nat' ? [] : q.options),
    correct_option: type === 'mcq' ? q.correctOption : type === 'msq' ? Math.min(...correctOptions!) : 0,
    explanation: q.explanation?.trim() || null,
    type,
    marks: q.marks ?? marksToStorage(fallback.marks),
    negative_marks: q.negativeMarks ?? marksToStorage(fallback.negativeMarks),
    correct_options: correctOptions ? JSON.stringify(correctOptions) : null,
    answer_min: type === 'nat' ? (q.answerMin ?? null) : null,
    answer_max: type === 'nat' ? (q.answerMax ?? null) : null,
    section: q.section?.trim() || null,
    topic: q.topic?.trim() || null,
  }
}
type QuestionColumns = ReturnType<typeof questionColumns>
const COMPARED = [
  'question_text',
  'options',
  'correct_option',
  'explanation',
  'type',
  'marks',
  'negative_marks',
  'correct_options',
  'answer_min',
  'answer_max',
  'section',
  'topic',
] as const satisfies readonly (keyof QuestionColumns)[]
export type QuizForEdit = NonNullable<Awaited<ReturnType<typeof getQuizForEdit>>>

function currentQuestions(conn: Kysely<Database>, quizId: string) {
  return currentQuestionRows(quizId, conn)
    .select([
      'id',
      'position',
      'question_text',
      'options',
      'correct_option',
      'explanation',
      'created_at',
      'type',
      'marks',
      'negative_marks',
      'correct_options',
      'answer_min',
      'answer_max',
      'section',
      'topic',
    ])
    .execute()
}

/**
 * Ids of the current questions some attempt of the quiz was shown. The attempts that saw a current question are
 * exactly those started after it was written, so the latest-started attempt saw every one that anyone saw.
 */
async function currentQuestionsSeen(trx: Transaction<Database>, quizId: string): Promise<Set<string>> {
  const latest = await trx
    .selectFrom('attempts')
    .select((eb) => eb.fn.max('started_at').as('t'))
    .where('quiz_id', '=', quizId)
    .executeTakeFirst()
  if (!latest?.t) return new Set()
  const rows = await questionsShownAt(quizId, String(latest.t), trx)
    .where('archived_at', 'is', null)
    .select('id')
    .execute()
  return new Set(rows.map((r) => r.id))
}

async function insertQuestion(
  trx: Transaction<Database>,
  quizId: string,
  position: number,
  columns: QuestionColumns,
  now: string,
) {
  await trx
    .insertInto('questions')
    .values({ id: newId(), quiz_id: quizId, position, ...columns, created_at: now })
    .execute()
}

/** Decision 002 applies to every stored field: a changed key, type, marks, section or topic is a new version. */
const sameQuestion = (row: Record<(typeof COMPARED)[number], unknown>, next: QuestionColumns) =>
  COMPARED.every((k) =>
    k === 'marks' || k === 'negative_marks' ? Number(row[k]) === Number(next[k]) : (row[k] ?? null) === next[k],
  )

const defaultsJson = (d: MarkingDefaultsUnits | null | undefined) =>
  d && Object.keys(d).length ? JSON.stringify(d) : null

export async function createQuiz({ actorId, input }: { actorId: string; input: QuizInput }) {
  const id = newId()
  const now = nowIso()
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('quizzes')
      .values({
        id,
        title: input.title,
        description: input.description,
        category: input.category,
        time_limit: input.timeLimit,
        marking_defaults: defaultsJson(input.markingDefaults),
        created_at: now,
        updated_at: now,
      })
      .execute()
    const defaults = input.markingDefaults ?? null
    for (const [i, q] of input.questions.entries()) await insertQuestion(trx, id, i, questionColumns(q, defaults), now)
    await recordAudit(
      {
        actorId,
        action: 'quiz.create',
        targetType: 'quiz',
        targetId: id,
        details: { title: input.title, questions: input.questions.length },
      },
      trx,
    )
  })
  return (await getQuizForEdit(id))!
}

/**
 * Decision 002: compare the submitted questions with the current ones in order. Unchanged -> keep the row (and id);
 * otherwise the current row is archived when some attempt answered it, else deleted; new/changed -> new rows.
 */
export async function updateQuiz({ actorId, quizId, input }: { actorId: string; quizId: string; input: QuizInput }) {
  const found = await db.transaction().execute(async (trx) => {
    const quiz = await trx
      .selectFrom('quizzes')
      .select(['id', 'marking_defaults'])
      .where('id', '=', quizId)
      .executeTakeFirst()
    if (!quiz) return false
    const now = nowIso()
    const defaults = input.markingDefaults === undefined ? readDefaults(quiz.marking_defaults) : input.markingDefaults
    await trx
      .updateTable('quizzes')
      .set({
        title: input.title,
        description: input.description,
        category: input.category,
        time_limit: input.timeLimit,
        ...(input.markingDefaults === undefined ? {} : { marking_defaults: defaultsJson(input.markingDefaults) }),
        updated_at: now,
      })
      .where('id', '=', quizId)
      .execute()
    const current = await currentQuestions(trx, quizId)
    const seen = await currentQuestionsSeen(trx, quizId)
    const kept = { kept: 0, archived: 0, deleted: 0, added: 0 }
    for (let i = 0; i < Math.max(current.length, input.questions.length); i++) {
      const row = current[i]
      const next = input.questions[i] ? questionColumns(input.questions[i], defaults) : undefined
      if (row && next && sameQuestion(row, next)) {
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
        await insertQuestion(trx, quizId, i, next, now)
        kept.added++
      }
    }
    await recordAudit(
      {
        actorId,
        action: 'quiz.update',
        targetType: 'quiz',
        targetId: quizId,
        details: { title: input.title, ...kept },
      },
      trx,
    )
    return true
  })
  return found ? (await getQuizForEdit(quizId))! : null
}

/** Deleting a quiz deletes all of it: questions, attempts and answers (foreign keys cascade). */
export async function deleteQuiz({ actorId, quizId }: { actorId: string; quizId: string }) {
  return db.transaction().execute(async (trx) => {
    const quiz = await trx.selectFrom('quizzes').select(['id', 'title']).where('id', '=', quizId).executeTakeFirst()
    if (!quiz) return null
    await trx.deleteFrom('quizzes').where('id', '=', quizId).execute()
    await recordAudit(
      { actorId, action: 'quiz.delete', targetType: 'quiz', targetId: quizId, details: { title: quiz.title } },
      trx,
    )
    return quiz
  })
}

export type QuizResultRow = {
  id: string
  name: string
  email: string
  profileImage: string | null
  instituteName: string
  isPremiumMember: boolean
  score: number
  total: number
  submittedAt: string
  /** The learner's percentile on the quiz, as the leaderboard and their result page show it (decision 018). */
  percentile: Percentile | null
  /** Exact score (score_units), 2 decimals, and the paper's maximum. */
  scoreText: string
  maxText: string
  /** Per-section totals (issue 13 item 6), in order of first appearance; empty when no question has a section. */
  sections: Array<{ name: string; earned: string; max: string; attempted: number; questions: number }>
}

/**
 * One submitted attempt's paper as its learner's result scores it (attempt.server's markedPaper: the questions
 * shown at its start, decision 002; only answers saved by deadline + grace), so the section totals add up to
 * the score the learner sees.
 */
async function attemptSections(attempt: {
  id: string
  quiz_id: string
  started_at: string
  deadline_at: string | null
}) {
  return (await markedPaper(attempt)).score
}

/** Submitted attempts of a quiz with the learner (spec 2 "Quiz Results"), newest first. */
export async function getQuizResults(
  quizId: string,
  { page = 1, pageSize }: { page?: number; pageSize?: number } = {},
) {
  const quiz = await getQuizTitle(quizId)
  if (!quiz) return null
  const base = db
    .selectFrom('attempts')
    .innerJoin('users', 'users.id', 'attempts.user_id')
    .where('attempts.quiz_id', '=', quizId)
    .where('attempts.submitted_at', 'is not', null)
    .where('attempts.mode', '=', 'ranked')
  const total = count((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
  let query = base
    .select([
      'attempts.id',
      'attempts.quiz_id',
      'attempts.started_at',
      'attempts.deadline_at',
      'attempts.score',
      'attempts.score_units',
      'attempts.total',
      'attempts.submitted_at',
      'users.name',
      'users.email',
      'users.profile_image',
      'users.institute_name',
      'users.is_premium_member',
    ])
    .orderBy('attempts.submitted_at', 'desc')
    .orderBy('attempts.id')
  if (pageSize) query = query.limit(pageSize).offset((Math.max(1, page) - 1) * pageSize)
  const rows = await query.execute()
  // A question whose key cannot be scored (not reachable through the editor) leaves that row without sections.
  const papers = await Promise.all(rows.map((r) => attemptSections(r).catch(() => null)))
  const counts = await scoreCounts(quizId)
  const participants = counts.reduce((t, c) => t + c.n, 0)
  return {
    quizTitle: quiz.title,
    total,
    students: rows.map((r, i): QuizResultRow => ({
      id: r.id,
      name: r.name,
      email: r.email,
      profileImage: imageUrl(r.profile_image),
      instituteName: r.institute_name || '---',
      isPremiumMember: r.is_premium_member === 1,
      score: r.score ?? 0,
      total: r.total,
      submittedAt: r.submitted_at!,
      percentile:
        r.score_units === null ? null : percentile(countAtOrBelow(counts, Number(r.score_units)), participants),
      ...resultMarks(r, papers[i]),
    })),
  }
}

function resultMarks(
  r: { score: number | null; score_units: number | string | null },
  paper: PaperScore | null,
): Pick<QuizResultRow, 'scoreText' | 'maxText' | 'sections'> {
  // The stored exact score is the total (the learner's result page shows it); the sections come from the answers.
  const exact = storedScore(r)
  const named = paper?.sections.some((g) => g.key !== null) ?? false
  return {
    scoreText: formatMarks(exact),
    maxText: paper ? formatMarks(paper.maxTotal) : '',
    sections:
      paper && named
        ? paper.sections.map((g) => ({
            name: g.key ?? 'Other questions',
            earned: formatMarks(g.earned),
            max: formatMarks(g.maxMarks),
            attempted: g.attempted,
            questions: g.questions,
          }))
        : [],
  }
}
