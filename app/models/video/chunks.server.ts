import crypto from 'node:crypto'
import fs from 'node:fs'
import type { ExpressionBuilder, Kysely } from 'kysely'
import { VIDEO_CHUNK_BYTES, VIDEO_MESSAGES } from '~/lib/video/upload-rules'
import { db } from '~/utils/db.server'
import { isForeignKeyViolation } from '#db/dialect'
import type { Database } from '#db/schema'
import { discardUpload, stagingDir, stagingFile, uploadOf, type UploadSession } from './staging.server'

// The chunks of a resumable upload (app/models/video/staging.server.ts; docs/decisions/040-video-upload-integrity.md).
// - The offset a client resumes from is the bytes really in the staging file: a file shorter than the offset the
//   database counts (a write lost in a crash, another machine's disk) moves the offset back to the end of the last
//   whole chunk it still holds. The file is only ever cut short, never extended, so it never holds a hole of zeros.
// - A chunk is claimed in the database before a byte of it is written: its `video_upload_chunks` row, inserted once
//   whatever the number of requests, processes or instances. The claim lives while its bytes keep arriving (renewed
//   every few seconds, with its own token); one idle for CHUNK_IDLE_SECONDS may be taken over, and the writer whose
//   claim was taken stops reading and touches the file no more. The bytes are synced to disk before the chunk counts.
// - Each landed chunk keeps its SHA-256. When the last one lands the whole file is read back: a chunk that no longer
//   matches moves the offset back to it (the client sends it again), and the file's SHA-256 must be the one the client
//   declared, if it declared one. Only then is the upload complete.

/** A claim on which no byte arrived for this long may be taken over by another request for the same chunk. */
export const CHUNK_IDLE_SECONDS = 30
const RENEW_MS = 5_000

type Conn = Kysely<Database>

export type ChunkOutcome =
  | { ok: true; received: number; complete: boolean; upload: UploadSession; path: string }
  | { ok: false; status: 400 | 404 | 409 | 413 | 503; message: string; received?: number }

type Landed = { start: number; bytes: number; sha256: string }

async function landedChunks(conn: Conn, uploadId: string): Promise<Landed[]> {
  const rows = await conn
    .selectFrom('video_upload_chunks')
    .select(['byte_start', 'byte_count', 'sha256'])
    .where('upload_id', '=', uploadId)
    .where('sha256', 'is not', null)
    .orderBy('byte_start')
    .execute()
  return rows.map((r) => ({ start: Number(r.byte_start), bytes: Number(r.byte_count), sha256: r.sha256! }))
}

/**
 * Moves upload `upload`'s offset back to the end of the last whole chunk, counted from the start, that ends at or
 * before byte `limit`: the chunks from there on are forgotten and the file is cut back to it. Returns the offset now.
 */
async function rollBack(conn: Conn, upload: UploadSession, limit: number): Promise<number> {
  let offset = 0
  for (const chunk of await landedChunks(conn, upload.id)) {
    if (chunk.start !== offset || chunk.start + chunk.bytes > limit) break
    offset += chunk.bytes
  }
  const moved = await conn.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('video_upload_chunks')
      .where('upload_id', '=', upload.id)
      .where('byte_start', '>=', offset)
      .execute()
    const result = await trx
      .updateTable('video_uploads')
      .set({ received: offset, verified_sha256: null, updated_at: new Date().toISOString() })
      .where('id', '=', upload.id)
      .where('received', '=', upload.received)
      .executeTakeFirst()
    return Number(result.numUpdatedRows) === 1
  })
  if (!moved) {
    const now = await conn.selectFrom('video_uploads').select('received').where('id', '=', upload.id).executeTakeFirst()
    return Number(now?.received ?? 0)
  }
  const file = stagingFile(upload.id)
  const size = (await fs.promises.stat(file).catch(() => null))?.size ?? 0
  if (size > offset) await fs.promises.truncate(file, offset)
  console.warn(
    `[video] upload ${upload.id}: the bytes from ${String(offset)} on are missing or changed, resuming there`,
  )
  return offset
}

