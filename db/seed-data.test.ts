// The demo seed's questions can all be scored, and the IIT JAM style paper has every type,
// three sections and the real marking.
import fs from 'node:fs'
import { describe, expect, test } from 'vitest'
import { marksFromStorage } from '~/lib/quiz/marks'
import { questionProblem, type Question } from '~/lib/quiz/scoring'
import { renderQuestionMarkup } from '~/lib/markup/question'
import { DEMO_QUIZZES, PEDIGREE_ALT } from './seed-data'

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
