import { describe, expect, test } from 'vitest'
import type { Kysely, KyselyPlugin } from 'kysely'
import { openPostgres } from '../../db/client'
import { createQuiz, createUser } from '../../db/factories'
import type { Database } from '#db/schema'
import { marksToStorage } from '~/lib/quiz/marks'
import { finalizeExpiredAttempts, submitAttempt } from '~/models/quiz/attempt.server'
import { closeLiveAttempts } from '~/models/quiz/live-close.server'
import { sectionRanks } from '~/models/quiz/live-results.server'
import { holdResults, publishNow } from '~/models/quiz/live-staff.server'
import { paperScore } from '~/models/quiz/paper.server'
import { CLOSE_BATCH } from '~/models/quiz/submit-batch.server'
import { db } from '~/utils/db.server'
import { newId } from '~/utils/ids.server'

// The server's close of expired attempts in batches (app/models/quiz/submit-batch.server.ts, used by a live mock's
// close in app/models/quiz/live-close.server.ts and by finalizeExpiredAttempts): more open attempts than one
// batch are each submitted once, at their deadline, with the score a learner's own submit gives and the result
// page's scorer (paperScore) reads back; the close runs on the connection it is given, a few statements per
// batch; two instances closing at once (two connection pools on PostgreSQL) submit each attempt once; attempts of
// one batch that saw different versions of the paper are each scored on their own.

const OPENS = new Date('2031-05-01T04:30:00.000Z')
const CLOSES = new Date('2031-05-01T05:30:00.000Z')
const AFTER = new Date(CLOSES.getTime() + 2 * 60_000) // the close's grace (60 s) has passed
const at = (ms: number) => new Date(OPENS.getTime() + ms).toISOString()
const N = CLOSE_BATCH + 37

/** A live mock of six questions: four MCQs in two sections, an MSQ and a NAT (each type's default marks). */
async function seedPaper() {
  const quiz = await createQuiz(db, {
    timeLimit: 60,
    questions: [
      { questionText: 'Q1', options: ['a', 'b', 'c', 'd'], correctOption: 0, section: 'Botany' },
      { questionText: 'Q2', options: ['a', 'b', 'c', 'd'], correctOption: 1, section: 'Botany' },
      { questionText: 'Q3', options: ['a', 'b', 'c', 'd'], correctOption: 2, section: 'Zoology' },
      { questionText: 'Q4', options: ['a', 'b', 'c', 'd'], correctOption: 3, section: 'Zoology' },
      { questionText: 'Q5', options: ['a', 'b', 'c', 'd'], type: 'msq', correctOptions: [0, 2], section: 'Zoology' },
      { questionText: 'Q6', options: ['', '', '', ''], type: 'nat', answerMin: '2.5', answerMax: '2.6' },
    ],
  })
  await db
    .updateTable('questions')
    .set({ created_at: new Date(OPENS.getTime() - 86_400_000).toISOString() })
    .where('quiz_id', '=', quiz.id)
    .execute()
  await db
    .updateTable('quizzes')
    .set({ opens_at: OPENS.toISOString(), closes_at: CLOSES.toISOString() })
    .where('id', '=', quiz.id)
    .execute()
  return quiz
}

type Seeded = { attemptId: string; userId: string; answers: Answer[]; startedAt: string }
type Answer = {
  question_id: string
  selected_option: number | null
  selected_options: string | null
  numeric_answer: string | null
  saved_at: string
}

/** Learner i's answers: varied picks of every type; every seventh learner also saved one after deadline + grace. */
function answersOf(i: number, questionIds: string[]): Answer[] {
  const saved = at(10 * 60_000 + i)
  const list: Answer[] = []
  for (const [q, id] of questionIds.slice(0, 4).entries()) {
    if ((i + q) % 5 === 0) continue
    list.push({
      question_id: id,
      selected_option: (i * (q + 1)) % 4,
      selected_options: null,
      numeric_answer: null,
      saved_at: saved,
    })
  }
  if (i % 3 !== 0)
    list.push({
      question_id: questionIds[4]!,
      selected_option: null,
      selected_options: i % 2 ? '[0,2]' : '[0]',
      numeric_answer: null,
      saved_at: saved,
    })
  if (i % 4 !== 0)
    list.push({
      question_id: questionIds[5]!,
      selected_option: null,
      selected_options: null,
      numeric_answer: i % 2 ? '2.55' : '3',
      saved_at: i % 7 === 0 ? new Date(CLOSES.getTime() + 90_000).toISOString() : saved,
    })
  return list
}

