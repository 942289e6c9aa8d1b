import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createCourse, createLecture, createSection, createUser, enrol } from '../../db/factories'
import * as courses from '~/routes/api/courses'
import * as player from '~/routes/learn/player'
import * as prefs from '~/routes/learn/video-prefs'
import * as videoRoute from '~/routes/video'
import { makeVideoToken } from '~/models/video/tokens.server'
import { forgetStreamPermits } from '~/models/video/watch.server'
import { newVideoId } from '~/models/video/video.server'
import { getStorage, videoContentType } from '~/services/storage.server'
import { db } from '~/utils/db.server'
import { callApi, callRoute, signedInCookie } from '../support/harness'
import { makeLadder, readyVideoRow, type Ladder } from '../support/video-ladder'

// Who may watch a lecture's own video, its signed addresses and the route that serves them
// (app/models/video/watch.server.ts, app/routes/video.ts), the lectures learners see while a video is made, the
// position and the data saver (app/routes/learn/video-prefs.ts). A real tiny ladder made by ffmpeg is the video.

let ladder: Ladder
beforeAll(() => {
  ladder = makeLadder(4)
})
afterAll(() => fs.rmSync(ladder.dir, { recursive: true, force: true }))
// The route remembers its decision a few seconds; tests that change access ask again at once.
beforeEach(() => forgetStreamPermits())

/** A course with a lecture on a ready video (files in storage), and an enrolled learner signed in. */
async function setup(title = 'Mitosis "phases"') {
  const course = await createCourse(db)
  const section = await createSection(db, { courseId: course.id, title: 'Cells' })
  const lecture = await createLecture(db, { sectionId: section.id, title, videoURL: '' })
  const videoId = newVideoId()
  await db.insertInto('videos').values(readyVideoRow(videoId, lecture.id)).execute()
  for (const file of ladder.files)
    await getStorage().putFile(`videos/${videoId}/${file}`, path.join(ladder.dir, file), videoContentType(file))
  const learner = await createUser(db)
  await enrol(db, { userId: learner.id, courseId: course.id })
  const cookie = await signedInCookie(learner.id)
  return { course, section, lecture, videoId, learner, cookie }
}

const playerData = async (courseId: string, cookie: string, query: Record<string, string> = {}) =>
  callRoute(player.loader, `/my-courses/${courseId}`, { cookie, params: { id: courseId }, query })

/** GET (or HEAD) of a video address through the route. */
function fetchVideo(address: string, options: { cookie?: string; range?: string; method?: string } = {}) {
  const m = /^\/video\/([^/]+)\/(.*)$/.exec(address)!
  return callRoute(videoRoute.loader, address, {
    method: options.method,
    cookie: options.cookie,
    headers: options.range ? { Range: options.range } : {},
    params: { token: m[1]!, '*': m[2]! },
  })
}
const bodyOf = async (r: { response: Response | null }) => Buffer.from(await r.response!.arrayBuffer())
const file = (name: string) => fs.readFileSync(path.join(ladder.dir, name))

