import { sniffImage, sniffNote, MIME } from '~/lib/file-type'
import { getStorage, newKey, publicUrl } from '~/services/storage.server'
import { db } from '~/utils/db.server'
import { newId, nowIso } from '~/utils/ids.server'
import { COURSE_IMAGE_MAX_BYTES, NOTE_MAX_BYTES, UploadError } from '~/utils/upload.server'
import type { CourseFields, LectureFields, SectionFields } from '~/schemas/admin'
import { recordAudit } from './audit.server'

// Staff course authoring: courses, sections, lectures (spec 2 §2, API.md §2.2 admin rows).

export class NotFoundError extends Error {}

/** API.md §2.2: linkAddress = cardTitle trimmed, lower-cased, whitespace runs -> '-'. */
export const slugFor = (cardTitle: string) => cardTitle.trim().toLowerCase().replace(/\s+/g, '-')

async function uniqueSlug(cardTitle: string) {
  const base = slugFor(cardTitle)
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`
    const taken = await db.selectFrom('courses').select('id').where('link_address', '=', candidate).executeTakeFirst()
    if (!taken) return candidate
  }
}

async function bytesOf(file: File) {
  return new Uint8Array(await file.arrayBuffer())
}

/** Checks an image by its bytes and stores it; returns its public URL. */
export async function storeCourseImage(file: File | null): Promise<string> {
  if (!file) throw new UploadError('Course image is required')
  if (file.size > COURSE_IMAGE_MAX_BYTES) throw new UploadError('The image is too large (at most 5 MB)', 413)
  const bytes = await bytesOf(file)
  const type = sniffImage(bytes)
  if (!type) throw new UploadError('The course image must be a PNG, JPEG or WebP image')
  const key = newKey('courses', type)
  await getStorage().put(key, bytes, MIME[type])
  return publicUrl(key)
}

/** Checks a note (.pdf, .docx, .pptx) by its bytes and stores it; returns its storage key `notes/...`. */
export async function storeNote(file: File | null): Promise<string | null> {
  if (!file) return null
  if (file.size > NOTE_MAX_BYTES) throw new UploadError('The note is too large (at most 20 MB)', 413)
  const bytes = await bytesOf(file)
  const type = sniffNote(bytes)
  if (!type) throw new UploadError('The note must be a .pdf, .docx or .pptx file')
  const key = newKey('notes', type)
  await getStorage().put(key, bytes, MIME[type])
  return key
}

export async function createCourse({ actorId, fields, image }: { actorId: string; fields: CourseFields; image: File | null }) {
  const courseImage = await storeCourseImage(image)
  const id = newId()
  const now = nowIso()
  const linkAddress = await uniqueSlug(fields.cardTitle)
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('courses')
      .values({
        id,
        card_title: fields.cardTitle,
        sub_title: fields.subTitle,
        course_tag: fields.courseTag,
        mode: fields.mode,
        language: fields.language,
        course_image: courseImage,
        actual_price: fields.actualPrice,
        discounted_price: fields.discountedPrice,
        link_address: linkAddress,
        course_title: fields.courseTitle,
        course_description: fields.courseDescription,
        whatsapp_link: fields.whatsappLink,
        grants_quiz_access: fields.grantsQuizAccess ? 1 : 0,
        created_at: now,
      })
      .execute()
    await recordAudit({ actorId, action: 'course.create', targetType: 'course', targetId: id, details: { cardTitle: fields.cardTitle } }, trx)
  })
  return {
    _id: id,
    cardTitle: fields.cardTitle,
    subTitle: fields.subTitle,
    courseTag: fields.courseTag,
    mode: fields.mode,
    language: fields.language,
    courseImage,
    actualPrice: fields.actualPrice,
    discountedPrice: fields.discountedPrice,
    linkAddress,
    courseTitle: fields.courseTitle,
    courseDescription: fields.courseDescription,
    whatsappLink: fields.whatsappLink,
    grantsQuizAccess: Boolean(fields.grantsQuizAccess),
    sections: [] as string[],
    __v: 0,
  }
}

export async function listSections(courseId: string) {
  const sections = await db.selectFrom('sections').select(['id', 'title']).where('course_id', '=', courseId).orderBy('position').orderBy('created_at').execute()
  const lectures = sections.length
    ? await db.selectFrom('lectures').select(['id', 'section_id']).where('section_id', 'in', sections.map((s) => s.id)).orderBy('position').execute()
    : []
  return sections.map((s) => ({ id: s.id, title: s.title, lectureIds: lectures.filter((l) => l.section_id === s.id).map((l) => l.id) }))
}

export async function getSection(sectionId: string) {
  return db.selectFrom('sections').select(['id', 'title', 'course_id']).where('id', '=', sectionId).executeTakeFirst()
}

const lectureJson = (l: { id: string; title: string; videoURL: string; noteTitle: string | null; noteURL: string | null }) => ({
  _id: l.id,
  title: l.title,
  videoURL: l.videoURL,
  noteTitle: l.noteTitle ?? '',
  noteURL: l.noteURL ?? '',
  __v: 0,
})

async function nextPosition(table: 'sections' | 'lectures', column: 'course_id' | 'section_id', value: string) {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('position').as('p'))
    .where(column, '=', value)
    .executeTakeFirst()
  return row?.p === null || row?.p === undefined ? 0 : Number(row.p) + 1
}

/** Add Section: a section with its first lecture (and optional note). */
export async function addSection({ actorId, fields, note }: { actorId: string; fields: SectionFields; note: File | null }) {
  const course = await db.selectFrom('courses').select('id').where('id', '=', fields.courseId).executeTakeFirst()
  if (!course) throw new NotFoundError('Course not found while creating section')
  const noteURL = await storeNote(note)
  const sectionId = newId()
  const lectureId = newId()
  const now = nowIso()
  const position = await nextPosition('sections', 'course_id', course.id)
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('sections').values({ id: sectionId, course_id: course.id, title: fields.sectionTitle, position, created_at: now }).execute()
    await trx
      .insertInto('lectures')
      .values({ id: lectureId, section_id: sectionId, title: fields.lectureTitle, video_url: fields.videoURL, note_title: fields.noteTitle || null, note_url: noteURL, position: 0, created_at: now })
      .execute()
    await recordAudit({ actorId, action: 'section.create', targetType: 'section', targetId: sectionId, details: { courseId: course.id, title: fields.sectionTitle } }, trx)
  })
  const lecture = lectureJson({ id: lectureId, title: fields.lectureTitle, videoURL: fields.videoURL, noteTitle: fields.noteTitle || null, noteURL })
  return { section: { _id: sectionId, title: fields.sectionTitle, lectures: [lectureId], __v: 0 }, lecture }
}

/** Add Lecture to an existing section. */
export async function addLecture({ actorId, fields, note }: { actorId: string; fields: LectureFields; note: File | null }) {
  const section = await getSection(fields.sectionId)
  if (!section) throw new NotFoundError('Section not found')
  const noteURL = await storeNote(note)
  const id = newId()
  const position = await nextPosition('lectures', 'section_id', section.id)
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('lectures')
      .values({ id, section_id: section.id, title: fields.title, video_url: fields.videoURL, note_title: fields.noteTitle || null, note_url: noteURL, position, created_at: nowIso() })
      .execute()
    await recordAudit({ actorId, action: 'lecture.create', targetType: 'lecture', targetId: id, details: { sectionId: section.id, courseId: section.course_id, title: fields.title } }, trx)
  })
  const lectureIds = (await db.selectFrom('lectures').select('id').where('section_id', '=', section.id).orderBy('position').execute()).map((l) => l.id)
  return {
    lecture: lectureJson({ id, title: fields.title, videoURL: fields.videoURL, noteTitle: fields.noteTitle || null, noteURL }),
    section: { _id: section.id, title: section.title, lectures: lectureIds, __v: 0 },
  }
}
