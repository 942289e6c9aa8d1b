// The integrity of a resumable upload (docs/decisions/040-video-upload-integrity.md): the offset a client resumes from
// is the bytes really in the staging file, never a count in the database over a file that lost its tail; a chunk is
// written by exactly one request however many instances receive it (a claim in the database: the second instance
// here is a second copy of the route's modules, with its own memory and its own database connection); a completed
// upload's bytes are read back against the SHA-256 of each chunk and the one the client declared before it counts as
// complete, again before the form attaches it, and the stored copy once more before the transcode reads it.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createCourse, createSection } from '../../db/factories'
import { callRoute, signedInUser } from '../support/harness'
import { makeClip, videoUploadRoutes } from '../support/video-media'

vi.hoisted(() => {
  process.env.VIDEO_MAX_MB = '4'
})

const { db, addLecturePage, uploadsRoute, uploadRoute, requestContext } = await videoUploadRoutes()
const { claimNextVideo, runVideoJob } = await import('~/models/video/jobs.server')
const { getStorage } = await import('~/services/storage.server')
// A second instance: the same routes loaded again, with memory and a database connection of their own.
vi.resetModules()
const otherInstance = await import('~/routes/admin/video-upload')
const otherDb = (await import('~/utils/db.server')).db

const stagingDir = path.join(path.dirname(path.resolve(process.env.DATABASE_PATH!)), 'video-staging')
const staged = (id: string) => path.join(stagingDir, id)
let clip: Uint8Array<ArrayBuffer>
let staff = { id: '', cookie: '' }
let sectionId = ''

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'video-integrity-'))
  clip = new Uint8Array(fs.readFileSync(makeClip(path.join(dir, 'clip.mp4'))))
  staff = await signedInUser('instructor')
  const course = await createCourse(db)
  sectionId = (await createSection(db, { courseId: course.id, title: 'Genetics' })).id
})

afterAll(async () => {
  await otherDb.destroy()
})

const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex')
const range = (a: number, b: number) => `bytes ${a}-${b - 1}/${clip.length}`

async function start(extra: Record<string, unknown> = {}) {
  const res = await callRoute(uploadsRoute.action, '/admin/video-uploads', {
    method: 'POST',
    json: { fileName: 'lecture.mp4', size: clip.length, ...extra },
    cookie: staff.cookie,
  })
  return { status: res.status, id: (res.data as { id: string }).id, body: res.data }
}

/** PUTs a chunk through `route` (this instance's by default); a stream body needs `duplex`. */
async function put(id: string, body: BodyInit | ReadableStream, rangeHeader: string, route = uploadRoute) {
  const request = new Request(`http://localhost/admin/video-uploads/${id}`, {
    method: 'PUT',
    headers: { Cookie: staff.cookie, 'Content-Range': rangeHeader },
    body,
    duplex: 'half',
  } as RequestInit)
  const response = (await route.action({
    request,
    params: { uploadId: id },
    context: requestContext('10.0.0.1'),
  } as never)) as Response
  return { status: response.status, headers: response.headers, body: (await response.json()) as any }
}

async function offsetOf(id: string) {
  const res = await callRoute(uploadRoute.loader, `/admin/video-uploads/${id}`, {
    cookie: staff.cookie,
    params: { uploadId: id },
  })
  return { received: (res.data as { received: number }).received, header: res.headers.get('Upload-Offset') }
}

function addLecture(title: string, videoUpload: string) {
  return callRoute(addLecturePage.action, '/admin/add-lecture', {
    form: { sectionId, title, videoURL: '', noteTitle: '', videoUpload },
    encType: 'multipart/form-data',
    cookie: staff.cookie,
  })
}

