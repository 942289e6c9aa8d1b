import Papa from 'papaparse'
import { beforeAll, describe, expect, test } from 'vitest'
import { quizResultCsvRows } from '~/models/quiz/export.server'
import { getQuizStats, type QuizStats } from '~/models/quiz/stats.server'
import { db } from '~/utils/db.server'
import { callRoute, signedInUser } from '../support/harness'
import { seedStatsQuiz, STATS_STARTED_AT, submittedAt } from '../support/quiz-stats-seed'

// Quiz statistics (decision 016) on SQLite and PostgreSQL: every figure below is worked out by hand from the seed's
// table (tests/support/quiz-stats-seed.ts), not from the code under test.

let seeded: Awaited<ReturnType<typeof seedStatsQuiz>>
let stats: QuizStats

beforeAll(async () => {
  seeded = await seedStatsQuiz(db, 'Int')
  stats = (await getQuizStats(seeded.quiz.id))!
})

const byNumber = (n: number) => stats.questions[n - 1]

describe('getQuizStats', () => {
  test('counts submitted ranked attempts only; the paper ranges from -5/6 to 6 marks', () => {
    expect(stats.quiz.title).toBe('Int quiz')
    expect(stats.attempts).toBe(12) // not 13: L0's practice attempt (6 marks) is left out
    // -(1/3 + 1/4 + 1/4) = -5/6 -> "-0.83"; 1 + 1 + 2 + 1 + 1 = 6.
    expect(stats.possible).toEqual({ lo: '-0.83', hi: '6.00' })
  })

  test('histogram: 1-mark bins from -1 to 6, counts by hand', () => {
    // 0.25- and 0.5-mark bins would need 28 and 14 bars (over 10); 1 mark gives 7: [-1,0) .. [5,6].
    expect(stats.bins.map((b) => [b.label, b.count])).toEqual([
      ['-1.00 to under 0.00', 3], // L9, L10 (-7/12), L11 (-1/4)
      ['0.00 to under 1.00', 3], // L6-L8 (0.75)
      ['1.00 to under 2.00', 0],
      ['2.00 to under 3.00', 3], // L3-L5 (2.75)
      ['3.00 to under 4.00', 2], // L1, L2 (3.75)
      ['4.00 to under 5.00', 1], // L0 (4.75); the practice 6 is not in [5, 6]
      ['5.00 to 6.00', 0],
    ])
  })

  test('questions in paper order, with sections', () => {
    expect(stats.questions.map((q) => [q.number, q.type, q.section, q.seen])).toEqual([
      [1, 'mcq', 'Botany', 12],
      [2, 'mcq', 'Botany', 12],
      [3, 'msq', 'Zoology', 12],
      [4, 'nat', 'Zoology', 12],
      [5, 'mcq', null, 12],
    ])
    expect([byNumber(1).marks, byNumber(1).negativeMarks]).toEqual(['1.00', '0.33'])
  })

  test('Q1 healthy MCQ: shares, option counts, average time, no flag', () => {
    const q = byNumber(1)
    expect([q.correct, q.partial, q.wrong, q.unattempted]).toEqual([9, 0, 2, 1])
    expect(q.options.map((o) => [o.count, o.keyed])).toEqual([
      [9, true],
      [1, false],
      [0, false],
      [1, false],
    ])
    // (9 x 20 s + 2 x 42 s) / 11 learners with time = 24 s.
    expect([q.averageTimeMs, q.timedLearners]).toEqual([24_000, 11])
    expect(q.flags).toEqual([])
  })

  test('Q2: a wrong option picked more than the key raises the distractor flag', () => {
    const q = byNumber(2)
    expect([q.correct, q.wrong, q.unattempted]).toEqual([3, 9, 0])
    expect(q.options.map((o) => o.count)).toEqual([1, 3, 7, 1])
    expect(q.averageTimeMs).toBeNull() // no time recorded on it
    expect(q.flags).toEqual([{ kind: 'distractor', option: 2, optionCount: 7, keyedOption: 1, keyedCount: 3 }])
  })

  test('Q3 MSQ: partial answers apart, picks per option, a visit without answer is unattempted', () => {
    const q = byNumber(3)
    expect([q.correct, q.partial, q.wrong, q.unattempted]).toEqual([6, 2, 3, 1])
    // A: 6 + L6 + L8 + L9; B: L8, L10; C: 6 + L7 + L9; D: L9.
    expect(q.options.map((o) => [o.count, o.keyed])).toEqual([
      [9, true],
      [2, false],
      [8, true],
      [1, false],
    ])
    // (11 x 60 s + 5 s) / 12 = 55 416.67 ms.
    expect([q.averageTimeMs, q.timedLearners]).toEqual([55_417, 12])
    expect(q.flags).toEqual([])
  })

  test('Q4 NAT: the same number however typed, and "almost nobody right" fires (1 of 11)', () => {
    const q = byNumber(4)
    expect([q.correct, q.wrong, q.unattempted]).toEqual([1, 10, 1])
    expect(q.options).toEqual([])
    expect(q.nat).toEqual({
      min: '2.5',
      max: '2.6',
      distinct: 3,
      top: [
        { answer: '25', count: 7, correct: false }, // six "25" and one "25.0"
        { answer: '0.25', count: 3, correct: false },
        { answer: '2.5', count: 1, correct: true },
      ],
    })
    expect([q.averageTimeMs, q.timedLearners]).toEqual([30_000, 1])
    expect(q.flags).toEqual([{ kind: 'hard', correct: 1, answered: 11 }])
  })

  test('Q5: nobody right but only 3 answered, below the flag minimum', () => {
    const q = byNumber(5)
    expect([q.correct, q.wrong, q.unattempted]).toEqual([0, 3, 9])
    expect(q.options.map((o) => o.count)).toEqual([1, 1, 1, 0])
    expect([q.averageTimeMs, q.timedLearners]).toEqual([4_000, 1])
    expect(q.flags).toEqual([])
  })

  test('an edited question counts from its new version on; an unknown quiz is null', async () => {
    // Q5 rewritten after the attempts: the new row was seen by nobody yet, the old one no longer shows.
    const other = await seedStatsQuiz(db, 'Edited')
    const q5 = other.quiz.questionIds[4]
    const row = await db.selectFrom('questions').selectAll().where('id', '=', q5).executeTakeFirstOrThrow()
    await db.updateTable('questions').set({ archived_at: '2030-02-01T00:00:00.000Z' }).where('id', '=', q5).execute()
    await db
      .insertInto('questions')
      .values({
        ...row,
        id: `${q5.slice(0, 20)}beef`,
        question_text: 'Q5 rewritten',
        created_at: '2030-02-01T00:00:00.000Z',
      })
      .execute()
    const s = (await getQuizStats(other.quiz.id))!
    expect(s.questions).toHaveLength(5)
    expect(s.questions[4]).toMatchObject({ text: 'Q5 rewritten', seen: 0, correct: 0, wrong: 0, unattempted: 0 })
    expect(s.attempts).toBe(12)
    expect(await getQuizStats('aaaaaaaaaaaaaaaaaaaaaaaa')).toBeNull()
    expect(await getQuizStats('not-an-id')).toBeNull()
  })
})

