import { sql, type Transaction } from 'kysely'
import { lockRow } from '#db/dialect'
import type { Database } from '#db/schema'
import { deleteOwnFiles } from '~/services/storage.server'
import { db } from '~/utils/db.server'
import { recordAudit } from '../audit/audit.server'
import {
  keepingNoteOnlyIfWritten,
  NotFoundError,
  storeNote,
  type LectureRow,
  type SectionSummary,
} from './section.server'

// Staff edit, move and delete a course's sections and lectures (docs/decisions/021-course-management.md).
//
// Order: positions are dense (0..n-1 per parent) and unique (migrations/0010). Every change of order runs in one
// transaction that first locks the parent row (the course for sections, the section for lectures), so two staff
// moving or adding at once are serialised instead of both picking the same place. A lecture moves within its
// section only: moving it elsewhere is deleting and adding it again.
//
// Notes: a lecture's own stored note ('notes/...') is deleted from storage when the lecture, its section, or the
// note itself (replaced or removed) goes; an external note link is only dropped. Files are deleted after the
// commit, so a rolled-back change never loses a note a lecture still points at.

type Trx = Transaction<Database>
type Kind = 'section' | 'lecture'

/** A place outside 0..n-1, asked of a move (the API's 1-based `position`). */
export class PositionError extends Error {
  constructor(public count: number) {
    super(`Position must be between 1 and ${count}`)
  }
}

/** Where each kind's siblings live: its table and the column naming its parent. */
const PARENT = {
  section: { table: 'sections', parent: 'course_id' },
  lecture: { table: 'lectures', parent: 'section_id' },
} as const

/** A parent's children in order, with their stored positions. */
async function children(trx: Trx, kind: Kind, parentId: string) {
  const { table, parent } = PARENT[kind]
  const { rows } = await sql<{ id: string; position: number }>`
    select id, position from ${sql.table(table)} where ${sql.ref(parent)} = ${parentId} order by position, created_at, id
  `.execute(trx)
  return rows.map((r) => ({ id: r.id, position: Number(r.position) }))
}

/**
 * Writes `ordered` (a parent's children in their new order) as positions 0..n-1, changing only the rows whose
 * place changed. Two steps, because PostgreSQL checks a unique index row by row: each moved row first goes to its
 * own negative place (-1 - its new position; no row holds a negative one), then one statement flips them all
 * back, and no moment has two rows of a parent on one position.
 */
async function writeOrder(trx: Trx, kind: Kind, parentId: string, ordered: Array<{ id: string; position: number }>) {
  const { table, parent } = PARENT[kind]
  const moved = ordered.map((row, to) => ({ ...row, to })).filter((row) => row.position !== row.to)
  if (moved.length === 0) return
  for (const row of moved)
    await sql`update ${sql.table(table)} set position = ${-1 - row.to} where id = ${row.id}`.execute(trx)
  await sql`
    update ${sql.table(table)} set position = -1 - position where ${sql.ref(parent)} = ${parentId} and position < 0
  `.execute(trx)
}

/**
 * Moves one child of a locked parent to place `to` (0-based) and renumbers the rest; returns its old and new place.
 * PositionError when `to` is outside 0..n-1.
 */
async function moveChild(trx: Trx, kind: Kind, parentId: string, id: string, to: number) {
  const rows = await children(trx, kind, parentId)
  const from = rows.findIndex((r) => r.id === id)
  if (from < 0) throw new NotFoundError(kind === 'section' ? 'Section not found' : 'Lecture not found')
  if (!Number.isInteger(to) || to < 0 || to >= rows.length) throw new PositionError(rows.length)
  const [row] = rows.splice(from, 1)
  rows.splice(to, 0, row)
  await writeOrder(trx, kind, parentId, rows)
  return { from, to }
}

// ---- reads ----------------------------------------------------------------------------------------------------

/** A section with its course, for the edit page and the API; undefined when unknown. */
export function getSectionForEdit(sectionId: string) {
  return db.selectFrom('sections').select(['id', 'title', 'course_id']).where('id', '=', sectionId).executeTakeFirst()
}

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