/** Where the client resumes: the offset received, moved back first if the staging file no longer holds it all. */
async function resumeOffset(conn: Conn, upload: UploadSession): Promise<number> {
  const size = (await fs.promises.stat(stagingFile(upload.id)).catch(() => null))?.size ?? 0
  return size >= upload.received ? upload.received : rollBack(conn, upload, size)
}

/** Upload `id` of `userId` with `received` the bytes really on disk (GET/HEAD of the upload: the resume offset). */
export async function resumableUpload(id: string, userId: string, conn: Conn = db): Promise<UploadSession | null> {
  const upload = await uploadOf(id, userId, conn)
  return upload && { ...upload, received: await resumeOffset(conn, upload) }
}

/** Claims the chunk of `bytes` at `start`: a new row, or an unlanded one idle for CHUNK_IDLE_SECONDS taken over. */
async function claimChunk(
  conn: Conn,
  uploadId: string,
  start: number,
  bytes: number,
  token: string,
): Promise<'claimed' | 'landed' | 'busy'> {
  const now = new Date()
  const inserted = await conn
    .insertInto('video_upload_chunks')
    .values({ upload_id: uploadId, byte_start: start, byte_count: bytes, token, claimed_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['upload_id', 'byte_start']).doNothing())
    .executeTakeFirst()
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return 'claimed'
  const idle = new Date(now.getTime() - CHUNK_IDLE_SECONDS * 1000).toISOString()
  const taken = await conn
    .updateTable('video_upload_chunks')
    .set({ token, byte_count: bytes, claimed_at: now.toISOString() })
    .where(theChunk(uploadId, start))
    .where('sha256', 'is', null)
    .where('claimed_at', '<', idle)
    .executeTakeFirst()
  if (Number(taken.numUpdatedRows) === 1) return 'claimed'
  const row = await conn
    .selectFrom('video_upload_chunks')
    .select('sha256')
    .where(theChunk(uploadId, start))
    .executeTakeFirst()
  return row?.sha256 ? 'landed' : 'busy'
}

/** The ledger row of the chunk at `start` of the upload. */
const theChunk = (uploadId: string, start: number) => (eb: ExpressionBuilder<Database, 'video_upload_chunks'>) =>
  eb.and([eb('upload_id', '=', uploadId), eb('byte_start', '=', start)])

/** That row while `token`'s claim holds it and its bytes have not landed. */
const heldBy =
  (uploadId: string, start: number, token: string) => (eb: ExpressionBuilder<Database, 'video_upload_chunks'>) =>
    eb.and([theChunk(uploadId, start)(eb), eb('token', '=', token), eb('sha256', 'is', null)])

const claimOf = (conn: Conn, uploadId: string, start: number, token: string) =>
  conn.updateTable('video_upload_chunks').where(heldBy(uploadId, start, token))

/**
 * Writes bytes `start`..`end` of an upload of `size` bytes from `body`, only when `start` is the offset really on
 * disk (else 409 with that offset) and this request wins the chunk's claim (else 409 when it landed meanwhile, 503
 * while another request is still writing it). A chunk that arrives short or long is cut back off. The last chunk's
 * landing checks the whole file (see above) before answering `complete`.
 */
