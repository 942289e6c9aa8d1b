import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { sql, type Kysely } from 'kysely'
import {
  parseSha256,
  stagingQuotaMb,
  VIDEO_CHUNK_BYTES,
  VIDEO_MESSAGES,
  VIDEO_STAGING_MAX_AGE_MS,
} from '~/lib/video/upload-rules'
import { db } from '~/utils/db.server'
import { getEnv } from '~/utils/env.server'
import { lockNamed } from '#db/dialect'
import type { Database } from '#db/schema'

// The resumable upload of a lecture's video (JavaScript on; docs/decisions/033-lecture-video.md and
// 040-video-upload-integrity.md): a `video_uploads` row per upload, its bytes written chunk by chunk to a staging file
// on this machine's disk (app/models/video/chunks.server.ts: each chunk claimed in the database, checked, and the
// whole file checked against the chunks before the upload is complete), so a client whose connection dropped asks for
// the offset and goes on from there. The form then names the upload (`videoUpload=<id>`) instead of carrying the file,
// and the action stores the staged file as it stores a file posted with the form (app/models/video/upload.server.ts).
// A form posted without JavaScript streams its file into the same folder. What uploads may hold there is bounded per
// staff member and in all (stagingQuotaMb); abandoned ones are swept by the scheduled sweep.

type Conn = Kysely<Database>

/** Where uploads wait on local disk: beside the database file (the data volume), never in memory or tmpfs. */
export function stagingDir(env = getEnv()): string {
  return path.join(path.dirname(path.resolve(env.DATABASE_PATH)), 'video-staging')
}

export const stagingFile = (id: string) => path.join(stagingDir(), id)
const ID = /^[0-9a-f]{24}$/

export type UploadSession = {
  id: string
  fileName: string
  size: number
  received: number
  /** The SHA-256 the client declared, if it did. */
  sha256: string | null
  /** The staged file's SHA-256 once it was checked whole (the upload is complete only then). */
  verifiedSha256: string | null
}

/**
 * Removes uploads nobody touched for a day (rows, their chunks, and files) and stray files of the folder as old (a
 * form post's partial file after a crash). Run by the scheduled sweep (app/models/sweep/sweep.server.ts) on every
 * instance, each of which removes the stale files of its own folder, and by each new upload's start.
 */
