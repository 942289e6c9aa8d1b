import { lockRow } from '#db/dialect'
import { deleteOwnFiles } from '~/services/storage.server'
import { db } from '~/utils/db.server'
import { recordAudit } from '../audit/audit.server'
import { removeVideosFiles, videoIdsUnder } from '../video/lecture-videos.server'
import { moveChild, renumber, sectionSummary, stepChild, type Trx } from './content-order.server'
import { getSection, NotFoundError, type SectionSummary } from './section.server'

// Staff rename, move and delete a course's sections (docs/decisions/021-course-management.md); the order rules are
// in content-order.server.ts. Deleting a section deletes its lectures' own stored notes ('notes/...') from storage,
// after the commit, so a rolled-back change never loses a note a lecture still points at.

/**
 * Runs `work` in a transaction holding the section's course locked, with the section read under that lock;
 * NotFoundError when the section is unknown or not of `courseId` (when given). The course is found before the
 * transaction so that locking it is the transaction's first statement (db/dialect.ts lockRow: on SQLite that write
 * takes the database's write lock before any read). Locks go parent first (course, section, lecture) everywhere, so
 * two of these never wait on each other in a circle on PostgreSQL.
 */
async function withSection<T>(
  sectionId: string,
  courseId: string | undefined,
  work: (trx: Trx, section: { id: string; title: string; course_id: string }) => Promise<T>,
): Promise<T> {
  const known = await getSection(sectionId)
  if (!known || (courseId && known.course_id !== courseId)) throw new NotFoundError('Section not found')
  return db.transaction().execute(async (trx) => {
    await lockRow(trx, 'courses', known.course_id)
    const section = await trx
      .selectFrom('sections')
      .select(['id', 'title', 'course_id'])
      .where('id', '=', sectionId)
      .executeTakeFirst()
    if (!section) throw new NotFoundError('Section not found')
    return work(trx, section)
  })
}

/** The audit entry of a section's move from place `from` to `to` (0-based) among its course's sections. */
function auditMove(
  trx: Trx,
  actorId: string,
  section: { id: string; title: string; course_id: string },
  { from, to }: { from: number; to: number },
) {
  return recordAudit(
    {
      actorId,
      action: 'section.move',
      targetType: 'section',
      targetId: section.id,
      details: { courseId: section.course_id, title: section.title, from, to },
    },
    trx,
  )
}

/**
 * Renames a section and/or moves it to place `position` (0-based) among its course's sections. Audited as
 * section.update (title) and section.move (place). `courseId`: the page's course, which the section must belong to.
 */
export async function updateSection({
  actorId,
  sectionId,
  courseId,
  title,
  position,
}: {
  actorId: string
  sectionId: string
  courseId?: string
  title?: string
  position?: number
}): Promise<{ section: SectionSummary; changed: boolean }> {
  return withSection(sectionId, courseId, async (trx, section) => {
    let changed = false
    if (title !== undefined && title !== section.title) {
      await trx.updateTable('sections').set({ title }).where('id', '=', sectionId).execute()
      await recordAudit(
        {
          actorId,
          action: 'section.update',
          targetType: 'section',
          targetId: sectionId,
          details: { courseId: section.course_id, title: { from: section.title, to: title } },
        },
        trx,
      )
      changed = true
    }
    if (position !== undefined) {
      const { from, to } = await moveChild(trx, 'section', section.course_id, sectionId, position)
      if (from !== to) {
        await auditMove(trx, actorId, { ...section, title: title ?? section.title }, { from, to })
        changed = true
      }
    }
    return { section: await sectionSummary(trx, sectionId), changed }
  })
}

/**
 * Moves a section one place up (-1) or down (+1). `moved: false` when it is already first or last (nothing
 * changes, nothing is audited).
 */
export async function moveSection({
  actorId,
  sectionId,
  courseId,
  by,
}: {
  actorId: string
  sectionId: string
  courseId?: string
  by: -1 | 1
}): Promise<{ title: string; moved: boolean }> {
  return withSection(sectionId, courseId, async (trx, section) => {
    const step = await stepChild(trx, 'section', section.course_id, sectionId, by)
    if (!step) return { title: section.title, moved: false }
    await auditMove(trx, actorId, section, step)
    return { title: section.title, moved: true }
  })
}

/** Deletes a section with its lectures, renumbers the course's sections, then deletes the lectures' own notes. */
export async function deleteSection({
  actorId,
  sectionId,
  courseId,
}: {
  actorId: string
  sectionId: string
  courseId?: string
}): Promise<{ section: SectionSummary; lectureCount: number }> {
  const { section, notes, videos } = await withSection(sectionId, courseId, async (trx, locked) => {
    // The section too (course, then section: every writer's order), so a lecture edit or move under way in it
    // finishes before its lectures go.
    await lockRow(trx, 'sections', sectionId)
    const summary = await sectionSummary(trx, sectionId)
    const lectures = await trx
      .selectFrom('lectures')
      .select(['id', 'note_url'])
      .where('section_id', '=', sectionId)
      .execute()
    const videos = await videoIdsUnder(trx, { sectionId })
    await trx.deleteFrom('lectures').where('section_id', '=', sectionId).execute()
    await trx.deleteFrom('sections').where('id', '=', sectionId).execute()
    await renumber(trx, 'section', locked.course_id)
    await recordAudit(
      {
        actorId,
        action: 'section.delete',
        targetType: 'section',
        targetId: sectionId,
        details: { courseId: locked.course_id, title: locked.title, lectureIds: summary.lectureIds },
      },
      trx,
    )
    return { section: summary, notes: lectures.map((l) => l.note_url), videos }
  })
  await deleteOwnFiles(notes)
  await removeVideosFiles(videos)
  return { section, lectureCount: section.lectureIds.length }
}
