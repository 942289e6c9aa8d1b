// Access is read when it is used (docs/decisions/026-access-read-when-used.md): the SQL form of "the enrolment is
// open" agrees with the JS rule at the boundary; paid mock tests follow the course that grants them (an ended or
// revoked course closes them on the page, its `.data` and the API, and current-user says so); early ends are
// marked so no 'renew' reminder follows them. Runs on SQLite and, in the PostgreSQL run, on PostgreSQL.
import { describe, expect, test } from 'vitest'
import { createCourse, createQuiz, createUser, enrol } from '../../db/factories'
import { enrolmentIsOpen } from '~/lib/access'
import { grantCourse } from '~/models/enrolment/grant.server'
import { enrolmentOpenSql, hasPaidQuizAccess, openCourseIds } from '~/models/enrolment/access.server'
import { setAccessUntil, setCourseAccess } from '~/models/enrolment/staff.server'
import { db } from '~/utils/db.server'
import * as quizApi from '~/routes/api/quiz'
import * as usersApi from '~/routes/api/users'
import * as attemptPage from '~/routes/quiz/attempt'
import { callApi, callRoute, signedInCookie, signedInUser } from '../support/harness'

const questions = [{ questionText: 'Q1', options: ['a', 'b', 'c', 'd'], correctOption: 1 }]
const DAY = 86_400_000

describe('the SQL form of an open enrolment agrees with the JS rule', () => {
  test('at the end itself, a millisecond either side, for good and revoked', async () => {
    const now = new Date('2027-03-01T18:30:00.000Z') // midnight in India: a day boundary
    const learner = await createUser(db)
    const cases: Array<{ label: string; accessUntil: string | null; isActive?: boolean }> = [
      { label: 'ended a millisecond ago', accessUntil: new Date(now.getTime() - 1).toISOString() },
      { label: 'ends exactly now', accessUntil: now.toISOString() },
      { label: 'ends in a millisecond', accessUntil: new Date(now.getTime() + 1).toISOString() },
      { label: 'for good', accessUntil: null },
      { label: 'revoked, end ahead', accessUntil: new Date(now.getTime() + DAY).toISOString(), isActive: false },
      { label: 'revoked, for good', accessUntil: null, isActive: false },
    ]
    const courseOf = new Map<string, string>()
    for (const c of cases) {
      const course = await createCourse(db, { courseTitle: c.label })
      courseOf.set(course.id, c.label)
      await enrol(db, { userId: learner.id, courseId: course.id, accessUntil: c.accessUntil, isActive: c.isActive })
    }
    const rows = await db
      .selectFrom('enrollments')
      .select(['course_id', 'is_active', 'access_until'])
      .select((eb) => enrolmentOpenSql(now)(eb).as('open'))
      .where('user_id', '=', learner.id)
      .execute()
    const bySql = Object.fromEntries(rows.map((r) => [courseOf.get(r.course_id), Boolean(Number(r.open))]))
    const byJs = Object.fromEntries(rows.map((r) => [courseOf.get(r.course_id), enrolmentIsOpen(r, now)]))
    expect(bySql).toEqual(byJs)
    expect(byJs).toEqual({
      'ended a millisecond ago': false,
      'ends exactly now': false,
      'ends in a millisecond': true,
      'for good': true,
      'revoked, end ahead': false,
      'revoked, for good': false,
    })
    expect((await openCourseIds(learner.id, now)).map((id) => courseOf.get(id)).sort()).toEqual([
      'ends in a millisecond',
      'for good',
    ])
  })
})

