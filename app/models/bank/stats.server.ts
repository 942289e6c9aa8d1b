import type { Kysely } from 'kysely'
import type { Database } from '#db/schema'
import { savedBySql } from '#db/dialect'
import { BANK_QUIZ_ID, separation, separationLabel } from '~/lib/bank/bank'
import { QUIZ_GRACE_SECONDS } from '~/lib/constants'
import { MARKS_UNIT } from '~/lib/quiz/marks'
import { scoreQuestion, type Answer, type Question } from '~/lib/quiz/scoring'
import { parseOptionIndexes } from '~/models/quiz/catalog.server'
import { keyedQuestionsById } from '~/models/quiz/paper.server'
import { db } from '~/utils/db.server'

// A bank question's statistics across every paper it was in: every version row with its bank id (its current row
// in each paper and the archived ones attempts still point at). Counted as the staff quiz statistics count
// (app/models/quiz/stats.server.ts): SUBMITTED RANKED attempts only, answers saved by deadline + grace (savedBySql),
// right or wrong as the one scorer says (app/lib/quiz/scoring.ts) with each version's own key, read through
// app/models/quiz/paper.server.ts.
//
// Bounded whatever the number of attempts: two grouped queries for the whole list of questions. The learners shown
// a question are grouped by their score (the same few rows as a paper's score counts), its answers by (version,
// answer given, score); the separation figure (app/lib/bank/bank.ts) takes those groups as weighted points.

export type BankQuestionStats = {
  /** Submitted ranked attempts that were shown some version of it. */
  learners: number
  /** Of those, how many answered it (an empty answer is no answer). */
  answered: number
  correct: number
  /** correct / answered, or null when nobody answered. */
  shareCorrect: number | null
  /** Point-biserial between answering it right and the score share on that paper; null below 5 learners. */
  separation: number | null
  separationLabel: string
}

const num = (v: unknown) => Number(v ?? 0)
const scoreKey = (units: unknown, total: unknown) => `${num(units)}/${num(total)}`

/** scoreQuestion's outcome; a key it cannot score reads every answer as wrong (as the quiz statistics do). */
function outcomeOf(key: Question, answer: Answer) {
  try {
    return scoreQuestion(key, answer).outcome
  } catch {
    return 'wrong' as const
  }
}

/** Statistics of each listed bank question (call it with one page of them, not the whole bank). */
export async function bankStats(
  bankIds: readonly string[],
  conn: Kysely<Database> = db,
): Promise<Map<string, BankQuestionStats>> {
  const ids = [...new Set(bankIds)]
  const out = new Map<string, BankQuestionStats>()
  if (!ids.length) return out
  const [shown, answers] = await Promise.all([shownByScore(ids, conn), answersByScore(ids, conn)])
  const keys = new Map(
    (
      await keyedQuestionsById(
        answers.map((a) => a.question_id),
        conn,
      )
    ).map((k) => [k.id, k.scorable]),
  )

  const tally = new Map<string, { answered: number; correct: number; correctAt: Map<string, number> }>()
  for (const g of answers) {
    const key = keys.get(g.question_id)
    if (!key || !g.bankId) continue
    const outcome = outcomeOf(key, {
      selectedOption: g.selected_option === null ? null : num(g.selected_option),
      selectedOptions: parseOptionIndexes(g.selected_options),
      numericAnswer: g.numeric_answer,
    })
    if (outcome === 'unattempted') continue
    const t = tally.get(g.bankId) ?? { answered: 0, correct: 0, correctAt: new Map<string, number>() }
    const n = num(g.n)
    t.answered += n
    if (outcome === 'correct') {
      t.correct += n
      const at = scoreKey(g.score_units, g.total)
      t.correctAt.set(at, (t.correctAt.get(at) ?? 0) + n)
    }
    tally.set(g.bankId, t)
  }

  const points = new Map<string, { correct: boolean; share: number; n: number }[]>()
  const learners = new Map<string, number>()
  for (const g of shown) {
    if (!g.bankId) continue
    const n = num(g.n)
    const total = num(g.total)
    const share = total > 0 ? num(g.score_units) / (MARKS_UNIT * total) : 0
    const right = Math.min(n, tally.get(g.bankId)?.correctAt.get(scoreKey(g.score_units, g.total)) ?? 0)
    const list = points.get(g.bankId) ?? []
    if (right) list.push({ correct: true, share, n: right })
    if (n - right) list.push({ correct: false, share, n: n - right })
    points.set(g.bankId, list)
    learners.set(g.bankId, (learners.get(g.bankId) ?? 0) + n)
  }

  for (const id of ids) {
    const t = tally.get(id)
    const value = separation(points.get(id) ?? [])
    out.set(id, {
      learners: learners.get(id) ?? 0,
      answered: t?.answered ?? 0,
      correct: t?.correct ?? 0,
      shareCorrect: t?.answered ? t.correct / t.answered : null,
      separation: value,
      separationLabel: separationLabel(value),
    })
  }
  return out
}

/** Submitted ranked attempts shown some version of each question (questionsShownAt's rule), grouped by score. */
function shownByScore(ids: string[], conn: Kysely<Database>) {
  return conn
    .selectFrom('questions as q')
    .innerJoin('attempts as a', (j) =>
      j.onRef('a.quiz_id', '=', 'q.quiz_id').onRef('a.started_at', '>=', 'q.created_at'),
    )
    .select(['q.bank_question_id as bankId', 'a.score_units', 'a.total', (eb) => eb.fn.countAll().as('n')])
    .where('q.bank_question_id', 'in', ids)
    .where('q.quiz_id', '!=', BANK_QUIZ_ID)
    .where((eb) => eb.or([eb('q.archived_at', 'is', null), eb('q.archived_at', '>', eb.ref('a.started_at'))]))
    .where('a.mode', '=', 'ranked')
    .where('a.submitted_at', 'is not', null)
    .where('a.practice_set_id', 'is', null)
    .where('a.score_units', 'is not', null)
    .groupBy(['q.bank_question_id', 'a.score_units', 'a.total'])
    .execute()
}

/** Their answers that count (saved by deadline + grace), grouped by version, answer given and score. */
function answersByScore(ids: string[], conn: Kysely<Database>) {
  return conn
    .selectFrom('attempt_answers as aa')
    .innerJoin('attempts as a', 'a.id', 'aa.attempt_id')
    .innerJoin('questions as q', 'q.id', 'aa.question_id')
    .select([
      'aa.question_id',
      'q.bank_question_id as bankId',
      'aa.selected_option',
      'aa.selected_options',
      'aa.numeric_answer',
      'a.score_units',
      'a.total',
      (eb) => eb.fn.countAll().as('n'),
    ])
    .where('q.bank_question_id', 'in', ids)
    .where('q.quiz_id', '!=', BANK_QUIZ_ID)
    .where('a.mode', '=', 'ranked')
    .where('a.submitted_at', 'is not', null)
    .where('a.practice_set_id', 'is', null)
    .where('a.score_units', 'is not', null)
    .where(savedBySql(conn, 'aa.saved_at', 'a.deadline_at', QUIZ_GRACE_SECONDS))
    .groupBy([
      'aa.question_id',
      'q.bank_question_id',
      'aa.selected_option',
      'aa.selected_options',
      'aa.numeric_answer',
      'a.score_units',
      'a.total',
    ])
    .execute()
}
