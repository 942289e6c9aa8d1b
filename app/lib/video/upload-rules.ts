// The rules of a lecture video's upload (docs/decisions/033-lecture-video.md), pure, shared by the server's checks,
// the resumable upload's client (app/components/video/video-upload-field.tsx) and the tests.

/**
 * The longest video accepted. A lecture is at most a few hours; six hours leaves room for a full-day revision
 * class recorded in one go, while bounding what one upload costs the transcoder (about an hour of CPU per hour of
 * source across the ladder on a small machine) and the learners' storage.
 */
export const VIDEO_MAX_SECONDS = 6 * 60 * 60

/**
 * The resumable upload's chunk: big enough that a 2 GB upload is a few hundred requests, small enough that a chunk
 * lost to a dropped 3G connection costs seconds, not minutes, to send again.
 */
export const VIDEO_CHUNK_BYTES = 8 * 1024 * 1024

/** A staging file untouched this long is an abandoned upload, removed by the next upload's start. */
export const VIDEO_STAGING_MAX_AGE_MS = 24 * 60 * 60 * 1000

/** The file picker's filter (the bytes are checked on the server whatever the browser lets through). */
export const VIDEO_ACCEPT = 'video/mp4,video/quicktime,video/x-matroska,video/webm,.mp4,.mov,.mkv,.webm'

/** "2 GB", "500 MB": a size limit in megabytes as people read it. */
export function megabytesLabel(mb: number): string {
  return mb >= 1024 && mb % 1024 === 0 ? `${String(mb / 1024)} GB` : `${String(mb)} MB`
}

/** "6 hours", "90 minutes". */
export function durationLabel(seconds: number): string {
  return seconds % 3600 === 0 ? `${String(seconds / 3600)} hours` : `${String(Math.round(seconds / 60))} minutes`
}

export const VIDEO_MESSAGES = {
  tooLarge: (maxMb: number) => `The video is too large (at most ${megabytesLabel(maxMb)})`,
  notVideo: 'The file is not an MP4, MOV, MKV or WebM video',
  unreadable: (reason: string) => `ffmpeg cannot read this video: ${reason}`,
  tooLong: `The video is too long (at most ${durationLabel(VIDEO_MAX_SECONDS)})`,
  missing: 'Give a video URL or choose a video file',
  empty: 'The video file is empty',
  uploadGone: 'The uploaded video was not found or is not complete: please choose the file again',
} as const

/** Parses a `Content-Range: bytes <start>-<end>/<size>` header; null when it is not one. */
export function parseContentRange(value: string | null): { start: number; end: number; size: number } | null {
  const m = /^bytes (\d{1,15})-(\d{1,15})\/(\d{1,15})$/.exec((value ?? '').trim())
  if (!m) return null
  const [start, end, size] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (end < start || end >= size) return null
  return { start, end, size }
}

/** How long the client waits before its `attempt`-th retry after a dropped connection (1 s doubling, at most 30 s). */
export const retryDelayMs = (attempt: number) => Math.min(30_000, 1000 * 2 ** Math.max(0, attempt))
