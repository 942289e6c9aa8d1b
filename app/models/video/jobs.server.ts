import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { sql, type ExpressionBuilder, type Kysely } from 'kysely'
import { kindOfKey } from '~/lib/video/container'
import { VIDEO_MAX_SECONDS, VIDEO_MESSAGES } from '~/lib/video/upload-rules'
import { probeVideo } from '~/models/video/probe.server'
import { transcodedFiles, transcodeLadder, TranscodeError } from '~/models/video/transcode.server'
import { removeVideoFiles, type VideoRow } from '~/models/video/video.server'
import { getStorage, VIDEO_KEY_PATTERN, videoContentType, videoPrefix, type Storage } from '~/services/storage.server'
import { db } from '~/utils/db.server'
import { getEnv } from '~/utils/env.server'
import type { Database } from '#db/schema'

// The transcode jobs (docs/decisions/033-lecture-video.md): a `videos` row is the job, claimed with a lease, so jobs
// survive restarts and run once however many instances share the database. A worker renews its lease while ffmpeg
// runs; a worker that dies lets it run out and the next claim takes the row over. `tries` counts the claims: a
// video that kills its worker every time (memory, a crash inside ffmpeg) ends failed after MAX_TRIES instead of
// looping. A clean stop (SIGTERM on deploy) hands the row back at once, without counting the try.
// Each claim has a token of its own (`lease_token`, docs/decisions/040-video-upload-integrity.md): `lease_owner` names
// the process, and a process may claim its own row again once a stalled run's lease has passed, so every write of a
// run (renewal, progress, ready, failed, handed back) is conditional on the claim's token, and a run whose token is no
// longer the row's stops ffmpeg and puts nothing more in storage. Before its first file goes to storage, and again
// whenever FENCE_MS passed since, the run renews its lease and sees it still holds it: another claim can only come
// after a whole LEASE_SECONDS without a renewal, so no other run writes the prefix while this one does.

/** How long a claim holds without renewal (a dead worker's row is taken over after at most this). */
export const LEASE_SECONDS = 60
const RENEW_MS = 20_000
/** A file goes to storage only within this long of a renewal that found the claim still this run's. */
const FENCE_MS = 10_000
/** Progress is written when its whole per cent changes, at most this often. */
const PROGRESS_MS = 3_000
export const MAX_TRIES = 3
export const STOPPED_REASON = `The transcode stopped ${String(MAX_TRIES)} times before finishing`

type Conn = Kysely<Database>

/**
 * Claims the next job for `owner`: the oldest `queued` row, or a `transcoding` row whose lease has passed. One
 * statement, so two instances never both claim a row: SQLite runs it alone; on PostgreSQL the second of two
 * concurrent claims of one row waits for the first's row lock, then re-checks the WHERE on the row as updated
 * (leased now, so not due) and claims nothing this time. A row claimed for the (MAX_TRIES + 1)th time ends failed
 * instead (and the next row is tried). Returns the row as claimed, or null when nothing is due.
 */
export async function claimNextVideo(conn: Conn, owner: string, now: Date): Promise<VideoRow | null> {
  const at = now.toISOString()
  const until = new Date(now.getTime() + LEASE_SECONDS * 1000).toISOString()
  for (let round = 0; round < 20; round++) {
    const token = crypto.randomBytes(12).toString('hex')
    const row = await conn
      .updateTable('videos')
      .set({
        status: sql<'transcoding' | 'failed'>`case when tries >= ${MAX_TRIES} then 'failed' else 'transcoding' end`,
        error: sql<string | null>`case when tries >= ${MAX_TRIES} then ${STOPPED_REASON} else null end`,
        lease_owner: sql<string | null>`case when tries >= ${MAX_TRIES} then null else ${owner} end`,
        lease_until: sql<string | null>`case when tries >= ${MAX_TRIES} then null else ${until} end`,
        lease_token: sql<string | null>`case when tries >= ${MAX_TRIES} then null else ${token} end`,
        progress: 0,
        tries: sql<number>`tries + 1`,
        updated_at: at,
      })
      .where('id', '=', (eb) =>
        eb
          .selectFrom('videos')
          .select('id')
          .where((w) => due(w, at))
          .orderBy('created_at')
          .orderBy('id')
          .limit(1),
      )
      .where((w) => due(w, at))
      .returningAll()
      .executeTakeFirst()
    if (!row) return null
    if (row.status === 'transcoding') return row
    console.log(`[video] ${row.id} failed: ${STOPPED_REASON}`)
  }
  return null
}

