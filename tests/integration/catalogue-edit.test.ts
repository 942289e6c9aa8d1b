import { describe, expect, test } from 'vitest'
import { createCourse } from '../../db/factories'
import * as createPage from '~/routes/admin/create-course'
import * as editPage from '~/routes/admin/edit-course'
import * as coursesApi from '~/routes/api/courses'
import { getStorage } from '~/services/storage.server'
import { db } from '~/utils/db.server'
import { auditOf, courseForm, pngFile } from '../support/catalogue'
import { callApi, callRoute, signedInUser } from '../support/harness'

// Create Course gains published and access days; Edit Course (admin) is the same form prefilled, the image
// optional, the link address kept, every change audited field by field.

const storedKey = (url: string) => url.replace(/^\/uploads\//, '')
const courseRow = (id: string) =>
  db
    .selectFrom('courses')
    .select([
      'card_title',
      'course_title',
      'link_address',
      'actual_price',
      'discounted_price',
      'published',
      'access_days',
      'grants_quiz_access',
      'course_image',
      'whatsapp_link',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

async function createThroughPage(cookie: string, overrides: Record<string, string | Blob | undefined>) {
  const title = `Paged ${Math.random().toString(36).slice(2, 8)}`
  const res = await callRoute(createPage.action, '/admin/create-course', {
    cookie,
    form: courseForm({ cardTitle: title, courseTitle: title, courseImage: pngFile(), ...overrides }),
  })
  const row = await db
    .selectFrom('courses')
    .select(['id', 'published', 'access_days'])
    .where('card_title', '=', title)
    .executeTakeFirst()
  return { res, row }
}

describe('Create Course: published and access days', () => {
  test('the box ticked and access days given; unticked and empty: a draft for good', async () => {
    const admin = await signedInUser('admin')
    const ticked = await createThroughPage(admin.cookie, { accessDays: '365' })
    expect(ticked.res.location).toBe('/admin/all-courses')
    expect(ticked.row).toMatchObject({ published: 1, access_days: 365 })

    const draft = await createThroughPage(admin.cookie, { published: undefined, accessDays: '' })
    expect(draft.row).toMatchObject({ published: 0, access_days: null })
    const audit = await auditOf(draft.row!.id)
    expect(audit[0]).toMatchObject({ action: 'course.create', details: { published: false, accessDays: null } })
  })

  test('access days out of range is a message on the field, and no course is made', async () => {
    const admin = await signedInUser('admin')
    for (const bad of ['0', '3661', '1.5', 'forever']) {
      const { res, row } = await createThroughPage(admin.cookie, { accessDays: bad })
      expect(res.status).toBe(400)
      expect(res.data.result.error.accessDays).toEqual([
        'Access days must be a whole number from 1 to 3660, or empty for good',
      ])
      expect(row).toBeUndefined()
    }
  })

  test('the API: an older client sending neither field makes a published course for good; new fields are read', async () => {
    const admin = await signedInUser('admin')
    const post = (extra: Record<string, string>) =>
      callApi(coursesApi, 'POST', '/api/v1/courses/create-course', {
        cookie: admin.cookie,
        multipart: { ...courseForm({ published: undefined, accessDays: undefined, ...extra }), courseImage: pngFile() },
      })
    const old = await post({ cardTitle: 'Old Client Course' })
    expect(old.status).toBe(200)
    expect(old.body.course).toMatchObject({ published: true, accessDays: null, linkAddress: 'old-client-course' })
    expect(await courseRow(old.body.course._id)).toMatchObject({ published: 1, access_days: null })

    const draft = await post({ cardTitle: 'New Client Course', published: 'false', accessDays: '30' })
    expect(draft.body.course).toMatchObject({ published: false, accessDays: 30 })

    const bad = await post({ cardTitle: 'Bad Client Course', published: 'perhaps' })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('Published must be true or false')
  })
})

describe('Edit Course', () => {
  test('the loader prefills the form with the same field names, the image and the link', async () => {
    const admin = await signedInUser('admin')
    const course = await createCourse(db, {
      cardTitle: 'Prefilled',
      linkAddress: 'prefilled',
      actualPrice: 4000,
      discountedPrice: 2500,
      grantsQuizAccess: true,
    })
    await db.updateTable('courses').set({ access_days: 90 }).where('id', '=', course.id).execute()
    const res = await callRoute(editPage.loader, `/admin/edit-course/${course.id}`, {
      cookie: admin.cookie,
      params: { courseId: course.id },
    })
    expect(res.status).toBe(200)
    expect(res.data).toMatchObject({
      id: course.id,
      linkAddress: 'prefilled',
      published: true,
      image: '/images/courses/default.svg',
      values: {
        cardTitle: 'Prefilled',
        actualPrice: '4000',
        discountedPrice: '2500',
        accessDays: '90',
        grantsQuizAccess: 'on',
        published: 'on',
        mode: 'recorded',
        whatsappLink: 'https://chat.whatsapp.com/sample-group',
      },
    })
    const unknown = await callRoute(editPage.loader, '/admin/edit-course/aaaaaaaaaaaaaaaaaaaaaaaa', {
      cookie: admin.cookie,
      params: { courseId: 'aaaaaaaaaaaaaaaaaaaaaaaa' },
    })
    expect(unknown.status).toBe(404)
  })

  test('saving changes the fields, keeps the link address and the image, and audits what changed', async () => {
    const admin = await signedInUser('admin')
    const course = await createCourse(db, { cardTitle: 'Before Edit', linkAddress: 'before-edit' })
    const before = await courseRow(course.id)
    const res = await callRoute(editPage.action, `/admin/edit-course/${course.id}`, {
      cookie: admin.cookie,
      params: { courseId: course.id },
      encType: 'multipart/form-data',
      form: courseForm({
        cardTitle: 'After Edit',
        courseTitle: 'After Edit, the course',
        subTitle: 'A complete course',
        courseTag: 'm.sc entrance',
        courseDescription: 'Course description.',
        whatsappLink: before.whatsapp_link,
        actualPrice: '6000',
        discountedPrice: '3500',
        accessDays: '180',
        published: undefined,
      }),
    })
    expect(res.location).toBe('/admin/all-courses')
    const after = await courseRow(course.id)
    expect(after).toMatchObject({
      card_title: 'After Edit',
      course_title: 'After Edit, the course',
      link_address: 'before-edit',
      actual_price: 6000,
      discounted_price: 3500,
      access_days: 180,
      published: 0,
      course_image: before.course_image,
    })
    const [entry] = (await auditOf(course.id)).filter((a) => a.action === 'course.update')
    expect(entry.actor_id).toBe(admin.id)
    expect(entry.details.changes).toEqual({
      cardTitle: { from: 'Before Edit', to: 'After Edit' },
      courseTitle: { from: 'Before Edit', to: 'After Edit, the course' },
      actualPrice: { from: 4999, to: 6000 },
      discountedPrice: { from: 2999, to: 3500 },
      accessDays: { from: null, to: 180 },
      published: { from: true, to: false },
    })

    // Saving the same values again changes nothing and adds no audit entry.
    await callRoute(editPage.action, `/admin/edit-course/${course.id}`, {
      cookie: admin.cookie,
      params: { courseId: course.id },
      encType: 'multipart/form-data',
      form: courseForm({
        cardTitle: 'After Edit',
        courseTitle: 'After Edit, the course',
        subTitle: 'A complete course',
        courseTag: 'm.sc entrance',
        courseDescription: 'Course description.',
        whatsappLink: before.whatsapp_link,
        actualPrice: '6000',
        discountedPrice: '3500',
        accessDays: '180',
        published: undefined,
      }),
    })
    expect((await auditOf(course.id)).filter((a) => a.action === 'course.update')).toHaveLength(1)
  })

  test('a new image replaces the old one, which leaves storage; the audit names addresses, not bytes', async () => {
    const admin = await signedInUser('admin')
    const created = await callApi(coursesApi, 'POST', '/api/v1/courses/create-course', {
      cookie: admin.cookie,
      multipart: { ...courseForm({ cardTitle: 'Pictured Course' }), courseImage: pngFile() },
    })
    const id = created.body.course._id as string
    const oldImage = (await courseRow(id)).course_image
    expect(await getStorage().get(storedKey(oldImage))).not.toBeNull()

    const res = await callRoute(editPage.action, `/admin/edit-course/${id}`, {
      cookie: admin.cookie,
      params: { courseId: id },
      form: courseForm({ cardTitle: 'Pictured Course', courseImage: pngFile('new.png') }),
    })
    expect(res.location).toBe('/admin/all-courses')
    const newImage = (await courseRow(id)).course_image
    expect(newImage).not.toBe(oldImage)
    expect(newImage).toMatch(/^\/uploads\/courses\/[0-9a-f]{24}\.png$/)
    expect(await getStorage().get(storedKey(newImage))).not.toBeNull()
    expect(await getStorage().get(storedKey(oldImage))).toBeNull()
    const [entry] = (await auditOf(id)).filter((a) => a.action === 'course.update')
    expect(entry.details.changes.courseImage).toEqual({ from: oldImage, to: newImage })

    // A file that is not an image is a message on the field; nothing changes and nothing new is kept.
    const bad = await callRoute(editPage.action, `/admin/edit-course/${id}`, {
      cookie: admin.cookie,
      params: { courseId: id },
      form: courseForm({
        cardTitle: 'Pictured Course',
        courseImage: new File(['not an image'], 'x.png', { type: 'image/png' }),
      }),
    })
    expect(bad.status).toBe(400)
    expect(bad.data.result.error.courseImage).toEqual(['The course image must be a PNG, JPEG or WebP image'])
    expect((await courseRow(id)).course_image).toBe(newImage)

    // An image over 5 MB is cut off while the body streams in: the form comes back with the stored values.
    const big = await callRoute(editPage.action, `/admin/edit-course/${id}`, {
      cookie: admin.cookie,
      params: { courseId: id },
      form: courseForm({
        cardTitle: 'Changed meanwhile',
        published: undefined,
        courseImage: new File([new Uint8Array(6 * 1024 * 1024)], 'big.png', { type: 'image/png' }),
      }),
    })
    expect(big.status).toBe(400)
    expect(big.data.result.error.courseImage).toEqual([expect.stringMatching(/too large|5 MB/i)])
    expect(big.data.result.initialValue).toMatchObject({ cardTitle: 'Pictured Course', published: 'on' })
    expect(await courseRow(id)).toMatchObject({ card_title: 'Pictured Course', published: 1, course_image: newImage })
  })

  test('bad input is a message on its field; prices out of order are refused', async () => {
    const admin = await signedInUser('admin')
    const course = await createCourse(db, { cardTitle: 'Guarded Course' })
    const post = (overrides: Record<string, string | undefined>) =>
      callRoute(editPage.action, `/admin/edit-course/${course.id}`, {
        cookie: admin.cookie,
        params: { courseId: course.id },
        form: courseForm(overrides),
      })
    const noTitle = await post({ cardTitle: '' })
    expect(noTitle.status).toBe(400)
    expect(noTitle.data.result.error.cardTitle).toEqual(['Card title is required'])
    const prices = await post({ actualPrice: '100', discountedPrice: '200' })
    expect(prices.data.result.error.discountedPrice).toEqual(['Discounted price cannot be more than the actual price'])
    expect((await courseRow(course.id)).card_title).toBe('Guarded Course')
  })
})
