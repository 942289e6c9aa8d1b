import { describe, expect, test, vi } from 'vitest'

// The older client's links. Set APP_URL before the app reads its env (read once, lazily).
const APP_URL = 'https://app.biocoach.example'
vi.hoisted(() => {
  process.env.APP_URL = 'https://app.biocoach.example'
})

import { createCourse, createLecture, createSection, createUser, enrol } from '../../db/factories'
import * as courses from '~/routes/api/courses'
import * as users from '~/routes/api/users'
import { getStorage, newKey } from '~/services/storage.server'
import { db } from '~/utils/db.server'
import { callApi, signedInCookie } from '../support/harness'

// get-full-course gave noteURL as our HTML route /my-courses/{id}/notes/{lectureId}, relative to the request's
// origin; the old client rewrites http to https and, on a shared origin, owns /my-courses/* itself. v1 now gives
// absolute URLs on APP_URL: notes through an access-checked, cookie-authenticated endpoint under /api/v1, and
// images (/uploads/..., /images/...).

async function courseWithNotes() {
  const course = await createCourse(db, { courseImage: '/images/courses/gate.svg' })
  const section = await createSection(db, { courseId: course.id, title: 'Unit 1' })
  const key = newKey('notes', 'pdf')
  await getStorage().put(key, new TextEncoder().encode('%PDF-1.4 enrolled only'), 'application/pdf')
  const stored = await createLecture(db, {
    sectionId: section.id,
    title: 'Intro',
    videoURL: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
    noteTitle: 'Unit 1 notes',
    noteURL: key,
  })
  const sample = await createLecture(db, {
    sectionId: section.id,
    title: 'Sample',
    videoURL: 'https://www.youtube.com/embed/aaaaaaaaaaa',
    noteTitle: 'Sample',
    noteURL: '/notes/sample.pdf',
  })
  const external = await createLecture(db, {
    sectionId: section.id,
    title: 'Ext',
    videoURL: 'https://www.youtube.com/embed/bbbbbbbbbbb',
    noteTitle: 'Ext',
    noteURL: 'http://res.cloudinary.com/demo/a.pdf',
  })
  return { course, stored, sample, external }
}

/** Follows an absolute v1 URL the way the old client's browser does: a GET with the learner's cookie. */
async function follow(url: string, cookie?: string) {
  expect(url.startsWith(`${APP_URL}/api/v1/courses/`)).toBe(true)
  const path = url.slice(`${APP_URL}/api/v1/courses`.length)
  return callApi(courses, 'GET', `/api/v1/courses${path}`, { cookie, origin: 'http://internal:3000' })
}

describe('v1 note links', () => {
  test('get-full-course: noteURL is absolute on APP_URL; the enrolled learner downloads the file, nobody else', async () => {
    const { course, stored, sample, external } = await courseWithNotes()
    const learner = await createUser(db)
    const stranger = await createUser(db)
    const revoked = await createUser(db)
    await enrol(db, { userId: learner.id, courseId: course.id })
    await enrol(db, { userId: revoked.id, courseId: course.id, isActive: false })
    const cookie = await signedInCookie(learner.id)
    const full = await callApi(courses, 'GET', `/api/v1/courses/get-full-course/${course.id}`, { cookie })
    expect(full.status).toBe(200)
    const lectures = full.body.course.sections[0].lectures
    const byId = (id: string) => lectures.find((l: { _id: string }) => l._id === id)
    expect(byId(stored.id).noteURL).toBe(`${APP_URL}/api/v1/courses/notes/${course.id}/${stored.id}`)
    expect(byId(sample.id).noteURL).toBe(`${APP_URL}/api/v1/courses/notes/${course.id}/${sample.id}`)
    expect(byId(external.id).noteURL).toBe('https://res.cloudinary.com/demo/a.pdf')
    expect(full.body.course.courseImage).toBe(`${APP_URL}/images/courses/gate.svg`)

    const file = await follow(byId(stored.id).noteURL, cookie)
    expect(file.status).toBe(200)
    expect(file.headers.get('Content-Type')).toBe('application/pdf')
    expect(file.headers.get('Content-Disposition')).toContain('attachment; filename="Unit-1-notes.pdf"')
    expect(file.text).toBe('%PDF-1.4 enrolled only')
    const redirected = await follow(byId(sample.id).noteURL, cookie)
    expect(redirected.status).toBe(302)
    expect(redirected.headers.get('Location')).toBe(`${APP_URL}/notes/sample.pdf`)

    for (const [who, c, message] of [
      ['signed out', undefined, 'Unauthorized request'],
      ['not enrolled', await signedInCookie(stranger.id), 'Unauthorized to access the course'],
      ['revoked', await signedInCookie(revoked.id), 'Access has been revoked by the admin, contact admin.'],
    ] as const) {
      const refused = await follow(byId(stored.id).noteURL, c)
      expect(refused.status, who).toBe(401)
      expect(refused.body.message, who).toBe(message)
    }
    // A lecture of another course through this course's id is not found, even for an enrolled learner.
    const other = await courseWithNotes()
    const crossed = await follow(`${APP_URL}/api/v1/courses/notes/${course.id}/${other.stored.id}`, cookie)
    expect(crossed.status).toBe(404)
    expect((await follow(`${APP_URL}/api/v1/courses/notes/${course.id}/not-an-id`, cookie)).status).toBe(404)
  })

  test('images in v1 responses are absolute on APP_URL; external ones are left alone', async () => {
    const { course } = await courseWithNotes()
    const external = await createCourse(db, { courseImage: 'https://cdn.example/x.png' })
    const all = await callApi(courses, 'GET', '/api/v1/courses/get-all-courses')
    const images = new Map(all.body.courses.map((c: { _id: string; courseImage: string }) => [c._id, c.courseImage]))
    expect(images.get(course.id)).toBe(`${APP_URL}/images/courses/gate.svg`)
    expect(images.get(external.id)).toBe('https://cdn.example/x.png')

    const user = await createUser(db)
    await db
      .updateTable('users')
      .set({ profile_image: '/uploads/profile/0123456789abcdef01234567.png' })
      .where('id', '=', user.id)
      .execute()
    const me = await callApi(users, 'GET', '/api/v1/users/current-user', { cookie: await signedInCookie(user.id) })
    expect(me.body.data.profileImage).toBe(`${APP_URL}/uploads/profile/0123456789abcdef01234567.png`)
  })
})
