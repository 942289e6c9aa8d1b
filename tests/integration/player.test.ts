import { describe, expect, test } from 'vitest'
import { createCourse, createLecture, createSection, createUser, enrol } from '../../db/factories'
import * as courses from '~/routes/api/courses'
import * as note from '~/routes/learn/note'
import * as player from '~/routes/learn/player'
import { getStorage, newKey } from '~/services/storage.server'
import { db } from '~/utils/db.server'
import { callApi, callRoute, signedInCookie } from '../support/harness'

// Course player access rules and the learning API twins (docs/legacy-api.md §2.2).

async function courseWithLectures() {
  const course = await createCourse(db, { whatsappLink: 'https://chat.whatsapp.com/secret-group' })
  const s1 = await createSection(db, { courseId: course.id, title: 'Cell biology' })
  const s2 = await createSection(db, { courseId: course.id, title: 'Genetics' })
  const key = newKey('notes', 'pdf')
  await getStorage().put(key, new TextEncoder().encode('%PDF-1.4 test'), 'application/pdf')
  const l1 = await createLecture(db, {
    sectionId: s1.id,
    title: 'Intro',
    videoURL: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
    noteTitle: 'Cell "notes"/../1',
    noteURL: key,
  })
  const l2 = await createLecture(db, {
    sectionId: s1.id,
    title: 'Organelles',
    videoURL: 'https://www.youtube.com/embed/aaaaaaaaaaa',
    noteTitle: 'Ext',
    noteURL: 'http://res.cloudinary.com/demo/upload/v1/a.pdf',
  })
  const l3 = await createLecture(db, {
    sectionId: s2.id,
    title: 'Mendel',
    videoURL: 'https://www.youtube.com/embed/bbbbbbbbbbb',
  })
  return { course, s1, s2, l1, l2, l3 }
}

describe('player', () => {
  test('enrolled learner: sections, numbered lectures, chosen lecture, WhatsApp link', async () => {
    const { course, l2 } = await courseWithLectures()
    const user = await createUser(db)
    await enrol(db, { userId: user.id, courseId: course.id })
    const cookie = await signedInCookie(user.id)
    const out = (
      await callRoute(player.loader, `/my-courses/${course.id}`, {
        query: { lecture: l2.id },
        cookie,
        params: { id: course.id },
      })
    ).data
    expect(out.lectureId).toBe(l2.id)
    expect(out.course.whatsappLink).toBe('https://chat.whatsapp.com/secret-group')
    expect(out.course.sections.map((s: any) => s.title)).toEqual(['Cell biology', 'Genetics'])
    expect(out.course.sections[0].lectures.map((l: any) => l.title)).toEqual(['Intro', 'Organelles'])
  })

  test('no enrolment -> 401 message; revoked -> revoked message; staff see the course without the WhatsApp link', async () => {
    const { course } = await courseWithLectures()
    const stranger = await createUser(db)
    const revoked = await createUser(db)
    const instructor = await createUser(db, { role: 'instructor' })
    await enrol(db, { userId: revoked.id, courseId: course.id, isActive: false })
    const load = async (userId: string) =>
      callRoute(player.loader, `/my-courses/${course.id}`, {
        cookie: await signedInCookie(userId),
        params: { id: course.id },
      })
    const a = await load(stranger.id)
    expect(a.status).toBe(401)
    expect(a.data.error).toBe('Unauthorized to access the course')
    const b = await load(revoked.id)
    expect(b.data.error).toBe('Access has been revoked by the admin, contact admin.')
    const c = await load(instructor.id)
    expect(c.data.course.whatsappLink).toBeNull()
    expect(c.data.course.sections).toHaveLength(2)
    const anon = await callRoute(player.loader, `/my-courses/${course.id}`, { params: { id: course.id } })
    expect(anon.location).toContain('/login?redirectTo=')
  })

  test('notes: stored file streamed as an attachment with a sanitised name; external link forced to https; access checked', async () => {
    const { course, l1, l2, l3 } = await courseWithLectures()
    const user = await createUser(db)
    const stranger = await createUser(db)
    await enrol(db, { userId: user.id, courseId: course.id })
    const cookie = await signedInCookie(user.id)
    const get = async (lectureId: string, c = cookie) =>
      callRoute(note.loader, `/my-courses/${course.id}/notes/${lectureId}`, {
        cookie: c,
        params: { id: course.id, lectureId },
      })
    const file = await get(l1.id)
    expect(file.status).toBe(200)
    expect(file.headers.get('Content-Type')).toBe('application/pdf')
    expect(file.headers.get('Content-Disposition')).toBe(
      `attachment; filename="Cell-notes-1.pdf"; filename*=UTF-8''Cell-notes-1.pdf`,
    )
    expect(await file.response!.text()).toContain('%PDF')
    const ext = await get(l2.id)
    expect(ext.status).toBe(302)
    expect(ext.location).toBe('https://res.cloudinary.com/demo/upload/v1/a.pdf')
    expect((await get(l3.id)).status).toBe(404)
    expect((await get(l1.id, await signedInCookie(stranger.id))).status).toBe(401)
    const other = await createCourse(db)
    await enrol(db, { userId: user.id, courseId: other.id })
    const wrongCourse = await callRoute(note.loader, `/my-courses/${other.id}/notes/${l1.id}`, {
      cookie,
      params: { id: other.id, lectureId: l1.id },
    })
    expect(wrongCourse.status).toBe(404)
  })
})

