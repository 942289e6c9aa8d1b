import type { Kysely } from 'kysely'
import type { Database } from '#db/schema'
import { removeVideoFiles } from './video.server'

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
