import { sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import { createQuiz, createUser } from '../../db/factories'
import * as m0022 from '../../migrations/0022_score_count_shards'
import { makeMarks, marksFromStorage, MARKS_UNIT } from '~/lib/quiz/marks'
import { percentile } from '~/lib/quiz/standing'
import { getAnalysis } from '~/models/quiz/analysis.server'
import { finalizeExpiredAttempts, startAttempt, startPractice, submitAttempt } from '~/models/quiz/attempt.server'
import { getLeaderboard } from '~/models/quiz/standing.server'
import { deleteQuiz } from '~/models/quiz/editing.server'
import { getQuiz } from '~/models/quiz/catalog.server'
import { participantCount, scoreCounts, scoreTotals, standingOf } from '~/models/quiz/standing.server'
import { db } from '~/utils/db.server'

// Per-score counts (decision 013), on SQLite and PostgreSQL: the per-score counts the leaderboard and the analysis
// read stay equal to a brute-force recount from `attempts` after every kind of write: ranked submits with ties
// and negative scores, practice attempts (never counted), attempts closed by their clock, twenty parallel
// submits, a learner deleted (foreign-key cascade), a score changed or an attempt reopened in place, a quiz
// deleted, and the migration's backfill. Each count is split by the attempt id's last hex digit (migrations/0022),
// so equal scores do not share one row.

// After the questions' created_at (real time): an attempt's clock starts no earlier than its newest question.
const T0 = new Date(Math.ceil(Date.now() / 1000) * 1000 + 60_000)
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000)
// The readers run at T0, before any deadline: reading must not close an attempt (the test does that itself).
const READ_NOW = T0

/** A small deterministic generator (mulberry32): the same "random" board on every run and database. */
function rng(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const random = rng(14)
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]

// Four MCQs at +1 / -0.25 (the defaults): scores from -1 to 4 in quarter marks, so plenty of ties and negatives.
const QUESTIONS = Array.from({ length: 4 }, (_, i) => ({
  questionText: `q${i}`,
  options: ['A', 'B', 'C', 'D'],
  correctOption: i % 4,
}))

async function newQuiz() {
  const { id, questionIds } = await createQuiz(db, { timeLimit: 10, questions: QUESTIONS })
  return { quiz: (await getQuiz(id))!, questionIds }
}

/** Random answers: each question right, wrong or skipped. */
function randomAnswers(questionIds: string[]) {
  return questionIds.flatMap((questionId, i) => {
    const r = random()
    if (r < 0.25) return []
    return [{ questionId, selectedOption: r < 0.5 ? i % 4 : (i + 1) % 4 }]
  })
}

type Row = { id: string; user_id: string; score_units: number; submitted_at: string }

/** The counts row an attempt adds to (migrations/0022): its id's last hex digit. */
const shardOf = (attemptId: string) => '0123456789abcdef'.indexOf(attemptId.slice(-1))

/** The ranked submitted attempts of the quiz, read straight from `attempts`. */
async function rankedRows(quizId: string): Promise<Row[]> {
  const rows = await db
    .selectFrom('attempts')
    .select(['id', 'user_id', 'score_units', 'submitted_at'])
    .where('quiz_id', '=', quizId)
    .where('mode', '=', 'ranked')
    .where('submitted_at', 'is not', null)
    .execute()
  return rows.map((r) => ({ ...r, score_units: Number(r.score_units), submitted_at: r.submitted_at! }))
}

/** Brute force, the leaderboard's order: rank = 1 + more units + equal units submitted earlier. */
function bruteStanding(rows: Row[], me: Row) {
  const above = rows.filter((o) => o.score_units > me.score_units).length
  const tiedEarlier = rows.filter((o) => o.score_units === me.score_units && o.submitted_at < me.submitted_at).length
  const below = rows.filter((o) => o.score_units < me.score_units).length
  const atOrBelow = rows.filter((o) => o.score_units <= me.score_units).length
  return { rank: 1 + above + tiedEarlier, below, atOrBelow, participants: rows.length }
}

