// Marking a lecture done while staff delete it: the learner is told the lecture is gone (a toast on the course they
// are taken back to), never a server error. Three ways it happens: deleted before the post, a lecture id that is no
// lecture at all, and deleted between the check and the write (app/models/enrolment/lecture-progress.server.ts).
import { sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import { createCourse, createLecture, createSection, createUser, enrol } from '../../db/factories'
import { dialectOf } from '#db/dialect'
import { newId } from '~/utils/ids.server'
import { deleteLecture } from '~/models/catalogue/lecture-edits.server'
import { setLectureDone } from '~/models/enrolment/lecture-progress.server'
import * as player from '~/routes/learn/player'
import { db } from '~/utils/db.server'
import { callRoute, signedInCookie } from '../support/harness'
import { toastOf } from '../support/catalogue'

async function enrolledLearner() {
  const course = await createCourse(db)
  const section = await createSection(db, { courseId: course.id, title: 'S1' })
  const lectures = []
  for (const title of ['L1', 'L2'])
    lectures.push(
      await createLecture(db, { sectionId: section.id, title, videoURL: 'https://www.youtube.com/embed/x' }),
    )
  const user = await createUser(db)
  await enrol(db, { userId: user.id, courseId: course.id })
  return { course, lectures, user, cookie: await signedInCookie(user.id) }
}

async function markDone(courseId: string, lectureId: string, cookie: string) {
  return callRoute(player.action, `/my-courses/${courseId}`, {
    method: 'POST',
    form: { intent: 'done', lectureId },
    params: { id: courseId },
    cookie,
  })
}

async function expectToldGone(res: Awaited<ReturnType<typeof markDone>>, courseId: string) {
  expect(res.status).toBe(302)
  expect(res.location).toBe(`/my-courses/${courseId}`)
  expect(await toastOf(res)).toMatchObject({
    type: 'error',
    message: expect.stringMatching(/no longer in this course/),
  })
}

const progressRows = (userId: string) =>
  db.selectFrom('lecture_progress').select('lecture_id').where('user_id', '=', userId).execute()

describe('marking a lecture done that staff deleted', () => {
  test('deleted between the page load and the post: a toast on the course, nothing stored', async () => {
    const { course, lectures, user, cookie } = await enrolledLearner()
    const page = await callRoute(player.loader, `/my-courses/${course.id}?lecture=${lectures[1]!.id}`, {
      params: { id: course.id },
      cookie,
    })
    expect(page.data.lectureId).toBe(lectures[1]!.id)
    await deleteLecture({ actorId: (await createUser(db, { role: 'admin' })).id, lectureId: lectures[1]!.id })
    await expectToldGone(await markDone(course.id, lectures[1]!.id, cookie), course.id)
    expect(await progressRows(user.id)).toEqual([])
    // The course it goes back to opens without the deleted lecture.
    const after = await callRoute(player.loader, `/my-courses/${course.id}`, { params: { id: course.id }, cookie })
    expect(after.status).toBe(200)
    expect(after.data.lectureId).toBe(lectures[0]!.id)
  })

  test('a lecture id that is no lecture: the same message', async () => {
    const { course, user, cookie } = await enrolledLearner()
    await expectToldGone(await markDone(course.id, newId(), cookie), course.id)
    expect(await progressRows(user.id)).toEqual([])
  })

  test('deleted between the check and the write: no-lecture, not a foreign-key error', async () => {
    const { course, lectures, user, cookie } = await enrolledLearner()
    await whileStaffDelete('lecture_progress', async () => {
      const learner = { id: user.id, role: 'user' as const }
      expect(
        await setLectureDone({ user: learner, courseId: course.id, lectureId: lectures[0]!.id, done: true }),
      ).toEqual({ ok: false, reason: 'no-lecture' })
      await expectToldGone(await markDone(course.id, lectures[1]!.id, cookie), course.id)
    })
    expect(await progressRows(user.id)).toEqual([])
  })

  test('deleted while the player records it as opened: the page still loads', async () => {
    const { course, lectures, cookie } = await enrolledLearner()
    await whileStaffDelete('lecture_visits', async () => {
      const page = await callRoute(player.loader, `/my-courses/${course.id}?lecture=${lectures[1]!.id}`, {
        params: { id: course.id },
        cookie,
      })
      expect(page.status).toBe(200)
    })
  })
})

/**
 * Runs `body` with a trigger that plays the staff member: the lecture a row is about to name is deleted just before
 * the row is written, the narrowest race there is.
 */
async function whileStaffDelete(table: 'lecture_progress' | 'lecture_visits', body: () => Promise<void>) {
  const postgres = dialectOf(db) === 'postgres'
  if (postgres) {
    await sql`create function test_delete_lecture() returns trigger language plpgsql as $$
      begin delete from lectures where id = new.lecture_id; return new; end $$`.execute(db)
    await sql`create trigger test_race before insert on ${sql.table(table)}
      for each row execute function test_delete_lecture()`.execute(db)
  } else {
    await sql`create trigger test_race before insert on ${sql.table(table)}
      begin delete from lectures where id = new.lecture_id; end`.execute(db)
  }
  try {
    await body()
  } finally {
    await sql`drop trigger test_race${postgres ? sql` on ${sql.table(table)}` : sql``}`.execute(db)
    if (postgres) await sql`drop function test_delete_lecture()`.execute(db)
  }
}
