import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { VIDEO_CHUNK_BYTES, VIDEO_MESSAGES, VIDEO_STAGING_MAX_AGE_MS } from '~/lib/video/upload-rules'
import { db } from '~/utils/db.server'
import { getEnv } from '~/utils/env.server'

// The resumable upload of a lecture's video (JavaScript on; docs/decisions/033-lecture-video.md): a `video_uploads`
// row per upload, its bytes appended chunk by chunk to a staging file on this machine's disk, each chunk accepted only
// at the offset received so far, so a client whose connection dropped asks for the offset and goes on from there.
// The form then names the upload (`videoUpload=<id>`) instead of carrying the file, and the action stores the
// staged file as it stores a file posted with the form (app/models/video/upload.server.ts). A form posted without
// JavaScript streams its file into the same folder.

/** Where uploads wait on local disk: beside the database file (the data volume), never in memory or tmpfs. */
export function stagingDir(env = getEnv()): string {
  return path.join(path.dirname(path.resolve(env.DATABASE_PATH)), 'video-staging')
}

const stagingFile = (id: string) => path.join(stagingDir(), id)
const ID = /^[0-9a-f]{24}$/

export type UploadSession = { id: string; fileName: string; size: number; received: number }

/**
 * Removes uploads nobody touched for a day (rows and files) and stray files of the folder as old (a form post's
 * partial file after a crash). Cheap, so each new upload runs it instead of a scheduled job.
 */
export async function sweepStaging(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - VIDEO_STAGING_MAX_AGE_MS)
  const stale = await db
    .selectFrom('video_uploads')
    .select('id')
    .where('updated_at', '<', before.toISOString())
    .execute()
  if (stale.length) {
    await db
      .deleteFrom('video_uploads')
      .where(
        'id',
        'in',
        stale.map((r) => r.id),
      )
      .execute()
  }
  const dir = stagingDir()
  let removed = 0
  for (const name of await fs.promises.readdir(dir).catch(() => [] as string[])) {
    const file = path.join(dir, name)
    const stat = await fs.promises.stat(file).catch(() => null)
    if (stat?.isFile() && stat.mtimeMs < before.getTime()) {
      await fs.promises.rm(file, { force: true })
      removed++
    }
  }
  for (const { id } of stale) await fs.promises.rm(stagingFile(id), { force: true })
  return removed + stale.length
}

export type StartRefusal = { ok: false; status: 400 | 413; message: string }

/** Starts an upload of `size` bytes named `fileName` for staff `userId`. */
export async function startUpload(input: {
  userId: string
  fileName: unknown
  size: unknown
  now?: Date
}): Promise<{ ok: true; id: string; chunkSize: number } | StartRefusal> {
  const now = input.now ?? new Date()
  const size = typeof input.size === 'number' ? input.size : Number.NaN
  const fileName = typeof input.fileName === 'string' ? path.basename(input.fileName).trim().slice(0, 200) : ''
  if (!fileName) return { ok: false, status: 400, message: 'fileName: the name of the video file is required' }
  if (!Number.isSafeInteger(size) || size < 0)
    return { ok: false, status: 400, message: 'size: must be a whole number of bytes' }
  if (size === 0) return { ok: false, status: 400, message: VIDEO_MESSAGES.empty }
  const maxMb = getEnv().VIDEO_MAX_MB
  if (size > maxMb * 1024 * 1024) return { ok: false, status: 413, message: VIDEO_MESSAGES.tooLarge(maxMb) }
  await sweepStaging(now)
  const id = crypto.randomBytes(12).toString('hex')
  await fs.promises.mkdir(stagingDir(), { recursive: true })
  await fs.promises.writeFile(stagingFile(id), new Uint8Array(0))
  const at = now.toISOString()
  await db
    .insertInto('video_uploads')
    .values({ id, user_id: input.userId, file_name: fileName, size, received: 0, created_at: at, updated_at: at })
    .execute()
  return { ok: true, id, chunkSize: VIDEO_CHUNK_BYTES }
}

