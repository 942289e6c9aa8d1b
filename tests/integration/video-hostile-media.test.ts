// Hostile media (docs/decisions/040-video-upload-integrity.md): files that pass for a video by their first bytes, or
// are named .mp4, but that ffmpeg, left to pick its demuxer by the content, reads as a DASH manifest, an HLS playlist
// or an ffconcat script, each of which pulls in another file on the server (here the sentinel). Each is refused before
// a transcode with a message staff can read, through every door (the form, the resumable upload, a job whose stored
// upload is hostile, the probe and the transcoder themselves), and the sentinel is never read: its access time, set
// far in the past, never moves (a positive control shows that a read does move it on this disk), and nothing is made
// from it. An MP4 whose header states 2 seconds over hours of frames is refused as too long. Real MP4, MOV, MKV and
// WebM uploads still go through, and the transcoder still reads each of them.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { createCourse, createSection } from '../../db/factories'
import { callRoute, signedInUser } from '../support/harness'
import {
  filesUnder,
  hostileMedia,
  makeClip,
  makeLyingMp4,
  makeSentinel,
  queueLectureVideo,
  unguardedProbe,
  videoUploadRoutes,
} from '../support/video-media'

vi.hoisted(() => {
  process.env.VIDEO_MAX_MB = '4'
})

const { db, addLecturePage, uploadsRoute, uploadRoute, requestContext } = await videoUploadRoutes()
const { probeVideo } = await import('~/models/video/probe.server')
const { transcodeLadder, TranscodeError } = await import('~/models/video/transcode.server')
const { claimNextVideo, runVideoJob } = await import('~/models/video/jobs.server')
const { getStorage } = await import('~/services/storage.server')

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'video-hostile-'))
const stagingDir = path.join(path.dirname(path.resolve(process.env.DATABASE_PATH!)), 'video-staging')
const uploadsDir = () => process.env.UPLOADS_DIR!
// The uploads (the form's and the resumable ones) land in the staging folder, so the sentinel sits there: the
// ffconcat script names it relatively. The tools' own tests use a second one beside their files.
let staged: ReturnType<typeof makeSentinel>
let beside: ReturnType<typeof makeSentinel>
let staff = { id: '', cookie: '' }
let sectionId = ''
const KINDS = ['dash', 'hls', 'ffconcat'] as const

beforeAll(async () => {
  staged = makeSentinel(stagingDir)
  beside = makeSentinel(path.join(work, 'tools'))
  staff = await signedInUser('instructor')
  const course = await createCourse(db)
  sectionId = (await createSection(db, { courseId: course.id, title: 'Cells' })).id
})

const hostileFile = (kind: (typeof KINDS)[number]) => {
  const file = path.join(beside.dir, `${kind}.mp4`)
  fs.writeFileSync(file, hostileMedia(beside.dir)[kind])
  return file
}

/** Nothing made from the sentinel: no lecture with the title, no video row, nothing in storage but what was there. */
async function nothingKept(title: string, storedBefore: string[]) {
  expect(await db.selectFrom('lectures').select('id').where('title', '=', title).executeTakeFirst()).toBeUndefined()
  expect(filesUnder(path.join(uploadsDir(), 'videos'))).toEqual(storedBefore)
}

function addLecture(title: string, file: File) {
  return callRoute(addLecturePage.action, '/admin/add-lecture', {
    form: { sectionId, title, videoURL: '', noteTitle: '', videoFile: file },
    encType: 'multipart/form-data',
    cookie: staff.cookie,
  })
}

async function putWhole(bytes: Uint8Array<ArrayBuffer>) {
  const started = await callRoute(uploadsRoute.action, '/admin/video-uploads', {
    method: 'POST',
    json: { fileName: 'lecture.mp4', size: bytes.length },
    cookie: staff.cookie,
  })
  const id = (started.data as { id: string }).id
  const request = new Request(`http://localhost/admin/video-uploads/${id}`, {
    method: 'PUT',
    headers: { Cookie: staff.cookie, 'Content-Range': `bytes 0-${bytes.length - 1}/${bytes.length}` },
    body: bytes,
  })
  const response = (await uploadRoute.action({
    request,
    params: { uploadId: id },
    context: requestContext('10.0.0.1'),
  } as never)) as Response
  return { id, status: response.status, body: (await response.json()) as { success: boolean; message?: string } }
}

const REFUSALS = [
  /^ffmpeg cannot read this video: /,
  /^The file is not an MP4, MOV, MKV or WebM video$/,
  /^The video is too long \(at most 6 hours\)$/,
]
const clearRefusal = (message: string) => REFUSALS.some((r) => r.test(message))

describe('the fixtures are live', () => {
  test('ffprobe left to pick its demuxer reads the sentinel through each, and the read moves its access time', () => {
    for (const kind of KINDS) {
      beside.reset()
      expect(unguardedProbe(hostileFile(kind))).toMatchObject({ formatName: kind === 'ffconcat' ? 'concat' : kind })
      expect(unguardedProbe(hostileFile(kind)).width).toBe(176)
      expect(beside.read()).toBe(true)
    }
    beside.reset()
    expect(beside.read()).toBe(false)
  })
})

