import type { Selectable, SelectQueryBuilder } from 'kysely'
import type { CoursesTable, Database } from '#db/schema'
import type { CardCourse } from '~/lib/course-card'
import { isStaff } from '~/lib/roles'
import { imageUrl } from '~/services/storage.server'
import { db } from '~/utils/db.server'

// Courses: the catalogue read by the public pages and the v1 API (one model, two doors); staff authoring is in
// course-authoring.server.ts. Explicit columns only: whatsapp_link stays out of public reads (docs/legacy-api.md §5 #8).

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
  'published',
  'access_days',
] as const

export type CourseRow = Pick<Selectable<CoursesTable>, (typeof courseColumns)[number]>

/**
 * Who reads the catalogue. The public (visitors and learners alike) sees published courses only; staff also see
 * drafts. This is the one home of the draft rule: every catalogue read below takes a viewer and filters in SQL.
 * What an enrolment opens (the player, get-full-course) is not a catalogue read: a learner keeps a course that
 * became a draft. No order is made for a draft, whoever asks (the order model reads as the public).
 */
export type CatalogueViewer = 'public' | 'staff'

export const viewerOf = (user: { role: string } | null | undefined): CatalogueViewer =>
  user && isStaff(user.role) ? 'staff' : 'public'

function visibleTo<QB extends SelectQueryBuilder<Database, 'courses', object>>(query: QB, viewer: CatalogueViewer): QB {
  return viewer === 'staff' ? query : (query.where('courses.published', '=', 1) as QB)
}

/** The courses a viewer may see, in insertion order (docs/legacy-api.md §2.2 get-all-courses). */
export async function listCourses(viewer: CatalogueViewer): Promise<CourseRow[]> {
  return db
    .selectFrom('courses')
    .select(courseColumns)
    .$call((q) => visibleTo(q, viewer))
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

export async function getCourseByLinkAddress(
  linkAddress: string,
  viewer: CatalogueViewer,
): Promise<CourseRow | undefined> {
  return db
    .selectFrom('courses')
    .select(courseColumns)
    .where('link_address', '=', linkAddress)
    .$call((q) => visibleTo(q, viewer))
    .executeTakeFirst()
}

export async function getCourseById(id: string, viewer: CatalogueViewer): Promise<CourseRow | undefined> {
  return db
    .selectFrom('courses')
    .select(courseColumns)
    .where('id', '=', id)
    .$call((q) => visibleTo(q, viewer))
    .executeTakeFirst()
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
export function toCardJson(row: CourseRow): CardCourse {
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
  published: boolean
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
      'courses.published',
      eb.fn.count('enrollments.id').as('n'),
    ])
    .groupBy([
      'courses.id',
      'courses.card_title',
      'courses.course_title',
      'courses.course_image',
      'courses.published',
      'courses.created_at',
    ])
    .orderBy('courses.created_at')
    .execute()
  return rows.map((r) => ({
    id: r.id,
    cardTitle: r.card_title,
    courseTitle: r.course_title,
    courseImage: imageUrl(r.course_image) ?? '',
    studentCount: Number(r.n ?? 0),
    published: r.published === 1,
  }))
}
