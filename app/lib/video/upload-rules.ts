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

/**
 * A staging file untouched this long is an abandoned upload, removed by the scheduled sweep (and by the next upload's
 * start).
 */
export const VIDEO_STAGING_MAX_AGE_MS = 24 * 60 * 60 * 1000

/**
 * The staging space resumable uploads may hold (docs/decisions/040-video-upload-integrity.md), in MB: per staff
 * member, by default room for a largest upload resumed while another starts; in all, by default four largest
 * uploads, so abandoned uploads can never fill the disk the database lives on.
 */
export function stagingQuotaMb(env: {
  VIDEO_MAX_MB: number
  VIDEO_STAGING_STAFF_MB?: number
  VIDEO_STAGING_TOTAL_MB?: number
}) {
  return {
    staffMb: env.VIDEO_STAGING_STAFF_MB ?? 2 * env.VIDEO_MAX_MB,
    totalMb: env.VIDEO_STAGING_TOTAL_MB ?? 4 * env.VIDEO_MAX_MB,
  }
}

/** A SHA-256 as the client may declare it (64 hex digits, either case), lower-cased; null when it is not one. */
export function parseSha256(value: unknown): string | null {
  return typeof value === 'string' && /^[0-9a-fA-F]{64}$/.test(value.trim()) ? value.trim().toLowerCase() : null
}

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
  checksum: 'The uploaded file does not match its SHA-256 checksum: please choose the file again',
  badChecksum: "sha256: must be the 64 hex digits of the file's SHA-256",
  partLost: (offset: number) =>
    `Part of the upload was lost on the server: sending it again from byte ${String(offset)}`,
  chunkBusy: 'This part of the upload is still arriving from an earlier try: trying again shortly',
  staffQuota: (quotaMb: number, heldBytes: number) =>
    `Your unfinished video uploads already hold ${bytesLabel(heldBytes)} of your ${megabytesLabel(quotaMb)}: finish ` +
    'or cancel them first (an upload left untouched for a day is removed)',
  totalQuota: (quotaMb: number) =>
    `The server's space for video uploads (${megabytesLabel(quotaMb)}) is full: try again once other uploads finish`,
  storedChanged:
    'The uploaded file in storage is not the file that was uploaded (its length or SHA-256 differs): upload the video again',
} as const

/** "1.5 GB", "300 MB", "12 KB": a size in bytes as people read it (one decimal from a gigabyte up). */
export function bytesLabel(bytes: number): string {
  const mb = bytes / (1024 * 1024)
  if (mb >= 1024) return `${String(Math.round((mb / 1024) * 10) / 10)} GB`
  if (mb >= 1) return `${String(Math.round(mb))} MB`
  return `${String(Math.ceil(bytes / 1024))} KB`
}

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
