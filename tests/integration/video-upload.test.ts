// A lecture's own video, uploaded by staff (docs/decisions/033-lecture-video.md): through the pages' forms (the file
// streamed to disk, checked by its bytes and by ffprobe, stored as videos/<id>/source.<ext> and queued), through the
// API twins, and through the resumable protocol (/admin/video-uploads) whose finished upload the form then names.
// Refusals keep what was typed and leave nothing behind; Retry queues a failed video again; deleting a lecture
// deletes its video's files. The storage here is the local folder; every write goes through Storage.putFile, which
// the S3 store implements too (tests/integration/storage-s3.test.ts).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { createCourse, createLecture, createSection } from '../../db/factories'
import { callApi, callRoute, signedInUser } from '../support/harness'

// A 1 MB limit, so "too large" costs a megabyte, not two gigabytes (the app reads its env once, at first use).
vi.hoisted(() => {
  process.env.VIDEO_MAX_MB = '1'
})

const { db } = await import('~/utils/db.server')
const addLecturePage = await import('~/routes/admin/add-lecture')
const addSectionPage = await import('~/routes/admin/add-section')
const contentPage = await import('~/routes/admin/course-content')
const lecturePage = await import('~/routes/admin/course-content-lecture')
const uploadsRoute = await import('~/routes/admin/video-uploads')
const uploadRoute = await import('~/routes/admin/video-upload')
const courses = await import('~/routes/api/courses')
const { requestContext } = await import('~/utils/request-context')

const uploadsDir = () => process.env.UPLOADS_DIR!
const stagingDir = () => path.join(path.dirname(path.resolve(process.env.DATABASE_PATH!)), 'video-staging')
const stagedFiles = () => (fs.existsSync(stagingDir()) ? fs.readdirSync(stagingDir()) : [])
const storedVideoFiles = (videoId: string) => {
  const dir = path.join(uploadsDir(), 'videos', videoId)
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String) : []
}

let clip: Uint8Array<ArrayBuffer>
let staff = { id: '', cookie: '' }
let otherStaff = { id: '', cookie: '' }
let learner = { id: '', cookie: '' }
let courseId = ''
let sectionId = ''

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'video-upload-'))
  const out = path.join(dir, 'clip.mp4')
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=320x240:d=2', '-f', 'lavfi', '-i', 'sine=d=2'],
    ...['-shortest', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', out],
  ])
  clip = new Uint8Array(fs.readFileSync(out))
  staff = await signedInUser('instructor')
  otherStaff = await signedInUser('admin')
  learner = await signedInUser('user')
  const course = await createCourse(db)
  courseId = course.id
  sectionId = (await createSection(db, { courseId, title: 'Genetics' })).id
})

const file = (bytes: Uint8Array<ArrayBuffer>, name: string, type = 'video/mp4') => new File([bytes], name, { type })
const lectureByTitle = (title: string) =>
  db.selectFrom('lectures').selectAll().where('title', '=', title).executeTakeFirst()
const videoOf = (lectureId: string) =>
  db.selectFrom('videos').selectAll().where('lecture_id', '=', lectureId).executeTakeFirst()

/** Posts the Add Lecture form as staff. */
function addLecture(fields: Record<string, string | Blob>, cookie = staff.cookie) {
  return callRoute(addLecturePage.action, '/admin/add-lecture', {
    form: { sectionId, videoURL: '', noteTitle: '', ...fields },
    encType: 'multipart/form-data',
    cookie,
  })
}

/** Calls a resumable upload route with a raw body (a stream needs `duplex`, which the harness does not set). */
async function putChunk(id: string, body: BodyInit | ReadableStream, range: string, cookie = staff.cookie) {
  const request = new Request(`http://localhost/admin/video-uploads/${id}`, {
    method: 'PUT',
    headers: { Cookie: cookie, 'Content-Range': range, 'Content-Type': 'application/octet-stream' },
    body,
    duplex: 'half',
  } as RequestInit)
  // The guard throws its refusal; the router answers it all the same.
  const response = (await Promise.resolve(
    uploadRoute.action({ request, params: { uploadId: id }, context: requestContext('10.0.0.1') } as never),
  ).catch((thrown: unknown) => {
    if (thrown instanceof Response) return thrown
    throw thrown
  })) as Response
  return { status: response.status, headers: response.headers, body: (await response.json()) as any }
}

async function startUpload(size: number, cookie = staff.cookie) {
  return callRoute(uploadsRoute.action, '/admin/video-uploads', {
    method: 'POST',
    json: { fileName: 'lecture.mp4', size },
    cookie,
  })
}

