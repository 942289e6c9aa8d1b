// Demo seed: runs only into an empty database, through the same factories as the tests.
import type { Kysely } from 'kysely'
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
 * Empty = no content yet (no courses, no quizzes). Accounts alone do not count, so `npm run user` before the
 * first `npm start` still leaves a seeded site; demo accounts whose e-mail already exists are skipped.
 */
export async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const courses = await db
    .selectFrom('courses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  const quizzes = await db
    .selectFrom('quizzes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(courses.n) === 0 && Number(quizzes.n) === 0
}

/**
 * Stores a note's bytes where the app keeps uploads (local folder or S3) and returns its storage key. The app
 * passes one (app/utils/db.server.ts); without it the seeded lectures have no notes.
 */
export type StoreNote = (pdf: Uint8Array) => Promise<string>

export async function seedDemo(db: Kysely<Database>, storeNote?: StoreNote): Promise<boolean> {
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
  for (const quiz of DEMO_QUIZZES) await createQuiz(db, quiz)
  await setQuizPrice(db, { actualPrice: 399, discountedPrice: 99 })
  await createCoupon(db, {
    courseId: courseIds[DEMO_COUPON.linkAddress],
    code: DEMO_COUPON.code,
    discount: DEMO_COUPON.discount,
  })
  return true
}
