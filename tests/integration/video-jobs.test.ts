import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { text } from 'node:stream/consumers'
// @ts-expect-error s3rver ships no type declarations (test-only stand-in)
import S3rver from 's3rver'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { openConfiguredDatabase } from '../../db/client'
import { createCourse, createLecture, createSection } from '../../db/factories'
import {
  claimNextVideo,
  LEASE_SECONDS,
  runVideoJob,
  startVideoWorkers,
  STOPPED_REASON,
} from '~/models/video/jobs.server'
import { transcodeLadder, TranscodeError } from '~/models/video/transcode.server'
import { attachVideo, newVideoId } from '~/models/video/video.server'
import { deleteVideoFiles, getStorage, s3Storage, type Storage } from '~/services/storage.server'
import { db } from '~/utils/db.server'

// The transcode jobs (app/models/video/jobs.server.ts) on a 2-second 320x240 clip made by ffmpeg: a job makes the
// ladder ready, a claim is won by one worker only (two connections; on PostgreSQL too), a dead worker's row is taken
// over after its lease, a file ffmpeg cannot read fails with the reason, the 4th claim fails the row, and the
// ladder round-trips through the S3 stand-in.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'video-jobs-'))
const clip = path.join(dir, 'clip.mp4')
const garbage = path.join(dir, 'garbage.mp4')
const other = openConfiguredDatabase({
  DATABASE_URL: process.env.DATABASE_URL,
  DATABASE_PATH: process.env.DATABASE_PATH!,
})

beforeAll(() => {
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=320x240:d=2:r=25', '-f', 'lavfi', '-i', 'sine=d=2'],
    ...['-shortest', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', clip],
  ])
  fs.writeFileSync(garbage, crypto.randomBytes(50_000))
})

afterAll(async () => {
  await other.db.destroy()
  fs.rmSync(dir, { recursive: true, force: true })
})

// Each test starts with no job waiting, so a claim finds the test's own row.
beforeEach(async () => {
  await db.deleteFrom('videos').execute()
})

async function queued(file: string, storage: Storage = getStorage()) {
  const course = await createCourse(db)
  const section = await createSection(db, { courseId: course.id, title: 'Cells' })
  const lecture = await createLecture(db, { sectionId: section.id, title: 'Mitosis', videoURL: '' })
  const videoId = newVideoId()
  const sourceKey = `videos/${videoId}/source.mp4`
  await storage.putFile(sourceKey, file, 'video/mp4')
  await attachVideo({
    videoId,
    lectureId: lecture.id,
    sourceKey,
    sourceName: 'clip.mp4',
    sourceBytes: fs.statSync(file).size,
    createdBy: null,
  })
  return { videoId, lectureId: lecture.id, sourceKey }
}

const rowOf = (id: string) => db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const later = (seconds: number) => new Date(Date.now() + seconds * 1000)

const LADDER_FILES = [
  'hls/144p/index.m3u8',
  'hls/144p/init.mp4',
  'hls/144p/seg_0.m4s',
  'hls/240p/index.m3u8',
  'hls/240p/init.mp4',
  'hls/240p/seg_0.m4s',
  'hls/audio/index.m3u8',
  'hls/audio/init.mp4',
  'hls/audio/seg_0.m4s',
  'hls/master.m3u8',
  'poster.jpg',
  'small.mp4',
]

