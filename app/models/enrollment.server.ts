import type { CourseRow } from '~/models/course.server'
import { isStaff } from '~/utils/auth.server'
import { db } from '~/utils/db.server'
import type { Role } from '../../db/schema'

// Course access for the player and get-full-course (API.md §2.2 "E"): an active enrolment, or admin/instructor.

export const ACCESS_MESSAGES = {
  unauthorized: 'Unauthorized to access the course',
  revoked: 'Access has been revoked by the admin, contact admin.',
} as const

export type Access = { ok: true; enrolled: boolean } | { ok: false; reason: keyof typeof ACCESS_MESSAGES; message: string }

export async function getEnrollment(userId: string, courseId: string) {
  return db
    .selectFrom('enrollments')
    .select(['id', 'is_active', 'source'])
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .executeTakeFirst()
}

export async function courseAccess(user: { id: string; role: Role }, courseId: string): Promise<Access> {
  const enrolment = await getEnrollment(user.id, courseId)
  if (enrolment?.is_active === 1) return { ok: true, enrolled: true }
  if (isStaff(user.role)) return { ok: true, enrolled: false }
  if (enrolment) return { ok: false, reason: 'revoked', message: ACCESS_MESSAGES.revoked }
  return { ok: false, reason: 'unauthorized', message: ACCESS_MESSAGES.unauthorized }
}

export type FullLecture = { id: string; title: string; video_url: string; note_title: string | null; note_url: string | null }
export type FullCourse = CourseRow & {
  whatsapp_link: string
  sections: Array<{ id: string; title: string; lectures: FullLecture[] }>
}

/** A course with its sections and lectures in order (player, get-full-course). */
export async function getFullCourse(courseId: string): Promise<FullCourse | undefined> {
  const course = await db
    .selectFrom('courses')
    .select([
      'id', 'card_title', 'sub_title', 'course_tag', 'mode', 'language', 'course_image', 'actual_price',
      'discounted_price', 'link_address', 'course_title', 'course_description', 'whatsapp_link',
    ])
    .where('id', '=', courseId)
    .executeTakeFirst()
  if (!course) return undefined
  const sections = await db
    .selectFrom('sections')
    .select(['id', 'title'])
    .where('course_id', '=', courseId)
    .orderBy('position')
    .orderBy('created_at')
    .execute()
  const lectures = sections.length
    ? await db
        .selectFrom('lectures')
        .select(['id', 'section_id', 'title', 'video_url', 'note_title', 'note_url'])
        .where(
          'section_id',
          'in',
          sections.map((s) => s.id),
        )
        .orderBy('position')
        .orderBy('created_at')
        .execute()
    : []
  return {
    ...course,
    sections: sections.map((s) => ({
      id: s.id,
      title: s.title,
      lectures: lectures
        .filter((l) => l.section_id === s.id)
        .map(({ id, title, video_url, note_title, note_url }) => ({ id, title, video_url, note_title, note_url })),
    })),
  }
}

/** Sections with their lecture ids (API.md §2.2 get-all-sections). */
export async function getSectionsWithLectureIds(courseId: string) {
  const full = await getFullCourse(courseId)
  if (!full) return undefined
  return full.sections.map((s) => ({ id: s.id, title: s.title, lectureIds: s.lectures.map((l) => l.id) }))
}

/** One lecture of a course, for the notes download (the lecture must belong to that course). */
export async function getCourseLecture(courseId: string, lectureId: string) {
  return db
    .selectFrom('lectures')
    .innerJoin('sections', 'sections.id', 'lectures.section_id')
    .select(['lectures.id', 'lectures.title', 'lectures.note_title', 'lectures.note_url'])
    .where('sections.course_id', '=', courseId)
    .where('lectures.id', '=', lectureId)
    .executeTakeFirst()
}

/** Titles of the given courses, in the order asked (get-enrolled-courses). */
export async function getCourseTitles(ids: string[]) {
  if (ids.length === 0) return []
  const rows = await db.selectFrom('courses').select(['id', 'course_title']).where('id', 'in', ids).execute()
  const byId = new Map(rows.map((r) => [r.id, r]))
  return [...new Set(ids)].flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []))
}
