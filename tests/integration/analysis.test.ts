import { describe, expect, test } from 'vitest'
import { createQuiz, createUser } from '../../db/factories'
import { formatMarks, makeMarks, marksToStorage } from '~/lib/quiz/marks'
import { scorePaper, type Answer, type Question } from '~/lib/quiz/scoring'
import { getAnalysis } from '~/models/quiz/analysis.server'
import { newId } from '~/utils/ids.server'
import { db } from '~/utils/db.server'

// The result and analysis, on SQLite and PostgreSQL: rank, percentile, topper and average
// among ranked submitted attempts only, per-section and per-topic figures, exact thirds.

const U = 30000 // one mark in storage units
const OPTS = ['A', 'B', 'C', 'D']

// A JAM-style paper: Section A two MCQs (1 mark -1/3, 2 marks -2/3), Section B an MSQ (2 marks) and a NAT (1).
const PAPER = [
  {
    questionText: 'q1 mcq',
    options: OPTS,
    type: 'mcq' as const,
    correctOption: 0,
    marks: U,
    negativeMarks: U / 3,
    section: 'Section A',
    topic: 'Cell',
    explanation: 'Because q1.',
  },
  {
    questionText: 'q2 mcq',
    options: OPTS,
    type: 'mcq' as const,
    correctOption: 1,
    marks: 2 * U,
    negativeMarks: (2 * U) / 3,
    section: 'Section A',
    topic: 'Genetics',
  },
  {
    questionText: 'q3 msq',
    options: OPTS,
    type: 'msq' as const,
    correctOptions: [0, 2],
    marks: 2 * U,
    negativeMarks: 0,
    section: 'Section B',
    topic: 'Genetics',
  },
  {
    questionText: 'q4 nat',
    options: OPTS,
    type: 'nat' as const,
    answerMin: '2.5',
    answerMax: '2.6',
    marks: U,
    negativeMarks: 0,
    section: 'Section B',
    topic: 'Cell',
  },
]

// The same paper as the pure scorer takes it (marks as exact fractions).
const SCORABLE: Question[] = [
  { type: 'mcq', correctOption: 0, marks: makeMarks(1), negativeMarks: makeMarks(1, 3), section: 'Section A' },
  { type: 'mcq', correctOption: 1, marks: makeMarks(2), negativeMarks: makeMarks(2, 3), section: 'Section A' },
  { type: 'msq', correctOptions: [0, 2], marks: makeMarks(2), negativeMarks: makeMarks(0), section: 'Section B' },
  { type: 'nat', answerMin: '2.5', answerMax: '2.6', marks: makeMarks(1), negativeMarks: makeMarks(0) },
]

type Given = [Answer | null, Answer | null, Answer | null, Answer | null]
const ALL_RIGHT: Given = [
  { selectedOption: 0 },
  { selectedOption: 1 },
  { selectedOptions: [2, 0] },
  { numericAnswer: '2.5' },
]
// -1/3 - 2/3 + 2 + 1 = 2 exactly.
const MINE: Given = [
  { selectedOption: 3 },
  { selectedOption: 0 },
  { selectedOptions: [0, 2] },
  { numericAnswer: '2.55' },
]
const ONE: Given = [{ selectedOption: 0 }, null, null, null]
// -1/3 + 0 (msq missing an option) + 0 (nat out of range).
const MINUS_THIRD: Given = [{ selectedOption: 2 }, null, { selectedOptions: [0] }, { numericAnswer: '3' }]

async function setup() {
  const quiz = await createQuiz(db, { questions: PAPER })
  await db
    .updateTable('questions')
    .set({ created_at: '2029-12-31T00:00:00.000Z' })
    .where('quiz_id', '=', quiz.id)
    .execute()
  return quiz
}