describe('the form, JavaScript off', () => {
  test('Add Lecture with a clip and no link: the lecture, a queued video, its source in storage, nothing staged', async () => {
    const res = await addLecture({ title: 'Mendel by file', videoFile: file(clip, 'mendel.mp4') })
    expect(res.status).toBe(302)
    const lecture = await lectureByTitle('Mendel by file')
    expect(lecture?.video_url).toBe('')
    const video = await videoOf(lecture!.id)
    expect(video).toMatchObject({ status: 'queued', progress: 0, source_name: 'mendel.mp4', created_by: staff.id })
    expect(Number(video!.source_bytes)).toBe(clip.length)
    expect(video!.source_key).toBe(`videos/${video!.id}/source.mp4`)
    expect(fs.readFileSync(path.join(uploadsDir(), video!.source_key)).equals(clip)).toBe(true)
    expect(stagedFiles()).toEqual([])
    const audit = await db.selectFrom('audit_log').select('action').where('target_id', '=', lecture!.id).execute()
    expect(audit.map((a) => a.action).sort()).toEqual(['lecture.create', 'video.upload'])
  })

  test('Add Section with a clip: its first lecture gets the video', async () => {
    const res = await callRoute(addSectionPage.action, '/admin/add-section', {
      form: {
        courseId,
        sectionTitle: 'Ecology',
        lectureTitle: 'Food webs',
        videoURL: '',
        videoFile: file(clip, 'webs.mp4'),
      },
      cookie: staff.cookie,
    })
    expect(res.status).toBe(302)
    const lecture = await lectureByTitle('Food webs')
    expect((await videoOf(lecture!.id))?.status).toBe('queued')
  })

  test('neither a link nor a file: the message, nothing added', async () => {
    const res = await addLecture({ title: 'Nothing to watch' })
    expect(res.status).toBe(400)
    expect(res.data.result.error.videoURL).toEqual(['Give a video URL or choose a video file'])
    expect(await lectureByTitle('Nothing to watch')).toBeUndefined()
  })

  test('a text file named .mp4: refused with the message, what was typed kept, nothing stored or staged', async () => {
    const before = fs.existsSync(path.join(uploadsDir(), 'videos'))
      ? fs.readdirSync(path.join(uploadsDir(), 'videos'))
      : []
    const res = await addLecture({
      title: 'Plain text',
      videoURL: 'https://www.youtube.com/embed/abc',
      noteTitle: 'Handout',
      videoFile: file(new TextEncoder().encode('just some words, not a video\n'.repeat(20)), 'fake.mp4'),
    })
    expect(res.status).toBe(400)
    expect(res.data.result.error.videoFile).toEqual(['The file is not an MP4, MOV, MKV or WebM video'])
    expect(res.data.result.initialValue).toMatchObject({
      title: 'Plain text',
      videoURL: 'https://www.youtube.com/embed/abc',
      noteTitle: 'Handout',
    })
    expect(await lectureByTitle('Plain text')).toBeUndefined()
    expect(
      fs.existsSync(path.join(uploadsDir(), 'videos')) ? fs.readdirSync(path.join(uploadsDir(), 'videos')) : [],
    ).toEqual(before)
    expect(stagedFiles()).toEqual([])
  })

  test('the right magic with garbage after it: ffmpeg cannot read it', async () => {
    const bytes = new Uint8Array(4096)
    bytes.set([0, 0, 0, 0x18, ...new TextEncoder().encode('ftypisom')])
    for (let i = 12; i < bytes.length; i++) bytes[i] = (i * 7919) % 251
    const res = await addLecture({ title: 'Garbage', videoFile: file(bytes, 'broken.mp4') })
    expect(res.status).toBe(400)
    expect(res.data.result.error.videoFile[0]).toMatch(/^ffmpeg cannot read this video: /)
    expect(await lectureByTitle('Garbage')).toBeUndefined()
    expect(stagedFiles()).toEqual([])
  })

  test('over VIDEO_MAX_MB: 413 with the message, the partial file removed; the API twin the same', async () => {
    const big = new Uint8Array(1024 * 1024 + 4096)
    big.set([0, 0, 0, 0x18, ...new TextEncoder().encode('ftypisom')])
    const res = await addLecture({ title: 'Too big', videoFile: file(big, 'big.mp4') })
    expect(res.status).toBe(413)
    expect(res.data.result.error.videoFile).toEqual(['The video is too large (at most 1 MB)'])
    expect(res.data.result.initialValue).toMatchObject({ title: 'Too big' })
    expect(stagedFiles()).toEqual([])
    const api = await callApi(courses, 'POST', '/api/v1/courses/add-lecture', {
      multipart: { sectionId, title: 'Too big', videoFile: file(big, 'big.mp4') },
      cookie: staff.cookie,
    })
    expect(api.status).toBe(413)
    expect(api.body).toMatchObject({ success: false, message: 'videoFile: The video is too large (at most 1 MB)' })
    expect(stagedFiles()).toEqual([])
    expect(await lectureByTitle('Too big')).toBeUndefined()
  })
})

