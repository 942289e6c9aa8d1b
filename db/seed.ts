// Demo seed: runs only into an empty database, through the same factories as the tests.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Kysely } from 'kysely'
import { BANK_QUIZ_ID } from '../app/lib/bank/bank.ts'
import { imageSize, MIME, sniffImage } from '../app/lib/file-type.ts'
import { quizImageUrl } from '../app/lib/quiz/images.ts'
import {
  createCoupon,
  createCourse,
  createLecture,
  createQuiz,
  createSection,
  createUser,
  setQuizPrice,
} from './factories.ts'
import { samplePdf } from './sample-note.ts'
import type { Database } from './schema.ts'
import { DEMO_ACCOUNTS, DEMO_COUPON, DEMO_COURSES, DEMO_QUIZZES } from './seed-data.ts'

const sampleNoteLines = (course: string, section: string) => [
  course,
  section,
  '',
  'Sample notes from the BioCoach demo seed.',
  'Staff replace them from the course editor with the batch notes.',
]

/**
 * Empty = no content yet (no courses, no quizzes; the bank's own quiz, which migrations/0018 writes, is not one).
 * Accounts alone do not count, so `npm run user` before the first `npm start` still leaves a seeded site; demo
 * accounts whose e-mail already exists are skipped.
 */
export async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const courses = await db
    .selectFrom('courses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  const quizzes = await db
    .selectFrom('quizzes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('id', '!=', BANK_QUIZ_ID)
    .executeTakeFirstOrThrow()
  return Number(courses.n) === 0 && Number(quizzes.n) === 0
}

/**
 * Stores a note's bytes where the app keeps uploads (local folder or S3) and returns its storage key. The app
 * passes one (app/utils/db.server.ts); without it the seeded lectures have no notes.
 */
export type StoreNote = (pdf: Uint8Array) => Promise<string>

/**
 * Stores a quiz figure's bytes as an upload of that quiz (local folder or S3) and returns its storage key. The app
 * passes one (app/utils/db.server.ts); without it the seeded figures have no file (their questions show the alt text).
 */
export type StoreQuizImage = (quizId: string, png: Uint8Array) => Promise<string>

/**
 * A seeded quiz with its figures: the questions rendered with each figure's address (its id fixed first), then the
 * figures stored and recorded as staff uploads would be. The files are the committed PNGs of db/figures.
 */
async function createQuizWithFigures(
  db: Kysely<Database>,
  quiz: (typeof DEMO_QUIZZES)[number],
  storeImage: StoreQuizImage | undefined,
) {
  const figures = (quiz.images ?? []).map((f) => ({
    ...f,
    id: crypto.randomBytes(12).toString('hex'),
    bytes: new Uint8Array(fs.readFileSync(path.join(process.cwd(), 'db/figures', f.file))),
  }))
  const images = new Map(figures.map((f) => [f.name, { url: quizImageUrl(f), alt: f.alt }]))
  const { id: quizId } = await createQuiz(db, { ...quiz, images })
  if (!storeImage) return
  for (const f of figures) {
    const type = sniffImage(f.bytes)
    if (!type) throw new Error(`db/figures/${f.file} is not a PNG, JPEG or WebP image`)
    const size = imageSize(f.bytes, type)
    await db
      .insertInto('quiz_images')
      .values({
        id: f.id,
        quiz_id: quizId,
        name: f.name,
        storage_key: await storeImage(quizId, f.bytes),
        alt: f.alt,
        content_type: MIME[type],
        byte_size: f.bytes.byteLength,
        width: size?.width ?? null,
        height: size?.height ?? null,
        created_at: new Date().toISOString(),
        created_by: null,
      })
      .execute()
  }
}

/**
 * Writes the demo question bank (db/seed-bank.ts) and tags the demo papers' questions, through the app's bank model.
 * The app passes one (app/models/bank/demo-bank.server.ts, from app/utils/db.server.ts); without it the seed has
 * the papers alone. Injected like the stores above: this file imports no app model, so a script or test can seed a
 * database without opening the app's own.
 */
export type WriteDemoBank = (db: Kysely<Database>) => Promise<void>

export async function seedDemo(
  db: Kysely<Database>,
  storeNote?: StoreNote,
  storeImage?: StoreQuizImage,
  writeBank?: WriteDemoBank,
): Promise<boolean> {
  if (!(await isEmpty(db))) return false
  for (const account of DEMO_ACCOUNTS) {
    const taken = await db.selectFrom('users').select('id').where('email', '=', account.email).executeTakeFirst()
    if (!taken) await createUser(db, account)
  }
  const courseIds: Record<string, string> = {}
  for (const course of DEMO_COURSES) {
    const { sections, ...fields } = course
    const { id } = await createCourse(db, fields)
    courseIds[fields.linkAddress] = id
    for (const section of sections) {
      const { id: sectionId } = await createSection(db, { courseId: id, title: section.title })
      for (const lecture of section.lectures) {
        const noteURL =
          lecture.noteURL ??
          (storeNote && lecture.noteTitle
            ? await storeNote(samplePdf(lecture.noteTitle, sampleNoteLines(fields.courseTitle, section.title)))
            : undefined)
        await createLecture(db, {
          sectionId,
          ...lecture,
          noteTitle: noteURL ? lecture.noteTitle : undefined,
          noteURL,
        })
      }
    }
  }
  for (const quiz of DEMO_QUIZZES) await createQuizWithFigures(db, quiz, storeImage)
  await writeBank?.(db)
  await setQuizPrice(db, { actualPrice: 399, discountedPrice: 99 })
  await createCoupon(db, {
    courseId: courseIds[DEMO_COUPON.linkAddress],
    code: DEMO_COUPON.code,
    discount: DEMO_COUPON.discount,
  })
  return true
}
