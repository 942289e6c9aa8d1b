import type { Kysely } from 'kysely'
import type { Database } from '#db/schema'
import { db } from '~/utils/db.server'
import { recordAudit } from '../audit/audit.server'
import { removeVideoFiles, retryVideo, videoOfLecture } from './video.server'

// The videos that go with deleted content: a lecture, a section's lectures, a course's. Their rows go by the
// cascade from `lectures` (migrations/0023); their files are deleted after the commit that dropped them, as notes are
// (app/services/storage.server's deleteOwnFiles), so a rolled-back delete never loses a video still in use.

/** The ids of the videos of a lecture, of a section's lectures or of a course's, read inside the deleting transaction. */
export async function videoIdsUnder(
  conn: Kysely<Database>,
  under: { lectureId: string } | { sectionId: string } | { courseId: string },
): Promise<string[]> {
  let query = conn.selectFrom('videos').innerJoin('lectures', 'lectures.id', 'videos.lecture_id').select('videos.id')
  if ('lectureId' in under) query = query.where('lectures.id', '=', under.lectureId)
  else if ('sectionId' in under) query = query.where('lectures.section_id', '=', under.sectionId)
  else
    query = query
      .innerJoin('sections', 'sections.id', 'lectures.section_id')
      .where('sections.course_id', '=', under.courseId)
  return (await query.execute()).map((r) => r.id)
}

/** Deletes the files of these videos from storage (never raises: a file left behind is only space). */
export async function removeVideosFiles(videoIds: string[]): Promise<void> {
  for (const id of videoIds) await removeVideoFiles(id)
}

/**
 * Staff's Retry of lecture `lectureId`'s failed video (in course `courseId`): queued again for the transcoder and
 * audited. `null` when the lecture is not one of the course's; `false` when it has no failed video to retry.
 */
export async function retryLectureVideo(input: {
  actorId: string
  lectureId: string
  courseId: string
}): Promise<{ title: string; queued: boolean } | null> {
  const lecture = await db
    .selectFrom('lectures')
    .innerJoin('sections', 'sections.id', 'lectures.section_id')
    .select(['lectures.id', 'lectures.title'])
    .where('lectures.id', '=', input.lectureId)
    .where('sections.course_id', '=', input.courseId)
    .executeTakeFirst()
  if (!lecture) return null
  const video = await videoOfLecture(lecture.id)
  if (!video || !(await retryVideo(video.id))) return { title: lecture.title, queued: false }
  await recordAudit({
    actorId: input.actorId,
    action: 'video.retry',
    targetType: 'lecture',
    targetId: lecture.id,
    details: { courseId: input.courseId, videoId: video.id, error: video.error },
  })
  return { title: lecture.title, queued: true }
}