/** Upload `id` if it is `userId`'s own (another's is as unknown as a missing one). */
export async function uploadOf(id: string, userId: string): Promise<UploadSession | null> {
  if (!ID.test(id)) return null
  const row = await db
    .selectFrom('video_uploads')
    .select(['id', 'file_name', 'size', 'received'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row ? { id: row.id, fileName: row.file_name, size: Number(row.size), received: Number(row.received) } : null
}

export type ChunkOutcome =
  | { ok: true; received: number; complete: boolean; upload: UploadSession; path: string }
  | { ok: false; status: 400 | 404 | 409 | 413; message: string; received?: number }

/** Chunks of one upload are written one at a time (a retried chunk racing its first try waits its turn). */
const busy = new Set<string>()

/**
 * Appends bytes `start`..`end` of an upload of `size` bytes from `body`, only when `start` is the offset received so
 * far (else 409 with that offset). A chunk that arrives short (the connection dropped mid-chunk) is cut back off, so
 * the file always holds exactly the bytes counted as received.
 */
export async function appendChunk(input: {
  id: string
  userId: string
  range: { start: number; end: number; size: number }
  body: ReadableStream<Uint8Array> | null
  now?: Date
}): Promise<ChunkOutcome> {
  const upload = await uploadOf(input.id, input.userId)
  if (!upload) return { ok: false, status: 404, message: 'Upload not found' }
  const { start, end, size } = input.range
  if (size !== upload.size)
    return { ok: false, status: 400, message: `Content-Range: the upload is ${upload.size} bytes` }
  if (end - start + 1 > VIDEO_CHUNK_BYTES)
    return { ok: false, status: 413, message: `A chunk is at most ${VIDEO_CHUNK_BYTES} bytes` }
  if (busy.has(upload.id) || start !== upload.received)
    return { ok: false, status: 409, message: `Expected the chunk at ${upload.received}`, received: upload.received }
  busy.add(upload.id)
  const file = stagingFile(upload.id)
  try {
    // The file holds exactly `received` bytes (a crash mid-write may have left more).
    await fs.promises.truncate(file, upload.received).catch(async () => {
      await fs.promises.mkdir(stagingDir(), { recursive: true })
      await fs.promises.writeFile(file, new Uint8Array(0))
    })
    const expected = end - start + 1
    const wrote = await appendBody(file, input.body, expected)
    if (wrote !== expected) {
      await fs.promises.truncate(file, upload.received)
      return {
        ok: false,
        status: wrote > expected ? 413 : 400,
        message: `The chunk was ${wrote > expected ? 'longer' : 'shorter'} than its Content-Range`,
        received: upload.received,
      }
    }
    const received = end + 1
    await db
      .updateTable('video_uploads')
      .set({ received, updated_at: (input.now ?? new Date()).toISOString() })
      .where('id', '=', upload.id)
      .execute()
    return { ok: true, received, complete: received === upload.size, upload: { ...upload, received }, path: file }
  } finally {
    busy.delete(upload.id)
  }
}

/** Appends at most `limit` + 1 bytes of `body` to `file`; how many arrived (limit + 1: too many). */
async function appendBody(file: string, body: ReadableStream<Uint8Array> | null, limit: number): Promise<number> {
  if (!body) return 0
  const out = fs.createWriteStream(file, { flags: 'a' })
  const reader = body.getReader()
  let count = 0
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>
      try {
        chunk = await reader.read()
      } catch {
        break // the connection dropped: what arrived is cut back off by the caller
      }
      if (chunk.done) break
      count += chunk.value.byteLength
      if (count > limit) {
        await reader.cancel().catch(() => {})
        break
      }
      if (!out.write(chunk.value)) await new Promise<void>((resolve) => out.once('drain', () => resolve()))
    }
  } finally {
    await new Promise<void>((resolve) => out.end(() => resolve()))
  }
  return count
}

/** The complete staged file of upload `id`, if it is `userId`'s; null when unknown, another's or unfinished. */
export async function stagedFile(
  id: string,
  userId: string,
): Promise<{ id: string; path: string; fileName: string; bytes: number } | null> {
  const upload = await uploadOf(id, userId)
  if (!upload || upload.received !== upload.size) return null
  const file = stagingFile(upload.id)
  const stat = await fs.promises.stat(file).catch(() => null)
  if (!stat || stat.size !== upload.size) return null
  return { id: upload.id, path: file, fileName: upload.fileName, bytes: upload.size }
}

/** Forgets upload `id` and removes its file (stored, refused or cancelled). */
export async function discardUpload(id: string): Promise<void> {
  if (!ID.test(id)) return
  await db.deleteFrom('video_uploads').where('id', '=', id).execute()
  await fs.promises.rm(stagingFile(id), { force: true })
}