/** Every figure the new code gives equals the brute-force recount, for every participant of the quiz. */
async function expectExact(quizId: string, step: string) {
  const rows = await rankedRows(quizId)
  // The table itself: exactly the group-by of the counted attempts by score and shard, no zero rows.
  const grouped = new Map<string, number>()
  for (const r of rows) {
    const key = `${r.score_units}/${shardOf(r.id)}`
    grouped.set(key, (grouped.get(key) ?? 0) + 1)
  }
  const table = await db
    .selectFrom('quiz_score_counts')
    .select(['score_units', 'shard', 'n'])
    .where('quiz_id', '=', quizId)
    .execute()
  expect(new Map(table.map((t) => [`${Number(t.score_units)}/${Number(t.shard)}`, Number(t.n)])), step).toEqual(grouped)
  const byScore = new Map<number, number>()
  for (const r of rows) byScore.set(r.score_units, (byScore.get(r.score_units) ?? 0) + 1)
  expect(await scoreCounts(quizId), step).toEqual(
    [...byScore].sort((x, y) => x[0] - y[0]).map(([units, n]) => ({ units, n })),
  )

  expect(await participantCount(quizId), step).toBe(rows.length)
  const totals = await scoreTotals(quizId)
  const sum = rows.reduce((s, r) => s + r.score_units, 0)
  expect(totals.participants, step).toBe(rows.length)
  expect(totals.top === null ? null : Number(totals.top), step).toBe(
    rows.length ? Math.max(...rows.map((r) => r.score_units)) : null,
  )
  expect(totals.total === null ? null : Number(totals.total), step).toBe(rows.length ? sum : null)
  for (const r of rows)
    expect(await standingOf(quizId, r.score_units, r.submitted_at), step).toEqual(bruteStanding(rows, r))

  // The two readers as the pages call them, for one participant picked at random (they call the same helpers).
  const board = await getLeaderboard({ quizId, limit: 1000, now: READ_NOW })
  if (!board) return
  expect(board.participants, step).toBe(rows.length)
  if (!rows.length) return
  const me = pick(rows)
  const expected = bruteStanding(rows, me)
  const mine = await getLeaderboard({ quizId, viewerId: me.user_id, limit: 5, now: READ_NOW })
  expect(mine?.viewer?.rank, step).toBe(expected.rank)
  expect(mine?.viewer?.percentile, step).toEqual(percentile(expected.atOrBelow, rows.length))
  // The top list is still the index range: its ranks are the same order.
  const order = [...rows].sort((a, b) =>
    a.score_units !== b.score_units ? b.score_units - a.score_units : a.submitted_at < b.submitted_at ? -1 : 1,
  )
  expect(
    [...board.topThree, ...board.others].map((e) => e.score),
    step,
  ).toEqual(order.map((r) => r.score_units / MARKS_UNIT))
  const analysis = await getAnalysis({ userId: me.user_id, quizId, now: READ_NOW })
  expect(analysis?.rank, step).toBe(expected.rank)
  expect(analysis?.participants, step).toBe(rows.length)
  // One definition (decision 018): the result page shows the leaderboard's number.
  expect(analysis?.percentile, step).toEqual(mine?.viewer?.percentile)
  expect(analysis?.percentile, step).toEqual(percentile(expected.atOrBelow, rows.length))
  expect(analysis?.topper, step).toEqual(marksFromStorage(Math.max(...rows.map((r) => r.score_units))))
  expect(analysis?.average, step).toEqual(makeMarks(sum, rows.length * MARKS_UNIT))
}

