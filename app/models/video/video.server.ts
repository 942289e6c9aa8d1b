import crypto from 'node:crypto'
import type { Kysely, Selectable } from 'kysely'
import { deleteVideoFiles } from '~/services/storage.server'
import { db } from '~/utils/db.server'
import type { Database, VideoStatus, VideosTable } from '#db/schema'
import { isRungName, type RungName } from '~/lib/video/ladder'

// A lecture's own video (docs/decisions/033-lecture-video.md): one `videos` row per lecture, its files under
// `videos/{id}/` in storage. The row is also the transcode job (app/models/video/jobs.server.ts claims it). This file
// reads and replaces rows; it never decides who may watch (app/models/video/watch.server.ts does).

export type VideoRow = Selectable<VideosTable>

/** What staff and the player need of a video. */
export type VideoState = {
  id: string
  lectureId: string
  status: VideoStatus
  progress: number
  error: string | null
  rungs: RungName[]
  durationSeconds: number | null
}

export function videoState(row: VideoRow): VideoState {
  return {
    id: row.id,
    lectureId: row.lecture_id,
    status: row.status,
    progress: row.progress,
    error: row.error,
    rungs: parseRungs(row.rungs),
    durationSeconds: row.duration_seconds,
  }
}

export function parseRungs(json: string | null): RungName[] {
  if (!json) return []
  try {
    const value: unknown = JSON.parse(json)
    return Array.isArray(value) ? value.filter((v): v is RungName => typeof v === 'string' && isRungName(v)) : []
  } catch {
    return []
  }
}

export const newVideoId = () => crypto.randomBytes(12).toString('hex')

/** The video of a lecture, if it has one. */
export async function videoOfLecture(lectureId: string, conn: Kysely<Database> = db): Promise<VideoRow | undefined> {
  return conn.selectFrom('videos').selectAll().where('lecture_id', '=', lectureId).executeTakeFirst()
}

/** The videos of several lectures (a course's contents), by lecture id. */
export async function videosOfLectures(
  lectureIds: string[],
  conn: Kysely<Database> = db,
): Promise<Map<string, VideoState>> {
  const out = new Map<string, VideoState>()
  for (let i = 0; i < lectureIds.length; i += 500) {
    const rows = await conn
      .selectFrom('videos')
      .selectAll()
      .where('lecture_id', 'in', lectureIds.slice(i, i + 500))
      .execute()
    for (const row of rows) out.set(row.lecture_id, videoState(row))
  }
  return out
}

/**
 * Gives lecture `lectureId` the uploaded video already stored at `sourceKey` (under `videos/{videoId}/`), queued for
 * its transcode. A video the lecture had is replaced: its row goes in the same transaction, its files after the
 * commit (a rolled-back change never loses a file in use).
 */
export async function attachVideo(
  input: {
    videoId: string
    lectureId: string
    sourceKey: string
    sourceName: string
    sourceBytes: number
    /** SHA-256 of the stored source, checked by the transcode before ffmpeg reads it. */
    sourceSha256?: string | null
    createdBy: string | null
    now?: Date
  },
  conn: Kysely<Database> = db,
): Promise<void> {
  const at = (input.now ?? new Date()).toISOString()
  // Inside a caller's transaction (the lecture written with its video) it joins that one.
  const inTransaction = (work: (trx: Kysely<Database>) => Promise<string[]>) =>
    conn.isTransaction ? work(conn) : conn.transaction().execute(work)
  const replaced = await inTransaction(async (trx) => {
    const old = await trx.selectFrom('videos').select('id').where('lecture_id', '=', input.lectureId).execute()
    if (old.length) await trx.deleteFrom('videos').where('lecture_id', '=', input.lectureId).execute()
    await trx
      .insertInto('videos')
      .values({
        id: input.videoId,
        lecture_id: input.lectureId,
        status: 'queued',
        progress: 0,
        source_key: input.sourceKey,
        source_name: input.sourceName,
        source_bytes: input.sourceBytes,
        source_sha256: input.sourceSha256 ?? null,
        created_by: input.createdBy,
        created_at: at,
        updated_at: at,
      })
      .execute()
    return old.map((r) => r.id)
  })
  await Promise.all(replaced.map((id) => removeVideoFiles(id)))
}

/**
 * Deletes the files of videos whose rows are gone (a lecture deleted, a video replaced): after the commit, logged
 * and never raised, as app/services/storage.server's deleteOwnFiles.
 */
export async function removeVideoFiles(videoId: string): Promise<void> {
  await deleteVideoFiles(videoId).catch((error: unknown) =>
    console.error(`[video] could not delete the files of ${videoId}:`, error),
  )
}

/** Staff's 'Retry' of a failed video: queued again from the start (its upload is kept until it is ready). */
export async function retryVideo(videoId: string, now = new Date(), conn: Kysely<Database> = db): Promise<boolean> {
  const result = await conn
    .updateTable('videos')
    .set({
      status: 'queued',
      progress: 0,
      error: null,
      tries: 0,
      lease_owner: null,
      lease_until: null,
      lease_token: null,
      updated_at: now.toISOString(),
    })
    .where('id', '=', videoId)
    .where('status', '=', 'failed')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
