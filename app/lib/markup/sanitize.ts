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

/** A div or span keeps tabindex only as "0" (the scrolling box takes focus; nothing may reorder or trap it). */
const scrollBox: sanitizeHtml.Transformer = (tagName, attribs) => {
  const { tabindex, ...rest } = attribs
  return { tagName, attribs: tabindex === '0' ? { ...rest, tabindex } : rest }
}

const options = (imageUrls: ReadonlySet<string>): sanitizeHtml.IOptions => ({
  allowedTags: [...MARKDOWN_TAGS, ...MATHML_TAGS],
  allowedAttributes: {
    a: ['href', 'rel'],
    img: ['src', 'alt', 'loading', 'decoding'],
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
  },
  nonBooleanAttributes: ['*'],
})

export function sanitizeMarkup(html: string, imageUrls: ReadonlySet<string>): string {
  return sanitizeHtml(html, options(imageUrls))
}