async function insertAttempt(
  quiz: { id: string; questionIds: string[] },
  userId: string,
  given: Given,
  opts: { submittedAt?: string | null; mode?: 'ranked' | 'practice'; times?: number[] } = {},
) {
  const id = newId()
  const units = marksToStorage(scorePaper(SCORABLE, given).total)
  const submitted = opts.submittedAt === undefined ? '2030-01-01T10:30:00.000Z' : opts.submittedAt
  await db
    .insertInto('attempts')
    .values({
      id,
      user_id: userId,
      quiz_id: quiz.id,
      started_at: '2030-01-01T10:00:00.000Z',
      deadline_at: null,
      submitted_at: submitted,
      score: submitted ? units / U : null,
      score_units: submitted ? units : null,
      total: 4,
      mode: opts.mode ?? 'ranked',
    })
    .execute()
  for (const [i, a] of given.entries()) {
    const time = opts.times?.[i] ?? 0
    if (!a && !time) continue
    await db
      .insertInto('attempt_answers')
      .values({
        attempt_id: id,
        question_id: quiz.questionIds[i],
        selected_option: a?.selectedOption ?? null,
        selected_options: a?.selectedOptions ? JSON.stringify(a.selectedOptions) : null,
        numeric_answer: a?.numericAnswer ?? null,
        marked_for_review: 0,
        saved_at: '2030-01-01T10:05:00.000Z',
        visited_at: '2030-01-01T10:01:00.000Z',
        time_spent_ms: time,
      })
      .execute()
  }
  return { id, units }
}