describe('paid mock tests follow the course that grants them', () => {
  /** A learner granted the course the way a payment grants it (`grantCourse`), `boughtDaysAgo` days ago. */
  async function learnerOf(input: { boughtDaysAgo: number; accessDays: number | null }) {
    const course = await createCourse(db, { grantsQuizAccess: true, accessDays: input.accessDays })
    const learner = await createUser(db)
    const now = new Date(Date.now() - input.boughtDaysAgo * DAY).toISOString()
    await db
      .transaction()
      .execute((trx) => grantCourse(trx, { userId: learner.id, courseId: course.id, source: 'purchase', now }))
    const quiz = await createQuiz(db, { category: 'paid', questions })
    return { course, learner, quiz, cookie: await signedInCookie(learner.id) }
  }
  const refusal = { success: false, message: 'You do not have access to this paid quiz.' }

  async function seenBy(cookie: string, quizId: string) {
    const page = await callRoute(attemptPage.loader, `/quiz/${quizId}`, { cookie, params: { quizId } })
    const dataRequest = await callRoute(attemptPage.loader, `/quiz/${quizId}.data`, { cookie, params: { quizId } })
    const api = await callApi(quizApi, 'GET', `/api/v1/quiz/${quizId}`, { cookie })
    const me = await callApi(usersApi, 'GET', '/api/v1/users/current-user', { cookie })
    return { page: page.status, data: dataRequest.status, api: api.status, apiBody: api.body, me: me.body }
  }

  test('open course: the tests open and current-user says so', async () => {
    const { quiz, cookie, learner } = await learnerOf({ boughtDaysAgo: 20, accessDays: 30 })
    const seen = await seenBy(cookie, quiz.id)
    expect([seen.page, seen.data, seen.api]).toEqual([200, 200, 200])
    expect(seen.me.data.hasAccessToQuizzes).toBe(true)
    // Nothing was copied onto the user: the grant is the enrolment.
    const row = await db
      .selectFrom('users')
      .select('has_access_to_quizzes')
      .where('id', '=', learner.id)
      .executeTakeFirstOrThrow()
    expect(row.has_access_to_quizzes).toBe(0)
  })

  test('the course ended: 403 on the page, its .data and the API; hasAccessToQuizzes false', async () => {
    const { quiz, cookie } = await learnerOf({ boughtDaysAgo: 40, accessDays: 30 })
    const seen = await seenBy(cookie, quiz.id)
    expect([seen.page, seen.data, seen.api]).toEqual([403, 403, 403])
    expect(seen.apiBody).toMatchObject(refusal)
    expect(seen.me.data.hasAccessToQuizzes).toBe(false)
  })

  test('revoked by an admin (a course for good): 403 everywhere and hasAccessToQuizzes false', async () => {
    const admin = await signedInUser('admin')
    const { quiz, cookie, learner, course } = await learnerOf({ boughtDaysAgo: 1, accessDays: null })
    expect((await seenBy(cookie, quiz.id)).api).toBe(200)
    await setCourseAccess({ actorId: admin.id, userId: learner.id, courseId: course.id, active: false })
    const seen = await seenBy(cookie, quiz.id)
    expect([seen.page, seen.data, seen.api]).toEqual([403, 403, 403])
    expect(seen.me.data.hasAccessToQuizzes).toBe(false)
  })

  test('never enrolled: 403; the quiz bundle (or an admin grant) opens them for good', async () => {
    const quiz = await createQuiz(db, { category: 'paid', questions })
    const stranger = await createUser(db)
    const cookie = await signedInCookie(stranger.id)
    expect((await seenBy(cookie, quiz.id)).api).toBe(403)
    const bundle = await createUser(db, { hasAccessToQuizzes: true })
    const seen = await seenBy(await signedInCookie(bundle.id), quiz.id)
    expect([seen.page, seen.data, seen.api]).toEqual([200, 200, 200])
    expect(seen.me.data.hasAccessToQuizzes).toBe(true)
    expect(await hasPaidQuizAccess(bundle.id, new Date(Date.now() + 3650 * DAY))).toBe(true)
  })

  test('a course that does not grant quiz access gives none, open or not', async () => {
    const course = await createCourse(db, { grantsQuizAccess: false })
    const learner = await createUser(db)
    await enrol(db, { userId: learner.id, courseId: course.id, accessUntil: null })
    expect(await hasPaidQuizAccess(learner.id)).toBe(false)
  })
})

describe('early ends are marked, so no renew reminder follows them', () => {
  const endedBy = async (userId: string, courseId: string) =>
    (
      await db
        .selectFrom('enrollments')
        .select('access_ended_by')
        .where('user_id', '=', userId)
        .where('course_id', '=', courseId)
        .executeTakeFirstOrThrow()
    ).access_ended_by

  test('revoke marks it; granting again clears it; staff ending it now marks it; staff moving it ahead clears it', async () => {
    const admin = await signedInUser('admin')
    const course = await createCourse(db, { accessDays: 30 })
    const learner = await createUser(db)
    const ahead = new Date(Date.now() + 10 * DAY).toISOString()
    await enrol(db, { userId: learner.id, courseId: course.id, accessUntil: ahead })
    const who = { actorId: admin.id, userId: learner.id, courseId: course.id }
    expect(await endedBy(learner.id, course.id)).toBeNull()
    await setCourseAccess({ ...who, active: false })
    expect(await endedBy(learner.id, course.id)).toBe('revoke')
    await setCourseAccess({ ...who, active: true })
    expect(await endedBy(learner.id, course.id)).toBeNull()
    await setAccessUntil({ ...who, accessUntil: new Date(Date.now() - 1000).toISOString() })
    expect(await endedBy(learner.id, course.id)).toBe('staff')
    await setAccessUntil({ ...who, accessUntil: ahead })
    expect(await endedBy(learner.id, course.id)).toBeNull()
    await setAccessUntil({ ...who, accessUntil: null })
    expect(await endedBy(learner.id, course.id)).toBeNull()
  })
})