describe('learning API', () => {
  const call = (method: string, path: string, { cookie, body }: { cookie?: string; body?: unknown } = {}) =>
    callApi(courses, method, `/api/v1/courses${path}`, { cookie, json: body })

  test('get-full-course: shapes and the E messages', async () => {
    const { course, l1 } = await courseWithLectures()
    const user = await createUser(db)
    const stranger = await createUser(db)
    const revoked = await createUser(db)
    await enrol(db, { userId: user.id, courseId: course.id })
    await enrol(db, { userId: revoked.id, courseId: course.id, isActive: false })
    expect((await call('GET', `/get-full-course/${course.id}`)).status).toBe(401)
    const cookie = await signedInCookie(user.id)
    expect(await call('GET', '/get-full-course/bad', { cookie })).toMatchObject({
      status: 400,
      body: { message: 'Invalid course ID' },
    })
    expect(await call('GET', `/get-full-course/${'b'.repeat(24)}`, { cookie })).toMatchObject({
      status: 404,
      body: { message: 'Course not found' },
    })
    expect(
      await call('GET', `/get-full-course/${course.id}`, { cookie: await signedInCookie(stranger.id) }),
    ).toMatchObject({ status: 401, body: { message: 'Unauthorized to access the course' } })
    expect(
      await call('GET', `/get-full-course/${course.id}`, { cookie: await signedInCookie(revoked.id) }),
    ).toMatchObject({ status: 401, body: { message: 'Access has been revoked by the admin, contact admin.' } })
    const ok = await call('GET', `/get-full-course/${course.id}`, { cookie })
    expect(ok.status).toBe(200)
    expect(ok.body.success).toBe(true)
    expect(ok.body.course).toMatchObject({ _id: course.id, whatsappLink: 'https://chat.whatsapp.com/secret-group' })
    expect(ok.body.course.sections[0]).toMatchObject({ title: 'Cell biology', __v: 0 })
    expect(ok.body.course.sections[0].lectures[0]).toEqual({
      _id: l1.id,
      title: 'Intro',
      videoURL: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
      noteTitle: 'Cell "notes"/../1',
      noteURL: `http://localhost/api/v1/courses/notes/${course.id}/${l1.id}`,
      __v: 0,
    })
    expect(ok.body.course.sections[0].lectures[1].noteURL).toBe('https://res.cloudinary.com/demo/upload/v1/a.pdf')
  })

  test('get-enrolled-courses (public) and get-all-sections (staff only)', async () => {
    const { course, s1, l1, l2 } = await courseWithLectures()
    expect(
      await call('POST', '/get-enrolled-courses', { body: { courseIds: [course.id, 'c'.repeat(24)] } }),
    ).toMatchObject({
      status: 200,
      body: { courses: [{ _id: course.id, courseTitle: expect.any(String) }] },
    })
    expect((await call('POST', '/get-enrolled-courses', { body: { courseIds: 'x' } })).status).toBe(400)
    expect((await call('POST', '/get-enrolled-courses', { body: { courseIds: [{ $ne: 1 }] } })).status).toBe(400)
    const learner = await createUser(db)
    const admin = await createUser(db, { role: 'admin' })
    expect((await call('GET', `/get-all-sections/${course.id}`)).status).toBe(401)
    expect(
      (await call('GET', `/get-all-sections/${course.id}`, { cookie: await signedInCookie(learner.id) })).status,
    ).toBe(403)
    const ok = await call('GET', `/get-all-sections/${course.id}`, { cookie: await signedInCookie(admin.id) })
    expect(ok.body.success).toBe(true)
    expect(ok.body.sections[0]).toEqual({ _id: s1.id, title: 'Cell biology', lectures: [l1.id, l2.id], __v: 0 })
    expect(
      await call('GET', `/get-all-sections/${'d'.repeat(24)}`, { cookie: await signedInCookie(admin.id) }),
    ).toMatchObject({ status: 404, body: { success: false, message: 'Course not found' } })
  })
})