/** `count` learners, each with an open ranked attempt (deadline: the close) holding answersOf(i). */
async function seedOpenAttempts(quiz: { id: string; questionIds: string[] }, count: number, from = 0) {
  const seeded: Seeded[] = []
  for (let i = from; i < from + count; i++) {
    seeded.push({
      attemptId: newId(),
      userId: newId(),
      answers: answersOf(i, quiz.questionIds),
      startedAt: at(i * 1000),
    })
  }
  const stamp = OPENS.toISOString()
  for (let i = 0; i < seeded.length; i += 200) {
    const part = seeded.slice(i, i + 200)
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('users')
        .values(
          part.map((s) => ({
            id: s.userId,
            name: 'Learner',
            email: `${s.userId}@example.test`,
            password_hash: 'x',
            role: 'user' as const,
            created_at: stamp,
            updated_at: stamp,
          })),
        )
        .execute()
      await trx
        .insertInto('attempts')
        .values(
          part.map((s) => ({
            id: s.attemptId,
            user_id: s.userId,
            quiz_id: quiz.id,
            started_at: s.startedAt,
            deadline_at: CLOSES.toISOString(),
            total: 6,
            mode: 'ranked' as const,
          })),
        )
        .execute()
      await trx
        .insertInto('attempt_answers')
        .values(part.flatMap((s) => s.answers.map((a) => ({ ...a, attempt_id: s.attemptId }))))
        .execute()
    })
  }
  return seeded
}

