// Demo seed (issue 2 §3): runs only into an empty database, through the same factories as the tests.
import type { Kysely } from 'kysely'
import { createCoupon, createCourse, createLecture, createQuiz, createSection, createUser, setQuizPrice } from './factories.ts'
import type { Database } from './schema.ts'
import { DEMO_ACCOUNTS, DEMO_COUPON, DEMO_COURSES, DEMO_QUIZZES } from './seed-data.ts'

export async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  const courses = await db.selectFrom('courses').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  return Number(row.n) === 0 && Number(courses.n) === 0
}

export async function seedDemo(db: Kysely<Database>): Promise<boolean> {
  if (!(await isEmpty(db))) return false
  for (const account of DEMO_ACCOUNTS) await createUser(db, account)
  const courseIds: Record<string, string> = {}
  for (const course of DEMO_COURSES) {
    const { sections, ...fields } = course
    const { id } = await createCourse(db, fields)
    courseIds[fields.linkAddress] = id
    for (const section of sections) {
      const { id: sectionId } = await createSection(db, { courseId: id, title: section.title })
      for (const lecture of section.lectures) await createLecture(db, { sectionId, ...lecture })
    }
  }
  for (const quiz of DEMO_QUIZZES) await createQuiz(db, quiz)
  await setQuizPrice(db, { actualPrice: 399, discountedPrice: 99 })
  await createCoupon(db, { courseId: courseIds[DEMO_COUPON.linkAddress], code: DEMO_COUPON.code, discount: DEMO_COUPON.discount })
  return true
}