export async function appendChunk(input: {
  id: string
  userId: string
  range: { start: number; end: number; size: number }
  body: ReadableStream<Uint8Array> | null
  now?: Date
  conn?: Conn
}): Promise<ChunkOutcome> {
  const conn = input.conn ?? db
  const upload = await uploadOf(input.id, input.userId, conn)
  if (!upload) return { ok: false, status: 404, message: 'Upload not found' }
  const { start, end, size } = input.range
  if (size !== upload.size)
    return { ok: false, status: 400, message: `Content-Range: the upload is ${upload.size} bytes` }
  const expected = end - start + 1
  if (expected > VIDEO_CHUNK_BYTES)
    return { ok: false, status: 413, message: `A chunk is at most ${VIDEO_CHUNK_BYTES} bytes` }
  const expectedAt = (received: number) =>
    ({ ok: false, status: 409, message: `Expected the chunk at ${String(received)}`, received }) as const
  const received = await resumeOffset(conn, upload)
  if (start !== received) return expectedAt(received)
  const token = crypto.randomBytes(12).toString('hex')
  // An upload cancelled meanwhile takes its chunks with it: the claim's insert then finds no upload.
  const claim = await claimChunk(conn, upload.id, start, expected, token).catch((error: unknown) => {
    if (isForeignKeyViolation(error)) return 'gone' as const
    throw error
  })
  if (claim === 'gone') return { ok: false, status: 404, message: 'Upload not found' }
  if (claim === 'landed') return expectedAt((await uploadOf(upload.id, input.userId, conn))?.received ?? received)
  if (claim === 'busy') return { ok: false, status: 503, message: VIDEO_MESSAGES.chunkBusy, received }

  const written = await writeClaimed(conn, upload.id, start, expected, token, input.body)
  if (written.outcome !== 'written') {
    // Lost: another request took the claim over (this one was idle too long), the file is its to write now.
    if (written.outcome === 'lost')
      return expectedAt((await uploadOf(upload.id, input.userId, conn))?.received ?? start)
    if (written.outcome === 'missing') return expectedAt(await resumeOffset(conn, upload))
    const long = written.outcome === 'long'
    const message = `The chunk was ${long ? 'longer' : 'shorter'} than its Content-Range`
    return { ok: false, status: long ? 413 : 400, message, received: start }
  }
  const { sha256 } = written

  const at = (input.now ?? new Date()).toISOString()
  const committed = await conn
    .transaction()
    .execute(async (trx) => {
      const chunk = await claimOf(trx, upload.id, start, token)
        .set({ sha256, token: null, claimed_at: at })
        .executeTakeFirst()
      if (Number(chunk.numUpdatedRows) !== 1) throw new NotCommitted()
      const moved = await trx
        .updateTable('video_uploads')
        .set({ received: end + 1, updated_at: at })
        .where('id', '=', upload.id)
        .where('received', '=', start)
        .executeTakeFirst()
      if (Number(moved.numUpdatedRows) !== 1) throw new NotCommitted()
      return true
    })
    .catch((error: unknown) => {
      if (error instanceof NotCommitted) return false
      throw error
    })
  if (!committed) return expectedAt((await uploadOf(upload.id, input.userId, conn))?.received ?? start)
  const after = { ...upload, received: end + 1 }
  if (after.received < upload.size)
    return { ok: true, received: after.received, complete: false, upload: after, path: stagingFile(upload.id) }

  const verified = await verifyUpload(conn, after)
  if (verified.ok) {
    const done = { ...after, verifiedSha256: verified.sha256 }
    return { ok: true, received: after.received, complete: true, upload: done, path: stagingFile(upload.id) }
  }
  if (verified.problem === 'checksum') {
    await discardUpload(upload.id)
    return { ok: false, status: 400, message: VIDEO_MESSAGES.checksum }
  }
  return { ok: false, status: 409, message: VIDEO_MESSAGES.partLost(verified.received), received: verified.received }
}

class NotCommitted extends Error {}

/**
 * Writes a claimed chunk at `start` from `body` (at most `expected` + 1 bytes read), renewing the claim while bytes
 * arrive; synced to disk when whole. 'lost': the claim was taken over, and nothing more was written; 'short'/'long':
 * cut back off and the claim released; 'missing': the file no longer holds the bytes before `start`.
 */
