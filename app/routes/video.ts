import { Readable } from 'node:stream'
import { getUser } from '~/auth/session.server'
import { readVideoToken } from '~/models/video/tokens.server'
import { downloadName, streamPermit, type StreamAnswer } from '~/models/video/watch.server'
import { getStorage, VIDEO_KEY_PATTERN, videoContentType, type ByteRange } from '~/services/storage.server'
import { getSessionId } from '~/utils/session-cookie.server'
import type { Route } from './+types/video'

// A lecture video's files (docs/decisions/033-lecture-video.md): /video/<token>/hls/master.m3u8, /hls/<rung>/...,
// /small.mp4, /poster.jpg and /download (the small MP4 as an attachment). The token (app/models/video/tokens.server.ts)
// names the video and the learner; every request checks it, that the session is that learner's, and that they may
// still watch (app/models/video/watch.server.ts `streamPermit`, remembered a few seconds, since a player asks for a
// segment every 2 seconds). Refusals are plain-text 403s the player shows. Only the ladder's own names are served
// (VIDEO_KEY_PATTERN), never the upload (`source.*`).
//
// Local storage streams the file here, with Range (a <video> seeks by ranges). With S3 the media files are a 302 to
// a presigned address valid 5 minutes (the bytes go from the bucket, not through this machine); playlists are a few
// hundred bytes and their relative URIs must resolve under /video/<token>/, so they are always served from here.
// Cache-Control is private (the learner's browser only, never a shared cache) for at most the token's remaining
// life. Media types are not compressed by server.js's compression middleware (not 'compressible' types).

const PRESIGN_SECONDS = 5 * 60
const text = (status: number, body: string, extra: HeadersInit = {}) =>
  new Response(body, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store', ...extra },
  })

const REFUSALS: Record<Exclude<StreamAnswer, { ok: true }>['reason'], string> = {
  'signed-out': 'Sign in to watch this video.',
  foreign: 'This video address belongs to another account. Open the lecture while signed in as yourself.',
  'no-access': 'You do not have access to this video now.',
}
export const EXPIRED_MESSAGE = 'This video address has expired. Reload the page.'

/** A single `bytes=` range; undefined for none or one we do not serve (several ranges: the whole file, as allowed). */
function parseRange(header: string | null): ByteRange | { suffix: number } | 'bad' | undefined {
  if (!header) return undefined
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!m) return header.includes(',') ? undefined : 'bad'
  const [, from, to] = m
  if (from === '' && to === '') return 'bad'
  if (from === '') return { suffix: Number(to) }
  const start = Number(from)
  const end = to === '' ? undefined : Number(to)
  if (end !== undefined && end < start) return 'bad'
  return { start, end }
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const token = readVideoToken(params.token)
  if (token === 'expired') return text(403, EXPIRED_MESSAGE)
  if (!token) return text(403, EXPIRED_MESSAGE)
  const file = params['*'] ?? ''
  const download = file === 'download'
  const key = `videos/${token.videoId}/${download ? 'small.mp4' : file}`
  if (!VIDEO_KEY_PATTERN.test(key) || /\/source\.[a-z0-9]+$/.test(key)) return text(404, 'Not found')

  const permit = await streamPermit(await getSessionId(request), token.userId, token.videoId, () => getUser(request))
  if (!permit.ok) return text(403, REFUSALS[permit.reason])

  const maxAge = Math.max(0, Math.floor((token.expiresAt.getTime() - Date.now()) / 1000))
  const headers = new Headers({
    'Cache-Control': `private, max-age=${String(maxAge)}`,
    'X-Content-Type-Options': 'nosniff',
  })
  const filename = downloadName(permit.lectureTitle)
  if (download) headers.set('Content-Disposition', `attachment; filename="${filename.replace(/"/g, '')}"`)

  const storage = getStorage()
  const playlist = key.endsWith('.m3u8')
  if (!playlist) {
    const presigned = await storage.presign(key, PRESIGN_SECONDS, download ? filename : undefined)
    if (presigned) {
      headers.set('Location', presigned)
      // The presigned address lives 5 minutes: the redirect itself must not be kept longer.
      headers.set('Cache-Control', 'private, max-age=60')
      return new Response(null, { status: 302, headers })
    }
  }

  let range = playlist ? undefined : parseRange(request.headers.get('Range'))
  if (range === 'bad') range = undefined
  if (range && 'suffix' in range) {
    // 'the last N bytes': the size is needed first.
    const probe = await storage.read(key, { start: 0, end: 0 })
    if (!probe) return text(404, 'Not found')
    probe.stream.destroy()
    range = { start: Math.max(0, probe.size - range.suffix) }
    if (probe.size === 0) range = undefined
  }
  const opened = await storage.read(key, range)
  if (!opened) return text(404, 'Not found')
  headers.set('Accept-Ranges', 'bytes')
  headers.set('Content-Type', videoContentType(key))
  if (range && opened.start > opened.end) {
    opened.stream.destroy()
    headers.set('Content-Range', `bytes */${String(opened.size)}`)
    headers.delete('Content-Disposition')
    return new Response(null, { status: 416, headers })
  }
  headers.set('Content-Length', String(opened.end - opened.start + 1))
  if (range) headers.set('Content-Range', `bytes ${String(opened.start)}-${String(opened.end)}/${String(opened.size)}`)
  // HEAD: React Router drops the body, so the open file is closed here rather than left to the garbage collector.
  if (request.method === 'HEAD') {
    opened.stream.destroy()
    return new Response(null, { status: range ? 206 : 200, headers })
  }
  const body = Readable.toWeb(opened.stream) as ReadableStream<Uint8Array>
  return new Response(body, { status: range ? 206 : 200, headers })
}
