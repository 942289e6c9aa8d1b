import crypto from 'node:crypto'
import type { Page } from '@playwright/test'
import { createCourse, createLecture, createSection, enrol } from '../../db/factories'
import { toIndiaLocal } from '../../app/lib/dates'
import { E2E } from '../support/e2e-env'
import { addSession, expect, test } from '../support/fixtures'
import { axeViolations } from '../support/axe'
import { parseIcs } from '../support/ics'

// Live classes, JS on and off: staff schedule a class on /admin/live-classes/{courseId}; an enrolled learner sees it
// on the player and the profile with its 'Join' link inside the window (it starts in 10 minutes); a learner
// without access sees neither the class nor its link, and their calendar feed has no entry; the enrolled learner's
// feed parses and lists the class, linking to the course player and never to the join link; staff cancel it after
// a confirmation and learners see 'Cancelled'.

const nojs = () => test.info().project.name === 'nojs'
const unique = () => crypto.randomBytes(4).toString('hex')

/** The learner's calendar feed, read from the address their profile shows (asked for first if they have none). */
async function feedOf(page: Page) {
  await page.goto('/profile')
  const get = page.getByRole('button', { name: 'Get calendar address' })
  if (await get.isVisible()) await get.click()
  const address = await page.getByRole('link', { name: /\/calendar\/.+\.ics$/ }).textContent()
  const res = await page.request.get(new URL(address!).pathname)
  expect(res.status()).toBe(200)
  expect(res.headers()['content-type']).toBe('text/calendar; charset=utf-8')
  const text = await res.text()
  return { origin: new URL(address!).origin, path: new URL(address!).pathname, text, ics: parseIcs(text) }
}

test('staff schedule a class; an enrolled learner joins inside the window; no access, no class and no feed entry', async ({
  page,
  db,
  loginAs,
  makeUser,
}) => {
  const t = unique()
  const course = await createCourse(db, { cardTitle: `Live Batch ${t}`, courseTitle: `Physiology ${t}` })
  const section = await createSection(db, { courseId: course.id, title: 'Heart' })
  await createLecture(db, { sectionId: section.id, title: 'Valves', videoURL: 'https://www.youtube.com/embed/x' })
  const learner = await makeUser('user')
  await enrol(db, { userId: learner.id, courseId: course.id })
  const outsider = await makeUser('user')
  const joinUrl = `https://meet.google.com/e2e-${t}`

  await loginAs('instructor')
  await page.goto(`/admin/course-content/${course.id}`)
  await page.getByRole('link', { name: 'Live Classes' }).click()
  await expect(page.getByRole('heading', { name: `Live classes: Physiology ${t}` })).toBeVisible()
  // A bad link is refused on the page, keeping what was typed.
  await page.getByLabel('Title').fill(`Cardiac cycle ${t}`)
  await page.getByLabel('Starts at (India time)').fill(toIndiaLocal(new Date(Date.now() + 10 * 60_000).toISOString()))
  await page.getByLabel('Duration (minutes)').fill('60')
  await page.getByLabel('Join link').fill('http://insecure.example/x')
  await page.getByRole('button', { name: 'Schedule class' }).click()
  await expect(page.getByText('Join link must be an https:// address')).toBeVisible()
  await expect(page.getByLabel('Title')).toHaveValue(`Cardiac cycle ${t}`)
  await page.getByLabel('Join link').fill(joinUrl)
  await page.getByRole('button', { name: 'Schedule class' }).click()
  const row = page.getByRole('row').filter({ hasText: `Cardiac cycle ${t}` })
  await expect(row).toContainText('Live now')
  await expect(row).toContainText('IST')

  // The enrolled learner: the class with its Join link on the player and the profile.
  await page.context().clearCookies()
  await addSession(page, { db, baseURL: E2E.baseURL }, learner.id)
  await page.goto(`/my-courses/${course.id}`)
  const live = page.getByRole('region', { name: 'Live classes' })
  await expect(live).toContainText(`Cardiac cycle ${t}`)
  await expect(live.getByRole('link', { name: `Join Cardiac cycle ${t}` })).toHaveAttribute('href', joinUrl)
  await page.goto('/profile')
  await expect(page.getByText(`Next live class: Cardiac cycle ${t}`)).toBeVisible()
  await expect(page.getByRole('link', { name: `Join Cardiac cycle ${t}` })).toHaveAttribute('href', joinUrl)
  const feed = await feedOf(page)
  const event = feed.ics.events.find((e) => e.SUMMARY === `Cardiac cycle ${t} (Physiology ${t})`)
  expect(event?.STATUS).toBe('CONFIRMED')
  // Never the join link: the event opens the course player, which checks access and the time.
  expect(event?.URL).toBe(`${feed.origin}/my-courses/${course.id}`)
  expect(feed.text).not.toContain(joinUrl)
  expect(event?.DTSTART).toMatch(/^\d{8}T\d{6}Z$/)

  // A learner without access: no class, no link, no feed entry; the page data never held the link.
  await page.context().clearCookies()
  await addSession(page, { db, baseURL: E2E.baseURL }, outsider.id)
  const res = await page.goto(`/my-courses/${course.id}`)
  expect(res?.status()).toBe(401)
  await expect(page.getByText(`Cardiac cycle ${t}`)).toHaveCount(0)
  expect(await page.content()).not.toContain(joinUrl)
  const data = await page.request.get(`/my-courses/${course.id}.data`)
  expect(await data.text()).not.toContain(joinUrl)
  await page.goto('/profile')
  await expect(page.getByText(`Cardiac cycle ${t}`)).toHaveCount(0)
  const outsiderFeed = await feedOf(page)
  expect(outsiderFeed.ics.events.filter((e) => e.SUMMARY?.includes(t))).toEqual([])

  // Replacing the address: the old one is a 404 at once.
  await page.getByRole('button', { name: 'Replace calendar address' }).click()
  await expect(page.getByRole('link', { name: /\/calendar\/.+\.ics$/ })).not.toHaveText(E2E.baseURL + outsiderFeed.path)
  expect((await page.request.get(outsiderFeed.path)).status()).toBe(404)
})

