// YouTube links (lectures and resources use YouTube embed URLs). Every embed on the site loads on
// a tap from a script-free facade document in an <iframe srcdoc>: it needs the id
// for a thumbnail and the embed URL its link navigates the frame to.

const ID = /^[A-Za-z0-9_-]{11}$/

/** The 11-character video id of a YouTube embed, watch or short link; null when it is not one. */
export function youtubeId(url: string): string | null {
  let u: URL
  try {
    u = new URL(url.trim())
  } catch {
    return null
  }
  const host = u.hostname.replace(/^www\.|^m\./, '')
  let id: string | null = null
  if (host === 'youtu.be') id = u.pathname.slice(1).split('/')[0]
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const parts = u.pathname.split('/').filter(Boolean)
    if (parts[0] === 'watch') id = u.searchParams.get('v')
    else if (['embed', 'shorts', 'live', 'v'].includes(parts[0])) id = parts[1] ?? null
  }
  return id && ID.test(id) ? id : null
}

export const youtubeThumbUrl = (id: string) => `https://i.ytimg.com/vi/${id}/hqdefault.jpg`
export const youtubeEmbedUrl = (id: string, autoplay = true) =>
  `https://www.youtube-nocookie.com/embed/${id}?rel=0${autoplay ? '&autoplay=1' : ''}`

/** Our own poster (public/), shown under the thumbnail: when i.ytimg.com cannot load, this is what remains. */
export const VIDEO_FALLBACK_POSTER = '/images/video-poster.svg'
/** Under a poster of our own: the poster's colours, with no request and nothing to decode. */
export const POSTER_GRADIENT = 'linear-gradient(135deg,#064e3b,#0e7490)'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * A CSS string literal for url(): every character outside a plain-URL set becomes a CSS hex escape, so neither a
 * quote nor `</style>` can leave the literal (the text sits in a raw <style> element, where entities do not work).
 */
const cssUrl = (url: string) =>
  `url("${url.replace(/[^A-Za-z0-9/:._~?=&%+-]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `)}")`

/**
 * The facade of a YouTube video as a whole HTML document, for an `<iframe srcdoc>`. Its only
 * content is one link over the thumbnail, a play button and the title; the link points at the embed URL, so a
 * tap navigates the frame itself to the player: the video plays in the page with no script of ours, JS on or
 * off, and YouTube is contacted only on that tap. The thumbnail and our poster are layered CSS
 * backgrounds: a thumbnail that fails to load simply leaves the poster visible, never a broken image.
 * The document inherits the page's CSP (inline style allowed; images from us and i.ytimg.com).
 */
export function videoFacadeDoc({ id, title, poster }: { id: string; title: string; poster?: string }): string {
  // A thumbnail from i.ytimg.com gets our SVG poster under it. A poster of our own gets only the gradient: it is
  // served like the page, and every SVG image is one more document for the phone's main thread while the page
  // loads (nothing after the first paint may block it).
  const images = poster
    ? `${cssUrl(poster)},${POSTER_GRADIENT}`
    : [youtubeThumbUrl(id), VIDEO_FALLBACK_POSTER].map(cssUrl).join(',')
  const style = [
    'html,body{margin:0;height:100%;overflow:hidden;background:#0f172a}',
    `a{position:absolute;inset:0;display:flex;align-items:center;justify-content:center;color:#fff;text-decoration:none;font:500 14px/1.4 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#0f172a center/cover no-repeat;background-image:${images}}`,
    'i{display:flex;width:80px;height:56px;align-items:center;justify-content:center;border-radius:16px;background:#dc2626;box-shadow:0 4px 12px rgba(0,0,0,.4);transition:transform .15s}',
    'a:hover i,a:focus-visible i{transform:scale(1.06)}',
    'a:focus-visible{outline:3px solid #fbbf24;outline-offset:-3px}',
    'b{position:absolute;left:0;right:0;bottom:0;padding:12px;font-weight:500;background:linear-gradient(to top,rgba(0,0,0,.75),transparent)}',
    '.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}',
  ].join('')
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${style}</style></head><body>` +
    `<a href="${escapeHtml(youtubeEmbedUrl(id, true))}">` +
    '<i><svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" fill="#fff"><path d="M8 5v14l11-7z"/></svg></i>' +
    `<b><span class="sr">Play video: </span>${escapeHtml(title)}</b></a></body></html>`
  )
}
