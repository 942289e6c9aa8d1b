// The demo seed's questions can all be scored, and the IIT JAM style paper has every type,
// three sections and the real marking.
import fs from 'node:fs'
import { describe, expect, test } from 'vitest'
import { marksFromStorage } from '~/lib/quiz/marks'
import { questionProblem, type Question } from '~/lib/quiz/scoring'
import { renderQuestionMarkup } from '~/lib/markup/question'
import { DEMO_QUIZZES, PEDIGREE_ALT } from './seed-data'
import { BANK_SUBJECTS, DEMO_BANK, DEMO_PAPER_TAGS, ENTRANCE_EXAMS } from './seed-bank'

const asQuestion = (q: (typeof DEMO_QUIZZES)[number]['questions'][number]): Question => {
  const type = q.type ?? 'mcq'
  const base = {
    marks: marksFromStorage(q.marks ?? 30000),
    negativeMarks: marksFromStorage(q.negativeMarks ?? (type === 'mcq' ? 7500 : 0)),
    section: q.section,
    topic: q.topic,
  }
  if (type === 'msq') return { ...base, type, correctOptions: q.correctOptions ?? [] }
  if (type === 'nat') return { ...base, type, answerMin: q.answerMin ?? '', answerMax: q.answerMax ?? '' }
  return { ...base, type, correctOption: q.correctOption ?? -1 }
}

