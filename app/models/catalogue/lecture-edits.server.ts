import { lockRow } from '#db/dialect'
import { deleteOwnFiles } from '~/services/storage.server'
import { db } from '~/utils/db.server'
import { recordAudit } from '../audit/audit.server'
import { removeVideosFiles, videoIdsUnder } from '../video/lecture-videos.server'
import { moveChild, renumber, sectionSummary, stepChild, type Trx } from './content-order.server'
import {
  keepingNoteOnlyIfWritten,
  NotFoundError,
  storeNote,
  type LectureRow,
  type SectionSummary,
} from './section.server'

// Staff edit, move and delete lectures (docs/decisions/021-course-management.md); the order rules are in
// content-order.server.ts. A lecture's own stored note ('notes/...') is deleted from storage when the lecture or the
// note itself (replaced or removed) goes; an external note link is only dropped. Files are deleted after the commit,
// so a rolled-back change never loses a note a lecture still points at.

/** A lecture with its section and course, for the edit page and the API; undefined when unknown. */
export function getLectureForEdit(lectureId: string) {
  return db
    .selectFrom('lectures')
    .innerJoin('sections', 'sections.id', 'lectures.section_id')
    .select([
      'lectures.id',
      'lectures.title',
      'lectures.video_url',
      'lectures.note_title',
      'lectures.note_url',
      'lectures.section_id',
      'sections.course_id',
    ])
    .where('lectures.id', '=', lectureId)
    .executeTakeFirst()
}

/** withSection's twin for a lecture (section-edits.server.ts): the transaction holds its section locked. */
async function withLecture<T>(
  lectureId: string,
  courseId: string | undefined,
  work: (trx: Trx, lecture: LectureRow & { section_id: string; course_id: string }) => Promise<T>,
): Promise<T> {
  const known = await getLectureForEdit(lectureId)
  if (!known || (courseId && known.course_id !== courseId)) throw new NotFoundError('Lecture not found')
  return db.transaction().execute(async (trx) => {
    await lockRow(trx, 'sections', known.section_id)
    const lecture = await trx
      .selectFrom('lectures')
      .select(['id', 'title', 'video_url', 'note_title', 'note_url', 'section_id'])
      .where('id', '=', lectureId)
      .executeTakeFirst()
    if (!lecture) throw new NotFoundError('Lecture not found')
    return work(trx, { ...lecture, course_id: known.course_id })
  })
}

/** The audit entry of a lecture's move from place `from` to `to` (0-based) within its section. */
function auditMove(
  trx: Trx,
  actorId: string,
  lecture: { id: string; title: string; section_id: string; course_id: string },
  { from, to }: { from: number; to: number },
) {
  return recordAudit(
    {
      actorId,
      action: 'lecture.move',
      targetType: 'lecture',
      targetId: lecture.id,
      details: { courseId: lecture.course_id, sectionId: lecture.section_id, title: lecture.title, from, to },
    },
    trx,
  )
}

export type LectureChanges = {
  title?: string
  videoURL?: string
  /** '' clears it. */
  noteTitle?: string
  /** Drops the current note (a new `note` file, if any, takes its place). */
  removeNote?: boolean
  /** 0-based place within its section. */
  position?: number
}

/**
 * Edits a lecture: any of its fields, its note (a new file replaces it; `removeNote` drops it and its title), its
 * place within its section. The new file is checked and stored first (UploadError: nothing changed); the old own
 * note is deleted after the commit, the new one if the transaction fails. Audited as lecture.update (what changed)
 * and lecture.move (place).
 */
