import { describe, expect, test } from 'vitest'
import { createCourse } from '../../db/factories'
import * as coursesApi from '~/routes/api/courses'
import { db } from '~/utils/db.server'
import { auditOf, pngFile } from '../support/catalogue'
import { callApi, signedInUser } from '../support/harness'

// PUT /api/v1/courses/{courseId}: a partial update from JSON or multipart, answered in the v1 envelope with the
// course as staff see it; bad input is a 400 naming the field. The {courseId} param matches well-formed ids only.

const put = (courseId: string, cookie: string, body: { json?: unknown; multipart?: Record<string, string | Blob> }) =>
  callApi(coursesApi, 'PUT', `/api/v1/courses/${courseId}`, { cookie, ...body })

describe('PUT /api/v1/courses/{courseId}', () => {
  test('JSON: the fields sent change, the rest stay; the answer is the staff shape', async () => {
    const admin = await signedInUser('admin')
    const course = await createCourse(db, { cardTitle: 'Api Course', linkAddress: 'api-course' })
    const res = await put(course.id, admin.cookie, {
      json: { cardTitle: 'Api Course Renamed', published: false, accessDays: 30, grantsQuizAccess: true },
    })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      success: true,
      message: 'Course updated successfully',
      course: {
        _id: course.id,
        cardTitle: 'Api Course Renamed',
        subTitle: 'A complete course',
        courseTag: 'm.sc entrance',
        mode: 'recorded',
        language: 'English',
        courseImage: 'http://localhost/images/courses/default.svg',
        actualPrice: 4999,
        discountedPrice: 2999,
        linkAddress: 'api-course',
        courseTitle: 'Api Course',
        courseDescription: 'Course description.',
        whatsappLink: 'https://chat.whatsapp.com/sample-group',
        grantsQuizAccess: true,
        published: false,
        accessDays: 30,
      },
    })
    // null is "for good"; published back on.
    const back = await put(course.id, admin.cookie, { json: { accessDays: null, published: true } })
    expect(back.body.course).toMatchObject({ accessDays: null, published: true, cardTitle: 'Api Course Renamed' })
    const updates = (await auditOf(course.id)).filter((a) => a.action === 'course.update')
    expect(updates.map((u) => u.details.changes)).toEqual([
      {
        cardTitle: { from: 'Api Course', to: 'Api Course Renamed' },
        published: { from: true, to: false },
        accessDays: { from: null, to: 30 },
        grantsQuizAccess: { from: false, to: true },
      },
      { published: { from: false, to: true }, accessDays: { from: 30, to: null } },
    ])
  })

  test("multipart: text fields ('on'/'true'/'false', '' for good) and an optional image", async () => {
    const admin = await signedInUser('admin')
    const course = await createCourse(db, { cardTitle: 'Multipart Course' })
    const res = await put(course.id, admin.cookie, {
      multipart: { published: 'false', accessDays: '90', discountedPrice: '1999', courseImage: pngFile() },
    })
    expect(res.status).toBe(200)
    expect(res.body.course).toMatchObject({ published: false, accessDays: 90, discountedPrice: 1999 })
    expect(res.body.course.courseImage).toMatch(/^http:\/\/localhost\/uploads\/courses\/[0-9a-f]{24}\.png$/)
    const on = await put(course.id, admin.cookie, { multipart: { published: 'on', accessDays: '' } })
    expect(on.body.course).toMatchObject({ published: true, accessDays: null })
  })

  test('bad input: 400 with a message naming the field; nothing changes', async () => {
    const admin = await signedInUser('admin')
    const course = await createCourse(db, { cardTitle: 'Strict Course', linkAddress: 'strict-course' })
    const cases: Array<[unknown, string]> = [
      [{ accessDays: 0 }, 'Access days must be a whole number from 1 to 3660, or empty for good'],
      [{ accessDays: 3661 }, 'Access days must be a whole number from 1 to 3660, or empty for good'],
      [{ accessDays: '12.5' }, 'Access days must be a whole number from 1 to 3660, or empty for good'],
      [{ published: 'yes' }, 'Published must be true or false'],
      [{ cardTitle: '' }, 'Card title is required'],
      [{ mode: 'hybrid' }, 'Mode must be Live or Recorded'],
      [{ actualPrice: -1 }, 'Actual price cannot be negative'],
      [{ whatsappLink: 'javascript:alert(1)' }, 'WhatsApp link must be a URL'],
      [{ linkAddress: 'new-link' }, 'linkAddress cannot be changed: links to the course would stop working'],
      [{ courseImage: 'https://example.com/x.png' }, 'courseImage must be an image file sent as multipart/form-data'],
      [{}, 'Send at least one course field to change'],
    ]
    for (const [json, message] of cases) {
      const res = await put(course.id, admin.cookie, { json })
      expect(res.status, JSON.stringify(json)).toBe(400)
      expect(res.body.message).toBe(message)
    }
    const notImage = await put(course.id, admin.cookie, {
      multipart: { courseImage: new File(['text'], 'x.png', { type: 'image/png' }) },
    })
    expect(notImage.status).toBe(400)
    expect(notImage.body.message).toBe('The course image must be a PNG, JPEG or WebP image')
    const text = await callApi(coursesApi, 'PUT', `/api/v1/courses/${course.id}`, {
      cookie: admin.cookie,
      body: 'cardTitle=x',
      headers: { 'Content-Type': 'text/plain' },
    })
    expect(text.status).toBe(415)
    const row = await db
      .selectFrom('courses')
      .select(['card_title', 'link_address', 'published', 'access_days'])
      .where('id', '=', course.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ card_title: 'Strict Course', link_address: 'strict-course', published: 1, access_days: null })
    expect((await auditOf(course.id)).some((a) => a.action === 'course.update')).toBe(false)
  })

  test('an unknown course is a 404; an instructor gets 403, a visitor 401', async () => {
    const admin = await signedInUser('admin')
    const instructor = await signedInUser('instructor')
    const course = await createCourse(db)
    expect((await put('aaaaaaaaaaaaaaaaaaaaaaaa', admin.cookie, { json: { cardTitle: 'x' } })).status).toBe(404)
    expect((await put(course.id, instructor.cookie, { json: { cardTitle: 'x' } })).status).toBe(403)
    const anonymous = await callApi(coursesApi, 'PUT', `/api/v1/courses/${course.id}`, { json: { cardTitle: 'x' } })
    expect(anonymous.status).toBe(401)
  })
})