describe('the API twins', () => {
  test('add-lecture with videoFile: 201, a queued video; a bad file: 400 with the message, nothing added', async () => {
    const ok = await callApi(courses, 'POST', '/api/v1/courses/add-lecture', {
      multipart: { sectionId, title: 'API clip', videoFile: file(clip, 'api.mp4') },
      cookie: staff.cookie,
    })
    expect(ok.status).toBe(201)
    const video = await videoOf(ok.body.lecture._id)
    expect(video?.status).toBe('queued')
    expect(fs.existsSync(path.join(uploadsDir(), video!.source_key))).toBe(true)
    const bad = await callApi(courses, 'POST', '/api/v1/courses/add-lecture', {
      multipart: { sectionId, title: 'API text', videoFile: file(new TextEncoder().encode('hello'), 'x.mp4') },
      cookie: staff.cookie,
    })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({
      success: false,
      message: 'videoFile: The file is not an MP4, MOV, MKV or WebM video',
    })
    expect(await lectureByTitle('API text')).toBeUndefined()
  })

  test('PUT lectures/{id} with videoFile replaces the video: the old files go', async () => {
    const lecture = await createLecture(db, { sectionId, title: 'To replace', videoURL: 'https://youtu.be/x' })
    const first = await callApi(courses, 'PUT', `/api/v1/courses/lectures/${lecture.id}`, {
      multipart: { videoFile: file(clip, 'one.mp4') },
      cookie: staff.cookie,
    })
    expect(first.status).toBe(200)
    const old = (await videoOf(lecture.id))!
    expect(storedVideoFiles(old.id)).toEqual(['source.mp4'])
    const second = await callApi(courses, 'PUT', `/api/v1/courses/lectures/${lecture.id}`, {
      multipart: { videoFile: file(clip, 'two.mp4') },
      cookie: staff.cookie,
    })
    expect(second.status).toBe(200)
    const now = (await videoOf(lecture.id))!
    expect(now.id).not.toBe(old.id)
    expect(now.source_name).toBe('two.mp4')
    expect(storedVideoFiles(old.id)).toEqual([])
    expect(storedVideoFiles(now.id)).toEqual(['source.mp4'])
  })
})

