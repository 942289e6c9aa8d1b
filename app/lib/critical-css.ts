/**
 * The CSS a rendered page really uses, cut from the site's whole stylesheet.
 *
 * A content page ships no JavaScript, so nothing can add a class after it is rendered: the classes in its HTML
 * are all the classes it will ever have. Its <head> can therefore carry, inline, just the rules those classes
 * (and the element selectors of the reset) need, and no stylesheet request at all: the first response paints.
 * Pages that hydrate keep the shared stylesheet, because client-side navigation can show any class.
 *
 * The stylesheet (Tailwind's minified output: qualified rules nested in @layer/@media/@supports blocks, plus
 * @property and @keyframes) is parsed by PostCSS; what is kept is printed by PostCSS from the parsed nodes, so it
 * stays byte-for-byte the source text of each kept rule. A rule is kept when one of its comma-separated selectors
 * either names no class (element and universal selectors of the reset) or starts from a class the page uses
 * (Tailwind utilities start with their own class: `.dark\:bg-x:where(.dark,.dark *)`,
 * `.group-hover\:x:is(:where(.group):hover *)`). Keeping too much costs a few bytes; keeping too little would break
 * a page, so every doubt keeps the rule. Custom properties, @property and @keyframes are kept only when the kept
 * CSS refers to them.
 */
import postcss, { list, type AtRule, type ChildNode, type Container, type Root, type Rule } from 'postcss'

export type ParsedStylesheet = {
  root: Root
  /** Each qualified rule's subjects (selectorSubjects), worked out once per stylesheet rather than once per page. */
  subjects: WeakMap<Rule, string[] | null>
}

