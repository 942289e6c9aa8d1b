/**
 * The CSS a rendered page really uses, cut from the site's whole stylesheet.
 *
 * A content page ships no JavaScript, so nothing can add a class after it is rendered: the classes in its HTML
 * are all the classes it will ever have. Its <head> can therefore carry, inline, just the rules those classes
 * (and the element selectors of the reset) need, and no stylesheet request at all: the first response paints.
 * Pages that hydrate keep the shared stylesheet, because client-side navigation can show any class.
 *
 * The stylesheet is Tailwind's minified output: qualified rules nested in @layer/@media/@supports blocks, plus
 * @property and @keyframes. A rule is kept when one of its comma-separated selectors either names no class
 * (element and universal selectors of the reset) or starts from a class the page uses (Tailwind utilities start
 * with their own class: `.dark\:bg-x:where(.dark,.dark *)`, `.group-hover\:x:is(:where(.group):hover *)`).
 * Keeping too much costs a few bytes; keeping too little would break a page, so every doubt keeps the rule.
 * Custom properties of :root, @property and @keyframes are kept only when the kept CSS refers to them.
 */

type Node =
  | { kind: 'rule'; selector: string; body: string; subjects: string[] | null }
  | { kind: 'block'; prelude: string; children: Node[] }
  | { kind: 'property'; name: string; text: string }
  | { kind: 'keyframes'; name: string; text: string }
  | { kind: 'text'; text: string }

export type ParsedStylesheet = { nodes: Node[] }

/** Index of the `}` closing the block whose `{` is at `open`, skipping strings. */
function closingBrace(css: string, open: number): number {
  let depth = 0
  for (let i = open; i < css.length; i++) {
    const c = css[i]
    if (c === '"' || c === "'") {
      i = endOfString(css, i)
    } else if (c === '{') depth++
    else if (c === '}') {
      depth--
      if (depth === 0) return i
    }
  }
  throw new Error('critical-css: unbalanced braces')
}

function endOfString(css: string, start: number): number {
  const quote = css[start]
  for (let i = start + 1; i < css.length; i++) {
    if (css[i] === '\\') i++
    else if (css[i] === quote) return i
  }
  return css.length
}

/** Index of the next `{` or `;` at top level from `from`, skipping strings, parentheses and comments. */
function nextDelimiter(css: string, from: number): number {
  let parens = 0
  for (let i = from; i < css.length; i++) {
    const c = css[i]
    if (c === '"' || c === "'") i = endOfString(css, i)
    else if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2)
      i = end < 0 ? css.length : end + 1
    } else if (c === '(') parens++
    else if (c === ')') parens--
    else if (parens === 0 && (c === '{' || c === ';')) return i
  }
  return css.length
}

/** Splits a selector list at top-level commas (not those inside :is(), :where(), attribute values...). */
function splitSelectors(selector: string): string[] {
  const parts: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i]
    if (c === '\\') i++
    else if (c === '"' || c === "'") i = endOfString(selector, i)
    else if (c === '(' || c === '[') depth++
    else if (c === ')' || c === ']') depth--
    else if (c === ',' && depth === 0) {
      parts.push(selector.slice(start, i))
      start = i + 1
    }
  }
  parts.push(selector.slice(start))
  return parts
}

/** A CSS identifier with its escapes undone: `sm\:w-1\/2` -> `sm:w-1/2`, `\31 0` -> `10`. */
export function unescapeIdent(ident: string): string {
  return ident.replace(/\\([0-9a-fA-F]{1,6} ?|.)/g, (_, esc: string) =>
    /^[0-9a-fA-F]/.test(esc) && esc.trim().length > 0 && /^[0-9a-fA-F]+ ?$/.test(esc)
      ? String.fromCodePoint(parseInt(esc.trim(), 16))
      : esc,
  )
}

/** The selector with every unescaped (...) argument list removed: `.a:is(.b) .c` -> `.a:is .c`. */
function withoutArguments(selector: string): string {
  let out = ''
  let depth = 0
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i]
    if (c === '\\') {
      if (depth === 0) out += selector.slice(i, i + 2)
      i++
    } else if (c === '(') depth++
    else if (c === ')') depth--
    else if (depth === 0) out += c
  }
  return out
}

const CLASS_TOKEN = /\.((?:\\[0-9a-fA-F]{1,6} ?|\\.|[\w-])+)/g

/**
 * The class each selector of the list starts from, or null when one of them names no class at all (that rule
 * applies to any page). Only the part before any :is()/:where()/:not()/:has() counts as the start.
 */
export function selectorSubjects(selector: string): string[] | null {
  const subjects: string[] = []
  for (const part of splitSelectors(selector)) {
    const outside = withoutArguments(part)
    const first = CLASS_TOKEN.exec(outside)
    CLASS_TOKEN.lastIndex = 0
    if (!first) {
      // A selector whose only classes sit inside a functional pseudo-class still needs one of them.
      const inner = [...part.matchAll(CLASS_TOKEN)].map((m) => unescapeIdent(m[1]))
      if (inner.length === 0) return null
      subjects.push(...inner)
      continue
    }
    subjects.push(unescapeIdent(first[1]))
  }
  return subjects
}