test('staff cancel a class after a confirmation; learners see Cancelled and no Join; 320 px and axe clean', async ({
  page,
  db,
  loginAs,
  makeUser,
}) => {
  const t = unique()
  const course = await createCourse(db, { cardTitle: `Cancel Batch ${t}`, courseTitle: `Ecology ${t}` })
  const learner = await makeUser('user')
  await enrol(db, { userId: learner.id, courseId: course.id })
  await loginAs('admin')
  await page.setViewportSize({ width: 320, height: 800 })
  await page.goto(`/admin/live-classes/${course.id}`)
  await page.getByLabel('Title').fill(`Food webs ${t}`)
  await page.getByLabel('Starts at (India time)').fill('2030-01-05T18:30')
  await page.getByLabel('Duration (minutes)').fill('90')
  await page.getByLabel('Join link').fill(`https://zoom.us/j/${t}`)
  await page.getByRole('button', { name: 'Schedule class' }).click()
  const row = page.getByRole('row').filter({ hasText: `Food webs ${t}` })
  await expect(row).toContainText('Sat, 5 Jan 2030, 6:30 pm IST')
  await expect(row).toContainText('Upcoming')

  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  if (!nojs()) expect(await axeViolations(page), 'axe on the live classes page at 320 px').toEqual([])

  await row.getByRole('link', { name: `Cancel class Food webs ${t}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Cancel this class?' })
  await expect(dialog).toContainText(`Cancel Food webs ${t} on Sat, 5 Jan 2030, 6:30 pm IST?`)
  await dialog.getByRole('button', { name: 'Cancel class' }).click()
  await expect(page.getByRole('row').filter({ hasText: `Food webs ${t}` })).toContainText('Cancelled')

  await page.context().clearCookies()
  await addSession(page, { db, baseURL: E2E.baseURL }, learner.id)
  await page.goto(`/my-courses/${course.id}`)
  const live = page.getByRole('region', { name: 'Live classes' })
  await expect(live).toContainText(`Food webs ${t}`)
  await expect(live).toContainText('Cancelled')
  await expect(live.getByRole('link', { name: /Join/ })).toHaveCount(0)
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  if (!nojs()) expect(await axeViolations(page), 'axe on the player with live classes at 320 px').toEqual([])
  const feed = await feedOf(page)
  expect(feed.ics.events.find((e) => e.SUMMARY?.startsWith(`Food webs ${t}`))?.STATUS).toBe('CANCELLED')
})
