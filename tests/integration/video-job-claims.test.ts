// A transcode's claim is the claim's, not the process's (docs/decisions/040-video-upload-integrity.md): a process
// whose run stalled past its lease claims the row again (the same lease_owner), and the stalled run, when it wakes,
// must not renew, finish, fail or hand back the new claim, nor put a file under the video's prefix. Each claim has its
// own token; a run whose token is no longer the row's stops (ffmpeg killed) and writes nothing.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createCourse, createSection } from '../../db/factories'
import { claimNextVideo, LEASE_SECONDS, runVideoJob } from '~/models/video/jobs.server'
import { getStorage, type Storage } from '~/services/storage.server'
import { db } from '~/utils/db.server'
import { makeClip, queueLectureVideo } from '../support/video-media'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'video-claims-'))
const clip = path.join(dir, 'clip.mp4')
const longer = path.join(dir, 'longer.mp4')
const garbage = path.join(dir, 'garbage.mp4')
const OWNER = 'host:1234:abcd'

beforeAll(() => {
  makeClip(clip)
  makeClip(longer, 40)
  fs.writeFileSync(garbage, crypto.randomBytes(50_000))
})

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

beforeEach(async () => {
  await db.deleteFrom('videos').execute()
})

async function queued(file: string) {
  const course = await createCourse(db)
  const section = await createSection(db, { courseId: course.id, title: 'Cells' })
  const { videoId, sourceKey } = await queueLectureVideo({ sectionId: section.id, title: 'Meiosis', file })
  return { videoId, sourceKey }
}

const rowOf = (id: string) => db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const later = (seconds: number) => new Date(Date.now() + seconds * 1000)

/** The app's storage, recording every put; `onRead` runs when the job has fetched its source. */
function watched(onRead: () => Promise<void> = async () => {}) {
  const real = getStorage()
  const puts: string[] = []
  const storage: Storage = {
    ...real,
    read: async (key, range) => {
      const opened = await real.read(key, range)
      await onRead()
      return opened
    },
    putFile: async (key, file, type) => {
      puts.push(key)
      return real.putFile(key, file, type)
    },
  }
  return { storage, puts }
}

describe('a claim is its own', () => {
  test('a process claims its own expired row again: the stalled first run writes nothing, the second makes it ready', async () => {
    const { videoId, sourceKey } = await queued(clip)
    const first = (await claimNextVideo(db, OWNER, new Date()))!
    const second = (await claimNextVideo(db, OWNER, later(LEASE_SECONDS + 1)))!
    expect(second).toMatchObject({ id: videoId, lease_owner: OWNER, tries: 2 })

    const stale = watched()
    expect(await runVideoJob(first, { owner: OWNER, storage: stale.storage })).toEqual({ outcome: 'lost' })
    expect(stale.puts).toEqual([])
    expect(second.lease_token).toMatch(/^[0-9a-f]{24}$/)
    expect(second.lease_token).not.toBe(first.lease_token)
    expect(await rowOf(videoId)).toMatchObject({ status: 'transcoding', lease_token: second.lease_token, progress: 0 })
    expect(await getStorage().list(`videos/${videoId}/`)).toEqual([sourceKey])

    expect(await runVideoJob(second, { owner: OWNER })).toEqual({ outcome: 'ready' })
    expect(await rowOf(videoId)).toMatchObject({ status: 'ready', lease_owner: null, lease_token: null })
  })

  test('the claim taken over while the run has its source: it puts nothing in storage', async () => {
    const { videoId } = await queued(clip)
    const first = (await claimNextVideo(db, OWNER, new Date()))!
    let second: Awaited<ReturnType<typeof claimNextVideo>> = null
    const stale = watched(async () => {
      second = await claimNextVideo(db, OWNER, later(LEASE_SECONDS + 1))
    })
    expect(await runVideoJob(first, { owner: OWNER, storage: stale.storage })).toEqual({ outcome: 'lost' })
    expect(second).not.toBeNull()
    expect(stale.puts).toEqual([])
    expect(await rowOf(videoId)).toMatchObject({ status: 'transcoding', lease_token: second!.lease_token })
  })

  test('taken over while ffmpeg runs: the next renewal stops ffmpeg long before the transcode would end', async () => {
    const { videoId } = await queued(longer)
    const first = (await claimNextVideo(db, OWNER, new Date()))!
    let second: Awaited<ReturnType<typeof claimNextVideo>> = null
    const stale = watched(async () => {
      second = await claimNextVideo(db, OWNER, later(LEASE_SECONDS + 1))
    })
    // The renewal runs every 50 ms here (20 s in the app), so it meets the new claim while ffmpeg is busy.
    const staleStarted = Date.now()
    expect(await runVideoJob(first, { owner: OWNER, storage: stale.storage, renewMs: 50 })).toEqual({ outcome: 'lost' })
    const staleMs = Date.now() - staleStarted
    expect(stale.puts).toEqual([])
    const fullStarted = Date.now()
    expect(await runVideoJob(second!, { owner: OWNER })).toEqual({ outcome: 'ready' })
    const fullMs = Date.now() - fullStarted
    expect(staleMs).toBeLessThan(fullMs / 2)
    expect(await rowOf(videoId)).toMatchObject({ status: 'ready' })
  })

  test('a stalled run neither fails nor hands back the row its process claimed again', async () => {
    const { videoId } = await queued(garbage)
    const first = (await claimNextVideo(db, OWNER, new Date()))!
    const second = (await claimNextVideo(db, OWNER, later(LEASE_SECONDS + 1)))!
    // A file ffmpeg cannot read would fail the row; a stop would hand it back: neither is the stale run's to do.
    expect(await runVideoJob(first, { owner: OWNER })).toEqual({ outcome: 'lost' })
    const stopped = new AbortController()
    stopped.abort()
    expect(await runVideoJob(first, { owner: OWNER, signal: stopped.signal })).toEqual({ outcome: 'lost' })
    expect(await rowOf(videoId)).toMatchObject({
      status: 'transcoding',
      error: null,
      tries: 2,
      lease_owner: OWNER,
      lease_token: second.lease_token,
    })
  })
})