function parseBlock(css: string): Node[] {
  const nodes: Node[] = []
  let i = 0
  while (i < css.length) {
    while (i < css.length && /\s/.test(css[i])) i++
    if (i >= css.length) break
    if (css.startsWith('/*', i)) {
      const end = css.indexOf('*/', i + 2)
      i = end < 0 ? css.length : end + 2
      continue
    }
    const delimiter = nextDelimiter(css, i)
    const prelude = css.slice(i, delimiter).trim()
    if (delimiter >= css.length || css[delimiter] === ';') {
      // A statement at-rule (@charset, @import, @layer a,b;): kept as it is.
      if (prelude) nodes.push({ kind: 'text', text: `${prelude};` })
      i = delimiter + 1
      continue
    }
    const close = closingBrace(css, delimiter)
    const body = css.slice(delimiter + 1, close)
    const text = css.slice(i, close + 1)
    i = close + 1
    if (prelude.startsWith('@property')) {
      nodes.push({ kind: 'property', name: prelude.slice('@property'.length).trim(), text })
    } else if (/^@(-webkit-)?keyframes/.test(prelude)) {
      nodes.push({ kind: 'keyframes', name: prelude.split(/\s+/)[1] ?? '', text })
    } else if (/^@(layer|media|supports|container|scope|starting-style)\b/.test(prelude)) {
      nodes.push({ kind: 'block', prelude, children: parseBlock(body) })
    } else if (prelude.startsWith('@')) {
      // @font-face, @page...: kept whole.
      nodes.push({ kind: 'text', text })
    } else {
      nodes.push({ kind: 'rule', selector: prelude, body, subjects: selectorSubjects(prelude) })
    }
  }
  return nodes
}

export function parseStylesheet(css: string): ParsedStylesheet {
  return { nodes: parseBlock(css) }
}

function keepRules(nodes: Node[], classes: ReadonlySet<string>, topLevel = false): string {
  let out = ''
  for (const node of nodes) {
    if (node.kind === 'rule') {
      if (node.subjects === null || node.subjects.some((s) => classes.has(s))) out += `${node.selector}{${node.body}}`
    } else if (node.kind === 'block') {
      if (topLevel && node.prelude === '@layer properties') {
        // The @property fallback, unconditionally (see criticalCss).
        out += `${node.prelude}{${node.children.map((c) => (c.kind === 'block' ? keepRules(c.children, classes) : keepRules([c], classes))).join('')}}`
        continue
      }
      const inner = keepRules(node.children, classes)
      if (inner) out += `${node.prelude}{${inner}}`
    } else if (node.kind === 'text') {
      out += node.text
    }
  }
  return out
}

const VAR_USE = /var\(\s*(--[\w-]+)/g
// A custom-property declaration right after `{` or `;`; values in Tailwind's output hold no `;{}`.
const CUSTOM_DECLARATION = /([{;])(--[\w-]+):([^;{}]*)(?=[;}])/g

/**
 * Drops declarations of custom properties that nothing in `css` reads (directly, or through another read
 * property's value). An unread custom property has no effect on rendering, so this only saves bytes: the theme's
 * colour palette and the --tw-* defaults shrink to what the page uses.
 */
function pruneCustomProperties(css: string): string {
  const valuesOf = new Map<string, string[]>()
  for (const m of css.matchAll(CUSTOM_DECLARATION)) {
    const list = valuesOf.get(m[2]) ?? []
    list.push(m[3])
    valuesOf.set(m[2], list)
  }
  const used = new Set<string>()
  const queue: string[] = []
  const read = (text: string) => {
    for (const m of text.matchAll(VAR_USE)) {
      if (!used.has(m[1])) {
        used.add(m[1])
        queue.push(m[1])
      }
    }
  }
  read(css.replace(CUSTOM_DECLARATION, '$1'))
  while (queue.length) for (const value of valuesOf.get(queue.pop()!) ?? []) read(value)
  let pruned = css.replace(CUSTOM_DECLARATION, (decl, lead: string, name: string) => (used.has(name) ? decl : lead))
  // Tidy what the removal leaves: `{;` and `;;`, then rules and blocks left empty.
  pruned = pruned.replace(/\{;+/g, '{').replace(/;{2,}/g, ';').replace(/;\}/g, '}')
  for (let before = ''; before !== pruned;) {
    before = pruned
    pruned = pruned.replace(/(^|[{}])[^{}]*\{\}/g, '$1')
  }
  return pruned
}

function keepAtRules(nodes: Node[], kept: string): string {
  let out = ''
  for (const node of nodes) {
    if (node.kind === 'keyframes' && new RegExp(`\\b${node.name}\\b`).test(kept)) out += node.text
    else if (node.kind === 'block') out += keepAtRules(node.children, kept)
  }
  return out
}

/**
 * The CSS a page with these classes needs, in the stylesheet's own order (cascade order is preserved).
 *
 * Tailwind registers its --tw-* variables with @property (initial values, not inherited) and repeats the same
 * defaults as `*,:before,:after,::backdrop{...}` in `@layer properties` for browsers without @property, behind
 * an @supports test. Inline, the second form is the cheaper one and means the same for rendering (every element
 * starts from the default, in the lowest layer, so any utility overrides it): the @supports test is lifted, the
 * @property rules are left out, and the defaults are cut to the variables the page reads.
 */
export function criticalCss(sheet: ParsedStylesheet, classes: ReadonlySet<string>): string {
  const rules = pruneCustomProperties(keepRules(sheet.nodes, classes, true))
  return rules + keepAtRules(sheet.nodes, rules)
}

const CLASS_ATTR = /\sclass="([^"]*)"/g
const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
}

/** Every class named in the HTML's class attributes (React escapes & " ' < > in attribute values). */
export function classesInHtml(html: string): Set<string> {
  const classes = new Set<string>()
  for (const m of html.matchAll(CLASS_ATTR)) {
    const value = m[1].replace(/&(?:amp|quot|#x27|#39|lt|gt);/g, (e) => ENTITIES[e] ?? e)
    for (const name of value.split(/\s+/)) if (name) classes.add(name)
  }
  return classes
}