export async function sweepStaging(now = new Date(), conn: Conn = db): Promise<number> {
  const before = new Date(now.getTime() - VIDEO_STAGING_MAX_AGE_MS)
  const stale = await conn
    .selectFrom('video_uploads')
    .select('id')
    .where('updated_at', '<', before.toISOString())
    .execute()
  for (let i = 0; i < stale.length; i += 500) {
    const ids = stale.slice(i, i + 500).map((r) => r.id)
    await conn.deleteFrom('video_upload_chunks').where('upload_id', 'in', ids).execute()
    await conn.deleteFrom('video_uploads').where('id', 'in', ids).execute()
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

export type StartRefusal = { ok: false; status: 400 | 413 | 507; message: string }

/**
 * Starts an upload of `size` bytes named `fileName` for staff `userId`, with the file's SHA-256 if the client gives
 * one (checked once the upload is whole). Refused when it would take the uploads waiting in staging past the staff
 * member's quota (413) or everyone's (507): the sums and the insert run under one named lock, so two starts at once
 * cannot both take the last room.
 */
export async function startUpload(input: {
  userId: string
  fileName: unknown
  size: unknown
  sha256?: unknown
  now?: Date
}): Promise<{ ok: true; id: string; chunkSize: number } | StartRefusal> {
  const now = input.now ?? new Date()
  const size = typeof input.size === 'number' ? input.size : Number.NaN
  const fileName = typeof input.fileName === 'string' ? path.basename(input.fileName).trim().slice(0, 200) : ''
  if (!fileName) return { ok: false, status: 400, message: 'fileName: the name of the video file is required' }
  if (!Number.isSafeInteger(size) || size < 0)
    return { ok: false, status: 400, message: 'size: must be a whole number of bytes' }
  if (size === 0) return { ok: false, status: 400, message: VIDEO_MESSAGES.empty }
  const sha256 = input.sha256 === undefined || input.sha256 === null ? null : parseSha256(input.sha256)
  if (input.sha256 !== undefined && input.sha256 !== null && !sha256)
    return { ok: false, status: 400, message: VIDEO_MESSAGES.badChecksum }
  const env = getEnv()
  const maxMb = env.VIDEO_MAX_MB
  if (size > maxMb * 1024 * 1024) return { ok: false, status: 413, message: VIDEO_MESSAGES.tooLarge(maxMb) }
  await sweepStaging(now)
  const { staffMb, totalMb } = stagingQuotaMb(env)
  const id = crypto.randomBytes(12).toString('hex')
  const at = now.toISOString()
  const refusal = await db.transaction().execute(async (trx): Promise<StartRefusal | null> => {
    await lockNamed(trx, 'video-staging')
    const held = await trx
      .selectFrom('video_uploads')
      .select([
        sql<string | number>`coalesce(sum(size), 0)`.as('all'),
        sql<string | number>`coalesce(sum(case when user_id = ${input.userId} then size else 0 end), 0)`.as('mine'),
      ])
      .executeTakeFirstOrThrow()
    const mine = Number(held.mine)
    if (mine + size > staffMb * 1024 * 1024)
      return { ok: false, status: 413, message: VIDEO_MESSAGES.staffQuota(staffMb, mine) }
    if (Number(held.all) + size > totalMb * 1024 * 1024)
      return { ok: false, status: 507, message: VIDEO_MESSAGES.totalQuota(totalMb) }
    await trx
      .insertInto('video_uploads')
      .values({
        id,
        user_id: input.userId,
        file_name: fileName,
        size,
        received: 0,
        sha256,
        created_at: at,
        updated_at: at,
      })
      .execute()
    return null
  })
  if (refusal) return refusal
  await fs.promises.mkdir(stagingDir(), { recursive: true })
  await fs.promises.writeFile(stagingFile(id), new Uint8Array(0))
  return { ok: true, id, chunkSize: VIDEO_CHUNK_BYTES }
}

/** Upload `id` if it is `userId`'s own (another's is as unknown as a missing one). */
export async function uploadOf(id: string, userId: string, conn: Conn = db): Promise<UploadSession | null> {
  if (!ID.test(id)) return null
  const row = await conn
    .selectFrom('video_uploads')
    .select(['id', 'file_name', 'size', 'received', 'sha256', 'verified_sha256'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row
    ? {
        id: row.id,
        fileName: row.file_name,
        size: Number(row.size),
        received: Number(row.received),
        sha256: row.sha256,
        verifiedSha256: row.verified_sha256,
      }
    : null
}

/**
 * The complete staged file of upload `id`, if it is `userId`'s: its whole SHA-256 was verified when its last chunk
 * landed, and the file is read again here and must still be that (the stored copy is then checked against it by the
 * transcode). Null when unknown, another's, unfinished, or changed since.
 */
export async function stagedFile(
  id: string,
  userId: string,
): Promise<{ id: string; path: string; fileName: string; bytes: number; sha256: string } | null> {
  const upload = await uploadOf(id, userId)
  if (!upload || upload.received !== upload.size || !upload.verifiedSha256) return null
  const file = stagingFile(upload.id)
  const stat = await fs.promises.stat(file).catch(() => null)
  if (!stat || stat.size !== upload.size) return null
  if ((await sha256File(file).catch(() => null)) !== upload.verifiedSha256) return null
  return { id: upload.id, path: file, fileName: upload.fileName, bytes: upload.size, sha256: upload.verifiedSha256 }
}

/** Forgets upload `id` and removes its file (stored, refused or cancelled). */
export async function discardUpload(id: string): Promise<void> {
  if (!ID.test(id)) return
  await db.deleteFrom('video_upload_chunks').where('upload_id', '=', id).execute()
  await db.deleteFrom('video_uploads').where('id', '=', id).execute()
  await fs.promises.rm(stagingFile(id), { force: true })
}

/** The SHA-256 of a file on disk, in hex. */
export async function sha256File(file: string): Promise<string> {
  const hash = crypto.createHash('sha256')
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1024 * 1024 })) hash.update(chunk as Buffer)
  return hash.digest('hex')
}
