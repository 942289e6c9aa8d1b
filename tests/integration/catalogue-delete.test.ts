import { sql } from 'kysely'
import { isForeignKeyViolation } from '#db/dialect'
import { describe, expect, test } from 'vitest'
import { createCoupon, createCourse, createUser, enrol } from '../../db/factories'
import * as allCourses from '~/routes/admin/all-courses'
import * as coursesApi from '~/routes/api/courses'
import { getStorage } from '~/services/storage.server'
import { db } from '~/utils/db.server'
import { newId, nowIso } from '~/utils/ids.server'
import { auditOf, courseForm, pngFile, toastOf } from '../support/catalogue'
import { callApi, callRoute, signedInUser } from '../support/harness'

// Deleting a course (admin): only when no order and no enrolment refers to it; then its sections, lectures, notes,
// coupons and image go too. Otherwise refused, telling staff to unpublish it.

const IN_USE = 'This course has orders or enrolments, so it cannot be deleted. Unpublish it instead.'
const PDF = new File([new TextEncoder().encode('%PDF-1.4\n%catalogue note\n')], 'n.pdf', { type: 'application/pdf' })
const count = async (table: 'courses' | 'sections' | 'coupons' | 'coupon_selections', column: string, id: string) =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where(sql.ref(column), '=', id)
        .executeTakeFirstOrThrow()
    ).n,
  )