describe('the offset is the bytes on disk', () => {
  test('a staging file that lost its tail after the offset counted it: resumed from what it holds, never zeros', async () => {
    const { id } = await start()
    const third = Math.floor(clip.length / 3)
    expect((await put(id, clip.subarray(0, third), range(0, third))).status).toBe(200)
    expect((await put(id, clip.subarray(third, 2 * third), range(third, 2 * third))).body.received).toBe(2 * third)
    // The second chunk's write was lost but for 100 bytes (a crash before the disk had it, another machine's disk).
    fs.truncateSync(staged(id), third + 100)

    expect(await offsetOf(id)).toEqual({ received: third, header: String(third) })
    const skipped = await put(id, clip.subarray(2 * third), range(2 * third, clip.length))
    expect(skipped.status).toBe(409)
    expect(skipped.body.received).toBe(third)
    expect(fs.statSync(staged(id)).size).toBe(third)

    expect((await put(id, clip.subarray(third, 2 * third), range(third, 2 * third))).status).toBe(200)
    const last = await put(id, clip.subarray(2 * third), range(2 * third, clip.length))
    expect(last.body).toMatchObject({ received: clip.length, complete: true })
    expect(fs.readFileSync(staged(id)).equals(clip)).toBe(true)
  })

  test('a staging file gone altogether (the chunks went to another machine): the upload starts again from 0', async () => {
    const { id } = await start()
    await put(id, clip.subarray(0, 1000), range(0, 1000))
    fs.rmSync(staged(id))
    expect((await offsetOf(id)).received).toBe(0)
    const resumed = await put(id, clip.subarray(1000, 2000), range(1000, 2000))
    expect(resumed).toMatchObject({ status: 409, body: { received: 0 } })
  })
})

describe('a chunk lands once across instances', () => {
  test('two instances receive the same chunk at once: one writes it, the other is told to retry', async () => {
    const { id } = await start()
    const half = Math.floor(clip.length / 2)
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const slow = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(clip.subarray(0, 1000))
        await gate
        controller.enqueue(clip.subarray(1000, half))
        controller.close()
      },
    })
    const first = put(id, slow, range(0, half))
    for (let i = 0; i < 200 && !(fs.statSync(staged(id)).size > 0); i++) await new Promise((r) => setTimeout(r, 10))
    expect(fs.statSync(staged(id)).size).toBe(1000)

    const second = await put(id, clip.subarray(0, half), range(0, half), otherInstance)
    expect(second.status).toBe(503)
    expect(second.headers.get('Retry-After')).toBe('5')
    release()
    expect((await first).body).toMatchObject({ received: half, complete: false })

    // The other instance's retry now finds it landed; the rest goes through either instance.
    expect(await put(id, clip.subarray(0, half), range(0, half), otherInstance)).toMatchObject({
      status: 409,
      body: { received: half },
    })
    const last = await put(id, clip.subarray(half), range(half, clip.length), otherInstance)
    expect(last.body).toMatchObject({ received: clip.length, complete: true })
    expect(fs.readFileSync(staged(id)).equals(clip)).toBe(true)
    const chunks = await db
      .selectFrom('video_upload_chunks')
      .select(['byte_start', 'sha256'])
      .where('upload_id', '=', id)
      .orderBy('byte_start')
      .execute()
    expect(chunks.map((c) => [Number(c.byte_start), c.sha256])).toEqual([
      [0, sha256(clip.subarray(0, half))],
      [half, sha256(clip.subarray(half))],
    ])
  })
})

