import MarkdownIt from 'markdown-it'
import type { Token } from 'markdown-it'

// The images a piece of question markup names, read by markdown-it (the parser the renderer uses), so what counts
// as an image here is exactly what renders as one: `![alt](name)`, `![alt](<name>)`, `![alt](name "title")`, in
// lists and tables alike, and not a `\!`-escaped or code-spanned one. Server code only (the import and the
// model); it never reaches the browser.

const md = new MarkdownIt('default', { html: false, linkify: false })

export type ImageRef = { name: string; alt: string }

const decode = (s: string) => {
  try {
    return decodeURI(s)
  } catch {
    return s
  }
}

const textOf = (tokens: Token[]): string => tokens.map((t) => (t.children ? textOf(t.children) : t.content)).join('')

function collect(tokens: Token[], out: ImageRef[]) {
  for (const token of tokens) {
    if (token.type === 'image')
      out.push({ name: decode(String(token.attrGet('src') ?? '')), alt: textOf(token.children ?? []).trim() })
    if (token.children) collect(token.children, out)
  }
}

/** Every image the markup names, in order of appearance (a name may repeat). */
export function imageRefs(source: string | null | undefined): ImageRef[] {
  if (!source || !source.includes('](')) return []
  const out: ImageRef[] = []
  collect(md.parse(source, {}), out)
  return out
}

/** Whether the markup names the image `name` (a cheap text test first: most fields name no image). */
export function namesImage(source: string | null | undefined, name: string): boolean {
  if (!source || !source.includes(name)) return false
  return imageRefs(source).some((r) => r.name === name)
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The markup with image names replaced (`renames`: old -> new), only where they are an image's target,
 * `![alt](old)`, `![alt](<old>)` or `![alt](old "title")`: an import renames a file whose name was taken or not one
 * staff can type, and the questions follow it.
 */
export function renameImageRefs(source: string, renames: ReadonlyMap<string, string>): string {
  let out = source
  for (const [from, to] of renames) {
    if (from === to || !out.includes(from)) continue
    const target = new RegExp(`(!\\[(?:\\\\.|[^\\]\\\\])*\\]\\(\\s*<?)${escapeRegExp(from)}(?=>?(?:\\s|\\)))`, 'g')
    out = out.replace(target, (_, head: string) => `${head}${to}`)
  }
  return out
}