describe('hostile uploads are refused before a transcode, and read nothing else', () => {
  test.each(KINDS)(
    '%s named .mp4, with the form: 400 with the reason, nothing kept, the sentinel unread',
    async (kind) => {
      staged.reset()
      const before = filesUnder(path.join(uploadsDir(), 'videos'))
      const res = await addLecture(`Hostile ${kind}`, new File([hostileMedia(stagingDir)[kind]], 'lecture.mp4'))
      expect(res.status).toBe(400)
      const message = res.data.result.error.videoFile[0] as string
      expect(clearRefusal(message)).toBe(true)
      await nothingKept(`Hostile ${kind}`, before)
      expect(staged.read()).toBe(false)
      expect(filesUnder(stagingDir).sort()).toEqual(['sentinel.mp4', 'sentinel.ts'])
    },
  )

  test.each(KINDS)(
    '%s named .mp4, uploaded in chunks: refused at the last chunk and dropped, the sentinel unread',
    async (kind) => {
      staged.reset()
      const { id, status, body } = await putWhole(hostileMedia(stagingDir)[kind])
      expect(status).toBe(400)
      expect(body.success).toBe(false)
      expect(clearRefusal(body.message!)).toBe(true)
      expect(fs.existsSync(path.join(stagingDir, id))).toBe(false)
      expect(staged.read()).toBe(false)
    },
  )

  test('a header’s stated duration is not believed: an MP4 that says 2 s over 7 hours of frames is too long', async () => {
    const liar = makeLyingMp4(path.join(work, 'liar.mp4'))
    const res = await addLecture('Seven hours', new File([fs.readFileSync(liar)], 'short.mp4'))
    expect(res.status).toBe(400)
    expect(res.data.result.error.videoFile).toEqual(['The video is too long (at most 6 hours)'])
    const probe = await probeVideo(liar)
    expect(probe).toMatchObject({ ok: true, kind: 'mp4' })
    expect(probe.ok && probe.durationSeconds).toBeGreaterThan(26_000)
  })
})

describe('the tools themselves read a hostile file as nothing but what it claims to be', () => {
  test.each(KINDS)('%s: the probe refuses it; the transcoder fails on it and writes nothing', async (kind) => {
    const file = hostileFile(kind)
    beside.reset()
    const probe = await probeVideo(file)
    expect(probe.ok).toBe(false)
    const out = path.join(work, `out-${kind}`)
    await expect(transcodeLadder(file, out, { height: 144, durationSeconds: 7 })).rejects.toThrow(TranscodeError)
    // Forced as what its name says, too.
    await expect(transcodeLadder(file, out, { height: 144, durationSeconds: 7, kind: 'mp4' })).rejects.toThrow(
      /^ffmpeg could not read the video: /,
    )
    expect(filesUnder(out)).toEqual([])
    expect(beside.read()).toBe(false)
  })

  test.each(KINDS)(
    '%s stored as a lecture’s upload: the job ends failed with the reason, nothing written',
    async (kind) => {
      const { videoId, sourceKey } = await queueLectureVideo({
        sectionId,
        title: `Stored ${kind}`,
        file: hostileFile(kind),
        sourceName: 'lecture.mp4',
      })
      await db.deleteFrom('videos').where('id', '!=', videoId).execute()
      beside.reset()
      const row = await claimNextVideo(db, 'w', new Date())
      expect(row?.id).toBe(videoId)
      const end = await runVideoJob(row!, { owner: 'w' })
      expect(end).toMatchObject({ outcome: 'failed' })
      const after = await db.selectFrom('videos').selectAll().where('id', '=', videoId).executeTakeFirstOrThrow()
      expect(after).toMatchObject({ status: 'failed', ready_at: null })
      expect(after.error).toMatch(/ffmpeg cannot read this file as a video|not an MP4/)
      expect(await getStorage().list(`videos/${videoId}/`)).toEqual([sourceKey])
      expect(beside.read()).toBe(false)
    },
  )
})

describe('real videos keep working', () => {
  const clips = { mp4: 'clip.mp4', mov: 'clip.mov', mkv: 'clip.mkv', webm: 'clip.webm' } as const

  test.each(Object.entries(clips))(
    '%s: the form takes it, queued; the probe and the transcoder read it',
    async (kind, name) => {
      const file = makeClip(path.join(work, name))
      const res = await addLecture(`Real ${kind}`, new File([fs.readFileSync(file)], name))
      expect(res.status).toBe(302)
      const lecture = await db
        .selectFrom('lectures')
        .select('id')
        .where('title', '=', `Real ${kind}`)
        .executeTakeFirst()
      const video = await db.selectFrom('videos').selectAll().where('lecture_id', '=', lecture!.id).executeTakeFirst()
      expect(video).toMatchObject({ status: 'queued', source_key: `videos/${video!.id}/source.${kind}` })
      expect(video!.source_sha256).toMatch(/^[0-9a-f]{64}$/)
      const probe = await probeVideo(file)
      expect(probe).toMatchObject({ ok: true, kind, width: 320, height: 240, hasAudio: true })
      expect(probe.ok && probe.durationSeconds).toBeCloseTo(2, 0)
      const out = path.join(work, `out-${kind}`)
      await transcodeLadder(file, out, { height: 240, durationSeconds: 2, kind: probe.ok ? probe.kind : undefined })
      expect(filesUnder(out)).toEqual(expect.arrayContaining(['poster.jpg', 'small.mp4', 'hls/master.m3u8']))
    },
  )
})