const attemptRow = (id: string) =>
  db
    .selectFrom('attempts')
    .select(['id', 'quiz_id', 'started_at', 'deadline_at', 'submitted_at', 'score', 'score_units', 'practice_set_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

/** Every attempt is submitted at its deadline with the result page's score (paperScore, app/models/quiz/paper.server.ts). */
async function expectScoredAsTheResultPage(ids: string[]) {
  for (const id of ids) {
    const row = await attemptRow(id)
    expect(row.submitted_at).toBe(row.deadline_at)
    const units = marksToStorage((await paperScore(row)).total)
    expect(Number(row.score_units), id).toBe(units)
    expect(row.score).toBe(units / 30000)
  }
}

async function participants(quizId: string) {
  const row = await db
    .selectFrom('quiz_score_counts')
    .select((eb) => eb.fn.sum<number | string>('n').as('n'))
    .where('quiz_id', '=', quizId)
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** A second app instance: its own pool on PostgreSQL; on SQLite the one database file. */
async function withInstances(fn: (conns: Kysely<Database>[]) => Promise<void>) {
  const onPg = (process.env.DATABASE_URL ?? '').startsWith('postgres')
  const other = onPg ? openPostgres(process.env.DATABASE_URL!, { max: 3 }).db : null
  try {
    await fn(other ? [db, other, db, other] : [db, db, db])
  } finally {
    await other?.destroy()
  }
}

describe('the batched close', () => {
  test('more open attempts than a batch: each submitted once, scored as its own submit, on the given connection', async () => {
    const quiz = await seedPaper()
    const open = await seedOpenAttempts(quiz, N)
    // Twins of a few: the same start, deadline and answers, submitted by their learners' own (late) submit.
    const twins = await seedOpenAttempts(quiz, 6)
    for (const [k, t] of twins.entries()) {
      await db.deleteFrom('attempt_answers').where('attempt_id', '=', t.attemptId).execute()
      await db.updateTable('attempts').set({ started_at: open[k]!.startedAt }).where('id', '=', t.attemptId).execute()
      await db
        .insertInto('attempt_answers')
        .values(open[k]!.answers.map((a) => ({ ...a, attempt_id: t.attemptId })))
        .execute()
      expect((await submitAttempt({ attemptId: t.attemptId, now: AFTER })).status).toBe('submitted')
    }

    // Every statement the close runs, seen through the connection handed to it.
    const statements: string[] = []
    const watch: KyselyPlugin = {
      transformQuery: (args) => {
        const node = args.node
        statements.push(node.kind === 'RawNode' ? node.sqlFragments.join('?').trim() : node.kind)
        return node
      },
      transformResult: async (args) => args.result,
    }
    const conn = db.withPlugin(watch)
    expect(await closeLiveAttempts({ conn, now: AFTER })).toBe(N)
    // A few statements per batch of CLOSE_BATCH (not several per attempt), all of them on `conn`.
    const batches = Math.ceil(N / CLOSE_BATCH)
    expect(statements.filter((k) => k.startsWith('update attempts'))).toHaveLength(batches)
    expect(statements.length).toBeLessThanOrEqual(1 + batches * 7)

    await expectScoredAsTheResultPage(open.map((s) => s.attemptId))
    for (const [k, t] of twins.entries()) {
      const mine = await attemptRow(open[k]!.attemptId)
      const twin = await attemptRow(t.attemptId)
      expect([mine.submitted_at, mine.score, Number(mine.score_units)]).toEqual([
        twin.submitted_at,
        twin.score,
        Number(twin.score_units),
      ])
    }
    // Scores differ across learners (the check above is not comparing zeros), answers after grace do not count.
    const units = new Set(
      (await Promise.all(open.map((s) => attemptRow(s.attemptId)))).map((r) => Number(r.score_units)),
    )
    expect(units.size).toBeGreaterThan(5)
    expect(await participants(quiz.id)).toBe(N + twins.length)
    // A second close finds nothing left.
    expect(await closeLiveAttempts({ conn: db, now: AFTER })).toBe(0)
  })

  test('two instances closing at once, and learners submitting meanwhile, submit each attempt exactly once', async () => {
    await withInstances(async (conns) => {
      const quiz = await seedPaper()
      const open = await seedOpenAttempts(quiz, N)
      // Meanwhile a few learners' own (late) submits reach attempts the closes are taking.
      const own = open.filter((_, i) => i % 25 === 7).map((s) => submitAttempt({ attemptId: s.attemptId, now: AFTER }))
      const closed = await Promise.all(conns.map((conn) => closeLiveAttempts({ conn, now: AFTER })))
      const submittedByLearners = (await Promise.all(own)).filter((o) => o.status === 'submitted').length
      expect(closed.reduce((t, n) => t + n, 0) + submittedByLearners).toBe(N)
      expect(await participants(quiz.id)).toBe(N)
      await expectScoredAsTheResultPage(open.map((s) => s.attemptId))
    })
  })

  test('attempts of one batch that saw different versions of the paper are each scored on their own', async () => {
    const quiz = await seedPaper()
    // Learner 0 starts; Q1 is then corrected (a new version keyed 'b', migrations/0018) at EDIT; learner 1
    // starts at that very instant, learner 2 after. Each answers 'b' to the version they were shown.
    const EDIT = at(5 * 60_000)
    const old = await db
      .selectFrom('questions')
      .selectAll()
      .where('id', '=', quiz.questionIds[0]!)
      .executeTakeFirstOrThrow()
    const seeded = await seedOpenAttempts(quiz, 3, 1000)
    const fresh = newId()
    await db.updateTable('questions').set({ archived_at: EDIT }).where('id', '=', old.id).execute()
    await db
      .insertInto('questions')
      .values({ ...old, id: fresh, correct_option: 1, created_at: EDIT, archived_at: null })
      .execute()
    const starts = [at(60_000), EDIT, at(6 * 60_000)]
    for (const [i, s] of seeded.entries()) {
      await db.updateTable('attempts').set({ started_at: starts[i]! }).where('id', '=', s.attemptId).execute()
      await db.deleteFrom('attempt_answers').where('attempt_id', '=', s.attemptId).execute()
      await db
        .insertInto('attempt_answers')
        .values({
          attempt_id: s.attemptId,
          question_id: i === 0 ? old.id : fresh,
          selected_option: 1,
          saved_at: at(10 * 60_000),
        })
        .execute()
    }
    expect(await finalizeExpiredAttempts({ now: AFTER, quizId: quiz.id })).toBe(3)
    const rows = await Promise.all(seeded.map((s) => attemptRow(s.attemptId)))
    // The old key (a) makes 'b' wrong (-0.25); the corrected one (b) right (+1).
    expect(rows.map((r) => Number(r.score_units))).toEqual([-7500, 30000, 30000])
    await expectScoredAsTheResultPage(seeded.map((s) => s.attemptId))
  })

  test("each learner's section ranks are those of every attempt's section marks as the whole-paper scorer scores them", async () => {
    const quiz = await seedPaper()
    const open = await seedOpenAttempts(quiz, 120)
    expect(await closeLiveAttempts({ now: AFTER })).toBe(120)
    // Brute force: every attempt scored whole by the result page's scorer (paperScore, scorePaper), per section.
    const lists = new Map<string | null, number[]>()
    for (const s of open)
      for (const sec of (await paperScore(await attemptRow(s.attemptId))).sections)
        lists.set(sec.key, [...(lists.get(sec.key) ?? []), marksToStorage(sec.earned)])
    expect([...lists.keys()]).toEqual(['Botany', 'Zoology', null])
    for (const s of open.slice(0, 40)) {
      const { sections } = await paperScore(await attemptRow(s.attemptId))
      const expected = sections.map((sec) => {
        const list = lists.get(sec.key)!
        const units = marksToStorage(sec.earned)
        return { key: sec.key, rank: 1 + list.filter((u) => u > units).length, of: list.length }
      })
      expect(await sectionRanks(quiz.id, sections)).toEqual(expected)
    }
  })

  test('section ranks follow a re-score that leaves the participants and the total as they were', async () => {
    const quiz = await seedPaper()
    // L1: Q1 a (right), Q2 b (right): Botany 2. L2: Q1 b (wrong): Botany -0.25. Total 1.75.
    const [l1, l2] = await seedOpenAttempts(quiz, 2, 2000)
    const answer = (attemptId: string, questionId: string, option: number) => ({
      attempt_id: attemptId,
      question_id: questionId,
      selected_option: option,
      saved_at: at(60_000),
    })
    await db.deleteFrom('attempt_answers').where('attempt_id', 'in', [l1!.attemptId, l2!.attemptId]).execute()
    await db
      .insertInto('attempt_answers')
      .values([
        answer(l1!.attemptId, quiz.questionIds[0]!, 0),
        answer(l1!.attemptId, quiz.questionIds[1]!, 1),
        answer(l2!.attemptId, quiz.questionIds[0]!, 1),
      ])
      .execute()
    expect(await closeLiveAttempts({ now: AFTER })).toBe(2)
    const staff = await createUser(db, { role: 'admin' })
    expect((await publishNow({ quizId: quiz.id, actorId: staff.id, now: AFTER })).ok).toBe(true)
    const botanyRank = async (attemptId: string) => {
      const { sections } = await paperScore(await attemptRow(attemptId))
      return (await sectionRanks(quiz.id, sections)).find((s) => s.key === 'Botany')!.rank
    }
    expect([await botanyRank(l1!.attemptId), await botanyRank(l2!.attemptId)]).toEqual([1, 2])

    // Staff withdraw the results, correct Q1's key to b (a new version, as the editor saves it) and publish again:
    // everyone re-scored once. L1 Botany 0.75, L2 Botany 1; the total is still 1.75.
    await holdResults({ quizId: quiz.id, actorId: staff.id })
    const q1 = await db
      .selectFrom('questions')
      .selectAll()
      .where('id', '=', quiz.questionIds[0]!)
      .executeTakeFirstOrThrow()
    const edit = new Date(AFTER.getTime() + 60_000).toISOString()
    await db.updateTable('questions').set({ archived_at: edit }).where('id', '=', q1.id).execute()
    await db
      .insertInto('questions')
      .values({ ...q1, id: newId(), correct_option: 1, created_at: edit, archived_at: null })
      .execute()
    const later = new Date(AFTER.getTime() + 120_000)
    expect((await publishNow({ quizId: quiz.id, actorId: staff.id, now: later })).rescore).toEqual({
      corrected: 1,
      rescored: 2,
    })
    expect(await participants(quiz.id)).toBe(2)
    expect([await botanyRank(l1!.attemptId), await botanyRank(l2!.attemptId)]).toEqual([2, 1])
  })
})