describe('the {courseId} rows and the named paths of /api/v1/courses', () => {
  test('named paths keep their answers: GET get-all-courses, 405 for other methods, retired paths 404', async () => {
    const admin = await signedInUser('admin')
    const course = await createCourse(db)
    expect((await callApi(coursesApi, 'GET', '/api/v1/courses/get-all-courses')).status).toBe(200)
    const wrongMethod = await callApi(coursesApi, 'PUT', '/api/v1/courses/get-all-courses', {
      cookie: admin.cookie,
      json: { cardTitle: 'x' },
    })
    expect(wrongMethod.status).toBe(405)
    // Retired in docs/legacy-api.md §5 #5: still the JSON 404, not read as a course id.
    const retired = await callApi(coursesApi, 'POST', '/api/v1/courses/add-new-course', {
      cookie: admin.cookie,
      json: {},
    })
    expect(retired.status).toBe(404)
    expect(retired.body.message).toBe('Cannot POST /api/v1/courses/add-new-course')
    expect((await callApi(coursesApi, 'DELETE', '/api/v1/courses/nope', { cookie: admin.cookie })).status).toBe(404)
    // A course's address answers PUT and DELETE only.
    expect((await callApi(coursesApi, 'GET', `/api/v1/courses/${course.id}`)).status).toBe(405)
  })
})
