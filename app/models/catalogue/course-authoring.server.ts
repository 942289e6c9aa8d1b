import type { Selectable } from 'kysely'
import { lockRow } from '#db/dialect'
import type { CoursesTable } from '#db/schema'
import { defaultAccessDays } from '~/lib/access'
import { MIME, sniffImage } from '~/lib/file-type'
import { COURSE_PRICE_ORDER, type CourseChanges, type CourseFields } from '~/schemas/admin'
import { deleteOwnFiles, getStorage, newKey, publicUrl } from '~/services/storage.server'
import { db } from '~/utils/db.server'
import { newId, nowIso } from '~/utils/ids.server'
import { COURSE_IMAGE_MAX_BYTES, UploadError } from '~/lib/uploads'
import { recordAudit } from '../audit/audit.server'
import { removeVideosFiles, videoIdsUnder } from '../video/lecture-videos.server'
import { courseColumns } from './course.server'

// Course authoring by staff: create, edit and delete a course, each audited (docs/decisions/021-course-management.md).
// The catalogue's reads, and the draft rule they share, are in course.server.ts.

/** docs/legacy-api.md §2.2: linkAddress = cardTitle trimmed, lower-cased, whitespace runs -> '-'. */
export const slugFor = (cardTitle: string) => cardTitle.trim().toLowerCase().replace(/\s+/g, '-')

