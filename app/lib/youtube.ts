// YouTube links (spec 1 §2: lectures and resources use YouTube embed URLs). Every embed on the site loads on
// click (issue 2 §6), so we need the id for a thumbnail and a plain watch link for the no-JS case.

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

export const youtubeWatchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`
export const youtubeThumbUrl = (id: string) => `https://i.ytimg.com/vi/${id}/hqdefault.jpg`
export const youtubeEmbedUrl = (id: string, autoplay = true) =>
  `https://www.youtube-nocookie.com/embed/${id}?rel=0${autoplay ? '&autoplay=1' : ''}`