describe('addresses for a learner with access', () => {
  test('the player gets signed addresses; the ladder, its segments, the MP4 and the poster are served', async () => {
    const { course, lecture, cookie } = await setup()
    const out = await playerData(course.id, cookie)
    expect(out.status).toBe(200)
    const v = out.data.video
    expect(v.master).toMatch(/^\/video\/[A-Za-z0-9_-]{59}\/hls\/master\.m3u8$/)
    expect(v.rungs.map((r: { name: string }) => r.name)).toEqual(['144p', '240p'])
    expect(out.data.course.sections[0].lectures.map((l: { id: string }) => l.id)).toEqual([lecture.id])

    const master = await fetchVideo(v.master, { cookie })
    expect(master.status).toBe(200)
    expect(master.headers.get('Content-Type')).toBe('application/vnd.apple.mpegurl')
    expect(master.headers.get('Cache-Control')).toMatch(/^private, max-age=\d+$/)
    expect((await bodyOf(master)).equals(file('hls/master.m3u8'))).toBe(true)
    // The playlists' relative URIs resolve under the same signed base.
    const base = v.master.replace(/master\.m3u8$/, '')
    const segment = await fetchVideo(`${base}144p/seg_00001.m4s`, { cookie })
    expect(segment.status).toBe(200)
    expect(segment.headers.get('Content-Type')).toBe('video/iso.segment')
    expect((await bodyOf(segment)).equals(file('hls/144p/seg_00001.m4s'))).toBe(true)
    for (const [address, type] of [
      [v.mp4, 'video/mp4'],
      [v.poster, 'image/jpeg'],
      [v.audio, 'application/vnd.apple.mpegurl'],
    ]) {
      const r = await fetchVideo(address, { cookie })
      expect(r.status, address).toBe(200)
      expect(r.headers.get('Content-Type')).toBe(type)
      expect(r.headers.get('Accept-Ranges')).toBe('bytes')
    }
    const head = await fetchVideo(v.mp4, { cookie, method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('Content-Length')).toBe(String(file('small.mp4').length))
  })

  test('the download is the small MP4 as an attachment named after the lecture', async () => {
    const { course, cookie } = await setup('Mitosis "phases"/1')
    const v = (await playerData(course.id, cookie)).data.video
    const r = await fetchVideo(v.download, { cookie })
    expect(r.status).toBe(200)
    expect(r.headers.get('Content-Disposition')).toBe('attachment; filename="Mitosis phases 1.mp4"')
    expect((await bodyOf(r)).equals(file('small.mp4'))).toBe(true)
  })

  test('range requests: 206 with the exact bytes, suffix ranges, 416 past the end', async () => {
    const { course, cookie } = await setup()
    const v = (await playerData(course.id, cookie)).data.video
    const whole = file('small.mp4')
    const part = await fetchVideo(v.mp4, { cookie, range: 'bytes=10-99' })
    expect(part.status).toBe(206)
    expect(part.headers.get('Content-Range')).toBe(`bytes 10-99/${String(whole.length)}`)
    expect(part.headers.get('Content-Length')).toBe('90')
    expect((await bodyOf(part)).equals(whole.subarray(10, 100))).toBe(true)
    const open = await fetchVideo(v.mp4, { cookie, range: `bytes=${String(whole.length - 5)}-` })
    expect((await bodyOf(open)).equals(whole.subarray(whole.length - 5))).toBe(true)
    const suffix = await fetchVideo(v.mp4, { cookie, range: 'bytes=-100' })
    expect(suffix.status).toBe(206)
    expect((await bodyOf(suffix)).equals(whole.subarray(whole.length - 100))).toBe(true)
    const past = await fetchVideo(v.mp4, { cookie, range: `bytes=${String(whole.length)}-` })
    expect(past.status).toBe(416)
    expect(past.headers.get('Content-Range')).toBe(`bytes */${String(whole.length)}`)
  })

  test('only the ladder is served: never the upload, nothing outside the video', async () => {
    const { course, cookie, videoId } = await setup()
    await getStorage().putFile(`videos/${videoId}/source.mp4`, path.join(ladder.dir, 'small.mp4'), 'video/mp4')
    const base = (await playerData(course.id, cookie)).data.video.master.replace(/hls\/master\.m3u8$/, '')
    for (const name of ['source.mp4', 'hls/../source.mp4', 'hls/144p/other.txt', '../x/small.mp4', 'hls']) {
      const r = await fetchVideo(`${base}${name}`, { cookie })
      expect(r.status, name).toBe(404)
    }
  })
})

describe('403 for everyone else', () => {
  test('an expired, a forged or a cut token', async () => {
    const { course, cookie, videoId, learner } = await setup()
    const old = makeVideoToken(videoId, learner.id, new Date(Date.now() - 5 * 3600_000))
    const expired = await fetchVideo(`/video/${old}/hls/master.m3u8`, { cookie })
    expect(expired.status).toBe(403)
    expect(await expired.response!.text()).toBe('This video address has expired. Reload the page.')
    const good = (await playerData(course.id, cookie)).data.video.master as string
    const token = good.split('/')[2]!
    const flipped = token.slice(0, 30) + (token[30] === 'A' ? 'B' : 'A') + token.slice(31)
    for (const t of [flipped, token.slice(0, 58), `${token}A`]) {
      const r = await fetchVideo(`/video/${t}/hls/master.m3u8`, { cookie })
      expect(r.status, t).toBe(403)
    }
  })

  test('another signed-in learner (with access of their own) using the first learner`s address; signed out', async () => {
    const { course, cookie } = await setup()
    const v = (await playerData(course.id, cookie)).data.video
    const other = await createUser(db)
    await enrol(db, { userId: other.id, courseId: course.id })
    const foreign = await fetchVideo(v.master, { cookie: await signedInCookie(other.id) })
    expect(foreign.status).toBe(403)
    expect(await foreign.response!.text()).toMatch(/another account/)
    expect((await fetchVideo(v.mp4, { cookie: await signedInCookie(other.id) })).status).toBe(403)
    expect((await fetchVideo(v.mp4)).status).toBe(403)
    // The owner still plays.
    expect((await fetchVideo(v.mp4, { cookie })).status).toBe(200)
  })

  test('access revoked or ended after the address was made stops the stream', async () => {
    const { course, cookie, learner } = await setup()
    const v = (await playerData(course.id, cookie)).data.video
    expect((await fetchVideo(v.master, { cookie })).status).toBe(200)
    await db.updateTable('enrollments').set({ is_active: 0 }).where('user_id', '=', learner.id).execute()
    forgetStreamPermits()
    expect((await fetchVideo(v.master, { cookie })).status).toBe(403)
    await db
      .updateTable('enrollments')
      .set({ is_active: 1, access_until: new Date(Date.now() - 60_000).toISOString() })
      .where('user_id', '=', learner.id)
      .execute()
    forgetStreamPermits()
    expect((await fetchVideo(v.mp4, { cookie })).status).toBe(403)
  })

  test('no address in the page or the API for someone without access', async () => {
    const { course } = await setup()
    const stranger = await createUser(db)
    const cookie = await signedInCookie(stranger.id)
    const out = await playerData(course.id, cookie)
    expect(out.status).toBe(401)
    expect(JSON.stringify(out.data)).not.toMatch(/\/video\//)
    const api = await callApi(courses, 'GET', `/api/v1/courses/get-full-course/${course.id}`, { cookie })
    expect(api.status).toBe(401)
    expect(api.text).not.toMatch(/\/video\//)
  })
})

describe('lectures while their video is made', () => {
  test('learners do not see a lecture whose upload is not ready and that has no YouTube link; staff do', async () => {
    const { course, section, lecture, cookie } = await setup()
    const waiting = await createLecture(db, { sectionId: section.id, title: 'Meiosis', videoURL: '' })
    const youtube = await createLecture(db, {
      sectionId: section.id,
      title: 'Cytokinesis',
      videoURL: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
    })
    for (const [l, status] of [
      [waiting, 'transcoding'],
      [youtube, 'queued'],
    ] as const) {
      await db
        .insertInto('videos')
        .values({ ...readyVideoRow(newVideoId(), l.id), status, progress: 40 })
        .execute()
    }
    const shown = (data: any) => data.course.sections[0].lectures.map((l: { id: string }) => l.id)
    expect(shown((await playerData(course.id, cookie)).data)).toEqual([lecture.id, youtube.id])
    // Asked for by its id, the hidden lecture is not opened either.
    const asked = await playerData(course.id, cookie, { lecture: waiting.id })
    expect(asked.data.lectureId).toBe(lecture.id)

    const api = await callApi(courses, 'GET', `/api/v1/courses/get-full-course/${course.id}`, { cookie })
    expect(api.status).toBe(200)
    const lectures = api.body.course.sections[0].lectures
    expect(lectures.map((l: { _id: string }) => l._id)).toEqual([lecture.id, youtube.id])
    // An own-video lecture keeps the field, empty; the YouTube lecture keeps its link; no address of ours.
    expect(lectures[0].videoURL).toBe('')
    expect(lectures[1].videoURL).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ')
    expect(api.text).not.toMatch(/\/video\//)

    const staff = await signedInCookie((await createUser(db, { role: 'instructor' })).id)
    const seen = await playerData(course.id, staff, { lecture: waiting.id })
    expect(shown(seen.data)).toEqual([lecture.id, waiting.id, youtube.id])
    expect(seen.data.video).toBeNull()
    expect(seen.data.pending).toEqual({ status: 'transcoding', progress: 40 })
    // Staff preview a ready video.
    expect((await playerData(course.id, staff)).data.video.master).toMatch(/^\/video\//)
  })
})

describe('position and data saver', () => {
  const post = (courseId: string, cookie: string, form: Record<string, string>) =>
    callRoute(prefs.action, `/my-courses/${courseId}/video`, { cookie, params: { id: courseId }, form })

  test('the position is saved and offered as Continue at; not for someone without access', async () => {
    const { course, lecture, cookie } = await setup()
    expect((await playerData(course.id, cookie)).data.video.continueAt).toBeNull()
    const saved = await post(course.id, cookie, { intent: 'position', lectureId: lecture.id, seconds: '754.6' })
    expect(saved.status).toBe(204)
    // 754 s is past the end of this 600-second video: starting over is offered, not continuing.
    expect((await playerData(course.id, cookie)).data.video.continueAt).toBeNull()
    await post(course.id, cookie, { intent: 'position', lectureId: lecture.id, seconds: '125' })
    const out = await playerData(course.id, cookie, { t: '125' })
    expect(out.data.video.continueAt).toBe(125)
    expect(out.data.start).toBe(125)

    const stranger = await signedInCookie((await createUser(db)).id)
    const refused = await post(course.id, stranger, { intent: 'position', lectureId: lecture.id, seconds: '30' })
    expect(refused.status).toBe(403)
    const rows = await db.selectFrom('lecture_positions').selectAll().where('lecture_id', '=', lecture.id).execute()
    expect(rows.map((r) => Number(r.seconds))).toEqual([125])
  })

  test('data saver is remembered per learner (a plain form post)', async () => {
    const { course, lecture, cookie } = await setup()
    expect((await playerData(course.id, cookie)).data.video.dataSaver).toBe(false)
    const on = await post(course.id, cookie, { intent: 'data-saver', lectureId: lecture.id, dataSaver: 'on' })
    expect(on.status).toBe(303)
    expect(on.location).toBe(`/my-courses/${course.id}?lecture=${lecture.id}`)
    expect((await playerData(course.id, cookie)).data.video.dataSaver).toBe(true)
    await post(course.id, cookie, { intent: 'data-saver', lectureId: lecture.id })
    expect((await playerData(course.id, cookie)).data.video.dataSaver).toBe(false)
  })
})
