import fs from 'node:fs'
import path from 'node:path'

// The first view's small images travel inside the HTML. A page's largest paint is often its first
// course card's image; fetched on its own it costs a new connection and a round trip after the page (on 2G,
// ~0.3 s after the text is already there). Our own card and poster images are tiny SVGs (~0.5 KB), so an image
// the page marks as first-view (`fetchpriority="high"`) that is one of our static SVGs up to 1 KB becomes a
// data: URL, and the <link rel="preload"> React wrote for it goes. Larger images, photos and uploads stay links.

const CLIENT_DIR = path.resolve(process.env.BUILD_DIR ?? 'build', 'client')
const MAX_BYTES = 1024
const PRIORITY_IMG = /<img\b[^>]*\bfetchPriority="high"[^>]*>|<img\b[^>]*\bfetchpriority="high"[^>]*>/g
const cache = new Map<string, string | null>()

/** The data: URL of a static SVG of ours up to MAX_BYTES, else null. */
function dataUrlOf(src: string, clientDir: string): string | null {
  const key = `${clientDir}\n${src}`
  if (!cache.has(key)) {
    let url: string | null = null
    if (/^\/images\/[\w/.-]+\.svg$/.test(src) && !src.includes('..')) {
      try {
        const file = path.join(clientDir, src)
        if (fs.statSync(file).size <= MAX_BYTES) {
          // Percent-encode only what a data: URL in an attribute needs (smaller than base64).
          const svg = fs.readFileSync(file, 'utf8').trim().replace(/\s+/g, ' ')
          url = `data:image/svg+xml,${svg.replace(/"/g, "'").replace(/[%#<>?&\n]/g, encodeURIComponent)}`
        }
      } catch {
        url = null
      }
    }
    cache.set(key, url)
  }
  return cache.get(key) ?? null
}

const ANY_IMG = /<img\b[^>]*>/g

/**
 * `clientDir`: where the files of /images live (the client build; tests pass public/). `all`: every image of the page
 * that is one of our small static SVGs, first view or not (a page that must paint from its HTML alone: the header's
 * logo and default avatar would each be a request before the first paint).
 */
export function inlineFirstViewImages(html: string, clientDir = CLIENT_DIR, { all = false } = {}): string {
  const inlined = new Set<string>()
  let out = html.replace(all ? ANY_IMG : PRIORITY_IMG, (tag) => {
    const src = tag.match(/\ssrc="([^"]+)"/)?.[1]
    const url = src ? dataUrlOf(src, clientDir) : null
    if (!src || !url) return tag
    inlined.add(src)
    return tag.replace(` src="${src}"`, ` src="${url}"`)
  })
  for (const src of inlined) {
    out = out.replace(
      new RegExp(`<link rel="preload" as="image" href="${src.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`),
      '',
    )
  }
  return out
}