describe('video jobs', () => {
  test('the worker loop transcodes a queued clip to ready: rungs for its height, the ladder in storage', async () => {
    const { videoId, sourceKey } = await queued(clip)
    const stop = startVideoWorkers({ workers: 1, pollMs: 50 })
    try {
      for (let i = 0; i < 400 && (await rowOf(videoId)).status !== 'ready'; i++)
        await new Promise((r) => setTimeout(r, 50))
    } finally {
      await stop()
    }
    const row = await rowOf(videoId)
    expect(row).toMatchObject({
      status: 'ready',
      progress: 100,
      error: null,
      rungs: JSON.stringify(['audio', '144p', '240p']),
      duration_seconds: 2,
      width: 320,
      height: 240,
      lease_owner: null,
      lease_until: null,
      tries: 1,
    })
    expect(row.ready_at).not.toBeNull()
    const keys = await getStorage().list(`videos/${videoId}/`)
    // The upload is kept (a retry needs it) beside the ladder.
    expect(keys).toEqual([...LADDER_FILES.map((f) => `videos/${videoId}/${f}`), sourceKey].sort())
    const master = await getStorage().read(`videos/${videoId}/hls/master.m3u8`)
    const masterText = await text(master!.stream)
    expect(masterText).toContain('144p/index.m3u8')
    expect(masterText).toContain('240p/index.m3u8')
    expect(masterText).toContain('audio/index.m3u8')
    const playlist = await text((await getStorage().read(`videos/${videoId}/hls/240p/index.m3u8`))!.stream)
    expect(playlist).toContain('#EXT-X-MAP:URI="init.mp4"')
    expect(playlist).toContain('seg_0.m4s')
    const small = await getStorage().read(`videos/${videoId}/small.mp4`)
    expect(small!.contentType).toBe('video/mp4')
    small!.stream.destroy()
  })

  test('two workers on two connections claim one queued row at once: exactly one gets it and runs it', async () => {
    const { videoId } = await queued(clip)
    const now = new Date()
    const claims = await Promise.all([
      claimNextVideo(db, 'worker-a', now),
      claimNextVideo(other.db, 'worker-b', now),
      claimNextVideo(other.db, 'worker-c', now),
    ])
    const won = claims.filter((c) => c !== null)
    expect(won).toHaveLength(1)
    const owner = won[0]!.lease_owner!
    expect((await rowOf(videoId)).lease_owner).toBe(owner)
    expect((await rowOf(videoId)).tries).toBe(1)
    // The losers' runs cannot make it theirs; the winner's does.
    expect(await runVideoJob(won[0]!, { owner, conn: owner === 'worker-a' ? db : other.db })).toEqual({
      outcome: 'ready',
    })
    expect(await claimNextVideo(db, 'worker-d', later(LEASE_SECONDS * 2))).toBeNull()
  })

  test('a transcode killed midway is retried after a restart: the dead worker’s row is taken over after its lease', async () => {
    const { videoId } = await queued(clip)
    const dead = await claimNextVideo(db, 'dead-worker', new Date())
    expect(dead?.id).toBe(videoId)
    // Its worker never finishes. Within the lease nobody else takes it; after it, the next worker does.
    expect(await claimNextVideo(other.db, 'next-worker', later(LEASE_SECONDS / 2))).toBeNull()
    const taken = await claimNextVideo(other.db, 'next-worker', later(LEASE_SECONDS + 1))
    expect(taken).toMatchObject({ id: videoId, status: 'transcoding', lease_owner: 'next-worker', tries: 2 })
    // The dead worker, were it to wake, could no longer make the row ready.
    expect(await runVideoJob(taken!, { owner: 'next-worker', conn: other.db })).toEqual({ outcome: 'ready' })
    expect(await rowOf(videoId)).toMatchObject({ status: 'ready', lease_owner: null })
  })

  test('a clean stop hands the row back at once, without counting the try', async () => {
    const { videoId } = await queued(clip)
    const row = await claimNextVideo(db, 'stopping', new Date())
    const stopped = new AbortController()
    stopped.abort()
    expect(await runVideoJob(row!, { owner: 'stopping', signal: stopped.signal })).toEqual({ outcome: 'stopped' })
    expect(await rowOf(videoId)).toMatchObject({ status: 'queued', tries: 0, lease_owner: null, lease_until: null })
    expect((await claimNextVideo(db, 'next', new Date()))?.id).toBe(videoId)
  })

  test('a file ffmpeg cannot read ends failed with the reason, the upload kept and nothing else written', async () => {
    const { videoId, sourceKey } = await queued(garbage)
    const row = await claimNextVideo(db, 'w', new Date())
    const end = await runVideoJob(row!, { owner: 'w' })
    expect(end).toMatchObject({ outcome: 'failed' })
    const after = await rowOf(videoId)
    expect(after).toMatchObject({ status: 'failed', lease_owner: null, ready_at: null })
    expect(after.error).toMatch(/ffmpeg cannot read this file as a video/)
    expect(await getStorage().list(`videos/${videoId}/`)).toEqual([sourceKey])
    // ffmpeg itself failing (past the probe) names its first error line.
    await expect(
      transcodeLadder(garbage, path.join(dir, 'out-garbage'), { height: 240, durationSeconds: 2 }),
    ).rejects.toThrow(TranscodeError)
    await expect(
      transcodeLadder(garbage, path.join(dir, 'out-garbage'), { height: 240, durationSeconds: 2 }),
    ).rejects.toThrow(/^ffmpeg could not read the video: .+/)
  })

  test('the 4th claim of a row ends it failed instead of running it again', async () => {
    const { videoId } = await queued(clip)
    for (const [i, at] of [0, LEASE_SECONDS + 1, 2 * LEASE_SECONDS + 2].entries())
      expect((await claimNextVideo(db, `w${String(i)}`, later(at)))?.tries).toBe(i + 1)
    expect(await claimNextVideo(db, 'w3', later(3 * LEASE_SECONDS + 3))).toBeNull()
    expect(await rowOf(videoId)).toMatchObject({
      status: 'failed',
      error: STOPPED_REASON,
      lease_owner: null,
      lease_until: null,
    })
  })

  test('a video replaced while it transcodes: the files just written are deleted, no row is touched', async () => {
    const { videoId } = await queued(clip)
    const row = await claimNextVideo(db, 'w', new Date())
    await db.deleteFrom('videos').where('id', '=', videoId).execute()
    expect(await runVideoJob(row!, { owner: 'w' })).toEqual({ outcome: 'lost' })
    expect(await getStorage().list(`videos/${videoId}/`)).toEqual([])
  })
})