/** The row is still this claim's: the same process and the same claim's token, and transcoding. */
function held(
  eb: ExpressionBuilder<Database, 'videos'>,
  row: { id: string; lease_token: string | null },
  owner: string,
) {
  return eb.and([
    eb('id', '=', row.id),
    eb('lease_owner', '=', owner),
    eb('lease_token', '=', row.lease_token ?? ''),
    eb('status', '=', 'transcoding'),
  ])
}

function due(eb: ExpressionBuilder<Database, 'videos'>, at: string) {
  return eb.or([
    eb('status', '=', 'queued'),
    eb.and([eb('status', '=', 'transcoding'), eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)])]),
  ])
}

/** How a job ended: ready; failed (with the reason staff read); lost (the row is no longer this worker's); stopped. */
export type JobOutcome = { outcome: 'ready' | 'lost' | 'stopped' } | { outcome: 'failed'; reason: string }

/**
 * Runs a claimed job (`row` as claimNextVideo returned it, with its claim's token): the upload from storage to a
 * temporary file, its length and SHA-256 checked against the row's, probeVideo as the container its key names,
 * transcodeLadder into a temporary folder, every file put under `videos/<id>/`, then the row made ready if it is
 * still this claim's. The upload is kept in storage (a retry needs it); the temporary files are always removed.
 * `signal` is the worker's stop: the row is handed back (queued, this try not counted). `renewMs`: tests only.
 */
