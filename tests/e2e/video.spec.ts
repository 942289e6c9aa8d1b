import fs from 'node:fs'
import type { Page } from '@playwright/test'
import { enrol } from '../../db/factories'
import { expect, test } from '../support/fixtures'

// The video facade is an <iframe srcdoc> whose link loads YouTube's player inside the frame, with
// no script of ours, so the player, the home hero and the resources videos play in the page with JS on and off.
// The machine has no internet: YouTube's player is a stand-in page, and the thumbnail host is blocked.

const STAND_IN = 'Stand-in YouTube player'
const embedUrl = (id: string) => `https://www.youtube-nocookie.com/embed/${id}?rel=0&autoplay=1`

/** Serves a stand-in for YouTube's player and the thumbnails, counting what the page asked YouTube for. */
async function fakeYouTube(page: Page) {
  const requested: string[] = []
  await page.route('https://www.youtube-nocookie.com/**', (route) => {
    requested.push(route.request().url())
    return route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Player</title><p>${STAND_IN} ${new URL(route.request().url()).pathname}</p>`,
    })
  })
  await page.route('https://i.ytimg.com/**', (route) => route.abort())
  return requested
}

/** The facade of `title` is a srcdoc frame; its tap plays video `id` inside the frame, and the page stays. */
async function playsInFrame(page: Page, requested: string[], title: string | RegExp, id: string) {
  const iframe = page.getByTitle(title).and(page.locator('iframe'))
  await expect(iframe).toHaveAttribute('srcdoc', /^<!doctype html>/)
  await expect(iframe).not.toHaveAttribute('src')
  // Polled: after a full page load (JS off) the frame can be measured before the stylesheet has given it its shape.
  await expect
    .poll(async () => {
      const box = await iframe.boundingBox()
      return box ? Math.abs(box.width / box.height - 16 / 9) : Infinity
    })
    .toBeLessThan(0.02)
  const box = await iframe.boundingBox()

  const frame = iframe.contentFrame()
  const link = frame.getByRole('link', { name: /^Play video: / })
  await expect(link).toHaveAttribute('href', embedUrl(id))
  await expect(frame.locator('script')).toHaveCount(0)
  expect(requested, 'YouTube loads only on the tap').toEqual([])

  const pageUrl = page.url()
  await link.click()
  await expect(frame.getByText(`${STAND_IN} /embed/${id}`)).toBeVisible()
  expect(requested).toEqual([embedUrl(id)])
  const loaded = await iframe.elementHandle().then((h) => h!.contentFrame())
  expect(loaded!.url()).toBe(embedUrl(id))
  expect(page.url(), 'the page itself does not navigate').toBe(pageUrl)
  // Same box after the video loaded: nothing shifts.
  expect(await iframe.boundingBox()).toEqual(box)
}

test('the home hero video plays inside its frame', async ({ page }) => {
  const requested = await fakeYouTube(page)
  await page.goto('/')
  await playsInFrame(page, requested, /^Welcome to /, 'URUJD5NEXC8')
})

test('a resources video plays inside its frame', async ({ page }) => {
  const requested = await fakeYouTube(page)
  await page.goto('/resources')
  await expect(page.locator('iframe[srcdoc]')).toHaveCount(4)
  await playsInFrame(page, requested, 'The lac operon: an introduction', 'oBwtxdI1zvk')
})

test('the course player: the lecture plays inside its frame, and the seeded notes download as a PDF', async ({
  page,
  db,
  loginAs,
}) => {
  const course = await db
    .selectFrom('courses')
    .select('id')
    .where('link_address', '=', 'iit-jam-biotechnology-live')
    .executeTakeFirstOrThrow()
  const user = await loginAs('user')
  await enrol(db, { userId: user.id, courseId: course.id })
  const requested = await fakeYouTube(page)
  await page.goto(`/my-courses/${course.id}`)
  await playsInFrame(page, requested, 'The cell and its organelles', 'URUJD5NEXC8')

  // Another lecture: the frame starts again from its facade, with that lecture's video.
  await page.getByRole('link', { name: '2. Membranes and transport' }).click()
  await expect(page.getByRole('heading', { name: 'Membranes and transport', level: 2 })).toBeVisible()
  requested.length = 0
  await playsInFrame(page, requested, 'Membranes and transport', 'H8WJ2KENlK0')

  const notes = page.getByRole('link', { name: 'Notes: The cell and its organelles (notes)' })
  const [download] = await Promise.all([page.waitForEvent('download'), notes.click()])
  expect(download.suggestedFilename()).toBe('The-cell-and-its-organelles-notes.pdf')
  const bytes = fs.readFileSync(await download.path())
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  expect(bytes.toString('latin1')).toContain('(The cell and its organelles \\(notes\\)) Tj')
})

test('a thumbnail that cannot load leaves our poster, not a broken image', async ({ page }) => {
  await fakeYouTube(page)
  const poster = page.waitForResponse((r) => r.url().endsWith('/images/video-poster.svg'))
  await page.goto('/resources')
  expect((await poster).status()).toBe(200)
  const frame = page.getByTitle('The lac operon: an introduction').contentFrame()
  const link = frame.getByRole('link', { name: /^Play video: / })
  await expect(link).toBeVisible()
  await expect(frame.locator('img')).toHaveCount(0)
  const background = await link.evaluate((a) => getComputedStyle(a).backgroundImage)
  expect(background).toMatch(
    /^url\("https:\/\/i\.ytimg\.com\/vi\/oBwtxdI1zvk\/hqdefault\.jpg"\), url\(".*\/images\/video-poster\.svg"\)$/,
  )
})

test('a flash toast leaves by itself, JS on or off, and then takes no clicks', async ({
  page,
  loginAs,
  javaScriptEnabled,
}) => {
  await loginAs('user', { name: 'Toast Learner' })
  await page.goto('/profile/edit')
  await page.getByLabel('Mobile Number').fill('9123456789')
  await page.getByRole('button', { name: 'Update Profile' }).click()
  await expect(page).toHaveURL('/profile')
  const toast = page.getByRole('status').filter({ hasText: 'User info updated' })
  // Success toasts stay 2 s (TOAST_SUCCESS_MS); allow for a slow machine, but it must go by itself.
  await expect(toast).toBeHidden({ timeout: 5000 })
  // With JS the toaster removes it; without, the server-rendered toast is still there, hidden by CSS alone.
  // (a CSS locator: role queries skip hidden elements).
  await expect(page.locator('[role="status"]', { hasText: 'User info updated' })).toHaveCount(javaScriptEnabled ? 0 : 1)
  // Its container lets clicks through to the page (a hidden toast takes none either).
  const region = page.locator('[aria-live="polite"]')
  if ((await region.count()) > 0) await expect(region).toHaveCSS('pointer-events', 'none')
})
