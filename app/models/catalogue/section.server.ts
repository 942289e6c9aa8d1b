import type { Selectable, Transaction } from 'kysely'
import { lockRow } from '#db/dialect'
import type { Database, LecturesTable } from '#db/schema'
import { MIME, sniffNote } from '~/lib/file-type'
import type { LectureFields, SectionFields } from '~/schemas/admin'
import { deleteOwnFiles, getStorage, newKey } from '~/services/storage.server'
import { db } from '~/utils/db.server'
import { newId, nowIso } from '~/utils/ids.server'
import { NOTE_MAX_BYTES, UploadError } from '~/lib/uploads'
import { recordAudit } from '../audit/audit.server'
import { courseColumns, type CourseRow } from './course.server'

// A course's content: sections, their lectures and lecture notes (the player, get-full-course, staff authoring:
// the admin pages and docs/legacy-api.md §2.2's admin rows).

export class NotFoundError extends Error {}

export type LectureRow = Pick<Selectable<LecturesTable>, 'id' | 'title' | 'video_url' | 'note_title' | 'note_url'>
export type SectionSummary = { id: string; title: string; lectureIds: string[] }
export type FullCourse = CourseRow & {
  whatsapp_link: string
  sections: Array<{ id: string; title: string; lectures: LectureRow[] }>
}

/** A course's sections in order. */
function orderedSections(courseId: string) {
  return db
    .selectFrom('sections')
    .select(['id', 'title'])
    .where('course_id', '=', courseId)
    .orderBy('position')
    .orderBy('created_at')
    .execute()
}

/** The lectures of these (one or more) sections in order; the caller picks the columns. */
function lecturesOf(sections: Array<{ id: string }>) {
  return db
    .selectFrom('lectures')
    .where(
      'section_id',
      'in',
      sections.map((s) => s.id),
    )
    .orderBy('position')
    .orderBy('created_at')
}

/** A course with its sections and lectures in order (player, get-full-course). */
export async function getFullCourse(courseId: string): Promise<FullCourse | undefined> {
  const course = await db
    .selectFrom('courses')
    .select([...courseColumns, 'whatsapp_link'])
    .where('id', '=', courseId)
    .executeTakeFirst()
  if (!course) return undefined
  const sections = await orderedSections(courseId)
  const lectures = sections.length
    ? await lecturesOf(sections).select(['id', 'section_id', 'title', 'video_url', 'note_title', 'note_url']).execute()
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

/**
 * A course's sections and lectures as the pages show them (the player, the staff content page): whether a lecture
 * has a note, never where it is stored, since the note is fetched through the access-checked download.
 */
export const contentsView = (sections: FullCourse['sections']) =>
  sections.map((s) => ({
    id: s.id,
    title: s.title,
    lectures: s.lectures.map((l) => ({
      id: l.id,
      title: l.title,
      videoURL: l.video_url,
      noteTitle: l.note_title,
      hasNote: Boolean(l.note_url),
    })),
  }))

/** A course's sections with their lecture ids in order (Add Lecture, get-all-sections); undefined: no course. */
export async function listSections(courseId: string): Promise<SectionSummary[] | undefined> {
  const course = await db.selectFrom('courses').select('id').where('id', '=', courseId).executeTakeFirst()
  if (!course) return undefined
  const sections = await orderedSections(courseId)
  const lectures = sections.length ? await lecturesOf(sections).select(['id', 'section_id']).execute() : []
  return sections.map((s) => ({
    id: s.id,
    title: s.title,
    lectureIds: lectures.filter((l) => l.section_id === s.id).map((l) => l.id),
  }))
}

/** A section with its course, for the edit pages and the API; undefined when unknown. */
export async function getSection(sectionId: string) {
  return db.selectFrom('sections').select(['id', 'title', 'course_id']).where('id', '=', sectionId).executeTakeFirst()
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

/** Checks a note (.pdf, .docx, .pptx) by its bytes and stores it; returns its storage key `notes/...`. */
export async function storeNote(file: File | null): Promise<string | null> {
  if (!file) return null
  if (file.size > NOTE_MAX_BYTES) throw new UploadError('The note is too large (at most 20 MB)', 413)
  const bytes = new Uint8Array(await file.arrayBuffer())
  const type = sniffNote(bytes)
  if (!type) throw new UploadError('The note must be a .pdf, .docx or .pptx file')
  const key = newKey('notes', type)
  await getStorage().put(key, bytes, MIME[type])
  return key
}

/**
 * The next free place under a parent (positions are dense: 0..n-1, migrations/0010). Called inside the transaction
 * that inserts, after locking the parent (lockRow), so two concurrent adds never pick the same place.
 */
async function nextPosition(
  trx: Transaction<Database>,
  table: 'sections' | 'lectures',
  column: 'course_id' | 'section_id',
  value: string,
) {
  const row = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.max('position').as('p'))
    .where(column, '=', value)
    .executeTakeFirst()
  return row?.p === null || row?.p === undefined ? 0 : Number(row.p) + 1
}

/** Runs `write`; if it fails, the note stored for it is deleted again (nothing points at it). */
export async function keepingNoteOnlyIfWritten<T>(noteKey: string | null, write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    await deleteOwnFiles([noteKey])
    throw error
  }
}