async function uniqueSlug(cardTitle: string) {
  const base = slugFor(cardTitle)
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`
    const taken = await db.selectFrom('courses').select('id').where('link_address', '=', candidate).executeTakeFirst()
    if (!taken) return candidate
  }
}

/** Checks an image by its bytes and stores it; returns its public URL. */
export async function storeCourseImage(file: File | null): Promise<string> {
  if (!file) throw new UploadError('Course image is required')
  if (file.size > COURSE_IMAGE_MAX_BYTES) throw new UploadError('The image is too large (at most 5 MB)', 413)
  const bytes = new Uint8Array(await file.arrayBuffer())
  const type = sniffImage(bytes)
  if (!type) throw new UploadError('The course image must be a PNG, JPEG or WebP image')
  const key = newKey('courses', type)
  await getStorage().put(key, bytes, MIME[type])
  return publicUrl(key)
}

/** The course as staff edit it: the catalogue columns and the two staff-only ones. */
const staffColumns = [...courseColumns, 'whatsapp_link', 'grants_quiz_access'] as const
export type StaffCourse = Pick<Selectable<CoursesTable>, (typeof staffColumns)[number]>
export type CreatedCourse = StaffCourse

/** A course with every field staff may edit (Edit Course, the course API), draft or not. */
export async function getStaffCourse(id: string): Promise<StaffCourse | undefined> {
  return db.selectFrom('courses').select(staffColumns).where('id', '=', id).executeTakeFirst()
}

export async function createCourse({
  actorId,
  fields,
  image,
}: {
  actorId: string
  fields: CourseFields
  image: File | null
}): Promise<CreatedCourse> {
  const courseImage = await storeCourseImage(image)
  const course: CreatedCourse = {
    id: newId(),
    card_title: fields.cardTitle,
    sub_title: fields.subTitle,
    course_tag: fields.courseTag,
    mode: fields.mode,
    language: fields.language,
    course_image: courseImage,
    actual_price: fields.actualPrice,
    discounted_price: fields.discountedPrice,
    link_address: await uniqueSlug(fields.cardTitle),
    course_title: fields.courseTitle,
    course_description: fields.courseDescription,
    whatsapp_link: fields.whatsappLink,
    grants_quiz_access: fields.grantsQuizAccess ? 1 : 0,
    // A client that sends no `published` (the older one) makes a course on sale, as before.
    published: fields.published === false ? 0 : 1,
    // No accessDays at all (the older client, a new client leaving it out): the mode's default (app/lib/access.ts);
    // null is for good, as the create form's empty field sends.
    access_days: fields.accessDays === undefined ? defaultAccessDays(fields.mode) : fields.accessDays,
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('courses')
      .values({ ...course, created_at: nowIso() })
      .execute()
    await recordAudit(
      {
        actorId,
        action: 'course.create',
        targetType: 'course',
        targetId: course.id,
        details: { cardTitle: fields.cardTitle, published: course.published === 1, accessDays: course.access_days },
      },
      trx,
    )
  })
  return course
}

/** Each editable field (the form's and the API's name) and its column; flags are stored as 1/0. */
const COLUMN_OF = {
  cardTitle: 'card_title',
  subTitle: 'sub_title',
  courseTag: 'course_tag',
  mode: 'mode',
  language: 'language',
  actualPrice: 'actual_price',
  discountedPrice: 'discounted_price',
  courseTitle: 'course_title',
  courseDescription: 'course_description',
  whatsappLink: 'whatsapp_link',
  grantsQuizAccess: 'grants_quiz_access',
  published: 'published',
  accessDays: 'access_days',
  courseImage: 'course_image',
} as const satisfies Record<keyof CourseChanges | 'courseImage', (typeof staffColumns)[number]>
type EditableField = keyof typeof COLUMN_OF
const FLAGS = new Set<EditableField>(['grantsQuizAccess', 'published'])

type FieldValue = string | number | boolean | null
/** One field's change, as the audit log records it (the image as its address, never its bytes). */
export type CourseChangeLog = Partial<Record<EditableField, { from: FieldValue; to: FieldValue }>>

export type CourseUpdate =
  | { kind: 'updated'; course: StaffCourse; changes: CourseChangeLog }
  | { kind: 'not-found' }
  /** The prices after the change would be out of order (a price sent alone, checked against the stored one). */
  | { kind: 'invalid'; field: 'discountedPrice'; message: string }

/**
 * Edit Course and the course API's update: the given fields change (a partial update), the rest stay; `image`,
 * when given, replaces the course image. The link address never changes: links to the course are out in the world.
 * Prices change for orders made from now on only: an order keeps the amount it was made at, and payment fulfils
 * that amount (app/models/money/payment.server.ts). One transaction with the course row locked, so two edits do not
 * interleave; the audit entry records each changed field's old and new value. The new image is stored before the
 * transaction; after it, the image no longer used (the old one, or the new one if nothing was saved) is removed
 * from storage when it is ours.
 */
export async function updateCourse({
  actorId,
  courseId,
  changes,
  image,
}: {
  actorId: string
  courseId: string
  changes: CourseChanges
  image: File | null
}): Promise<CourseUpdate> {
  const newImage = image ? await storeCourseImage(image) : null
  let outcome: CourseUpdate & { oldImage?: string }
  try {
    outcome = await db.transaction().execute(async (trx) => {
      await lockRow(trx, 'courses', courseId)
      const before = await trx.selectFrom('courses').select(staffColumns).where('id', '=', courseId).executeTakeFirst()
      if (!before) return { kind: 'not-found' as const }
      const wanted: Partial<Record<EditableField, FieldValue | undefined>> = {
        ...changes,
        ...(newImage ? { courseImage: newImage } : {}),
      }
      const actual = changes.actualPrice ?? before.actual_price
      const discounted = changes.discountedPrice ?? before.discounted_price
      if (discounted > actual)
        return { kind: 'invalid' as const, field: 'discountedPrice' as const, message: COURSE_PRICE_ORDER }

      const log: CourseChangeLog = {}
      const set: Record<string, string | number | null> = {}
      for (const [field, to] of Object.entries(wanted) as Array<[EditableField, FieldValue | undefined]>) {
        if (to === undefined) continue
        const column = COLUMN_OF[field]
        const stored = before[column]
        const from = FLAGS.has(field) ? stored === 1 : stored
        if (from === to) continue
        log[field] = { from, to }
        set[column] = typeof to === 'boolean' ? (to ? 1 : 0) : to
      }
      if (Object.keys(set).length === 0) return { kind: 'updated' as const, course: before, changes: log }
      await trx.updateTable('courses').set(set).where('id', '=', courseId).execute()
      await recordAudit(
        {
          actorId,
          action: 'course.update',
          targetType: 'course',
          targetId: courseId,
          details: { cardTitle: before.card_title, changes: log },
        },
        trx,
      )
      return {
        kind: 'updated' as const,
        course: { ...before, ...set } as StaffCourse,
        changes: log,
        oldImage: log.courseImage ? before.course_image : undefined,
      }
    })
  } catch (error) {
    if (newImage) await deleteOwnFiles([newImage])
    throw error
  }
  if (outcome.kind !== 'updated') {
    if (newImage) await deleteOwnFiles([newImage])
    return outcome
  }
  if (outcome.oldImage) await deleteOwnFiles([outcome.oldImage])
  const { oldImage: _, ...result } = outcome
  return result
}

export const COURSE_IN_USE = 'This course has orders or enrolments, so it cannot be deleted. Unpublish it instead.'

/** What deleting a course would involve: what refers to it, and what would go with it. */
export type CourseFootprint = {
  id: string
  cardTitle: string
  orders: number
  enrolments: number
  sections: number
  lectures: number
  coupons: number
}

async function footprint(conn: typeof db, courseId: string) {
  const count = async (table: 'orders' | 'enrollments' | 'sections' | 'coupons') =>
    Number(
      (
        await conn
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('course_id', '=', courseId)
          .executeTakeFirstOrThrow()
      ).n,
    )
  const notes = await conn
    .selectFrom('lectures')
    .innerJoin('sections', 'sections.id', 'lectures.section_id')
    .select('lectures.note_url')
    .where('sections.course_id', '=', courseId)
    .execute()
  return {
    orders: await count('orders'),
    enrolments: await count('enrollments'),
    sections: await count('sections'),
    coupons: await count('coupons'),
    lectures: notes.length,
    notes: notes.map((n) => n.note_url),
  }
}

/** The confirmation step of a delete: the course and its footprint (undefined: no such course). */
export async function getCourseFootprint(courseId: string): Promise<CourseFootprint | undefined> {
  const course = await db
    .selectFrom('courses')
    .select(['id', 'card_title'])
    .where('id', '=', courseId)
    .executeTakeFirst()
  if (!course) return undefined
  const { notes: _, ...counts } = await footprint(db, courseId)
  return { id: course.id, cardTitle: course.card_title, ...counts }
}

export type CourseDeletion = { kind: 'deleted' } | { kind: 'not-found' } | { kind: 'in-use'; message: string }

/**
 * Deletes a course nobody has bought or been enrolled in; one that has an order (of any status: orders keep
 * their course for the payment records) or an enrolment is refused, and staff unpublish it instead. The check
 * runs in the transaction with the course row locked: an order or enrolment being written for it waits on that
 * lock (its foreign key), so none can slip in between the check and the delete. The course's sections, lectures,
 * coupons and remembered coupon choices go with it (their foreign keys cascade; a coupon names one course and means
 * nothing without it); after the commit its image and lecture notes leave storage when they are ours.
 */
export async function deleteCourse({
  actorId,
  courseId,
}: {
  actorId: string
  courseId: string
}): Promise<CourseDeletion> {
  const outcome = await db.transaction().execute(async (trx) => {
    await lockRow(trx, 'courses', courseId)
    const course = await trx
      .selectFrom('courses')
      .select(['id', 'card_title', 'course_title', 'course_image'])
      .where('id', '=', courseId)
      .executeTakeFirst()
    if (!course) return { kind: 'not-found' as const }
    const { notes, ...counts } = await footprint(trx, courseId)
    if (counts.orders > 0 || counts.enrolments > 0) return { kind: 'in-use' as const, message: COURSE_IN_USE }
    const videos = await videoIdsUnder(trx, { courseId })
    await trx.deleteFrom('courses').where('id', '=', courseId).execute()
    await recordAudit(
      {
        actorId,
        action: 'course.delete',
        targetType: 'course',
        targetId: courseId,
        details: {
          cardTitle: course.card_title,
          courseTitle: course.course_title,
          sections: counts.sections,
          lectures: counts.lectures,
          coupons: counts.coupons,
        },
      },
      trx,
    )
    return { kind: 'deleted' as const, files: [course.course_image, ...notes], videos }
  })
  if (outcome.kind !== 'deleted') return outcome
  await deleteOwnFiles(outcome.files)
  await removeVideosFiles(outcome.videos)
  return { kind: 'deleted' }
}
