// Staff upload a lecture's video, with JavaScript on (the resumable upload with its progress bar) and off (the file
// posted with the form), and see its state on the course content page. No transcoder runs beside these tests, so the
// state is normally 'Queued'; 'Transcoding' or 'Ready' pass too, for a build where one does.
import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { DB } from '../../db/client'
import { createCourse, createSection } from '../../db/factories'
import { axeViolations } from '../support/axe'
import { expect, test } from '../support/fixtures'

let clipPath = ''
test.beforeAll(() => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-video-'))
  clipPath = path.join(dir, 'mitosis.mp4')
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=320x240:d=2', '-f', 'lavfi', '-i', 'sine=d=2'],
    ...['-shortest', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', clipPath],
  ])
})

async function courseWithSection(db: DB) {
  const tag = crypto.randomBytes(4).toString('hex')
  const course = await createCourse(db, { courseTitle: `Cell biology ${tag}`, linkAddress: `video-${tag}` })
  const section = await createSection(db, { courseId: course.id, title: 'Cell division' })
  return { course, section }
}

test('staff add a lecture with a video file and see it queued', async ({ page, db, loginAs, javaScriptEnabled }) => {
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
  await expect(page.getByText('Lecture added!')).toBeVisible()

  await page.goto(`/admin/course-content/${course.id}`)
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Mitosis on video/ }) })
  await expect(item.getByText(/Own video: (Queued|Transcoding \d+%|Ready)/)).toBeVisible()
  if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([])
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
