import MarkdownIt from 'markdown-it'
import type { StateBlock, StateInline, Token } from 'markdown-it'
import markdownItSub from 'markdown-it-sub'
import markdownItSup from 'markdown-it-sup'
import temml from 'temml'
import { MAX_LENGTH_EM, sanitizeMarkup } from './sanitize'
import { mathSpeech, mathTree } from './speech'

// Question markup (question text, options, explanation) to HTML with MathML: Markdown (markdown-it, raw HTML
// off), LaTeX between $...$ and $$...$$ (temml to MathML, mhchem's \ce and \pu included), `\$` a dollar sign,
// images `![alt](name)` resolved through the quiz's images. Everything then passes an allowlist sanitiser, so
// only the tags Markdown and temml produce reach a page. Pure: no database, no HTTP. The output is stored per
// question version; pages never call this on a request. Server only: the browser never loads these libraries.

/** The longest source accepted for one field: over twice what the quiz forms take (2,000), low enough that the worst
 * source (thousands of mhchem terms) renders in well under a second. */
export const MAX_MARKUP_LENGTH = 5_000

/** Blocks (quotes, lists) nested deeper than this are refused instead of silently cut (markdown-it's own limit). */
const MAX_BLOCK_NESTING = 20

/** An uploaded image markup may name: its URL, its alt text, and its pixels when the upload could read them. */
export type MarkupImage = { url: string; alt?: string; width?: number; height?: number }
export type MarkupImages = ReadonlyMap<string, MarkupImage>
export type RenderOptions = {
  images?: MarkupImages
  lazyImages?: boolean
  /**
   * Give each formula an aria-label in words (app/lib/markup/speech.ts): for markup that becomes the whole label of
   * a form control (an option), which browsers do not name from MathML.
   */
  mathLabels?: boolean
}
export type RenderResult = { ok: true; html: string } | { ok: false; error: string }

/** A refusal with the message shown to staff (after "Question 3, option B: "). */
class MarkupError extends Error {}

type Env = { images: MarkupImages; lazyImages: boolean; mathLabels: boolean; urls: Set<string> }

const md = createParser()

/** The box a wide formula or table scrolls in (app/app.css .markup-scroll). */
const SCROLL_OPEN = (tag: 'span' | 'div') => `<${tag} class="markup-scroll" tabindex="0">`

export function renderMarkup(source: string, opts: RenderOptions = {}): RenderResult {
  if (source.length > MAX_MARKUP_LENGTH)
    return { ok: false, error: `too long: at most ${MAX_MARKUP_LENGTH.toLocaleString('en-IN')} characters` }
  const env: Env = {
    images: opts.images ?? new Map(),
    lazyImages: opts.lazyImages !== false,
    mathLabels: opts.mathLabels === true,
    urls: new Set(),
  }
  try {
    const html = md.render(source, env)
    return { ok: true, html: sanitizeMarkup(html, env.urls) }
  } catch (e) {
    if (e instanceof MarkupError) return { ok: false, error: e.message }
    if (e instanceof RangeError) return { ok: false, error: 'nested too deeply' }
    return { ok: false, error: `could not be rendered: ${String((e as Error)?.message ?? e).slice(0, 200)}` }
  }
}

function createParser() {
  const parser = new MarkdownIt('default', { html: false, breaks: true, linkify: false, typographer: false })
  parser.use(markdownItSub).use(markdownItSup)
  // Headings would break the page's own outline (a question is not a document); `# x` stays a line of text.
  parser.disable(['heading', 'lheading', 'code'])
  parser.block.ruler.before('table', 'nesting_limit', nestingLimit)
  parser.inline.ruler.after('escape', 'math', mathRule)
  parser.renderer.rules.math_inline = (tokens, idx, _o, env) => renderTex(tokens[idx]!.content, false, env as Env)
  // A display formula or a table may be wider than a 320 px screen: it scrolls in its own box, which takes focus so
  // keyboard users can scroll it too. Not in a control's label (mathLabels), where a focus stop would nest.
  parser.renderer.rules.math_display = (tokens, idx, _o, envArg) => {
    const env = envArg as Env
    const math = renderTex(tokens[idx]!.content, true, env)
    return env.mathLabels ? math : `${SCROLL_OPEN('span')}${math}</span>`
  }
  const tableOpen = parser.renderer.rules.table_open
  const tableClose = parser.renderer.rules.table_close
  parser.renderer.rules.table_open = (tokens, idx, options, env, self) =>
    SCROLL_OPEN('div') +
    (tableOpen ? tableOpen(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options))
  parser.renderer.rules.table_close = (tokens, idx, options, env, self) =>
    (tableClose ? tableClose(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options)) + '</div>\n'
  parser.renderer.rules.image = renderImage
  // Table alignment arrives as style="text-align:…", which the sanitiser drops; carry it as a class instead.
  parser.core.ruler.push('align_classes', (state) => {
    for (const token of state.tokens) {
      const style = String(token.attrGet('style') ?? '')
      if (!style) continue
      const m = /^text-align:(left|center|right)$/.exec(style)
      token.attrs = (token.attrs ?? []).filter(([name]) => name !== 'style')
      if (m) token.attrJoin('class', `md-align-${m[1]}`)
    }
  })
  return parser
}