/** Add Section: a section with its first lecture (and optional note). */
export async function addSection({
  actorId,
  fields,
  note,
}: {
  actorId: string
  fields: SectionFields
  note: File | null
}): Promise<{ section: SectionSummary; lecture: LectureRow }> {
  const course = await db.selectFrom('courses').select('id').where('id', '=', fields.courseId).executeTakeFirst()
  if (!course) throw new NotFoundError('Course not found while creating section')
  const lecture: LectureRow = {
    id: newId(),
    title: fields.lectureTitle,
    video_url: fields.videoURL ?? '',
    note_title: fields.noteTitle || null,
    note_url: await storeNote(note),
  }
  const sectionId = newId()
  const now = nowIso()
  await keepingNoteOnlyIfWritten(lecture.note_url, () =>
    db.transaction().execute(async (trx) => {
      await lockRow(trx, 'courses', course.id)
      const still = await trx.selectFrom('courses').select('id').where('id', '=', course.id).executeTakeFirst()
      if (!still) throw new NotFoundError('Course not found while creating section')
      const position = await nextPosition(trx, 'sections', 'course_id', course.id)
      await trx
        .insertInto('sections')
        .values({ id: sectionId, course_id: course.id, title: fields.sectionTitle, position, created_at: now })
        .execute()
      await trx
        .insertInto('lectures')
        .values({ ...lecture, section_id: sectionId, position: 0, created_at: now })
        .execute()
      await recordAudit(
        {
          actorId,
          action: 'section.create',
          targetType: 'section',
          targetId: sectionId,
          details: { courseId: course.id, title: fields.sectionTitle },
        },
        trx,
      )
    }),
  )
  return { section: { id: sectionId, title: fields.sectionTitle, lectureIds: [lecture.id] }, lecture }
}

/** Add Lecture to an existing section; returns the lecture and the section's lecture ids after it. */
export async function addLecture({
  actorId,
  fields,
  note,
}: {
  actorId: string
  fields: LectureFields
  note: File | null
}): Promise<{ section: SectionSummary; lecture: LectureRow }> {
  const section = await getSection(fields.sectionId)
  if (!section) throw new NotFoundError('Section not found')
  const lecture: LectureRow = {
    id: newId(),
    title: fields.title,
    video_url: fields.videoURL ?? '',
    note_title: fields.noteTitle || null,
    note_url: await storeNote(note),
  }
  await keepingNoteOnlyIfWritten(lecture.note_url, () =>
    db.transaction().execute(async (trx) => {
      await lockRow(trx, 'sections', section.id)
      // Deleted while the note was stored: the same answer as an unknown section.
      const still = await trx.selectFrom('sections').select('id').where('id', '=', section.id).executeTakeFirst()
      if (!still) throw new NotFoundError('Section not found')
      const position = await nextPosition(trx, 'lectures', 'section_id', section.id)
      await trx
        .insertInto('lectures')
        .values({ ...lecture, section_id: section.id, position, created_at: nowIso() })
        .execute()
      await recordAudit(
        {
          actorId,
          action: 'lecture.create',
          targetType: 'lecture',
          targetId: lecture.id,
          details: { sectionId: section.id, courseId: section.course_id, title: fields.title },
        },
        trx,
      )
    }),
  )
  const lectureIds = (
    await db.selectFrom('lectures').select('id').where('section_id', '=', section.id).orderBy('position').execute()
  ).map((l) => l.id)
  return { lecture, section: { id: section.id, title: section.title, lectureIds } }
}
