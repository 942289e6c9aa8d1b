// A small quiz with hand-computable statistics, shared by tests/integration/quiz-stats.test.ts
// and tests/e2e/admin-quiz-stats.spec.ts. Twelve ranked learners L0..L11 answer five questions; L0 also submits
// a practice attempt with every answer right, which must count nowhere.
//
//   Q1 MCQ key A, +1 / -1/3, Botany   healthy: A 9, B 1, D 1, L11 unattempted
//   Q2 MCQ key B, +1 / -1/4, Botany   broken: C picked by 7, the key B by 3 (distractor flag)
//   Q3 MSQ key A+C, +2 / 0, Zoology   healthy: 6 right, 2 partial (A; C), 3 wrong, L11 visited only
//   Q4 NAT key 2.5-2.6, +1 / 0, Zoology  broken: 1 right of 11 (under 10 %: "almost nobody right")
//   Q5 MCQ key D, +1 / -1/4, no section  all 3 answers wrong, but 3 < 10 answered: no flag
//
// Scores (exact): L0 4.75; L1, L2 3.75; L3-L5 2.75; L6-L8 0.75; L9, L10 -7/12; L11 -1/4.
import { createQuiz, createUser } from '../../db/factories'
import type { DB } from '../../db/client'
import { makeMarks, marksToStorage } from '~/lib/quiz/marks'
import { scorePaper, type Question } from '~/lib/quiz/scoring'
import { ATTEMPT_STARTED_AT, insertSubmittedAttempt, type StoredAnswer } from './attempts'

const U = 30000
const OPTS = (q: string) => [`${q} alpha`, `${q} beta`, `${q} gamma`, `${q} delta`]

export const STATS_PAPER = [
  {
    questionText: 'Q1 Which tissue carries water?',
    options: OPTS('Q1'),
    type: 'mcq' as const,
    correctOption: 0,
    marks: U,
    negativeMarks: U / 3,
    section: 'Botany',
  },
  {
    questionText: 'Q2 Which hormone closes stomata?',
    options: OPTS('Q2'),
    type: 'mcq' as const,
    correctOption: 1,
    marks: U,
    negativeMarks: U / 4,
    section: 'Botany',
  },
  {
    questionText: 'Q3 Which are vertebrates?',
    options: OPTS('Q3'),
    type: 'msq' as const,
    correctOptions: [0, 2],
    marks: 2 * U,
    negativeMarks: 0,
    section: 'Zoology',
  },
  {
    questionText: 'Q4 The ratio, to one decimal?',
    options: OPTS('Q4'),
    type: 'nat' as const,
    answerMin: '2.5',
    answerMax: '2.6',
    marks: U,
    negativeMarks: 0,
    section: 'Zoology',
  },
  {
    questionText: 'Q5 Which one is a prion disease?',
    options: OPTS('Q5'),
    type: 'mcq' as const,
    correctOption: 3,
    marks: U,
    negativeMarks: U / 4,
    section: null,
  },
]

const SCORABLE: Question[] = [
  { type: 'mcq', correctOption: 0, marks: makeMarks(1), negativeMarks: makeMarks(1, 3) },
  { type: 'mcq', correctOption: 1, marks: makeMarks(1), negativeMarks: makeMarks(1, 4) },
  { type: 'msq', correctOptions: [0, 2], marks: makeMarks(2), negativeMarks: makeMarks(0) },
  { type: 'nat', answerMin: '2.5', answerMax: '2.6', marks: makeMarks(1), negativeMarks: makeMarks(0) },
  { type: 'mcq', correctOption: 3, marks: makeMarks(1), negativeMarks: makeMarks(1, 4) },
]

type Cell = StoredAnswer
const mcq = (o: number, t = 0): Cell => ({ a: { selectedOption: o }, t })
const msq = (o: number[], t = 0): Cell => ({ a: { selectedOptions: o }, t })
const nat = (s: string, t = 0): Cell => ({ a: { numericAnswer: s }, t })
const visit = (t = 0): Cell => ({ a: null, t })