export async function runVideoJob(
  row: VideoRow,
  options: { conn?: Conn; owner: string; signal?: AbortSignal; storage?: Storage; renewMs?: number },
): Promise<JobOutcome> {
  const conn = options.conn ?? db
  const storage = options.storage ?? getStorage()
  const { owner } = options
  const job = new AbortController()
  let lost = false
  const stop = () => job.abort()
  options.signal?.addEventListener('abort', stop, { once: true })
  if (options.signal?.aborted) job.abort()
  // One write at a time: lease renewals and progress share the row. A renewal that finds the row no longer this
  // owner's (staff replaced or deleted the video, or another worker took it over) stops ffmpeg.
  let writing: Promise<unknown> = Promise.resolve()
  let progress = 0
  let written = 0
  let writtenAt = Date.now()
  let renewedAt = 0
  const renew = () => {
    writing = writing.then(async () => {
      if (lost) return
      const at = new Date()
      try {
        const result = await conn
          .updateTable('videos')
          .set({
            lease_until: new Date(at.getTime() + LEASE_SECONDS * 1000).toISOString(),
            progress,
            updated_at: at.toISOString(),
          })
          .where((eb) => held(eb, row, owner))
          .executeTakeFirst()
        written = progress
        writtenAt = Date.now()
        if (Number(result.numUpdatedRows) === 0) {
          lost = true
          job.abort()
        } else renewedAt = at.getTime()
      } catch (error) {
        console.error(`[video] ${row.id}: could not renew the lease:`, error)
      }
    })
    return writing
  }
  /** Throws (the job's abort) unless a renewal within FENCE_MS, or one now, found the claim still this run's. */
  const fence = async (always = false) => {
    if (always || Date.now() - renewedAt > FENCE_MS) await renew()
    if (Date.now() - renewedAt > FENCE_MS && !lost)
      throw new TranscodeError('The lease could not be renewed: try again')
    job.signal.throwIfAborted()
  }
  const timer = setInterval(renew, options.renewMs ?? RENEW_MS)
  timer.unref()
  const onProgress = (percent: number) => {
    progress = percent
    if (percent !== written && Date.now() - writtenAt >= PROGRESS_MS) renew()
  }

  const tmp = await fs.promises.mkdtemp(path.join(os.tmpdir(), `video-${row.id}-`))
  const out = path.join(tmp, 'out')
  try {
    // A claim taken over already (this process's own stalled run, claimed again) goes no further.
    await fence(true)
    const kind = kindOfKey(row.source_key)
    if (!kind) throw new TranscodeError('The upload is not an MP4, MOV, MKV or WebM file: upload the video again')
    const source = path.join(tmp, `source.${kind}`)
    const opened = await storage.read(row.source_key)
    if (!opened) throw new TranscodeError('The uploaded file is missing from storage: upload the video again')
    const hash = crypto.createHash('sha256')
    let bytes = 0
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk)
        bytes += chunk.length
        done(null, chunk)
      },
    })
    await pipeline(opened.stream, measure, fs.createWriteStream(source), { signal: job.signal })
    const sha256 = hash.digest('hex')
    if (bytes !== Number(row.source_bytes) || (row.source_sha256 && sha256 !== row.source_sha256))
      throw new TranscodeError(VIDEO_MESSAGES.storedChanged)
    const probe = await probeVideo(source, kind)
    if (!probe.ok) throw new TranscodeError(probe.reason)
    if (probe.durationSeconds > VIDEO_MAX_SECONDS) throw new TranscodeError(VIDEO_MESSAGES.tooLong)
    const { rungs } = await transcodeLadder(source, out, {
      kind: probe.kind,
      height: probe.height,
      durationSeconds: probe.durationSeconds,
      hasAudio: probe.hasAudio,
      onProgress,
      signal: job.signal,
    })
    await fence(true)
    for (const file of await transcodedFiles(out)) {
      await fence()
      const key = `${videoPrefix(row.id)}${file}`
      if (!VIDEO_KEY_PATTERN.test(key))
        throw new TranscodeError(`ffmpeg wrote a file the ladder does not have: ${file}`)
      await storage.putFile(key, path.join(out, file), videoContentType(key))
    }
    await writing
    const at = new Date().toISOString()
    const result = await conn
      .updateTable('videos')
      .set({
        status: 'ready',
        progress: 100,
        error: null,
        rungs: JSON.stringify(rungs),
        duration_seconds: Math.round(probe.durationSeconds),
        width: probe.width,
        height: probe.height,
        ready_at: at,
        updated_at: at,
        lease_owner: null,
        lease_until: null,
        lease_token: null,
      })
      .where((eb) => held(eb, row, owner))
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) === 1) return { outcome: 'ready' }
    await forgetIfGone(conn, row.id)
    return { outcome: 'lost' }
  } catch (error) {
    await writing
    if (lost) {
      await forgetIfGone(conn, row.id)
      return { outcome: 'lost' }
    }
    if (options.signal?.aborted) {
      await handBack(conn, row, owner)
      return { outcome: 'stopped' }
    }
    if (!(error instanceof TranscodeError)) console.error(`[video] ${row.id}:`, error)
    const reason =
      error instanceof TranscodeError
        ? error.message
        : `The transcode failed (${error instanceof Error ? error.message : String(error)}): try again`
    await markFailed(conn, storage, row, owner, reason)
    return { outcome: 'failed', reason }
  } finally {
    clearInterval(timer)
    options.signal?.removeEventListener('abort', stop)
    await fs.promises.rm(tmp, { recursive: true, force: true })
  }
}

