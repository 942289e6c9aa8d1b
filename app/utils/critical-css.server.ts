import fs from 'node:fs'
import path from 'node:path'
import { classesInHtml, criticalCss, parseStylesheet, type ParsedStylesheet } from '~/lib/critical-css'

// Inlines, in place of each stylesheet link of a page that does not hydrate, the rules that page uses
// (app/lib/critical-css.ts). The stylesheet is read from the client build next to the server
// build once per process; the cut for a given set of classes is remembered, since pages share them.

// The browser's files, found as server.js finds them (BUILD_DIR, else ./build).
const CLIENT_DIR = path.resolve(process.env.BUILD_DIR ?? 'build', 'client')
const STYLESHEET_LINK = /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="(\/assets\/[\w.-]+\.css)"[^>]*>/g

const sheets = new Map<string, ParsedStylesheet | null>()
const cuts = new Map<string, string>()
const MAX_CUTS = 256

function sheetAt(href: string): ParsedStylesheet | null {
  if (!sheets.has(href)) {
    let sheet: ParsedStylesheet | null = null
    try {
      sheet = parseStylesheet(fs.readFileSync(path.join(CLIENT_DIR, href), 'utf8'))
    } catch (error) {
      // The page keeps its <link>: slower, never unstyled.
      console.error(`[critical-css] cannot read ${href}: ${error instanceof Error ? error.message : error}`)
    }
    sheets.set(href, sheet)
  }
  return sheets.get(href) ?? null
}

/**
 * The page with its stylesheet links replaced by the CSS it uses; unchanged when a stylesheet is unreadable.
 * `keepSheet`: a page that hydrates later keeps each stylesheet link too, without its address (`data-href`: nothing
 * is fetched before the first paint), for its after-load script to switch on (app/utils/after-load.server.ts) before
 * the page's scripts can render anything the cut left out.
 */
export function inlineCriticalCss(html: string, { keepSheet = false }: { keepSheet?: boolean } = {}): string {
  let classes: Set<string> | null = null
  let signature = ''
  return html.replace(STYLESHEET_LINK, (link, href: string) => {
    const sheet = sheetAt(href)
    if (!sheet) return link
    if (!classes) {
      classes = classesInHtml(html)
      signature = [...classes].sort().join(' ')
    }
    const key = `${href}\n${signature}`
    let css = cuts.get(key)
    if (css === undefined) {
      css = criticalCss(sheet, classes)
      if (cuts.size >= MAX_CUTS) cuts.delete(cuts.keys().next().value!)
      cuts.set(key, css)
    }
    // `</style` cannot occur in Tailwind's output; guard anyway so CSS can never end the element early.
    const style = `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`
    // Kept without its href, so nothing is fetched before the first paint; the after-load script sets it.
    return keepSheet ? `${style}<link rel="stylesheet" data-href="${href}" data-after-load=""/>` : style
  })
}
