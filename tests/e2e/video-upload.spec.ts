// Staff upload a lecture's video, with JavaScript on (the resumable upload with its progress bar) and off (the file
// posted with the form), see its state on the course content page until the app's own worker has transcoded it
// (VIDEO_WORKERS defaults to 1 in the e2e server too), and a learner with access plays it and downloads the MP4.
// The player's finer points (the quality menu, data saver, 403s) are tests/e2e/lecture-video.spec.ts's.
import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { DB } from '../../db/client'
import { createCourse, createSection, enrol } from '../../db/factories'
import { axeViolations } from '../support/axe'
import { playsTo, videoTime } from '../support/video-play'
import { expect, expectToast, test } from '../support/fixtures'

let clipPath = ''
test.beforeAll(() => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-video-'))
  clipPath = path.join(dir, 'mitosis.mp4')
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=320x240:d=20', '-f', 'lavfi', '-i', 'sine=d=20'],
    ...['-shortest', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', clipPath],
  ])
})

async function courseWithSection(db: DB) {
  const tag = crypto.randomBytes(4).toString('hex')
  const course = await createCourse(db, { courseTitle: `Cell biology ${tag}`, linkAddress: `video-${tag}` })
  const section = await createSection(db, { courseId: course.id, title: 'Cell division' })
  return { course, section }
}

test('staff upload a 20-second clip, see it become ready, and a learner with access plays and downloads it', async ({
  page,
  db,
  loginAs,
  javaScriptEnabled,
}) => {
  const { course, section } = await courseWithSection(db)
  await loginAs('instructor')
  if (javaScriptEnabled) {
    // Each chunk waits a moment, so the progress bar is there to be seen on a fast local connection; the first
    // chunk's connection drops, so the upload pauses and resumes from the server's offset.
    let dropped = false
    await page.route('**/admin/video-uploads/*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700))
      if (route.request().method() === 'PUT' && !dropped) {
        dropped = true
        return route.abort('connectionreset')
      }
      await route.continue()
    })
  }
  await page.goto(`/admin/add-lecture?course=${course.id}&section=${section.id}`)
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Lecture Title').fill('Mitosis on video')
  await dialog.getByLabel(/^Video file/).setInputFiles(clipPath)
  if (javaScriptEnabled) {
    await expect(dialog.getByRole('progressbar', { name: 'Uploading mitosis.mp4' })).toBeVisible()
    await expect(dialog.getByText(/Paused: connection lost, retrying…/)).toBeVisible()
    await expect(dialog.getByText(/Uploaded mitosis\.mp4/)).toBeVisible({ timeout: 20_000 })
    expect(await axeViolations(page)).toEqual([])
  }
  await dialog.getByRole('button', { name: 'Add Lecture' }).click()
  await expectToast(page, 'Lecture added!')

  await page.goto(`/admin/course-content/${course.id}`)
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Mitosis on video/ }) })
  await expect(item.getByText(/Own video: (Queued|Transcoding \d+%|Ready)/)).toBeVisible()
  if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([])
  // The app's worker transcodes it; a reload shows where it stands.
  await expect(async () => {
    await page.reload()
    await expect(item.getByText('Own video: Ready')).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 60_000 })

  const learner = await loginAs('user')
  await enrol(db, { userId: learner.id, courseId: course.id })
  await page.goto(`/my-courses/${course.id}`)
  const video = page.getByLabel('Lecture video: Mitosis on video')
  await expect(video).toBeVisible()
  if (javaScriptEnabled) await expect(page.getByLabel('Quality', { exact: true })).toBeVisible()
  await playsTo(page, 1)
  const currentSrc = () => page.evaluate(() => document.querySelector('video')!.currentSrc)
  if (javaScriptEnabled) {
    // The adaptive player: hls.js through Media Source Extensions.
    expect(await currentSrc()).toMatch(/^blob:/)
    await page.getByLabel('Quality', { exact: true }).selectOption({ label: 'Audio only' })
    const at = await videoTime(page)
    await expect.poll(() => videoTime(page), { timeout: 20_000 }).toBeGreaterThan(at + 0.5)
  } else {
    // The small MP4 plays; 'Audio only' is a link to the page with the audio rung's playlist first.
    expect(await currentSrc()).toMatch(/\/small\.mp4$/)
    await page.getByRole('link', { name: 'Audio only' }).click()
    await expect(page.locator('video source').first()).toHaveAttribute('src', /\/hls\/audio\/index\.m3u8$/)
    await playsTo(page, 1)
    expect(await currentSrc()).toMatch(/\/hls\/audio\/index\.m3u8$/)
  }
  const download = await page.request.get(
    (await page.getByRole('link', { name: 'Download', exact: true }).getAttribute('href'))!,
  )
  expect(download.status()).toBe(200)
  expect(download.headers()['content-disposition']).toBe('attachment; filename="Mitosis on video.mp4"')
  expect(download.headers()['content-type']).toBe('video/mp4')
})

test('a file that is not a video is refused with the message; the typed title stays', async ({
  page,
  db,
  loginAs,
  javaScriptEnabled,
}) => {
  const { course, section } = await courseWithSection(db)
  await loginAs('instructor')
  await page.goto(`/admin/add-lecture?course=${course.id}&section=${section.id}`)
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Lecture Title').fill('Meiosis notes')
  await dialog.getByLabel(/^Video file/).setInputFiles({
    name: 'meiosis.mp4',
    mimeType: 'video/mp4',
    buffer: Buffer.from('These are notes typed into a text file, not a video.\n'.repeat(20)),
  })
  // With JavaScript the upload's own check answers at once; without, the form's post does.
  if (!javaScriptEnabled) await dialog.getByRole('button', { name: 'Add Lecture' }).click()
  await expect(page.getByText('The file is not an MP4, MOV, MKV or WebM video')).toBeVisible()
  await expect(page.getByRole('dialog').getByLabel('Lecture Title')).toHaveValue('Meiosis notes')
  if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([])
})