/** Failed with `reason`, if still this claim's; the ladder's files written so far are removed (the upload stays). */
async function markFailed(conn: Conn, storage: Storage, row: VideoRow, owner: string, reason: string) {
  const at = new Date().toISOString()
  const result = await conn
    .updateTable('videos')
    .set({
      status: 'failed',
      error: reason,
      progress: 0,
      lease_owner: null,
      lease_until: null,
      lease_token: null,
      updated_at: at,
    })
    .where((eb) => held(eb, row, owner))
    .executeTakeFirst()
  if (Number(result.numUpdatedRows) !== 1) return
  try {
    for (const key of await storage.list(videoPrefix(row.id))) if (key !== row.source_key) await storage.delete(key)
  } catch (error) {
    console.error(`[video] ${row.id}: could not remove the partial ladder:`, error)
  }
}

/** A clean stop: the row is queued again at once for the next worker, and this try does not count. */
async function handBack(conn: Conn, row: VideoRow, owner: string) {
  await conn
    .updateTable('videos')
    .set({
      status: 'queued',
      progress: 0,
      lease_owner: null,
      lease_until: null,
      lease_token: null,
      tries: sql<number>`case when tries > 0 then tries - 1 else 0 end`,
      updated_at: new Date().toISOString(),
    })
    .where((eb) => held(eb, row, owner))
    .execute()
    .catch((error: unknown) => console.error(`[video] ${row.id}: could not hand the job back:`, error))
}

/**
 * The row is no longer this worker's. When it is gone (the lecture deleted, its video replaced) nothing refers to
 * the files just written, so they go; when another worker holds it, they are that worker's to overwrite.
 */
async function forgetIfGone(conn: Conn, videoId: string) {
  const still = await conn.selectFrom('videos').select('id').where('id', '=', videoId).executeTakeFirst()
  if (!still) await removeVideoFiles(videoId)
}

/**
 * Runs up to `workers` (VIDEO_WORKERS) transcodes at once in this process: polls for a claimable row every
 * `pollMs`, and at once after a job ends. Returns stop(): ffmpeg is killed and the running rows are handed back
 * (queued again, so the next start takes them at once); a process killed without stop() leaves its rows claimed
 * until their lease runs out (LEASE_SECONDS), then another worker takes them over. 0 workers: nothing runs.
 */
export function startVideoWorkers(
  options: { workers?: number; conn?: Conn; pollMs?: number } = {},
): () => Promise<void> {
  const workers = options.workers ?? getEnv().VIDEO_WORKERS
  if (workers <= 0) return () => Promise.resolve()
  const conn = options.conn ?? db
  const owner = `${os.hostname()}:${String(process.pid)}:${crypto.randomBytes(4).toString('hex')}`
  const stopping = new AbortController()
  const running = new Set<Promise<void>>()
  let polling: Promise<void> | null = null

  const start = (row: VideoRow) => {
    const began = Date.now()
    console.log(`[video] ${row.id} transcoding (lecture ${row.lecture_id}, try ${String(row.tries)})`)
    const job: Promise<void> = runVideoJob(row, { conn, owner, signal: stopping.signal })
      .then((end) => {
        const seconds = ((Date.now() - began) / 1000).toFixed(0)
        const why = end.outcome === 'failed' ? `: ${end.reason}` : ''
        console.log(`[video] ${row.id} ${end.outcome} after ${seconds} s${why}`)
      })
      .catch((error: unknown) => console.error(`[video] ${row.id} stopped with an error:`, error))
      .finally(() => {
        running.delete(job)
        void poll()
      })
    running.add(job)
  }

  const claim = async () => {
    try {
      while (!stopping.signal.aborted && running.size < workers) {
        const row = await claimNextVideo(conn, owner, new Date())
        if (!row) break
        // Claimed while stopping: handed straight back.
        if (stopping.signal.aborted) await handBack(conn, row, owner)
        else start(row)
      }
    } catch (error) {
      console.error('[video] could not claim a job:', error)
    }
  }
  const poll = () => {
    if (polling || stopping.signal.aborted) return polling
    return (polling = claim().finally(() => (polling = null)))
  }

  const timer = setInterval(() => void poll(), options.pollMs ?? 5_000)
  timer.unref()
  void poll()
  return async () => {
    clearInterval(timer)
    stopping.abort()
    await polling
    while (running.size) await Promise.allSettled([...running])
  }
}