describe('the resumable upload', () => {
  test('chunks in order, a wrong offset 409s with the offset, a drop resumes, the form then attaches it', async () => {
    const started = await startUpload(clip.length)
    expect(started.status).toBe(201)
    const { id, chunkSize } = started.data as { id: string; chunkSize: number }
    expect(chunkSize).toBe(8 * 1024 * 1024)
    const third = Math.floor(clip.length / 3)
    const range = (a: number, b: number) => `bytes ${a}-${b - 1}/${clip.length}`

    const one = await putChunk(id, clip.subarray(0, third), range(0, third))
    expect(one.status).toBe(200)
    expect(one.body).toMatchObject({ received: third, complete: false })

    const skipped = await putChunk(id, clip.subarray(2 * third), range(2 * third, clip.length))
    expect(skipped.status).toBe(409)
    expect(skipped.body.received).toBe(third)
    expect(skipped.headers.get('Upload-Offset')).toBe(String(third))

    // The connection drops half-way through the second chunk: what arrived is not counted.
    const dropping = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(clip.subarray(third, third + 100))
        controller.error(new Error('connection lost'))
      },
    })
    const dropped = await putChunk(id, dropping, range(third, 2 * third))
    expect(dropped.status).toBe(400)
    const asked = await callRoute(uploadRoute.loader, `/admin/video-uploads/${id}`, {
      cookie: staff.cookie,
      params: { uploadId: id },
    })
    expect(asked.status).toBe(200)
    expect(asked.data).toMatchObject({ received: third, size: clip.length })
    expect(asked.headers.get('Upload-Offset')).toBe(String(third))

    expect((await putChunk(id, clip.subarray(third, 2 * third), range(third, 2 * third))).body.received).toBe(2 * third)
    const last = await putChunk(id, clip.subarray(2 * third), range(2 * third, clip.length))
    expect(last.status).toBe(200)
    expect(last.body).toMatchObject({ received: clip.length, complete: true })
    expect(fs.readFileSync(path.join(stagingDir(), id)).equals(clip)).toBe(true)

    // Another staff member can neither see, continue nor use it.
    const theirs = await callRoute(uploadRoute.loader, `/admin/video-uploads/${id}`, {
      cookie: otherStaff.cookie,
      params: { uploadId: id },
    })
    expect(theirs.status).toBe(404)
    const stolen = await addLecture({ title: 'Stolen', videoUpload: id }, otherStaff.cookie)
    expect(stolen.status).toBe(400)
    expect(stolen.data.result.error.videoFile[0]).toMatch(/not found or is not complete/)
    expect(await lectureByTitle('Stolen')).toBeUndefined()

    const res = await addLecture({ title: 'Resumed', videoUpload: id })
    expect(res.status).toBe(302)
    const video = await videoOf((await lectureByTitle('Resumed'))!.id)
    expect(video).toMatchObject({ status: 'queued', source_name: 'lecture.mp4' })
    expect(fs.readFileSync(path.join(uploadsDir(), video!.source_key)).equals(clip)).toBe(true)
    expect(fs.existsSync(path.join(stagingDir(), id))).toBe(false)
    expect(await db.selectFrom('video_uploads').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined()
  })

  test('an unfinished upload cannot be attached; a size over the limit is refused at the start', async () => {
    const started = await startUpload(clip.length)
    const { id } = started.data as { id: string }
    await putChunk(id, clip.subarray(0, 1000), `bytes 0-999/${clip.length}`)
    const res = await addLecture({ title: 'Half', videoUpload: id })
    expect(res.status).toBe(400)
    expect(res.data.result.error.videoFile[0]).toMatch(/not complete/)
    const big = await startUpload(2 * 1024 * 1024)
    expect(big.status).toBe(413)
    expect(big.data).toMatchObject({ success: false, message: 'The video is too large (at most 1 MB)' })
  })

  test('a finished upload that is not a video is refused at its last chunk and dropped', async () => {
    const text = new TextEncoder().encode('not a video at all\n'.repeat(10))
    const { id } = (await startUpload(text.length)).data as { id: string }
    const last = await putChunk(id, text, `bytes 0-${text.length - 1}/${text.length}`)
    expect(last.status).toBe(400)
    expect(last.body).toMatchObject({ success: false, message: 'The file is not an MP4, MOV, MKV or WebM video' })
    expect(fs.existsSync(path.join(stagingDir(), id))).toBe(false)
  })

  test('learners get 403 on the upload routes; signed out 401', async () => {
    expect((await startUpload(clip.length, learner.cookie)).status).toBe(403)
    const { id } = (await startUpload(clip.length)).data as { id: string }
    const get = await callRoute(uploadRoute.loader, `/admin/video-uploads/${id}`, {
      cookie: learner.cookie,
      params: { uploadId: id },
    })
    expect(get.status).toBe(403)
    expect((await putChunk(id, clip.subarray(0, 10), `bytes 0-9/${clip.length}`, learner.cookie)).status).toBe(403)
    expect((await startUpload(clip.length, '')).status).toBe(401)
  })

  test('uploads untouched for a day are swept when the next one starts', async () => {
    const { id } = (await startUpload(clip.length)).data as { id: string }
    const old = new Date(Date.now() - 25 * 60 * 60 * 1000)
    await db.updateTable('video_uploads').set({ updated_at: old.toISOString() }).where('id', '=', id).execute()
    fs.utimesSync(path.join(stagingDir(), id), old, old)
    await startUpload(clip.length)
    expect(await db.selectFrom('video_uploads').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined()
    expect(fs.existsSync(path.join(stagingDir(), id))).toBe(false)
  })
})

