import sanitizeHtml from 'sanitize-html'

// The allowlist for rendered question markup: the tags markdown-it produces with raw HTML off, and the MathML
// elements and presentation attributes temml emits. Nothing else survives: no style, no event handlers, no id
// (it could clash with the page's own), no href inside MathML, links only to http(s) and mailto, and an image only
// when its src is one of the quiz image URLs the renderer resolved.

const MARKDOWN_TAGS = [
  // The scrolling box around a display formula or a table (render.ts): class markup-scroll, tabindex 0, nothing else.
  'div',
  'span',
  'p',
  'br',
  'strong',
  'em',
  's',
  'sub',
  'sup',
  'ul',
  'ol',
  'li',
  'blockquote',
  'hr',
  'code',
  'pre',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'a',
  'img',
]

const MATHML_TAGS = [
  'math',
  'semantics',
  'mrow',
  'mi',
  'mn',
  'mo',
  'ms',
  'mtext',
  'mspace',
  'msub',
  'msup',
  'msubsup',
  'mfrac',
  'msqrt',
  'mroot',
  'mover',
  'munder',
  'munderover',
  'mmultiscripts',
  'mprescripts',
  'none',
  'mtable',
  'mtr',
  'mtd',
  'mlabeledtr',
  'mpadded',
  'mphantom',
  'menclose',
  'mstyle',
  'merror',
]

/** Presentation attributes temml sets; all plain values (lengths, keywords, colours), none a URL or script. */
const MATHML_ATTRIBUTES = [
  'display',
  'mathvariant',
  'displaystyle',
  'scriptlevel',
  'mathsize',
  'mathcolor',
  'mathbackground',
  'width',
  'height',
  'depth',
  'lspace',
  'rspace',
  'voffset',
  'stretchy',
  'fence',
  'form',
  'separator',
  'accent',
  'accentunder',
  'largeop',
  'movablelimits',
  'symmetric',
  'minsize',
  'maxsize',
  'linethickness',
  'linebreak',
  'notation',
  'rowspacing',
  'columnspacing',
  'columnalign',
  'rowalign',
  'columnlines',
  'rowlines',
  'frame',
  'framespacing',
  'columnspan',
  'rowspan',
]

/** The largest size a formula's box may have, in em of its own font (a \rule, \kern or \phantom beyond it is cut to it). */
export const MAX_LENGTH_EM = 20
/** The largest font a formula's part may ask for, in em of the font around it (temml's \tiny to \Huge is 4.976). */
const MAX_MATHSIZE_EM = 5
/** The furthest a formula's content may be moved from its place (\raisebox, \lower, a negative \rule depth or kern). */
export const MAX_OFFSET_EM = 3

/** MathML attributes holding a length, or (rowspacing, columnspacing) a list of lengths. */
const LENGTH_ATTRIBUTES = [
  'width',
  'height',
  'depth',
  'lspace',
  'rspace',
  'voffset',
  'mathsize',
  'minsize',
  'maxsize',
  'linethickness',
  'framespacing',
  'rowspacing',
  'columnspacing',
]

// em per unit, taking 1em = 16px = 12pt (CSS's absolute units). `mu` is temml's math unit, 1/18 em.
const EM_PER_UNIT: Record<string, number> = {
  em: 1,
  ex: 0.5,
  px: 1 / 16,
  pt: 1 / 12,
  pc: 1,
  in: 6,
  cm: 6 / 2.54,
  mm: 0.6 / 2.54,
  q: 0.15 / 2.54,
  mu: 1 / 18,
}
const LENGTH = /^([+-]?)(\d+\.?\d*|\.\d+)(em|ex|px|pt|pc|in|cm|mm|q|mu|%)?$/i

/**
 * One length, bounded: at most MAX_LENGTH_EM, and no more than MAX_OFFSET_EM below zero (or either way for an
 * offset). A value out of bounds becomes the bound, in em; a keyword (thin, infinity, a named space) is bounded
 * by the browser and stays; anything else is dropped (null).
 */