describe('per-quiz score counts (decision 013)', () => {
  // A long scenario with a full recount after each of ~45 steps: more than the default 30 s on a busy machine.
  test('stay exact through submits, practice, clock-outs, parallel submits, deletions and edits', async () => {
    const a = await newQuiz()
    const b = await newQuiz()
    const learners: { id: string; attemptId: string; quiz: typeof a }[] = []

    // Ranked submits on two quizzes, some at the same second (ties on score and on time), checked after each.
    let previous: ReturnType<typeof randomAnswers> = []
    for (let i = 0; i < 24; i++) {
      const target = i % 3 === 2 ? b : a
      const user = await createUser(db, { name: `L${i}` })
      const { attempt } = await startAttempt({ userId: user.id, quiz: target.quiz, now: at(i) })
      learners.push({ id: user.id, attemptId: attempt.id, quiz: target })
      // Learners 6k and 6k+1 (both on quiz a) answer alike in the same second: a tie on score and on time.
      const answers = i % 6 === 1 ? previous : randomAnswers(target.questionIds)
      previous = answers
      await submitAttempt({ attemptId: attempt.id, answers, now: at(60 + Math.floor(i / 2)) })
      await expectExact(target.quiz.id, `ranked submit ${i}`)
    }
    await expectExact(b.quiz.id, 'quiz b after the submits')
    // The board has what the rule is about: negative scores and ties on score, some at the same second.
    const board = await rankedRows(a.quiz.id)
    expect(board.some((r) => r.score_units < 0)).toBe(true)
    expect(new Set(board.map((r) => r.score_units)).size).toBeLessThan(board.length)
    expect(new Set(board.map((r) => `${r.score_units}@${r.submitted_at}`)).size).toBeLessThan(board.length)

    // Practice attempts (started and submitted) never count.
    for (const l of learners.slice(0, 6)) {
      const { attempt } = await startPractice({ userId: l.id, quiz: l.quiz.quiz, timed: false, now: at(200) })
      await submitAttempt({ attemptId: attempt.id, answers: randomAnswers(l.quiz.questionIds), now: at(210) })
      await expectExact(l.quiz.quiz.id, `practice ${l.id}`)
    }

    // Attempts left open past their deadline are closed by finalizeExpiredAttempts (submitted at the deadline).
    const late: string[] = []
    for (let i = 0; i < 4; i++) {
      const user = await createUser(db, { name: `Late${i}` })
      const { attempt } = await startAttempt({ userId: user.id, quiz: a.quiz, now: at(300 + i) })
      late.push(attempt.id)
    }
    await expectExact(a.quiz.id, 'open attempts do not count')
    expect(await finalizeExpiredAttempts({ now: at(300 + 3600), quizId: a.quiz.id })).toBe(4)
    await expectExact(a.quiz.id, 'after finalizeExpiredAttempts')

    // Twenty parallel submits of one attempt count once; parallel submits of different attempts each count.
    const racer = await createUser(db, { name: 'Racer' })
    const { attempt: raced } = await startAttempt({ userId: racer.id, quiz: a.quiz, now: at(4000) })
    const answers = randomAnswers(a.questionIds)
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => submitAttempt({ attemptId: raced.id, answers, now: at(4010) })),
    )
    expect(outcomes.filter((o) => o.status === 'submitted')).toHaveLength(1)
    await expectExact(a.quiz.id, 'twenty parallel submits of one attempt')
    const crowd = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const user = await createUser(db, { name: `Crowd${i}` })
        return (await startAttempt({ userId: user.id, quiz: a.quiz, now: at(5000) })).attempt.id
      }),
    )
    await Promise.all(
      crowd.map((attemptId) => submitAttempt({ attemptId, answers: randomAnswers(a.questionIds), now: at(5030) })),
    )
    await expectExact(a.quiz.id, 'parallel submits of different attempts')

    // A deleted learner leaves the board with their attempts (foreign-key cascade; no model path deletes users).
    for (const l of [learners[0], learners[2], learners[4]]) {
      await db.deleteFrom('users').where('id', '=', l.id).execute()
      await expectExact(l.quiz.quiz.id, `learner ${l.id} deleted`)
    }

    // Writes no model makes today but a future admin tool might (rescore, reopen, move to practice): the
    // triggers follow every change of the counted columns.
    const edited = learners[1]
    await db
      .updateTable('attempts')
      .set({ score_units: -2 * MARKS_UNIT, score: -2 })
      .where('id', '=', edited.attemptId)
      .execute()
    await expectExact(edited.quiz.quiz.id, 'rescored in place')
    await db.updateTable('attempts').set({ submitted_at: null }).where('id', '=', edited.attemptId).execute()
    await expectExact(edited.quiz.quiz.id, 'reopened')
    await db
      .updateTable('attempts')
      .set({ submitted_at: at(7000).toISOString() })
      .where('id', '=', edited.attemptId)
      .execute()
    await expectExact(edited.quiz.quiz.id, 'submitted again')
    await db.updateTable('attempts').set({ mode: 'practice' }).where('id', '=', late[0]).execute()
    await expectExact(a.quiz.id, 'moved to practice')
    await db.updateTable('attempts').set({ mode: 'ranked' }).where('id', '=', late[0]).execute()
    await expectExact(a.quiz.id, 'moved back to ranked')
    // A column the counts do not depend on: nothing changes.
    await db.updateTable('attempts').set({ total: 5 }).where('quiz_id', '=', a.quiz.id).execute()
    await expectExact(a.quiz.id, 'unrelated column')

    // The migrations' backfills rebuild the same counts from the attempts alone: down to one row per score
    // (migrations/0008), then up to the shards again (migrations/0022).
    const shardRows = () =>
      db
        .selectFrom('quiz_score_counts')
        .selectAll()
        .orderBy('quiz_id')
        .orderBy('score_units')
        .orderBy('shard')
        .execute()
        .then((rows) => rows.map((r) => [r.quiz_id, Number(r.score_units), Number(r.shard), Number(r.n)]))
    const before = await shardRows()
    await m0022.down(db)
    const perScore = new Map<string, number>()
    for (const [quiz, units, , n] of before)
      perScore.set(`${quiz}/${units}`, (perScore.get(`${quiz}/${units}`) ?? 0) + Number(n))
    const unsharded = await sql<{ quiz_id: string; score_units: number; n: number }>`
      select quiz_id, score_units, n from quiz_score_counts`.execute(db)
    expect(new Map(unsharded.rows.map((r) => [`${r.quiz_id}/${Number(r.score_units)}`, Number(r.n)]))).toEqual(perScore)
    await m0022.up(db)
    expect(await shardRows()).toEqual(before)
    await expectExact(a.quiz.id, 'after the backfill')

    // Deleting a quiz (the admin model) removes its counts and leaves the other quiz's alone.
    expect(
      await deleteQuiz({ actorId: (await createUser(db, { role: 'admin' })).id, quizId: b.quiz.id }),
    ).not.toBeNull()
    expect(await db.selectFrom('quiz_score_counts').selectAll().where('quiz_id', '=', b.quiz.id).execute()).toEqual([])
    await expectExact(a.quiz.id, 'other quiz deleted')
  }, 120_000)

  test('equal scores are counted on separate rows, one per shard of the attempt id, and read as one count', async () => {
    const { quiz } = await newQuiz()
    // Sixteen learners with the same score, their attempt ids ending in each hex digit: sixteen rows of 1, one score.
    const submittedAt = at(100).toISOString()
    for (const digit of '0123456789abcdef') {
      const user = await createUser(db, { name: `Same ${digit}` })
      await db
        .insertInto('attempts')
        .values({
          id: `${user.id.slice(0, 23)}${digit}`,
          user_id: user.id,
          quiz_id: quiz.id,
          started_at: at(0).toISOString(),
          deadline_at: at(600).toISOString(),
          submitted_at: submittedAt,
          total: 4,
          score: 2,
          score_units: 2 * MARKS_UNIT,
          mode: 'ranked',
        })
        .execute()
    }
    const rows = await db
      .selectFrom('quiz_score_counts')
      .select(['shard', 'n'])
      .where('quiz_id', '=', quiz.id)
      .orderBy('shard')
      .execute()
    expect(rows.map((r) => [Number(r.shard), Number(r.n)])).toEqual(Array.from({ length: 16 }, (_, i) => [i, 1]))
    expect(await scoreCounts(quiz.id)).toEqual([{ units: 2 * MARKS_UNIT, n: 16 }])
    await expectExact(quiz.id, 'sixteen equal scores')
    // An id that changes (no writer does this) moves its count to the new id's shard.
    const [first] = await rankedRows(quiz.id)
    await db
      .updateTable('attempts')
      .set({ id: `${first.id.slice(0, 23)}x` })
      .where('id', '=', first.id)
      .execute()
    await expectExact(quiz.id, 'an id changed')
  })
})