describe('demo seed quizzes', () => {
  test('every question has a valid key and marks', () => {
    for (const quiz of DEMO_QUIZZES)
      for (const q of quiz.questions)
        expect([quiz.title, q.questionText, questionProblem(asQuestion(q))]).toEqual([quiz.title, q.questionText, null])
  })

  test('the IIT JAM paper: free, three sections, each type, JAM marking, topics and explanations', () => {
    const paper = DEMO_QUIZZES.find((q) => q.title.includes('IIT JAM'))!
    expect(paper.category).toBe('free')
    expect([...new Set(paper.questions.map((q) => q.section))]).toHaveLength(3)
    expect(new Set(paper.questions.map((q) => q.type))).toEqual(new Set(['mcq', 'msq', 'nat']))
    for (const q of paper.questions) {
      expect(q.topic).toBeTruthy()
      expect(q.explanation).toBeTruthy()
      if (q.type === 'mcq') expect(q.negativeMarks! * 3).toBe(q.marks)
      else expect(q.negativeMarks).toBe(0)
    }
  })

  test('every question renders; the IIT JAM paper has a display formula, a chemical equation, formula options and a figure', () => {
    // The figures as the seed resolves them (db/seed.ts): each name of the quiz's images, at some address.
    const imagesOf = (quiz: (typeof DEMO_QUIZZES)[number]) =>
      new Map((quiz.images ?? []).map((i) => [i.name, { url: `/quiz-images/${'a'.repeat(24)}/${i.name}`, alt: i.alt }]))
    for (const quiz of DEMO_QUIZZES)
      for (const q of quiz.questions)
        expect([q.questionText, renderQuestionMarkup(q, imagesOf(quiz)).ok]).toEqual([q.questionText, true])
    const paper = DEMO_QUIZZES.find((q) => q.title.includes('IIT JAM'))!
    for (const image of paper.images ?? []) expect(fs.existsSync(`db/figures/${image.file}`), image.file).toBe(true)
    const html = paper.questions.map((q) => {
      const r = renderQuestionMarkup(q, imagesOf(paper))
      if (!r.ok) throw new Error('refused')
      return r.html
    })
    expect(html.some((h) => h.text.includes('<math display="block"'))).toBe(true)
    expect(paper.questions.some((q) => /\$\$\\ce\{/.test(q.questionText))).toBe(true)
    expect(html.some((h) => h.options.length === 4 && h.options.every((o) => o.startsWith('<math')))).toBe(true)
    expect(
      html.some((h) => h.text.includes(`<img src="/quiz-images/${'a'.repeat(24)}/pedigree.png" alt="${PEDIGREE_ALT}"`)),
    ).toBe(true)
  })
})

describe('demo question bank', () => {
  test('at least 120 questions over four subjects of three or more topics, some with subtopics', () => {
    expect(DEMO_BANK.length).toBeGreaterThanOrEqual(120)
    expect(new Set(DEMO_BANK.map((q) => q.tags.subject))).toEqual(new Set(BANK_SUBJECTS))
    for (const subject of BANK_SUBJECTS) {
      const of = DEMO_BANK.filter((q) => q.tags.subject === subject)
      expect([subject, of.length >= 25]).toEqual([subject, true])
      expect(new Set(of.map((q) => q.tags.topic)).size, subject).toBeGreaterThanOrEqual(3)
      expect(
        of.some((q) => q.tags.subtopic),
        subject,
      ).toBe(true)
    }
    // Each question once: the staff search finds one question per text.
    expect(new Set(DEMO_BANK.map((q) => q.questionText)).size).toBe(DEMO_BANK.length)
  })

  test('tagged with the four entrance exams and B.Sc semesters, PYQ years 2019-2024 with their source', () => {
    const exams = new Set(DEMO_BANK.flatMap((q) => q.tags.exams))
    for (const exam of ENTRANCE_EXAMS) expect(exams).toContain(exam)
    expect([...exams].filter((e) => e.startsWith('B.Sc semester ')).length).toBeGreaterThanOrEqual(3)
    for (const exam of exams) expect(exam).toMatch(/^(IIT JAM BT|GATE XL|GAT-B|CUET PG|B\.Sc semester [1-6])$/)
    const pyq = DEMO_BANK.filter((q) => q.tags.year !== null)
    expect(pyq.length).toBeGreaterThan(DEMO_BANK.length / 2)
    expect(new Set(pyq.map((q) => q.tags.year))).toEqual(new Set([2019, 2020, 2021, 2022, 2023, 2024]))
    for (const q of pyq) {
      expect(q.tags.source).toMatch(new RegExp(`^(${ENTRANCE_EXAMS.join('|')}) ${q.tags.year} Q\\d+$`))
      expect(q.tags.exams).toContain(q.tags.source!.replace(/ \d{4} Q\d+$/, ''))
    }
    for (const q of DEMO_BANK.filter((q) => q.tags.year === null)) expect(q.tags.source).toBe('Institute')
    expect(new Set(pyq.map((q) => q.tags.source)).size).toBe(pyq.length)
    expect(new Set(DEMO_BANK.map((q) => q.tags.difficulty))).toEqual(new Set(['easy', 'medium', 'hard']))
  })

  test('every question of every type has a valid key and renders; some have formulas', () => {
    expect(new Set(DEMO_BANK.map((q) => q.type))).toEqual(new Set(['mcq', 'msq', 'nat']))
    const html: string[] = []
    for (const q of DEMO_BANK) {
      expect([q.questionText, questionProblem(asQuestion(q))]).toEqual([q.questionText, null])
      if (q.type !== 'nat') expect([q.questionText, new Set(q.options).size]).toEqual([q.questionText, 4])
      const r = renderQuestionMarkup(q, new Map())
      if (!r.ok) throw new Error(`${q.questionText}: ${JSON.stringify(r.problems)}`)
      html.push(r.html.text, ...r.html.options, r.html.explanation ?? '')
    }
    expect(html.filter((h) => h.includes('<math')).length).toBeGreaterThan(10)
  })

  test("the demo papers' questions each get bank tags", () => {
    for (const quiz of DEMO_QUIZZES) {
      const tags = DEMO_PAPER_TAGS[quiz.title]
      expect([quiz.title, tags?.questions.length]).toEqual([quiz.title, quiz.questions.length])
      for (const t of tags.questions) expect(BANK_SUBJECTS).toContain(t.subject)
    }
  })
})