function boundedLength(name: string, value: string): string | null {
  if (/^[a-z]+$/i.test(value)) return value
  const m = LENGTH.exec(value)
  if (!m) return null
  const [, sign, digits, unit = ''] = m
  // A percentage is of the box around it, and a bare number (a multiple, as in mathsize="2") of the font: both
  // are read as em, which keeps 100% and 2 and refuses 9999.
  const em = Number(`${sign === '-' ? '-' : ''}${digits}`) * (EM_PER_UNIT[unit.toLowerCase()] ?? 1)
  const low = -MAX_OFFSET_EM
  const high = name === 'voffset' ? MAX_OFFSET_EM : name === 'mathsize' ? MAX_MATHSIZE_EM : MAX_LENGTH_EM
  if (unit === '%' ? Math.abs(Number(digits)) <= 100 : em >= low && em <= high) return value
  return `${Math.min(high, Math.max(low, em))}em`
}

/** Every length a MathML element carries, bounded (boundedLength); an attribute that is no length is dropped. */
const boundedLengths: sanitizeHtml.Transformer = (tagName, attribs) => {
  const out: sanitizeHtml.Attributes = {}
  for (const [name, value] of Object.entries(attribs)) {
    if (!LENGTH_ATTRIBUTES.includes(name)) {
      out[name] = value
      continue
    }
    const parts = value
      .trim()
      .split(/\s+/)
      .map((part) => boundedLength(name, part))
    if (parts.every((part) => part !== null)) out[name] = parts.join(' ')
  }
  return { tagName, attribs: out }
}

/** An image keeps width and height only as whole pixels (1 to 10000); anything else is dropped. */
const imageSize: sanitizeHtml.Transformer = (tagName, attribs) => {
  const out = { ...attribs }
  for (const name of ['width', 'height'] as const) {
    const value = out[name]
    if (value !== undefined && !(/^[1-9]\d{0,4}$/.test(value) && Number(value) <= 10_000)) delete out[name]
  }
  return { tagName, attribs: out }
}

/** A div or span keeps tabindex only as "0" (the scrolling box takes focus; nothing may reorder or trap it). */
const scrollBox: sanitizeHtml.Transformer = (tagName, attribs) => {
  const { tabindex, ...rest } = attribs
  return { tagName, attribs: tabindex === '0' ? { ...rest, tabindex } : rest }
}

const options = (imageUrls: ReadonlySet<string>): sanitizeHtml.IOptions => ({
  allowedTags: [...MARKDOWN_TAGS, ...MATHML_TAGS],
  allowedAttributes: {
    a: ['href', 'rel'],
    // width and height: the image's own pixels (render.ts), so the page keeps its room before it loads.
    img: ['src', 'alt', 'loading', 'decoding', 'width', 'height'],
    ol: ['start'],
    div: ['class', 'tabindex'],
    span: ['class', 'tabindex'],
    th: ['class'],
    td: ['class'],
    ...Object.fromEntries(MATHML_TAGS.map((tag) => [tag, ['class', ...MATHML_ATTRIBUTES]])),
    // A formula that labels a form control carries its words (render.ts, mathLabels).
    math: ['class', 'aria-label', ...MATHML_ATTRIBUTES],
  },
  allowedClasses: {
    div: ['markup-scroll'],
    span: ['markup-scroll'],
    th: ['md-align-left', 'md-align-center', 'md-align-right'],
    td: ['md-align-left', 'md-align-center', 'md-align-right'],
    ...Object.fromEntries(MATHML_TAGS.map((tag) => [tag, ['tml-*']])),
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Only the resolved quiz image URLs (site-relative paths or storage URLs) may be an image's source.
  exclusiveFilter: (frame) => frame.tag === 'img' && !imageUrls.has(frame.attribs.src ?? ''),
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'nofollow noopener noreferrer' } }),
    div: scrollBox,
    span: scrollBox,
    img: imageSize,
    ...Object.fromEntries(MATHML_TAGS.map((tag) => [tag, boundedLengths])),
  },
  nonBooleanAttributes: ['*'],
})

export function sanitizeMarkup(html: string, imageUrls: ReadonlySet<string>): string {
  return sanitizeHtml(html, options(imageUrls))
}