export async function updateLecture({
  actorId,
  lectureId,
  courseId,
  changes,
  note,
}: {
  actorId: string
  lectureId: string
  courseId?: string
  changes: LectureChanges
  note: File | null
}): Promise<{ lecture: LectureRow; section: SectionSummary; changed: boolean }> {
  // Unknown lecture: refused before a file is stored.
  const known = await getLectureForEdit(lectureId)
  if (!known || (courseId && known.course_id !== courseId)) throw new NotFoundError('Lecture not found')
  const newNote = await storeNote(note)
  const result = await keepingNoteOnlyIfWritten(newNote, () =>
    withLecture(lectureId, courseId, async (trx, before) => {
      const after: LectureRow = {
        id: before.id,
        title: changes.title ?? before.title,
        video_url: changes.videoURL ?? before.video_url,
        note_title: changes.noteTitle === undefined ? before.note_title : changes.noteTitle || null,
        note_url: newNote ?? (changes.removeNote ? null : before.note_url),
      }
      // A removed note takes its title with it (a title with nothing to download would mislead).
      if (changes.removeNote && !newNote) after.note_title = null
      const diff: Record<string, { from: string | null; to: string | null }> = {}
      for (const [key, field] of [
        ['title', 'title'],
        ['videoURL', 'video_url'],
        ['noteTitle', 'note_title'],
        ['noteURL', 'note_url'],
      ] as const)
        if (after[field] !== before[field]) diff[key] = { from: before[field], to: after[field] }
      let changed = false
      if (Object.keys(diff).length > 0) {
        await trx
          .updateTable('lectures')
          .set({
            title: after.title,
            video_url: after.video_url,
            note_title: after.note_title,
            note_url: after.note_url,
          })
          .where('id', '=', lectureId)
          .execute()
        await recordAudit(
          {
            actorId,
            action: 'lecture.update',
            targetType: 'lecture',
            targetId: lectureId,
            details: { courseId: before.course_id, sectionId: before.section_id, changes: diff },
          },
          trx,
        )
        changed = true
      }
      if (changes.position !== undefined) {
        const { from, to } = await moveChild(trx, 'lecture', before.section_id, lectureId, changes.position)
        if (from !== to) {
          await auditMove(trx, actorId, { ...before, title: after.title }, { from, to })
          changed = true
        }
      }
      const dropped = before.note_url && before.note_url !== after.note_url ? before.note_url : null
      return { lecture: after, section: await sectionSummary(trx, before.section_id), changed, dropped }
    }),
  )
  await deleteOwnFiles([result.dropped])
  return { lecture: result.lecture, section: result.section, changed: result.changed }
}

/**
 * Moves a lecture one place up (-1) or down (+1) within its section. `moved: false` when it is already first or
 * last there (nothing changes, nothing is audited).
 */
export async function moveLecture({
  actorId,
  lectureId,
  courseId,
  by,
}: {
  actorId: string
  lectureId: string
  courseId?: string
  by: -1 | 1
}): Promise<{ title: string; moved: boolean }> {
  return withLecture(lectureId, courseId, async (trx, lecture) => {
    const step = await stepChild(trx, 'lecture', lecture.section_id, lectureId, by)
    if (!step) return { title: lecture.title, moved: false }
    await auditMove(trx, actorId, lecture, step)
    return { title: lecture.title, moved: true }
  })
}

/** Deletes a lecture, renumbers its section's lectures, then deletes its own note and its video's files from storage. */
export async function deleteLecture({
  actorId,
  lectureId,
  courseId,
}: {
  actorId: string
  lectureId: string
  courseId?: string
}): Promise<{ lecture: LectureRow }> {
  const { videos, ...lecture } = await withLecture(lectureId, courseId, async (trx, locked) => {
    const videos = await videoIdsUnder(trx, { lectureId })
    await trx.deleteFrom('lectures').where('id', '=', lectureId).execute()
    await renumber(trx, 'lecture', locked.section_id)
    await recordAudit(
      {
        actorId,
        action: 'lecture.delete',
        targetType: 'lecture',
        targetId: lectureId,
        details: {
          courseId: locked.course_id,
          sectionId: locked.section_id,
          title: locked.title,
          noteURL: locked.note_url,
        },
      },
      trx,
    )
    const { course_id: _course, section_id: _section, ...row } = locked
    return { ...row, videos }
  })
  await deleteOwnFiles([lecture.note_url])
  await removeVideosFiles(videos)
  return { lecture }
}