/** A course made the way staff make one: its image and a note in storage, a section, two lectures, a coupon. */
async function authoredCourse(cookie: string, title: string) {
  const created = await callApi(coursesApi, 'POST', '/api/v1/courses/create-course', {
    cookie,
    multipart: { ...courseForm({ cardTitle: title, courseTitle: title }), courseImage: pngFile() },
  })
  const courseId = created.body.course._id as string
  const section = await callApi(coursesApi, 'POST', '/api/v1/courses/add-section', {
    cookie,
    multipart: {
      courseId,
      sectionTitle: 'Unit 1',
      lectureTitle: 'Welcome',
      videoURL: 'https://youtu.be/dQw4w9WgXcQ',
      noteTitle: 'Notes',
      noteURL: PDF,
    },
  })
  await callApi(coursesApi, 'POST', '/api/v1/courses/add-lecture', {
    cookie,
    multipart: { sectionId: section.body.section._id, title: 'Second', videoURL: 'https://youtu.be/dQw4w9WgXcQ' },
  })
  await createCoupon(db, { courseId, code: `c${title.length}`, discount: 10 })
  const image = (
    await db.selectFrom('courses').select('course_image').where('id', '=', courseId).executeTakeFirstOrThrow()
  ).course_image.replace(/^\/uploads\//, '')
  const note = (
    await db
      .selectFrom('lectures')
      .select('note_url')
      .where('id', '=', section.body.lecture._id)
      .executeTakeFirstOrThrow()
  ).note_url!
  expect(await getStorage().get(image)).not.toBeNull()
  expect(await getStorage().get(note)).not.toBeNull()
  return { courseId, sectionId: section.body.section._id as string, image, note }
}

describe('deleting a course', () => {
  test('the list asks first, then the course goes with its content, coupons, notes and image', async () => {
    const admin = await signedInUser('admin')
    const made = await authoredCourse(admin.cookie, 'Deletable Course')
    const learner = await createUser(db)
    // A learner's remembered coupon choice for it goes too.
    const coupon = await db
      .selectFrom('coupons')
      .select('id')
      .where('course_id', '=', made.courseId)
      .executeTakeFirstOrThrow()
    await db
      .insertInto('coupon_selections')
      .values({ user_id: learner.id, course_id: made.courseId, coupon_id: coupon.id, created_at: nowIso() })
      .execute()

    const asked = await callRoute(allCourses.loader, `/admin/all-courses?delete=${made.courseId}`, {
      cookie: admin.cookie,
    })
    expect(asked.data.toDelete).toMatchObject({
      id: made.courseId,
      cardTitle: 'Deletable Course',
      sections: 1,
      lectures: 2,
      coupons: 1,
      orders: 0,
      enrolments: 0,
      refusal: null,
    })

    const res = await callRoute(allCourses.action, `/admin/all-courses?delete=${made.courseId}`, {
      cookie: admin.cookie,
      form: { courseId: made.courseId },
    })
    expect(res.location).toBe('/admin/all-courses')
    expect(await toastOf(res)).toMatchObject({ type: 'success', message: 'Course deleted successfully' })
    expect(await count('courses', 'id', made.courseId)).toBe(0)
    expect(await count('sections', 'course_id', made.courseId)).toBe(0)
    expect(await db.selectFrom('lectures').select('id').where('section_id', '=', made.sectionId).execute()).toEqual([])
    expect(await count('coupons', 'course_id', made.courseId)).toBe(0)
    expect(await count('coupon_selections', 'course_id', made.courseId)).toBe(0)
    expect(await getStorage().get(made.image)).toBeNull()
    expect(await getStorage().get(made.note)).toBeNull()
    const entry = (await auditOf(made.courseId)).find((a) => a.action === 'course.delete')
    expect(entry).toMatchObject({
      actor_id: admin.id,
      details: { cardTitle: 'Deletable Course', sections: 1, lectures: 2, coupons: 1 },
    })
  })

  test('a course with an enrolment, or with an order of any status, is refused: unpublish it instead', async () => {
    const admin = await signedInUser('admin')
    const withEnrolment = await authoredCourse(admin.cookie, 'Enrolled Course')
    await enrol(db, { userId: (await createUser(db)).id, courseId: withEnrolment.courseId })
    const withOrder = await createCourse(db, { cardTitle: 'Ordered Course' })
    await db
      .insertInto('orders')
      .values({
        id: newId(),
        user_id: (await createUser(db)).id,
        item_type: 'course',
        course_id: withOrder.id,
        coupon_id: null,
        amount_paise: 299900,
        currency: 'INR',
        status: 'failed',
        provider: 'demo',
        provider_order_id: `order_demo${newId()}`,
        provider_payment_id: null,
        phone: null,
        created_at: nowIso(),
        updated_at: nowIso(),
        paid_at: null,
      })
      .execute()

    for (const courseId of [withEnrolment.courseId, withOrder.id]) {
      const asked = await callRoute(allCourses.loader, `/admin/all-courses?delete=${courseId}`, {
        cookie: admin.cookie,
      })
      expect(asked.data.toDelete.refusal).toBe(IN_USE)
      const page = await callRoute(allCourses.action, `/admin/all-courses?delete=${courseId}`, {
        cookie: admin.cookie,
        form: { courseId },
      })
      expect(page.location).toBe('/admin/all-courses')
      expect(await toastOf(page)).toMatchObject({ type: 'error', message: IN_USE })
      const api = await callApi(coursesApi, 'DELETE', `/api/v1/courses/${courseId}`, { cookie: admin.cookie })
      expect(api.status).toBe(409)
      expect(api.body.message).toBe(IN_USE)
      expect(await count('courses', 'id', courseId)).toBe(1)
      expect((await auditOf(courseId)).some((a) => a.action === 'course.delete')).toBe(false)
    }
    // Nothing of the refused course left storage.
    expect(await getStorage().get(withEnrolment.image)).not.toBeNull()
    expect(await getStorage().get(withEnrolment.note)).not.toBeNull()
    expect(await count('sections', 'course_id', withEnrolment.courseId)).toBe(1)
  })

  test('the API: 200 for a fresh course, 404 unknown; only an admin', async () => {
    const admin = await signedInUser('admin')
    const instructor = await signedInUser('instructor')
    const course = await createCourse(db, { cardTitle: 'Fresh Course' })
    const refused = await callApi(coursesApi, 'DELETE', `/api/v1/courses/${course.id}`, { cookie: instructor.cookie })
    expect(refused.status).toBe(403)
    const res = await callApi(coursesApi, 'DELETE', `/api/v1/courses/${course.id}`, { cookie: admin.cookie })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true, message: 'Course deleted successfully' })
    const again = await callApi(coursesApi, 'DELETE', `/api/v1/courses/${course.id}`, { cookie: admin.cookie })
    expect(again.status).toBe(404)
    expect(again.body.message).toBe('Course not found')
    // The page: an unknown or malformed id is an error toast, not a 500.
    for (const courseId of [course.id, 'nope']) {
      const page = await callRoute(allCourses.action, '/admin/all-courses', {
        cookie: admin.cookie,
        form: { courseId },
      })
      expect(await toastOf(page)).toMatchObject({ type: 'error', message: 'Course not found' })
    }
  })

  test('an order racing a delete: the database refuses it as a foreign-key violation, which checkout reads as gone', async () => {
    // createOrder checks the course, then inserts; a delete committed in between leaves the insert pointing at
    // nothing. The error the database raises then must be the one isForeignKeyViolation recognises (both dialects),
    // so the buyer gets 'Course not found', not a server error.
    const buyer = await createUser(db)
    const now = nowIso()
    const insert = db
      .insertInto('orders')
      .values({
        id: newId(),
        user_id: buyer.id,
        item_type: 'course',
        course_id: newId(),
        coupon_id: null,
        amount_paise: 100,
        currency: 'INR',
        status: 'created',
        provider: 'demo',
        provider_order_id: `order_${newId()}`,
        provider_payment_id: null,
        phone: null,
        created_at: now,
        updated_at: now,
        paid_at: null,
      })
      .execute()
    const error = await insert.then(
      () => null,
      (e: unknown) => e,
    )
    expect(error).not.toBeNull()
    expect(isForeignKeyViolation(error)).toBe(true)
    expect(isForeignKeyViolation(new Error('UNIQUE constraint failed: orders.id'))).toBe(false)
  })
})