describe('getAnalysis', () => {
  test('rank, percentile, topper, average and groups among ranked submitted attempts only', async () => {
    const quiz = await setup()
    const [me, topper, tiedEarlier, one, low, open] = await Promise.all(Array.from({ length: 6 }, () => createUser(db)))
    const mine = await insertAttempt(quiz, me.id, MINE, {
      submittedAt: '2030-01-01T10:40:00.000Z',
      times: [10_000, 20_000, 30_000, 40_000],
    })
    expect(mine.units).toBe(2 * U) // thirds add up exactly
    await insertAttempt(quiz, topper.id, ALL_RIGHT)
    await insertAttempt(quiz, tiedEarlier.id, MINE, { submittedAt: '2030-01-01T10:20:00.000Z' })
    await insertAttempt(quiz, one.id, ONE)
    const lowAttempt = await insertAttempt(quiz, low.id, MINUS_THIRD)
    expect(lowAttempt.units).toBe(-U / 3)
    // Neither counts: an open ranked attempt, and practice attempts (one scoring the full paper).
    await insertAttempt(quiz, open.id, ALL_RIGHT, { submittedAt: null })
    await insertAttempt(quiz, one.id, ALL_RIGHT, { mode: 'practice', submittedAt: '2030-01-01T11:00:00.000Z' })
    const practice = await insertAttempt(quiz, me.id, ALL_RIGHT, {
      mode: 'practice',
      submittedAt: '2030-01-01T11:00:00.000Z',
    })

    const a = (await getAnalysis({ userId: me.id, quizId: quiz.id }))!
    expect(a).not.toBeNull()
    expect(a.attempt.mode).toBe('ranked')
    expect(formatMarks(a.score)).toBe('2.00')
    expect(formatMarks(a.maxScore)).toBe('6.00')
    expect(a.participants).toBe(5)
    // Higher: the topper; equal and earlier: one. Ties go to the earlier submission, as on the leaderboard.
    expect(a.rank).toBe(3)
    // At or below 2 (decision 018): me, the tie, 1 and -1/3, of 5.
    expect(a.percentile?.text).toBe('80.00')
    expect(formatMarks(a.topper!)).toBe('6.00')
    // (6 + 2 + 2 + 1 - 1/3) / 5 = 32/15 exactly.
    expect(a.average).toEqual(makeMarks(32, 15))
    expect(formatMarks(a.average!)).toBe('2.13')
    expect(a.attempt.durationMs).toBe(40 * 60_000)
    expect(a.attempt.timeSpentMs).toBe(100_000)

    expect(a.sections.map((s) => s.key)).toEqual(['Section A', 'Section B'])
    const [sa, sb] = a.sections
    expect([formatMarks(sa.earned), formatMarks(sa.maxMarks), sa.attempted, sa.correct, sa.accuracy]).toEqual([
      '-1.00',
      '3.00',
      2,
      0,
      0,
    ])
    expect(sa.earned).toEqual(makeMarks(-1))
    expect(sa.timeSpentMs).toBe(30_000)
    expect(sa.topperEarned).toEqual(makeMarks(3))
    expect([formatMarks(sb.earned), sb.attempted, sb.correct, sb.accuracy, sb.timeSpentMs]).toEqual([
      '3.00',
      2,
      2,
      1,
      70_000,
    ])
    expect(a.topics.map((t) => t.key)).toEqual(['Cell', 'Genetics'])
    const [cell, genetics] = a.topics
    expect(cell.earned).toEqual(makeMarks(2, 3))
    expect(formatMarks(cell.earned)).toBe('0.67')
    expect(formatMarks(cell.maxMarks)).toBe('2.00')
    expect(cell.timeSpentMs).toBe(50_000)
    expect(genetics.earned).toEqual(makeMarks(4, 3))
    expect(formatMarks(genetics.earned)).toBe('1.33')
    expect(genetics.accuracy).toBe(0.5)

    const [q1, q2, q3, q4] = a.questions
    expect([q1.outcome, formatMarks(q1.earned), q1.selectedOption, q1.correctOptions]).toEqual([
      'wrong',
      '-0.33',
      3,
      [0],
    ])
    expect(q1.explanation).toBe('Because q1.')
    expect(formatMarks(q2.earned)).toBe('-0.67')
    expect([q3.outcome, q3.selectedOptions, q3.correctOptions]).toEqual(['correct', [0, 2], [0, 2]])
    expect([q4.outcome, q4.numericAnswer, q4.answerMin, q4.answerMax, q4.timeSpentMs]).toEqual([
      'correct',
      '2.55',
      '2.5',
      '2.6',
      40_000,
    ])

    // The practice attempt is shown to its learner, never ranked; the board is the same.
    const p = (await getAnalysis({ userId: me.id, quizId: quiz.id, attemptId: practice.id }))!
    expect(p.attempt.mode).toBe('practice')
    expect(formatMarks(p.score)).toBe('6.00')
    expect(p.rank).toBeNull()
    expect(p.percentile).toBeNull()
    expect(p.participants).toBe(5)

    // The topper: rank 1, everyone else below.
    const t = (await getAnalysis({ userId: topper.id, quizId: quiz.id }))!
    expect([t.rank, t.percentile?.text]).toEqual([1, '100.00'])
    const l = (await getAnalysis({ userId: low.id, quizId: quiz.id }))!
    expect([l.rank, l.percentile?.text, formatMarks(l.score)]).toEqual([5, '20.00', '-0.33'])
  })

  test('never shows a key before the ranked attempt is submitted, nor anyone else’s attempt', async () => {
    const quiz = await setup()
    const [me, other] = await Promise.all([createUser(db), createUser(db)])
    await insertAttempt(quiz, me.id, MINE, { submittedAt: null })
    expect(await getAnalysis({ userId: me.id, quizId: quiz.id })).toBeNull()
    const theirs = await insertAttempt(quiz, other.id, ALL_RIGHT)
    // Alone on the board (my open attempt does not count): rank 1, at or above everyone.
    const alone = (await getAnalysis({ userId: other.id, quizId: quiz.id }))!
    expect([alone.participants, alone.rank, alone.percentile?.text]).toEqual([1, 1, '100.00'])
    // Someone else's attempt id, with my unsubmitted ranked attempt or with none at all.
    expect(await getAnalysis({ userId: me.id, quizId: quiz.id, attemptId: theirs.id })).toBeNull()
    const third = await createUser(db)
    expect(await getAnalysis({ userId: third.id, quizId: quiz.id })).toBeNull()
    expect(await getAnalysis({ userId: third.id, quizId: quiz.id, attemptId: theirs.id })).toBeNull()
    // Once their ranked attempt is in, still not another learner's attempt.
    await insertAttempt(quiz, third.id, ONE)
    expect(await getAnalysis({ userId: third.id, quizId: quiz.id, attemptId: theirs.id })).toBeNull()
    const two = (await getAnalysis({ userId: other.id, quizId: quiz.id }))!
    expect([two.participants, two.rank, two.percentile?.text]).toEqual([2, 1, '100.00'])
    // The last of two reads 50 here as on the leaderboard.
    const last = (await getAnalysis({ userId: third.id, quizId: quiz.id }))!
    expect([last.rank, last.percentile?.text]).toEqual([2, '50.00'])
  })
})
