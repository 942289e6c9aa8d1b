// The demo seed's question bank on a real database (SQLite and PostgreSQL): the bank of db/seed-bank.ts written
// through the versions model (app/models/bank/demo-bank.server.ts, which the app passes to the seed), every
// question with its current bank version, found by the one filter query (app/models/bank/filters.server.ts); the
// demo papers' questions tagged into the same subjects and exams; a second seed writes nothing.
import { beforeAll, describe, expect, test } from 'vitest'
import { seedDemo } from '../../db/seed'
import { BANK_SUBJECTS, DEMO_BANK, ENTRANCE_EXAMS } from '../../db/seed-bank'
import { DEMO_QUIZZES } from '../../db/seed-data'
import { BANK_QUIZ_ID } from '~/lib/bank/bank'
import { writeDemoBank } from '~/models/bank/demo-bank.server'
import { bankQuestionsMatching, bankTagChoices, examsOf, type BankFilters } from '~/models/bank/filters.server'
import { listQuizzes } from '~/models/quiz/catalog.server'
import { db } from '~/utils/db.server'

const count = async (f: BankFilters) =>
  Number(
    (
      await bankQuestionsMatching(f)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

const PAPER_QUESTIONS = DEMO_QUIZZES.reduce((n, q) => n + q.questions.length, 0)

beforeAll(async () => {
  expect(await seedDemo(db, undefined, undefined, writeDemoBank)).toBe(true)
})

describe('the demo bank', () => {
  test('every question of db/seed-bank.ts is a bank question with its current version, besides the papers', async () => {
    expect(await count({})).toBe(DEMO_BANK.length + PAPER_QUESTIONS)
    expect(await count({ used: 'no' })).toBe(DEMO_BANK.length)
    expect(await count({ used: 'yes' })).toBe(PAPER_QUESTIONS)
    // The bank's quiz is still no paper: the seeded papers are the demo quizzes alone.
    expect((await listQuizzes()).map((q) => q.title).sort()).toEqual(DEMO_QUIZZES.map((q) => q.title).sort())
    const heads = await bankQuestionsMatching({ used: 'no' })
      .select([
        'b.id',
        'b.subject',
        'b.topic',
        'h.question_text',
        'h.question_html',
        'h.topic as row_topic',
        'h.section',
      ])
      .execute()
    for (const h of heads) {
      expect(h.question_html, h.question_text).toMatch(/^<p>/)
      if (h.question_text.includes('$')) expect(h.question_html, h.question_text).toContain('<math')
      expect([h.question_text, h.row_topic, h.section]).toEqual([h.question_text, h.topic, null])
    }
    expect(heads.filter((h) => h.question_html.includes('<math')).length).toBeGreaterThan(10)
  })

  test('four subjects of three or more topics, the four exams, PYQ years, all difficulties and types', async () => {
    const choices = await bankTagChoices()
    expect(choices.subjects).toEqual([...BANK_SUBJECTS].sort())
    for (const subject of BANK_SUBJECTS)
      expect(choices.topics.filter((t) => t.subject === subject).length, subject).toBeGreaterThanOrEqual(3)
    expect(choices.years).toEqual([2024, 2023, 2022, 2021, 2020, 2019])
    for (const exam of ENTRANCE_EXAMS) expect(await count({ exams: [exam] }), exam).toBeGreaterThan(20)
    expect(await count({ exams: ['B.Sc semester 1', 'B.Sc semester 2'] })).toBeGreaterThan(0)
    for (const type of ['mcq', 'msq', 'nat'] as const) expect(await count({ type }), type).toBeGreaterThan(5)
    for (const difficulty of ['easy', 'medium', 'hard'] as const)
      expect(await count({ difficulty }), difficulty).toBeGreaterThan(5)
    // The staff search: words, subject and topic together.
    expect(await count({ q: 'hardy-weinberg', subject: 'Genetics', topics: ['Population genetics'] })).toBeGreaterThan(
      3,
    )
    const pyq = await bankQuestionsMatching({ years: [2022], subject: 'Microbiology' })
      .select(['b.id', 'b.source'])
      .execute()
    expect(pyq.length).toBeGreaterThan(0)
    for (const q of pyq) expect(q.source).toMatch(/^(IIT JAM BT|GATE XL|GAT-B|CUET PG) 2022 Q\d+$/)
  })

  test("the demo papers' questions are tagged with a subject, topic and exams, and their rows carry the topic", async () => {
    const rows = await db
      .selectFrom('questions as q')
      .innerJoin('bank_questions as b', 'b.id', 'q.bank_question_id')
      .select(['q.bank_question_id', 'q.topic', 'b.subject', 'b.topic as bank_topic', 'b.source'])
      .where('q.quiz_id', '!=', BANK_QUIZ_ID)
      .execute()
    expect(rows).toHaveLength(PAPER_QUESTIONS)
    const exams = await examsOf(rows.map((r) => r.bank_question_id!))
    for (const r of rows) {
      expect(BANK_SUBJECTS).toContain(r.subject)
      expect([r.topic, r.source]).toEqual([r.bank_topic, 'Institute'])
      expect(exams.get(r.bank_question_id!)?.length).toBeGreaterThan(0)
    }
  })

  test('a second seed writes nothing', async () => {
    const before = await count({ retired: 'include' })
    expect(await seedDemo(db, undefined, undefined, writeDemoBank)).toBe(false)
    expect(await count({ retired: 'include' })).toBe(before)
  })
})
