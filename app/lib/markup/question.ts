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
  const render = (source: string, where: MarkupField, mathLabels = false) => {
    const r = renderMarkup(source, { images, mathLabels })
    if (r.ok) return r.html
    problems.push({ ...where, message: r.error })
    return ''
  }
  const text = render(q.questionText, { field: 'questionText' })
  // An option is the label of a radio button or checkbox: its formulas carry words, or the control has no name.
  const options = q.options.map((o, option) => inlineHtml(render(o, { field: 'options', option }, true)))
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

/**
 * Whether HTML says exactly its source text: nothing but paragraphs and line breaks around text that, entities
 * decoded and whitespace collapsed, equals the source. Then a reader of the source (the older client) sees what the
 * website shows; a formula, an image, emphasis or an escape like `\$` makes it false.
 */
export function readsAsSource(source: string, html: string): boolean {
  if (/<(?!\/?p>|br\s*\/?>)/i.test(html)) return false
  const text = html
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<\/?p>/gi, ' ')
    .replace(/&(amp|lt|gt|quot|#39|#x27|apos);/g, (_, e: string) => ENTITIES[e] ?? '')
  return squash(text) === squash(source)
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", apos: "'" }
const squash = (s: string) => s.replace(/\s+/g, ' ').trim()

/** Whether every field of a rendered question reads as its source (see readsAsSource). */
export function questionReadsAsSource(q: QuestionSource, html: QuestionHtml): boolean {
  return (
    readsAsSource(q.questionText, html.text) &&
    q.options.every((o, i) => readsAsSource(o, html.options[i] ?? '')) &&
    (!q.explanation || readsAsSource(q.explanation, html.explanation ?? ''))
  )
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