describe('the ladder in the S3 stand-in', () => {
  let server: { run(): Promise<unknown>; close(): Promise<void> }
  let s3: Storage
  const bucketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'video-s3rver-'))

  beforeAll(async () => {
    server = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: bucketDir,
      configureBuckets: [{ name: 'uploads', configs: [] }],
    })
    const address = (await server.run()) as { port: number }
    s3 = s3Storage({
      bucket: 'uploads',
      endpoint: `http://127.0.0.1:${String(address.port)}`,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    })
  })

  afterAll(async () => {
    await server.close()
    fs.rmSync(bucketDir, { recursive: true, force: true })
  })

  test('a job reads its upload from the bucket and puts the ladder there: ranges, listing and deletion', async () => {
    const { videoId, sourceKey } = await queued(clip, s3)
    const row = await claimNextVideo(db, 'w', new Date())
    expect(await runVideoJob(row!, { owner: 'w', storage: s3 })).toEqual({ outcome: 'ready' })
    const prefix = `videos/${videoId}/`
    expect(await s3.list(prefix)).toEqual([...LADDER_FILES.map((f) => prefix + f), sourceKey].sort())
    const whole = await s3.read(`${prefix}small.mp4`)
    const bytes = Buffer.concat(await whole!.stream.toArray())
    expect(bytes.length).toBe(whole!.size)
    // The index is up front (+faststart): 'ftyp' then 'moov' before the media.
    expect(bytes.subarray(4, 8).toString()).toBe('ftyp')
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'))
    const part = await s3.read(`${prefix}small.mp4`, { start: 100, end: 1099 })
    expect(part).toMatchObject({ start: 100, end: 1099, size: whole!.size, contentType: 'video/mp4' })
    expect(Buffer.concat(await part!.stream.toArray()).equals(bytes.subarray(100, 1100))).toBe(true)
    await deleteVideoFiles(videoId, s3)
    expect(await s3.list(prefix)).toEqual([])
  })
})
