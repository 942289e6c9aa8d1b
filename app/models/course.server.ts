import type { Selectable } from 'kysely'
import type { CoursesTable } from '#db/schema'
import { MIME, sniffImage } from '~/lib/file-type'
import type { CourseFields } from '~/schemas/admin'
import { getStorage, imageUrl, newKey, publicUrl } from '~/services/storage.server'
import { db } from '~/utils/db.server'
import { newId, nowIso } from '~/utils/ids.server'
import { COURSE_IMAGE_MAX_BYTES, UploadError } from '~/lib/uploads'
import { recordAudit } from './audit.server'

// Courses: the catalogue read by the public pages and the v1 API (one model, two doors) and course
// authoring by staff. Explicit columns only: whatsapp_link stays out of public reads (docs/legacy-api.md §5 #8).

export const courseColumns = [
  'id',
  'card_title',
  'sub_title',
  'course_tag',
  'mode',
  'language',
  'course_image',
  'actual_price',
  'discounted_price',
  'link_address',
  'course_title',
  'course_description',
] as const

export type CourseRow = Pick<Selectable<CoursesTable>, (typeof courseColumns)[number]>

/** Every course in insertion order (docs/legacy-api.md §2.2 get-all-courses). */
export async function listCourses(): Promise<CourseRow[]> {
  return db.selectFrom('courses').select(courseColumns).orderBy('created_at').orderBy('id').execute()
}

export async function getCourseByLinkAddress(linkAddress: string): Promise<CourseRow | undefined> {
  return db.selectFrom('courses').select(courseColumns).where('link_address', '=', linkAddress).executeTakeFirst()
}

export async function getCourseById(id: string): Promise<CourseRow | undefined> {
  return db.selectFrom('courses').select(courseColumns).where('id', '=', id).executeTakeFirst()
}

export async function getCourseName(courseId: string) {
  return db
    .selectFrom('courses')
    .select(['id', 'card_title', 'course_title'])
    .where('id', '=', courseId)
    .executeTakeFirst()
}

/** Titles of the given courses, in the order asked (get-enrolled-courses). */
export async function getCourseTitles(ids: string[]) {
  if (ids.length === 0) return []
  const rows = await db.selectFrom('courses').select(['id', 'course_title']).where('id', 'in', ids).execute()
  const byId = new Map(rows.map((r) => [r.id, r]))
  return [...new Set(ids)].flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []))
}

/** Course tags compare case-insensitively (the old client lowercased before comparing). */
export const hasTag = (course: { course_tag: string }, tag: string) => course.course_tag.trim().toLowerCase() === tag

/** The fields a course card shows, for small page payloads. */
export function toCardJson(row: CourseRow) {
  return {
    courseTitle: row.course_title,
    subTitle: row.sub_title,
    mode: row.mode,
    language: row.language,
    courseTag: row.course_tag,
    courseImage: row.course_image,
    actualPrice: row.actual_price,
    discountedPrice: row.discounted_price,
    linkAddress: row.link_address,
  }
}

export type CourseWithCount = {
  id: string
  cardTitle: string
  courseTitle: string
  courseImage: string
  studentCount: number
}

/** Course cards with the number of enrolments (active or not; docs/legacy-api.md courses-with-user-counts). */
export async function listCoursesWithCounts(): Promise<CourseWithCount[]> {
  const rows = await db
    .selectFrom('courses')
    .leftJoin('enrollments', 'enrollments.course_id', 'courses.id')
    .select((eb) => [
      'courses.id',
      'courses.card_title',
      'courses.course_title',
      'courses.course_image',
      eb.fn.count('enrollments.id').as('n'),
    ])
    .groupBy(['courses.id', 'courses.card_title', 'courses.course_title', 'courses.course_image', 'courses.created_at'])
    .orderBy('courses.created_at')
    .execute()
  return rows.map((r) => ({
    id: r.id,
    cardTitle: r.card_title,
    courseTitle: r.course_title,
    courseImage: imageUrl(r.course_image) ?? '',
    studentCount: Number(r.n ?? 0),
  }))
}

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

export type CreatedCourse = CourseRow & { whatsapp_link: string; grants_quiz_access: boolean }

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
    grants_quiz_access: Boolean(fields.grantsQuizAccess),
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('courses')
      .values({ ...course, grants_quiz_access: course.grants_quiz_access ? 1 : 0, created_at: nowIso() })
      .execute()
    await recordAudit(
      {
        actorId,
        action: 'course.create',
        targetType: 'course',
        targetId: course.id,
        details: { cardTitle: fields.cardTitle },
      },
      trx,
    )
  })
  return course
}