describe('quiz statistics page and CSV export', () => {
  test('the page loader answers the figures to staff and 404 for an unknown quiz', async () => {
    const { cookie } = await signedInUser('instructor')
    const mod = await import('~/routes/admin/quiz-stats')
    const ok = await callRoute(mod.loader, `/admin/quiz-stats/${seeded.quiz.id}`, {
      cookie,
      params: { quizId: seeded.quiz.id },
    })
    expect(ok.status).toBe(200)
    expect(ok.data.attempts).toBe(12)
    const missing = await callRoute(mod.loader, '/admin/quiz-stats/aaaaaaaaaaaaaaaaaaaaaaaa', {
      cookie,
      params: { quizId: 'aaaaaaaaaaaaaaaaaaaaaaaa' },
    })
    expect([missing.status, missing.data]).toEqual([404, 'Quiz not found'])
  })

  test('CSV: one row per submitted attempt, ranked in leaderboard order then practice; round-trips', async () => {
    const { cookie } = await signedInUser('admin')
    const mod = await import('~/routes/admin/export/quiz-results-csv')
    const file = `${seeded.quiz.id}.csv`
    const res = await callRoute(mod.loader, `/admin/export/quiz-results/${file}`, { cookie, params: { file } })
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="quiz-results-${seeded.quiz.id}.csv"`)
    const bytes = new Uint8Array(await res.response!.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]) // the BOM (TextDecoder drops it)
    const parsed = Papa.parse<string[]>(new TextDecoder().decode(bytes), { skipEmptyLines: true })
    expect(parsed.errors).toEqual([])
    const [header, ...rows] = parsed.data
    expect(header).toEqual(['Name', 'Email', 'Mode', 'Score', 'Total', 'Rank', 'Submitted at', 'Time taken (seconds)'])
    const L = seeded.learners
    // [learner, score, rank]: 4.75; 3.75 x2; 2.75 x3; 0.75 x3; then -0.25 above the two -7/12 (-0.58).
    const expected: [number, string, string][] = [
      [0, '4.75', '1'],
      [1, '3.75', '2'],
      [2, '3.75', '3'],
      [3, '2.75', '4'],
      [4, '2.75', '5'],
      [5, '2.75', '6'],
      [6, '0.75', '7'],
      [7, '0.75', '8'],
      [8, '0.75', '9'],
      [11, '-0.25', '10'],
      [9, '-0.58', '11'],
      [10, '-0.58', '12'],
    ]
    expect(rows).toHaveLength(13)
    expected.forEach(([i, score, rank], row) => {
      const minutes = 30 + i
      expect(rows[row]).toEqual([
        L[i].name,
        L[i].email,
        'ranked',
        score,
        '6',
        rank,
        submittedAt(i),
        String(minutes * 60),
      ])
    })
    // The practice attempt: full marks, no rank, submitted the next day (23 h after its 10:00 start).
    expect(rows[12]).toEqual([
      L[0].name,
      L[0].email,
      'practice',
      '6',
      '6',
      '',
      '2030-01-02T09:00:00.000Z',
      String((Date.parse('2030-01-02T09:00:00.000Z') - Date.parse(STATS_STARTED_AT)) / 1000),
    ])
    expect(L[0].name).toBe('Int L0, "the topper"') // quoted in the file, whole again after parsing
  })

  test('CSV rows are the same read 2 or 5 at a time (keyset paging across ties and pages)', async () => {
    const all = async (pageSize?: number) => {
      const out = []
      for await (const row of quizResultCsvRows(seeded.quiz.id, { pageSize })) out.push(row)
      return out
    }
    const whole = await all()
    expect(whole).toHaveLength(13)
    expect(await all(2)).toEqual(whole)
    expect(await all(5)).toEqual(whole)
  })

  test('CSV: a file name that is not {quizId}.csv is 404', async () => {
    const { cookie } = await signedInUser('admin')
    const mod = await import('~/routes/admin/export/quiz-results-csv')
    for (const file of [seeded.quiz.id, `${seeded.quiz.id}.txt`, 'aaaaaaaaaaaaaaaaaaaaaaaa.csv', '.csv']) {
      const res = await callRoute(mod.loader, `/admin/export/quiz-results/${file}`, { cookie, params: { file } })
      expect(res.status).toBe(404)
    }
  })
})
