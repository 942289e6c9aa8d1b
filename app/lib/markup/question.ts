import { renderMarkup, type MarkupImages } from './render'

// A question's three markup fields (text, options, explanation) rendered together, as the editing model stores
// them beside the source (once per question version) and as the editor's preview shows them. A field that does
// not render is reported with where it is, so every caller (form, API, CSV import, AI drafts) names the question
// and the field the same way: "Question 3, option B: unknown command \foo".

export type QuestionHtml = {
  /** The question text's HTML (sanitised, MathML for formulas). */
  text: string
  /** One HTML string per option, in order, inline (no paragraph around a one-line option); empty for nat. */
  options: string[]
  /** Null when the question has no explanation. */
  explanation: string | null
}

export type MarkupField = { field: 'questionText' } | { field: 'options'; option: number } | { field: 'explanation' }
export type MarkupProblem = MarkupField & { message: string }

export type QuestionSource = { questionText: string; options: readonly string[]; explanation?: string | null }

export function renderQuestionMarkup(
  q: QuestionSource,
  images?: MarkupImages,
): { ok: true; html: QuestionHtml } | { ok: false; problems: MarkupProblem[] } {
  const problems: MarkupProblem[] = []
  const render = (source: string, where: MarkupField) => {
    const r = renderMarkup(source, { images })
    if (r.ok) return r.html
    problems.push({ ...where, message: r.error })
    return ''
  }
  const text = render(q.questionText, { field: 'questionText' })
  const options = q.options.map((o, option) => inlineHtml(render(o, { field: 'options', option })))
  const explanation = q.explanation ? render(q.explanation, { field: 'explanation' }) : null
  return problems.length ? { ok: false, problems } : { ok: true, html: { text, options, explanation } }
}

/**
 * An option sits inside a label: a single paragraph loses its <p> so the option is phrasing content there. An option
 * of several blocks keeps them (the page shows them inline, .markup-inline).
 */
function inlineHtml(html: string): string {
  const m = /^<p>([\s\S]*)<\/p>\n?$/.exec(html)
  return m && !m[1]!.includes('<p>') ? m[1]! : html
}

/** "question text", "option B", "explanation": the field as staff see it on the editor. */
export function fieldLabel(where: MarkupField): string {
  if (where.field === 'options') return `option ${String.fromCharCode(65 + where.option)}`
  return where.field === 'questionText' ? 'question text' : 'explanation'
}

/** The one wording of a refusal: `index` is the question's 0-based position in what was submitted. */
export function markupMessage(index: number, problem: MarkupProblem): string {
  return `Question ${index + 1}, ${fieldLabel(problem)}: ${problem.message}`
}
