import { describe, expect, test } from 'vitest'
import { createCourse } from '../../db/factories'
import { action, loader } from '~/routes/api/courses'
import { db } from '~/utils/db.server'
import { callApi } from '../support/harness'

// docs/legacy-api.md §2.2: the two public catalogue endpoints, called through the real resource route.
const courses = { loader, action }

async function getAll() {
  const res = await callApi(courses, 'GET', '/api/v1/courses/get-all-courses')
  return { status: res.status, body: res.body }
}

async function details(body: string, type = 'application/json') {
  const res = await callApi(courses, 'POST', '/api/v1/courses/get-course-details', {
    body,
    headers: { 'Content-Type': type },
  })
  return { status: res.status, body: res.body }
}

describe('GET /api/v1/courses/get-all-courses', () => {
  test('answers {message, courses} in insertion order with the public Course shape only', async () => {
    const first = await createCourse(db, {
      cardTitle: 'First Course',
      linkAddress: 'first-course',
      whatsappLink: 'https://chat.whatsapp.com/secret',
    })
    const second = await createCourse(db, { cardTitle: 'Second Course', linkAddress: 'second-course', mode: 'live' })
    const { status, body } = await getAll()
    expect(status).toBe(200)
    expect(body.message).toBe('All courses fetched successfully')
    const ids = body.courses.map((c: { _id: string }) => c._id)
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id))
    const course = body.courses.find((c: { _id: string }) => c._id === first.id)
    expect(Object.keys(course).sort()).toEqual(
      [
        '_id',
        'actualPrice',
        'cardTitle',
        'courseDescription',
        'courseImage',
        'courseTag',
        'courseTitle',
        'discountedPrice',
        'language',
        'linkAddress',
        'mode',
        'subTitle',
      ].sort(),
    )
    expect(course).toMatchObject({
      cardTitle: 'First Course',
      linkAddress: 'first-course',
      actualPrice: 4999,
      discountedPrice: 2999,
    })
    expect(JSON.stringify(body)).not.toContain('secret')
    for (const c of body.courses) for (const k of ['mode', 'language', 'courseTag']) expect(typeof c[k]).toBe('string')
  })
})

describe('POST /api/v1/courses/get-course-details', () => {
  test('answers {courseDetails} for a known linkAddress, without whatsappLink or sections', async () => {
    const course = await createCourse(db, {
      cardTitle: 'Detail Course',
      linkAddress: 'detail-course',
      discountedPrice: 1499,
    })
    const { status, body } = await details(JSON.stringify({ linkAddress: 'detail-course' }))
    expect(status).toBe(200)
    expect(body.courseDetails).toMatchObject({
      _id: course.id,
      linkAddress: 'detail-course',
      discountedPrice: 1499,
      courseTitle: 'Detail Course',
    })
    expect(body.courseDetails).not.toHaveProperty('whatsappLink')
    expect(body.courseDetails).not.toHaveProperty('sections')
  })

  test('answers a JSON 404 "Course not found" for an unknown linkAddress', async () => {
    const { status, body } = await details(JSON.stringify({ linkAddress: 'no-such-course' }))
    expect(status).toBe(404)
    expect(body).toEqual({ statusCode: 404, data: null, message: 'Course not found', success: false, errors: [] })
  })

  test('refuses a linkAddress that is not a string with 400', async () => {
    for (const bad of [{ linkAddress: { $ne: null } }, { linkAddress: ['a'] }, { linkAddress: 5 }, {}]) {
      const { status, body } = await details(JSON.stringify(bad))
      expect(status).toBe(400)
      expect(body.success).toBe(false)
    }
  })

  test('refuses malformed JSON and a non-object body with 400', async () => {
    expect((await details('{nope')).status).toBe(400)
    expect((await details('["x"]')).status).toBe(400)
  })

  test('GET on the POST route is a JSON 405', async () => {
    const res = await callApi(courses, 'GET', '/api/v1/courses/get-course-details')
    expect(res.status).toBe(405)
  })
})
