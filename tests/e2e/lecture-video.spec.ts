import http from 'node:http'
import crypto from 'node:crypto'
import fs from 'node:fs'
import { createCourse, createLecture, createSection, enrol } from '../../db/factories'
import { axeViolations } from '../support/axe'
import { E2E, paths } from '../support/e2e-env'
import { addSession, expect, test } from '../support/fixtures'
import { copyLadderTo, makeLadder, readyVideoRow, type Ladder } from '../support/video-ladder'
import { playsTo } from '../support/video-play'

// A lecture on our own video (app/components/video/lecture-video.tsx, app/routes/video.ts), JS on and off: a
// learner with access plays it (JS off the element's own sources, JS on hls.js loaded at the first play), switches
// to 'Audio only', downloads it; another learner gets 403 for every address. The ladder is a tiny one ffmpeg makes,
// copied into the server's uploads folder as the transcoder would leave it.

let ladder: Ladder
test.beforeAll(() => {
  ladder = makeLadder(6)
})
test.afterAll(() => fs.rmSync(ladder.dir, { recursive: true, force: true }))

async function lectureWithVideo(db: Parameters<typeof createCourse>[0]) {
  const tag = crypto.randomBytes(4).toString('hex')
  const course = await createCourse(db, { courseTitle: `Zoology ${tag}`, linkAddress: `video-${tag}` })
  const section = await createSection(db, { courseId: course.id, title: 'Animal cells' })
  const lecture = await createLecture(db, { sectionId: section.id, title: 'The nucleus', videoURL: '' })
  const videoId = crypto.randomBytes(12).toString('hex')
  copyLadderTo(paths.uploads, videoId, ladder)
  await db
    .insertInto('videos')
    .values({ ...readyVideoRow(videoId, lecture.id), duration_seconds: 6 })
    .execute()
  return { course, lecture }
}

