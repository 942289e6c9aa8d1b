import type { Selectable } from 'kysely'
import type { CoursesTable } from '../../db/schema'
import { db } from '~/utils/db.server'

// Course queries shared by the public pages, the v1 API and other features (DESIGN.md: one model, two doors).
// Explicit columns only: whatsapp_link stays out of public reads (API.md §5 #8).

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

/** The API.md §3 Course shape for public routes: no whatsappLink, no sections, no __v. */
export type CourseJson = {
  _id: string
  cardTitle: string
  subTitle: string
  courseTag: string
  mode: string
  language: string
  courseImage: string
  actualPrice: number
  discountedPrice: number
  linkAddress: string
  courseTitle: string
  courseDescription: string
}

export function toCourseJson(row: CourseRow): CourseJson {
  return {
    _id: row.id,
    cardTitle: row.card_title,
    subTitle: row.sub_title,
    courseTag: row.course_tag,
    mode: row.mode,
    language: row.language,
    courseImage: row.course_image,
    actualPrice: row.actual_price,
    discountedPrice: row.discounted_price,
    linkAddress: row.link_address,
    courseTitle: row.course_title,
    courseDescription: row.course_description,
  }
}

/** Every course in insertion order (API.md §2.2 get-all-courses). */
export async function listCourses(): Promise<CourseRow[]> {
  return db.selectFrom('courses').select(courseColumns).orderBy('created_at').orderBy('id').execute()
}

export async function getCourseByLinkAddress(linkAddress: string): Promise<CourseRow | undefined> {
  return db.selectFrom('courses').select(courseColumns).where('link_address', '=', linkAddress).executeTakeFirst()
}

export async function getCourseById(id: string): Promise<CourseRow | undefined> {
  return db.selectFrom('courses').select(courseColumns).where('id', '=', id).executeTakeFirst()
}

/** Course tags compare case-insensitively (the old client lowercased before comparing). */
export const hasTag = (course: { course_tag: string }, tag: string) => course.course_tag.trim().toLowerCase() === tag

/** Whether the learner has an active enrolment in the course (spec 1 §2: 'Go to course' when enrolled). */
export async function isEnrolled(userId: string, courseId: string): Promise<boolean> {
  const row = await db
    .selectFrom('enrollments')
    .select('id')
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .where('is_active', '=', 1)
    .executeTakeFirst()
  return Boolean(row)
}

/** The fields a course card shows (spec 1 §2 "Course card"), for small page payloads. */
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