describe('a complete upload is verified before the transcode', () => {
  test('a chunk whose bytes changed after it landed: the last chunk finds it, and the client resends from it', async () => {
    const { id } = await start()
    const third = Math.floor(clip.length / 3)
    await put(id, clip.subarray(0, third), range(0, third))
    await put(id, clip.subarray(third, 2 * third), range(third, 2 * third))
    // A hole of zeros in the second chunk, the file's length unchanged.
    const handle = fs.openSync(staged(id), 'r+')
    fs.writeSync(handle, new Uint8Array(500), 0, 500, third + 200)
    fs.closeSync(handle)

    const last = await put(id, clip.subarray(2 * third), range(2 * third, clip.length))
    expect(last.status).toBe(409)
    expect(last.body).toMatchObject({ success: false, received: third })
    expect(last.body.message).toBe(`Part of the upload was lost on the server: sending it again from byte ${third}`)
    expect((await offsetOf(id)).received).toBe(third)
    expect((await addLecture('Holed', id)).status).toBe(400)

    await put(id, clip.subarray(third, 2 * third), range(third, 2 * third))
    expect((await put(id, clip.subarray(2 * third), range(2 * third, clip.length))).body.complete).toBe(true)
    expect(fs.readFileSync(staged(id)).equals(clip)).toBe(true)
  })

  test('the SHA-256 the client declared: a file that does not match is refused and dropped; one that does is taken', async () => {
    const wrong = await start({ sha256: sha256(new TextEncoder().encode('another file')) })
    const refused = await put(wrong.id, clip, range(0, clip.length))
    expect(refused.status).toBe(400)
    expect(refused.body.message).toBe(
      'The uploaded file does not match its SHA-256 checksum: please choose the file again',
    )
    expect(fs.existsSync(staged(wrong.id))).toBe(false)
    expect(
      await db.selectFrom('video_uploads').select('id').where('id', '=', wrong.id).executeTakeFirst(),
    ).toBeUndefined()

    const right = await start({ sha256: sha256(clip).toUpperCase() })
    expect((await put(right.id, clip, range(0, clip.length))).body).toMatchObject({ complete: true })
    const res = await addLecture('Declared', right.id)
    expect(res.status).toBe(302)
    const lecture = await db.selectFrom('lectures').select('id').where('title', '=', 'Declared').executeTakeFirst()
    const video = await db.selectFrom('videos').selectAll().where('lecture_id', '=', lecture!.id).executeTakeFirst()
    expect(video).toMatchObject({ status: 'queued', source_sha256: sha256(clip) })

    const malformed = await start({ sha256: 'abc' })
    expect(malformed.status).toBe(400)
    expect(malformed.body).toMatchObject({ message: "sha256: must be the 64 hex digits of the file's SHA-256" })
  })

  test('a staged upload changed after it completed: the form does not attach it', async () => {
    const { id } = await start()
    expect((await put(id, clip, range(0, clip.length))).body.complete).toBe(true)
    const handle = fs.openSync(staged(id), 'r+')
    fs.writeSync(handle, new Uint8Array(64), 0, 64, Math.floor(clip.length / 2))
    fs.closeSync(handle)
    const res = await addLecture('Changed after', id)
    expect(res.status).toBe(400)
    expect(res.data.result.error.videoFile).toEqual([
      'The uploaded video was not found or is not complete: please choose the file again',
    ])
  })

  test('the stored upload changed in storage: the job ends failed with the reason before ffmpeg reads it', async () => {
    const { id } = await start()
    await put(id, clip, range(0, clip.length))
    expect((await addLecture('Stored then changed', id)).status).toBe(302)
    const lecture = await db
      .selectFrom('lectures')
      .select('id')
      .where('title', '=', 'Stored then changed')
      .executeTakeFirstOrThrow()
    const video = await db
      .selectFrom('videos')
      .selectAll()
      .where('lecture_id', '=', lecture.id)
      .executeTakeFirstOrThrow()
    await db.deleteFrom('videos').where('id', '!=', video.id).execute()
    const stored = path.join(process.env.UPLOADS_DIR!, video.source_key)
    const bytes = fs.readFileSync(stored)
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff
    fs.writeFileSync(stored, bytes)

    const row = await claimNextVideo(db, 'w', new Date())
    expect(await runVideoJob(row!, { owner: 'w' })).toEqual({
      outcome: 'failed',
      reason:
        'The uploaded file in storage is not the file that was uploaded (its length or SHA-256 differs): upload the video again',
    })
    expect(await getStorage().list(`videos/${video.id}/`)).toEqual([video.source_key])
  })
})