test('a learner with access plays the lecture video and downloads it', async ({
  page,
  db,
  loginAs,
  javaScriptEnabled,
}) => {
  const { course } = await lectureWithVideo(db)
  const user = await loginAs('user')
  await enrol(db, { userId: user.id, courseId: course.id })
  const requested: string[] = []
  page.on('request', (r) => requested.push(r.url()))
  await page.goto(`/my-courses/${course.id}`)
  const video = page.getByLabel('Lecture video: The nucleus')
  await expect(video).toBeVisible()
  await expect(video).toHaveAttribute('preload', 'none')
  await expect(video).toHaveAttribute('poster', /^\/video\/[A-Za-z0-9_-]{59}\/poster\.jpg$/)
  const box = (await video.boundingBox())!
  expect(Math.abs(box.width / box.height - 16 / 9)).toBeLessThan(0.02)
  // The watermark is there for the eye only.
  await expect(page.locator('.video-watermark')).toHaveText(user.email)
  await expect(page.locator('[aria-hidden="true"]:has(.video-watermark)')).toHaveCount(1)

  if (javaScriptEnabled) {
    // Hydrated (the menu is a JS control), and nothing of the player library fetched before play.
    const quality = page.getByLabel('Quality', { exact: true })
    await expect(quality).toBeVisible()
    expect(requested.filter((u) => /hls/i.test(u))).toEqual([])
    await playsTo(page, 1)
    expect(requested.some((u) => /\/assets\/hls[^/]*\.js$/.test(u))).toBe(true)
    // hls.js plays through Media Source Extensions.
    expect(await page.evaluate(() => document.querySelector('video')!.currentSrc)).toMatch(/^blob:/)
    await quality.selectOption({ label: 'Audio only' })
    await expect.poll(() => requested.some((u) => /\/hls\/audio\/index\.m3u8$/.test(u))).toBe(true)
    const at = await page.evaluate(() => document.querySelector('video')!.currentTime)
    await expect
      .poll(() => page.evaluate(() => document.querySelector('video')!.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(at + 0.5)
    expect(await axeViolations(page)).toEqual([])
  } else {
    // The element's own sources: the ladder for a browser that plays HLS, the small MP4 for any other.
    await expect(video.locator('source')).toHaveCount(2)
    await expect(video.locator('source[type="video/mp4"]')).toHaveAttribute('src', /\/small\.mp4$/)
    expect(requested.filter((u) => /\/video\//.test(u) && !/poster\.jpg$/.test(u))).toEqual([])
    await playsTo(page, 1)
  }

  const download = page.getByRole('link', { name: 'Download', exact: true })
  const res = await page.request.get((await download.getAttribute('href'))!)
  expect(res.status()).toBe(200)
  expect(res.headers()['content-disposition']).toBe('attachment; filename="The nucleus.mp4"')
})

test('data saver is a form that remembers the choice', async ({ page, db, loginAs, javaScriptEnabled }) => {
  const { course } = await lectureWithVideo(db)
  const user = await loginAs('user')
  await enrol(db, { userId: user.id, courseId: course.id })
  await page.goto(`/my-courses/${course.id}`)
  const saver = page.getByLabel('Data saver (lowest quality)')
  // With JavaScript the page hydrates after it has loaded: the quality menu says it has.
  if (javaScriptEnabled) await expect(page.getByLabel('Quality', { exact: true })).toBeVisible()
  await expect(saver).not.toBeChecked()
  await saver.check()
  if (!javaScriptEnabled) {
    // The form's post answers with a redirect back to the lecture: wait for that page before reloading it.
    await Promise.all([
      page.waitForURL(new RegExp(`/my-courses/${course.id}\\?lecture=`)),
      page.getByRole('button', { name: 'Save' }).click(),
    ])
  }
  await expect
    .poll(async () =>
      Number(
        (await db.selectFrom('users').select('video_data_saver').where('id', '=', user.id).executeTakeFirst())
          ?.video_data_saver,
      ),
    )
    .toBe(1)
  await page.reload()
  await expect(page.getByLabel('Data saver (lowest quality)')).toBeChecked()
  // JS off, the ladder source is the lowest rung's own playlist.
  if (!javaScriptEnabled)
    await expect(page.locator('video source[type="application/vnd.apple.mpegurl"]')).toHaveAttribute(
      'src',
      /\/hls\/144p\/index\.m3u8$/,
    )
})

test('another learner gets 403 for every address', async ({ page, db, loginAs, makeUser }) => {
  const { course } = await lectureWithVideo(db)
  const owner = await loginAs('user')
  await enrol(db, { userId: owner.id, courseId: course.id })
  await page.goto(`/my-courses/${course.id}`)
  const video = page.getByLabel('Lecture video: The nucleus')
  const poster = (await video.getAttribute('poster'))!
  const base = poster.replace(/poster\.jpg$/, '')
  const addresses = [
    'hls/master.m3u8',
    'hls/144p/index.m3u8',
    'hls/144p/init.mp4',
    'hls/144p/seg_00000.m4s',
    'hls/audio/index.m3u8',
    'small.mp4',
    'poster.jpg',
    'download',
  ].map((f) => base + f)
  for (const a of addresses) expect((await page.request.get(a)).status(), a).toBe(200)

  await page.context().clearCookies()
  const other = await makeUser('user')
  await enrol(db, { userId: other.id, courseId: course.id })
  await addSession(page, { db, baseURL: E2E.baseURL }, other.id)
  for (const a of addresses) {
    const res = await page.request.get(a)
    expect(res.status(), a).toBe(403)
  }
  await page.context().clearCookies()
  for (const a of addresses) expect((await page.request.get(a)).status(), a).toBe(403)
})

test('the player page is within the first flight and starts no framework script before it has loaded', async ({
  page,
  db,
  loginAs,
  javaScriptEnabled,
}) => {
  const { course } = await lectureWithVideo(db)
  const user = await loginAs('user')
  await enrol(db, { userId: user.id, courseId: course.id })
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
  const res = await fetch(`${E2E.baseURL}/my-courses/${course.id}`, {
    headers: { Cookie: cookie, Accept: 'text/html', 'Accept-Encoding': 'br, gzip' },
  })
  const html = await res.text()
  expect(html).toContain('Lecture video: The nucleus')
  // No module preloads, no module script: the after-load script starts them once the page has loaded.
  expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/)
  expect(html).not.toMatch(/<script[^>]*type="module"/)
  // The compressed bytes as they cross the wire (fetch decodes the body, so measure with node:http's raw socket).
  const wire = await new Promise<number>((resolve, reject) => {
    const req = http.get(
      `${E2E.baseURL}/my-courses/${course.id}`,
      { headers: { Cookie: cookie, Accept: 'text/html', 'Accept-Encoding': 'br, gzip' } },
      (r) => {
        let bytes = 0
        r.on('data', (c: Buffer) => (bytes += c.length))
        r.on('end', () => resolve(bytes))
      },
    )
    req.on('error', reject)
  })
  expect(wire).toBeLessThanOrEqual(14.6 * 1024)
  // Once loaded, the page hydrates with JavaScript: the quality menu (a JS control) appears; without, it never does.
  await page.goto(`/my-courses/${course.id}`)
  await expect(page.getByLabel('Quality', { exact: true })).toHaveCount(javaScriptEnabled ? 1 : 0)
})