describe('staff see the state; Retry; deletes', () => {
  test('the content page shows each state; Retry queues a failed video (audited)', async () => {
    await addLecture({ title: 'Will fail', videoFile: file(clip, 'fail.mp4') })
    const lecture = (await lectureByTitle('Will fail'))!
    const video = (await videoOf(lecture.id))!
    const page = await callRoute(contentPage.loader, `/admin/course-content/${courseId}`, {
      cookie: staff.cookie,
      params: { courseId },
    })
    const shown = page.data.sections.flatMap((s: any) => s.lectures).find((l: any) => l.id === lecture.id)
    expect(shown.video).toEqual({ status: 'queued', progress: 0, error: null })

    await db
      .updateTable('videos')
      .set({ status: 'failed', error: 'ffmpeg exited with code 1', tries: 3 })
      .where('id', '=', video.id)
      .execute()
    const edit = await callRoute(lecturePage.loader, `/admin/course-content/${courseId}/lecture/${lecture.id}`, {
      cookie: staff.cookie,
      params: { courseId, lectureId: lecture.id },
    })
    expect(edit.data.video).toMatchObject({ status: 'failed', error: 'ffmpeg exited with code 1' })

    const retry = await callRoute(contentPage.action, `/admin/course-content/${courseId}`, {
      form: { intent: 'retry-video', kind: 'lecture', id: lecture.id },
      cookie: staff.cookie,
      params: { courseId },
    })
    expect(retry.status).toBe(302)
    expect(await videoOf(lecture.id)).toMatchObject({ status: 'queued', error: null, tries: 0 })
    const audit = await db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', lecture.id)
      .where('action', '=', 'video.retry')
      .execute()
    expect(audit).toHaveLength(1)
  })

  test('the edit page keeps the video when neither changes, and refuses an emptied link with no video', async () => {
    await addLecture({ title: 'Kept', videoFile: file(clip, 'kept.mp4') })
    const lecture = (await lectureByTitle('Kept'))!
    const before = (await videoOf(lecture.id))!
    const saved = await callRoute(lecturePage.action, `/admin/course-content/${courseId}/lecture/${lecture.id}`, {
      form: { title: 'Kept, renamed', videoURL: '', noteTitle: '' },
      encType: 'multipart/form-data',
      cookie: staff.cookie,
      params: { courseId, lectureId: lecture.id },
    })
    expect(saved.status).toBe(302)
    expect((await videoOf(lecture.id))?.id).toBe(before.id)
    const plain = await createLecture(db, { sectionId, title: 'Link only', videoURL: 'https://youtu.be/y' })
    const emptied = await callRoute(lecturePage.action, `/admin/course-content/${courseId}/lecture/${plain.id}`, {
      form: { title: 'Link only', videoURL: '', noteTitle: '' },
      encType: 'multipart/form-data',
      cookie: staff.cookie,
      params: { courseId, lectureId: plain.id },
    })
    expect(emptied.status).toBe(400)
    expect(emptied.data.result.error.videoURL).toEqual(['Give a video URL or choose a video file'])
  })

  test('deleting a lecture, a section, deletes every file of their videos', async () => {
    await addLecture({ title: 'Doomed', videoFile: file(clip, 'doomed.mp4') })
    const lecture = (await lectureByTitle('Doomed'))!
    const video = (await videoOf(lecture.id))!
    // The transcoder's output stands beside the source.
    fs.mkdirSync(path.join(uploadsDir(), 'videos', video.id, 'hls'), { recursive: true })
    fs.writeFileSync(path.join(uploadsDir(), 'videos', video.id, 'hls', 'master.m3u8'), '#EXTM3U\n')
    fs.writeFileSync(path.join(uploadsDir(), 'videos', video.id, 'poster.jpg'), 'jpg')
    const res = await callRoute(contentPage.action, `/admin/course-content/${courseId}`, {
      form: { intent: 'delete', kind: 'lecture', id: lecture.id },
      cookie: staff.cookie,
      params: { courseId },
    })
    expect(res.status).toBe(302)
    expect(await videoOf(lecture.id)).toBeUndefined()
    expect(
      storedVideoFiles(video.id).filter(
        (f) => !fs.statSync(path.join(uploadsDir(), 'videos', video.id, f)).isDirectory(),
      ),
    ).toEqual([])

    const section = await createSection(db, { courseId, title: 'Short-lived' })
    const ok = await callApi(courses, 'POST', '/api/v1/courses/add-lecture', {
      multipart: { sectionId: section.id, title: 'In a doomed section', videoFile: file(clip, 's.mp4') },
      cookie: staff.cookie,
    })
    const sectionVideo = (await videoOf(ok.body.lecture._id))!
    expect(storedVideoFiles(sectionVideo.id)).toEqual(['source.mp4'])
    await callRoute(contentPage.action, `/admin/course-content/${courseId}`, {
      form: { intent: 'delete', kind: 'section', id: section.id },
      cookie: staff.cookie,
      params: { courseId },
    })
    expect(storedVideoFiles(sectionVideo.id)).toEqual([])
    expect(
      await db.selectFrom('videos').select('id').where('id', '=', sectionVideo.id).executeTakeFirst(),
    ).toBeUndefined()
  })
})