function nestingLimit(state: StateBlock) {
  if (state.level >= MAX_BLOCK_NESTING) throw new MarkupError('nested too deeply')
  return false
}

/**
 * `$$…$$` (display) or `$…$` (inline) starting at a dollar sign. The escape rule runs first, so `\$` never gets
 * here and is a literal dollar; inside the formula `\$` and `\\` are skipped when looking for the closing sign.
 * A dollar sign without its partner is refused rather than shown, since it is almost always a typo.
 */
function mathRule(state: StateInline, silent: boolean): boolean {
  const { src, pos, posMax } = state
  if (src.charCodeAt(pos) !== 0x24 /* $ */) return false
  const display = src.charCodeAt(pos + 1) === 0x24
  const open = display ? 2 : 1
  let end = -1
  for (let i = pos + open; i < posMax; i++) {
    const c = src.charCodeAt(i)
    if (c === 0x5c /* \ */) {
      i++
      continue
    }
    if (c !== 0x24) continue
    if (!display || src.charCodeAt(i + 1) === 0x24) {
      end = i
      break
    }
  }
  if (end < 0) {
    if (silent) return false
    throw new MarkupError(
      display ? 'unbalanced $$: a display formula needs a closing $$' : 'unbalanced $: write \\$ for a dollar sign',
    )
  }
  const content = src.slice(pos + open, end)
  if (!content.trim()) {
    if (silent) return false
    throw new MarkupError('empty formula between dollar signs')
  }
  if (!silent) {
    const token = state.push(display ? 'math_display' : 'math_inline', 'math', 0)
    token.content = content
    token.markup = display ? '$$' : '$'
  }
  state.pos = end + open
  return true
}

function renderTex(tex: string, displayMode: boolean, env: Env): string {
  let markup: string
  try {
    // trust: false keeps \href, \url, \class, \id, \style, \html… out; throwOnError refuses unknown commands;
    // maxSize caps the sizes temml works out itself (the sanitiser bounds every length it writes, sanitize.ts).
    const options = {
      displayMode,
      throwOnError: true,
      trust: false,
      annotate: false,
      xml: false,
      maxSize: TEX_MAX_SIZE,
    }
    markup = temml.renderToString(tex, options)
  } catch (e) {
    throw new MarkupError(texMessage(e))
  }
  return env.mathLabels ? withLabel(markup, mathSpeech(mathTree(markup))) : markup
}

// temml's maxSize: [em, pt], the largest width or height a \rule, \kern or \raisebox may ask for.
const TEX_MAX_SIZE: [number, number] = [MAX_LENGTH_EM, MAX_LENGTH_EM * 12]

// The attributes temml writes on <math> come first, then its class and style: the label goes after the attributes,
// where temml's own setAttribute would have put it.
const MATH_ATTRIBUTES = /^<math((?: (?!class=|style=)[\w:-]+="[^"]*")*)/

function withLabel(markup: string, label: string): string {
  const escaped = label.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  return markup.replace(MATH_ATTRIBUTES, (start) => `${start} aria-label="${escaped}"`)
}

/** Temml's "Unsupported function name: \foo at position 1: …" as "unknown command \foo". */
function texMessage(e: unknown): string {
  if (e instanceof RangeError) return 'nested too deeply'
  const raw = String((e as Error)?.message ?? e)
    .replace(/^\s*ParseError:\s*/, '')
    .trim()
  const unknown =
    /Unsupported function name:\s*(\\\S+?)(?:\s+at position|\s*$)/.exec(raw) ??
    /Undefined control sequence:\s*(\\\S+?)(?:\s+at position|\s*$)/.exec(raw)
  if (unknown) return `unknown command ${unknown[1]}`
  const text = raw.replace(/\s+at position \d+:[\s\S]*$/, '').trim()
  return `formula error: ${text.slice(0, 160) || 'could not be read'}`
}

function renderImage(tokens: Token[], idx: number, _options: unknown, envArg: unknown): string {
  const env = envArg as Env
  const token = tokens[idx]!
  const name = String(token.attrGet('src') ?? '')
  const image = lookupImage(env.images, name)
  if (!image) throw new MarkupError(`unknown image "${safeDecode(name)}": upload it to this quiz first`)
  env.urls.add(image.url)
  const alt = (token.children ? textOf(token.children) : token.content).trim() || image.alt?.trim() || ''
  const attrs = [`src="${escapeAttr(image.url)}"`, `alt="${escapeAttr(alt)}"`]
  // Its own pixels: the browser keeps the figure's room (scaled to the column by .markup img) before the bytes come,
  // so the question does not jump when a figure loads on a slow phone.
  if (image.width && image.height) attrs.push(`width="${image.width}"`, `height="${image.height}"`)
  if (env.lazyImages) attrs.push('loading="lazy"')
  attrs.push('decoding="async"')
  return `<img ${attrs.join(' ')}>`
}

// markdown-it percent-encodes link targets; an image name is looked up as written and as encoded.
function lookupImage(images: MarkupImages, name: string): MarkupImage | undefined {
  return images.get(name) ?? images.get(safeDecode(name))
}

function safeDecode(s: string) {
  try {
    return decodeURI(s)
  } catch {
    return s
  }
}

function textOf(tokens: Token[]): string {
  return tokens.map((t) => (t.children ? textOf(t.children) : t.content)).join('')
}

function escapeAttr(s: string) {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}
