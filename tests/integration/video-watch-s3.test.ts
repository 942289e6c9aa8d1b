import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
// @ts-expect-error s3rver ships no type declarations (test-only stand-in)
import S3rver from 's3rver'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { makeLadder, readyVideoRow, type Ladder } from '../support/video-ladder'

// A lecture video in a bucket (app/routes/video.ts): the route checks the learner as always, then answers the media
// files with a 302 to a presigned address the bucket serves (a local S3-compatible server here), and the playlists
// itself. The app is imported after the stand-in is up: the environment is read once, when its modules load.
let server: { run(): Promise<unknown>; close(): Promise<void> }
let ladder: Ladder
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'biocoach-s3rver-video-'))

beforeAll(async () => {
  ladder = makeLadder(4)
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'video-bucket', configs: [] }],
  })
  const { port } = (await server.run()) as { port: number }
  Object.assign(process.env, {
    S3_BUCKET: 'video-bucket',
    S3_ENDPOINT: `http://127.0.0.1:${String(port)}`,
    S3_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  })
})

afterAll(async () => {
  await server.close()
  fs.rmSync(dir, { recursive: true, force: true })
  fs.rmSync(ladder.dir, { recursive: true, force: true })
})

test('segments, the MP4, the poster and the download redirect to the bucket; playlists are served here', async () => {
  const [factories, { callRoute, signedInCookie }, player, videoRoute, { getStorage, videoContentType }, { db }] =
    await Promise.all([
      import('../../db/factories'),
      import('../support/harness'),
      import('~/routes/learn/player'),
      import('~/routes/video'),
      import('~/services/storage.server'),
      import('~/utils/db.server'),
    ])
  const { newVideoId } = await import('~/models/video/video.server')
  const course = await factories.createCourse(db)
  const section = await factories.createSection(db, { courseId: course.id, title: 'Cells' })
  const lecture = await factories.createLecture(db, { sectionId: section.id, title: 'Osmosis', videoURL: '' })
  const videoId = newVideoId()
  await db.insertInto('videos').values(readyVideoRow(videoId, lecture.id)).execute()
  for (const file of ladder.files)
    await getStorage().putFile(`videos/${videoId}/${file}`, path.join(ladder.dir, file), videoContentType(file))
  const learner = await factories.createUser(db)
  await factories.enrol(db, { userId: learner.id, courseId: course.id })
  const cookie = await signedInCookie(learner.id)
  const v = (await callRoute(player.loader, `/my-courses/${course.id}`, { cookie, params: { id: course.id } })).data
    .video
  const get = (address: string, who = cookie) => {
    const m = /^\/video\/([^/]+)\/(.*)$/.exec(address)!
    return callRoute(videoRoute.loader, address, { cookie: who, params: { token: m[1]!, '*': m[2]! } })
  }

  const master = await get(v.master)
  expect(master.status).toBe(200)
  expect(await master.response!.text()).toBe(fs.readFileSync(path.join(ladder.dir, 'hls/master.m3u8'), 'utf8'))

  const base = v.master.replace(/master\.m3u8$/, '')
  for (const [address, name] of [
    [`${base}144p/seg_00000.m4s`, 'hls/144p/seg_00000.m4s'],
    [v.mp4, 'small.mp4'],
    [v.poster, 'poster.jpg'],
  ]) {
    const r = await get(address)
    expect(r.status, address).toBe(302)
    expect(r.headers.get('Cache-Control')).toMatch(/^private/)
    const location = r.location!
    expect(location).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/video-bucket\/videos\//)
    expect(location).toMatch(/X-Amz-Expires=300/)
    const fetched = await fetch(location)
    expect(fetched.status).toBe(200)
    expect(Buffer.from(await fetched.arrayBuffer()).equals(fs.readFileSync(path.join(ladder.dir, name)))).toBe(true)
  }
  const download = await get(v.download)
  expect(download.status).toBe(302)
  const fetched = await fetch(download.location!)
  expect(fetched.headers.get('Content-Disposition')).toBe('attachment; filename="Osmosis.mp4"')

  // The check comes first: someone else is refused before any redirect is made.
  const other = await factories.createUser(db)
  const refused = await get(v.mp4, await signedInCookie(other.id))
  expect(refused.status).toBe(403)
  expect(refused.location).toBeNull()
})