// Rows: learners L0..L11; columns: Q1..Q5 (null: no answer row at all).
export const STATS_ANSWERS: Cell[][] = [
  /* L0  */ [mcq(0, 20_000), mcq(1), msq([0, 2], 60_000), nat('2.5', 30_000), mcq(0)],
  /* L1  */ [mcq(0, 20_000), mcq(1), msq([0, 2], 60_000), nat('25'), mcq(1)],
  /* L2  */ [mcq(0, 20_000), mcq(1), msq([0, 2], 60_000), nat('25'), mcq(2)],
  /* L3  */ [mcq(0, 20_000), mcq(2), msq([0, 2], 60_000), nat('25'), visit(4_000)],
  /* L4  */ [mcq(0, 20_000), mcq(2), msq([0, 2], 60_000), nat('25'), null],
  /* L5  */ [mcq(0, 20_000), mcq(2), msq([0, 2], 60_000), nat('25'), null],
  /* L6  */ [mcq(0, 20_000), mcq(2), msq([0], 60_000), nat('25'), null],
  /* L7  */ [mcq(0, 20_000), mcq(2), msq([2], 60_000), nat('0.25'), null],
  /* L8  */ [mcq(0, 20_000), mcq(2), msq([0, 1], 60_000), nat('0.25'), null],
  /* L9  */ [mcq(1, 42_000), mcq(2), msq([0, 2, 3], 60_000), nat('0.25'), null],
  /* L10 */ [mcq(3, 42_000), mcq(0), msq([1], 60_000), nat('25.0'), null],
  /* L11 */ [null, mcq(3), visit(5_000), null, null],
]

/** Every answer right: L0's practice attempt (6 marks), which must not count. */
const PRACTICE: Cell[] = [mcq(0, 1_000), mcq(1, 1_000), msq([0, 2], 1_000), nat('2.55', 1_000), mcq(3, 1_000)]

export const STATS_STARTED_AT = ATTEMPT_STARTED_AT
/** L_i submits at 10:30 + i minutes. */
export const submittedAt = (i: number) => new Date(Date.parse('2030-01-01T10:30:00.000Z') + i * 60_000).toISOString()

async function insertAttempt(
  db: DB,
  quiz: { id: string; questionIds: string[] },
  userId: string,
  cells: Cell[],
  mode: 'ranked' | 'practice',
  at: string,
) {
  const units = marksToStorage(
    scorePaper(
      SCORABLE,
      cells.map((c) => c?.a ?? null),
    ).total,
  )
  const id = await insertSubmittedAttempt(db, { quiz, userId, units, total: 6, submittedAt: at, mode, answers: cells })
  return { id, units }
}

/** Seeds the quiz: learners named `${prefix} L0`.., the first with a name that needs CSV quoting. */
export async function seedStatsQuiz(db: DB, prefix = 'Stats') {
  const quiz = await createQuiz(db, { title: `${prefix} quiz`, questions: STATS_PAPER })
  // Written before the attempts started (decision 002: an attempt's paper is what existed when it started).
  await db
    .updateTable('questions')
    .set({ created_at: '2029-12-31T00:00:00.000Z' })
    .where('quiz_id', '=', quiz.id)
    .execute()
  const learners = []
  for (let i = 0; i < STATS_ANSWERS.length; i++) {
    const name = i === 0 ? `${prefix} L0, "the topper"` : `${prefix} L${i}`
    const user = await createUser(db, { name })
    const attempt = await insertAttempt(db, quiz, user.id, STATS_ANSWERS[i], 'ranked', submittedAt(i))
    learners.push({ ...user, name, attempt })
  }
  const practice = await insertAttempt(db, quiz, learners[0].id, PRACTICE, 'practice', '2030-01-02T09:00:00.000Z')
  return { quiz, learners, practice }
}