async function sectionSummary(trx: Trx, sectionId: string): Promise<SectionSummary> {
  const section = await trx
    .selectFrom('sections')
    .select(['id', 'title'])
    .where('id', '=', sectionId)
    .executeTakeFirst()
  if (!section) throw new NotFoundError('Section not found')
  const lectures = await trx
    .selectFrom('lectures')
    .select('id')
    .where('section_id', '=', sectionId)
    .orderBy('position')
    .execute()
  return { id: section.id, title: section.title, lectureIds: lectures.map((l) => l.id) }
}

// ---- sections -------------------------------------------------------------------------------------------------

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
  const known = await getSectionForEdit(sectionId)
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
        await recordAudit(
          {
            actorId,
            action: 'section.move',
            targetType: 'section',
            targetId: sectionId,
            details: { courseId: section.course_id, title: title ?? section.title, from, to },
          },
          trx,
        )
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
    const rows = await children(trx, 'section', section.course_id)
    const from = rows.findIndex((r) => r.id === sectionId)
    const to = from + by
    if (to < 0 || to >= rows.length) return { title: section.title, moved: false }
    await moveChild(trx, 'section', section.course_id, sectionId, to)
    await recordAudit(
      {
        actorId,
        action: 'section.move',
        targetType: 'section',
        targetId: sectionId,
        details: { courseId: section.course_id, title: section.title, from, to },
      },
      trx,
    )
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
  const { section, notes } = await withSection(sectionId, courseId, async (trx, locked) => {
    // The section too (course, then section: every writer's order), so a lecture edit or move under way in it
    // finishes before its lectures go.
    await lockRow(trx, 'sections', sectionId)
    const summary = await sectionSummary(trx, sectionId)
    const lectures = await trx
      .selectFrom('lectures')
      .select(['id', 'note_url'])
      .where('section_id', '=', sectionId)
      .execute()
    await trx.deleteFrom('lectures').where('section_id', '=', sectionId).execute()
    await trx.deleteFrom('sections').where('id', '=', sectionId).execute()
    await writeOrder(trx, 'section', locked.course_id, await children(trx, 'section', locked.course_id))
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
    return { section: summary, notes: lectures.map((l) => l.note_url) }
  })
  await deleteOwnFiles(notes)
  return { section, lectureCount: section.lectureIds.length }
}

// ---- lectures -------------------------------------------------------------------------------------------------

/** withSection's twin for a lecture: the transaction holds its section locked (see withSection). */
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
          await recordAudit(
            {
              actorId,
              action: 'lecture.move',
              targetType: 'lecture',
              targetId: lectureId,
              details: { courseId: before.course_id, sectionId: before.section_id, title: after.title, from, to },
            },
            trx,
          )
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
    const rows = await children(trx, 'lecture', lecture.section_id)
    const from = rows.findIndex((r) => r.id === lectureId)
    const to = from + by
    if (to < 0 || to >= rows.length) return { title: lecture.title, moved: false }
    await moveChild(trx, 'lecture', lecture.section_id, lectureId, to)
    await recordAudit(
      {
        actorId,
        action: 'lecture.move',
        targetType: 'lecture',
        targetId: lectureId,
        details: { courseId: lecture.course_id, sectionId: lecture.section_id, title: lecture.title, from, to },
      },
      trx,
    )
    return { title: lecture.title, moved: true }
  })
}

/** Deletes a lecture, renumbers its section's lectures, then deletes its own note from storage. */
export async function deleteLecture({
  actorId,
  lectureId,
  courseId,
}: {
  actorId: string
  lectureId: string
  courseId?: string
}): Promise<{ lecture: LectureRow }> {
  const lecture = await withLecture(lectureId, courseId, async (trx, locked) => {
    await trx.deleteFrom('lectures').where('id', '=', lectureId).execute()
    await writeOrder(trx, 'lecture', locked.section_id, await children(trx, 'lecture', locked.section_id))
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
    return row
  })
  await deleteOwnFiles([lecture.note_url])
  return { lecture }
}