async function writeClaimed(
  conn: Conn,
  uploadId: string,
  start: number,
  expected: number,
  token: string,
  body: ReadableStream<Uint8Array> | null,
): Promise<{ outcome: 'written'; sha256: string } | { outcome: 'lost' | 'short' | 'long' | 'missing' }> {
  const claim = () => claimOf(conn, uploadId, start, token)
  // Renewed now: the claim is this request's for CHUNK_IDLE_SECONDS more, so what follows may cut the file back.
  const stillMine = async () =>
    Number((await claim().set({ claimed_at: new Date().toISOString() }).executeTakeFirst()).numUpdatedRows) === 1
  const release = () =>
    conn
      .deleteFrom('video_upload_chunks')
      .where(heldBy(uploadId, start, token))
      .execute()
  await fs.promises.mkdir(stagingDir(), { recursive: true })
  const handle = await fs.promises.open(stagingFile(uploadId), fs.constants.O_RDWR | fs.constants.O_CREAT, 0o600)
  let taken = false
  let idle = false
  let lastByteAt = Date.now()
  const reader = body?.getReader()
  let renewing: Promise<unknown> = Promise.resolve()
  const timer = setInterval(() => {
    renewing = renewing.then(async () => {
      if (taken || idle) return
      if (Date.now() - lastByteAt > CHUNK_IDLE_SECONDS * 1000) {
        // Nothing arrived for too long (a connection that died without closing): the chunk is given up.
        idle = true
      } else if (!(await stillMine().catch(() => true))) {
        taken = true
      }
      if (taken || idle) await reader?.cancel().catch(() => {})
    })
  }, RENEW_MS)
  timer.unref()
  try {
    const { size } = await handle.stat()
    if (size < start) {
      await release()
      return { outcome: 'missing' }
    }
    if (size > start) await handle.truncate(start)
    const hash = crypto.createHash('sha256')
    let count = 0
    while (reader && !taken && !idle) {
      let chunk: ReadableStreamReadResult<Uint8Array>
      try {
        chunk = await reader.read()
      } catch {
        break // the connection dropped: what arrived is cut back off below
      }
      if (chunk.done || taken || idle) break
      lastByteAt = Date.now()
      count += chunk.value.byteLength
      if (count > expected) {
        await reader.cancel().catch(() => {})
        break
      }
      hash.update(chunk.value)
      await handle.write(chunk.value, 0, chunk.value.byteLength, start + count - chunk.value.byteLength)
    }
    clearInterval(timer)
    await renewing
    // Taken over: the bytes at `start` are the other request's to write now; this one touches nothing more.
    if (taken) return { outcome: 'lost' }
    if (idle || count !== expected) {
      if (!(await stillMine())) return { outcome: 'lost' }
      await handle.truncate(start)
      await release()
      return { outcome: count > expected ? 'long' : 'short' }
    }
    await handle.datasync()
    return { outcome: 'written', sha256: hash.digest('hex') }
  } catch (error) {
    await release().catch(() => {})
    throw error
  } finally {
    clearInterval(timer)
    await handle.close()
  }
}

/**
 * Reads a whole upload's file back against its chunks: every chunk's bytes must still have the SHA-256 they landed
 * with (else the offset moves back to the first that does not), and the file's SHA-256 must be the client's, if it
 * declared one. Then it is recorded as verified.
 */
async function verifyUpload(
  conn: Conn,
  upload: UploadSession,
): Promise<
  { ok: true; sha256: string } | { ok: false; problem: 'lost'; received: number } | { ok: false; problem: 'checksum' }
> {
  const file = stagingFile(upload.id)
  const whole = crypto.createHash('sha256')
  const handle = await fs.promises.open(file, 'r+').catch(() => null)
  if (!handle) return { ok: false, problem: 'lost', received: await rollBack(conn, upload, 0) }
  const buffer = new Uint8Array(1024 * 1024)
  let bad: number | null = null
  let offset = 0
  try {
    for (const chunk of await landedChunks(conn, upload.id)) {
      if (chunk.start !== offset) break
      const hash = crypto.createHash('sha256')
      let left = chunk.bytes
      while (left > 0) {
        const { bytesRead } = await handle.read(
          buffer,
          0,
          Math.min(buffer.length, left),
          chunk.start + chunk.bytes - left,
        )
        if (bytesRead === 0) break
        hash.update(buffer.subarray(0, bytesRead))
        whole.update(buffer.subarray(0, bytesRead))
        left -= bytesRead
      }
      if (left > 0 || hash.digest('hex') !== chunk.sha256) {
        bad = chunk.start
        break
      }
      offset += chunk.bytes
    }
    if (bad === null && offset !== upload.size) bad = offset
    if (bad === null && (await handle.stat()).size > upload.size) await handle.truncate(upload.size)
  } finally {
    await handle.close()
  }
  if (bad !== null) return { ok: false, problem: 'lost', received: await rollBack(conn, upload, bad) }
  const sha256 = whole.digest('hex')
  if (upload.sha256 && upload.sha256 !== sha256) return { ok: false, problem: 'checksum' }
  await conn.updateTable('video_uploads').set({ verified_sha256: sha256 }).where('id', '=', upload.id).execute()
  return { ok: true, sha256 }
}