/** A CSS identifier with its escapes undone: `sm\:w-1\/2` -> `sm:w-1/2`, `\31 0` -> `10`. */
export function unescapeIdent(ident: string): string {
  return ident.replace(/\\([0-9a-fA-F]{1,6} ?|.)/g, (_, esc: string) =>
    /^[0-9a-fA-F]+ ?$/.test(esc) ? String.fromCodePoint(parseInt(esc.trim(), 16)) : esc,
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

const CLASS_TOKEN = /\.((?:\\[0-9a-fA-F]{1,6} ?|\\.|[\w-])+)/

/**
 * The class each selector of the list starts from, or null when one of them names no class at all (that rule
 * applies to any page). Only the part before any :is()/:where()/:not()/:has() counts as the start.
 */
export function selectorSubjects(selector: string): string[] | null {
  const subjects: string[] = []
  // PostCSS's own split of a selector list: commas inside (...) and quotes, and escaped ones, do not split.
  for (const part of list.comma(selector)) {
    const first = CLASS_TOKEN.exec(withoutArguments(part))
    if (first) {
      subjects.push(unescapeIdent(first[1]))
      continue
    }
    // A selector whose only classes sit inside a functional pseudo-class still needs one of them.
    const inner = [...part.matchAll(new RegExp(CLASS_TOKEN, 'g'))].map((m) => unescapeIdent(m[1]))
    if (inner.length === 0) return null
    subjects.push(...inner)
  }
  return subjects
}

export function parseStylesheet(css: string): ParsedStylesheet {
  const root = postcss.parse(css)
  const subjects = new WeakMap<Rule, string[] | null>()
  root.walkRules((rule) => {
    subjects.set(rule, selectorSubjects(rule.selector))
  })
  return { root, subjects }
}

// At-rules whose block holds rules that are cut one by one; any other at-rule with a block (@font-face, @page...)
// is kept whole, and @property/@keyframes are decided after the cut.
const GROUPING = new Set(['layer', 'media', 'supports', 'container', 'scope', 'starting-style'])
const isKeyframes = (node: AtRule) => /^(-webkit-)?keyframes$/i.test(node.name)

// Kept nodes are printed back to back, as minified CSS: no whitespace between or around them, and every statement
// at-rule (`@layer a,b`) ends with its `;`. Inside a kept rule, the source text is printed as it was.
const TIGHT = { before: '', after: '', between: '', semicolon: true }

/** A copy of a kept rule or at-rule (the parsed stylesheet is never changed), printed tight. */
function copyOf(node: ChildNode): ChildNode {
  const copy = node.clone()
  copy.raws.before = ''
  return copy
}

/** An at-rule's block holding only `children`. */
function shell(node: AtRule, children: ChildNode[]): AtRule {
  const copy = postcss.atRule({
    name: node.name,
    params: node.params,
    raws: { ...TIGHT, afterName: node.raws.afterName },
  })
  copy.append(children)
  return copy
}

function keptNode(sheet: ParsedStylesheet, node: ChildNode, classes: ReadonlySet<string>, top: boolean): ChildNode[] {
  if (node.type === 'comment') return []
  if (node.type === 'rule') {
    const subjects = sheet.subjects.get(node)
    return !subjects || subjects.some((s) => classes.has(s)) ? [copyOf(node)] : []
  }
  if (node.type !== 'atrule') return [copyOf(node)]
  const name = node.name.toLowerCase()
  if (name === 'property' || isKeyframes(node)) return []
  if (!node.nodes || !GROUPING.has(name)) return [copyOf(node)]
  if (top && name === 'layer' && node.params === 'properties') {
    // The @property fallback, its @supports test lifted (see criticalCss); kept even when empty, the prune drops it.
    const lifted = node.nodes.flatMap((child) =>
      child.type === 'atrule' && child.nodes && GROUPING.has(child.name.toLowerCase())
        ? keptChildren(sheet, child, classes)
        : keptNode(sheet, child, classes, false),
    )
    return [shell(node, lifted)]
  }
  const inner = keptChildren(sheet, node, classes)
  return inner.length ? [shell(node, inner)] : []
}

function keptChildren(sheet: ParsedStylesheet, container: Container, classes: ReadonlySet<string>): ChildNode[] {
  return (container.nodes ?? []).flatMap((child) => keptNode(sheet, child, classes, false))
}

const VAR_USE = /var\(\s*(--[\w-]+)/g

/** Removes every rule and block left with nothing inside, innermost first. */
function dropEmpty(container: Container): void {
  container.each((node) => {
    if ((node.type === 'rule' || node.type === 'atrule') && node.nodes) {
      dropEmpty(node)
      if (node.nodes.length === 0) node.remove()
    }
  })
}

/**
 * Drops declarations of custom properties that nothing in `root` reads (directly, or through another read
 * property's value). An unread custom property has no effect on rendering, so this only saves bytes: the theme's
 * colour palette and the --tw-* defaults shrink to what the page uses.
 */
function pruneCustomProperties(root: Root): void {
  const valuesOf = new Map<string, string[]>()
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
  root.walkDecls((decl) => {
    if (decl.prop.startsWith('--')) valuesOf.set(decl.prop, [...(valuesOf.get(decl.prop) ?? []), decl.value])
    else read(decl.value)
  })
  root.walkAtRules((atRule) => read(atRule.params))
  while (queue.length) for (const value of valuesOf.get(queue.pop()!) ?? []) read(value)
  root.walkDecls((decl) => {
    if (decl.prop.startsWith('--') && !used.has(decl.prop)) decl.remove()
  })
  dropEmpty(root)
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
  const kept = postcss.root({ raws: { ...TIGHT } })
  kept.append(sheet.root.nodes.flatMap((node) => keptNode(sheet, node, classes, true)))
  pruneCustomProperties(kept)
  const rules = kept.toString()
  let keyframes = ''
  sheet.root.walkAtRules((node) => {
    const name = node.params.trim().split(/\s+/)[0] ?? ''
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    if (isKeyframes(node) && name && new RegExp(`\\b${escaped}\\b`).test(rules)) keyframes += node.toString()
  })
  return rules + keyframes
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
