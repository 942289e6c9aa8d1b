import { describe, expect, test } from 'vitest'
import { markupMessage, questionReadsAsSource, readsAsSource, renderQuestionMarkup } from './question'

describe('renderQuestionMarkup', () => {
  test('text and explanation are blocks; a one-line option loses its paragraph (it sits in a label)', () => {
    const r = renderQuestionMarkup({
      questionText: 'Which is $\\ce{H2O}$?',
      options: ['$x^2$', 'two\n\nparagraphs', 'plain', '**bold**'],
      explanation: 'Because.',
    })
    if (!r.ok) throw new Error(r.problems[0]!.message)
    expect(r.html.text).toMatch(/^<p>Which is <math>/)
    expect(r.html.options).toEqual([
      '<math aria-label="x to the power 2"><msup><mi>x</mi><mn class="tml-sml-pad">2</mn></msup></math>',
      '<p>two</p>\n<p>paragraphs</p>\n',
      'plain',
      '<strong>bold</strong>',
    ])
    expect(r.html.explanation).toBe('<p>Because.</p>\n')
  })

  test('no explanation is null; every problem is reported with where it is', () => {
    const ok = renderQuestionMarkup({ questionText: 'a', options: [] })
    expect(ok).toEqual({ ok: true, html: { text: '<p>a</p>\n', options: [], explanation: null } })
    const bad = renderQuestionMarkup({ questionText: '$', options: ['a', 'b', '$\\foo$'], explanation: '$$x' })
    expect(bad.ok).toBe(false)
    if (bad.ok) return
    expect(bad.problems.map((p) => markupMessage(2, p))).toEqual([
      'Question 3, question text: unbalanced $: write \\$ for a dollar sign',
      'Question 3, option C: unknown command \\foo',
      'Question 3, explanation: unbalanced $$: a display formula needs a closing $$',
    ])
  })
})

describe('readsAsSource: what the older client, which shows the source, may show', () => {
  const reads = (source: string) => {
    const r = renderQuestionMarkup({ questionText: source, options: [source] })
    if (!r.ok) throw new Error(r.problems[0]!.message)
    return [readsAsSource(source, r.html.text), readsAsSource(source, r.html.options[0]!)]
  }

  test.each(['What is DNA?', 'a < b & c > d "quoted" it\'s', 'Line one\nline two\n\nA new paragraph', '2 + 2 = 4'])(
    'plain text %j reads as its source',
    (source) => expect(reads(source)).toEqual([true, true]),
  )

  test.each(['$x$', 'It costs \\$5', '**bold**', 'H~2~O', '- a list', '&copy; 2025', '| a |\n|--|\n| b |'])(
    'markup %j does not',
    (source) => expect(reads(source)).toEqual([false, false]),
  )

  test('a question reads as its source only when every field does', () => {
    const q = { questionText: 'Plain?', options: ['a', 'b', 'c', 'd'], explanation: 'See $x$.' }
    const r = renderQuestionMarkup(q)
    if (!r.ok) throw new Error('refused')
    expect(questionReadsAsSource(q, r.html)).toBe(false)
    const plain = { ...q, explanation: 'See x.' }
    const p = renderQuestionMarkup(plain)
    if (!p.ok) throw new Error('refused')
    expect(questionReadsAsSource(plain, p.html)).toBe(true)
  })
})
