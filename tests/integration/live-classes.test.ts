// Live classes: staff schedule, edit, cancel and attach recordings on /admin/live-classes/{courseId} (audited, bad
// input answered on the page with what was typed); learners with access see them on the player and the profile,
// the join link only inside its window; the join link never reaches anyone without access (page data, profile,
// get-full-course); the calendar feed is valid iCalendar, never carries a join link (each event links to the
// course player), stops at the learner's access end, and its address can be replaced.
import { beforeAll, describe, expect, test } from 'vitest'
import { createCourse, createUser, enrol } from '../../db/factories'
import { toIndiaLocal } from '~/lib/dates'
import * as coursesApi from '~/routes/api/courses'
import * as liveClassesPage from '~/routes/admin/live-classes'
import * as calendar from '~/routes/learn/calendar'
import * as player from '~/routes/learn/player'
import * as profile from '~/routes/profile/index'
import { db } from '~/utils/db.server'
import { callApi, callRoute, signedInCookie, signedInUser } from '../support/harness'
import { parseIcs } from '../support/ics'

/** The learner's calendar address: none until they ask for one on the profile (a page view writes nothing). */
async function calendarUrlOf(cookie: string): Promise<string> {
  const before = (await callRoute(profile.loader, '/profile', { cookie })).data.calendarUrl
  if (before) return before
  const made = await callRoute(profile.action, '/profile', { cookie, form: { intent: 'replace-calendar' } })
  expect(made.status).toBe(302)
  return (await callRoute(profile.loader, '/profile', { cookie })).data.calendarUrl
}

let admin = { id: '', cookie: '' }
let instructor = { id: '', cookie: '' }
beforeAll(async () => {
  admin = await signedInUser('admin')
  instructor = await signedInUser('instructor')
})

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
const DAY_MINUTES = 24 * 60
/** A datetime-local value in India time, `minutes` from now. */
const localIn = (minutes: number) => toIndiaLocal(new Date(Date.now() + minutes * MINUTE).toISOString())

const post = (courseId: string, form: Record<string, string>, cookie = admin.cookie) =>
  callRoute(liveClassesPage.action, `/admin/live-classes/${courseId}`, { cookie, params: { courseId }, form })

async function schedule(courseId: string, fields: Partial<Record<string, string>> = {}, cookie = admin.cookie) {
  const joinUrl = fields.joinUrl ?? `https://meet.google.com/${Math.random().toString(36).slice(2, 12)}`
  const res = await post(
    courseId,
    {
      intent: 'schedule',
      title: 'Cell cycle live',
      startsAt: localIn(10),
      durationMinutes: '60',
      joinUrl,
      notes: 'Bring your notes',
      ...fields,
    } as Record<string, string>,
    cookie,
  )
  expect(res.status).toBe(302)
  const row = await db
    .selectFrom('live_classes')
    .select(['id', 'starts_at', 'join_url', 'notify'])
    .where('join_url', '=', joinUrl)
    .executeTakeFirstOrThrow()
  return { ...row, joinUrl }
}

const playerData = async (courseId: string, cookie: string) =>
  (await callRoute(player.loader, `/my-courses/${courseId}`, { cookie, params: { id: courseId } })).data

describe('staff schedule classes', () => {
  test('admin and instructor schedule; India time is stored as UTC; audited without the join link', async () => {
    const course = await createCourse(db)
    const res = await post(course.id, {
      intent: 'schedule',
      title: 'Genetics',
      startsAt: '2030-01-05T18:30',
      durationMinutes: '90',
      joinUrl: 'https://zoom.us/j/123456',
      notify: 'on',
    })
    expect(res.status).toBe(302)
    expect(res.location).toBe(`/admin/live-classes/${course.id}`)
    const row = await db
      .selectFrom('live_classes')
      .select(['id', 'starts_at', 'duration_minutes', 'notify', 'notes'])
      .where('course_id', '=', course.id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ starts_at: '2030-01-05T13:00:00.000Z', duration_minutes: 90, notify: 1, notes: null })
    const audit = await db
      .selectFrom('audit_log')
      .select(['actor_id', 'details'])
      .where('action', '=', 'live_class.create')
      .where('target_id', '=', row.id)
      .executeTakeFirstOrThrow()
    expect(audit.actor_id).toBe(admin.id)
    expect(audit.details).not.toContain('zoom.us')

    await schedule(course.id, { title: 'By the instructor' }, instructor.cookie)
    const page = await callRoute(liveClassesPage.loader, `/admin/live-classes/${course.id}`, {
      cookie: instructor.cookie,
      params: { courseId: course.id },
    })
    expect(page.data.classes.map((c: any) => c.title)).toEqual(['By the instructor', 'Genetics'])
    expect(page.data.classes[1].when).toBe('Sat, 5 Jan 2030, 6:30 pm IST')
  })

  test('bad input is a 400 naming each field, keeping what was typed; nothing is stored', async () => {
    const course = await createCourse(db)
    const res = await post(course.id, {
      intent: 'schedule',
      title: '',
      startsAt: '2030-02-30T10:00',
      durationMinutes: '601',
      joinUrl: 'http://zoom.us/j/1',
    })
    expect(res.status).toBe(400)
    const errors = res.data.result.error
    expect(errors.title).toEqual(['Title is required'])
    expect(errors.startsAt).toEqual(['Start must be a date and time'])
    expect(errors.durationMinutes).toEqual(['Duration must be at most 600 minutes'])
    expect(errors.joinUrl).toEqual(['Join link must be an https:// address'])
    expect(res.data.result.initialValue).toMatchObject({ joinUrl: 'http://zoom.us/j/1', durationMinutes: '601' })
    for (const joinUrl of ['javascript:alert(1)', 'meet.google.com/x'])
      expect(
        (
          await post(course.id, {
            intent: 'schedule',
            title: 'x',
            startsAt: localIn(60),
            durationMinutes: '5',
            joinUrl,
          })
        ).status,
      ).toBe(400)
    const rows = await db.selectFrom('live_classes').select('id').where('course_id', '=', course.id).execute()
    expect(rows).toHaveLength(0)
  })

  test('edit, cancel (confirmed by a post) and the recording, each audited; another course cannot be reached', async () => {
    const course = await createCourse(db)
    const other = await createCourse(db)
    const c = await schedule(course.id)
    const edit = await post(course.id, {
      intent: 'update',
      classId: c.id,
      title: 'Moved class',
      startsAt: '2030-03-01T09:00',
      durationMinutes: '45',
      joinUrl: c.joinUrl,
    })
    expect(edit.status).toBe(302)
    const edited = await db
      .selectFrom('live_classes')
      .select(['title', 'starts_at'])
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow()
    expect(edited).toEqual({ title: 'Moved class', starts_at: '2030-03-01T03:30:00.000Z' })
    // The edit form shows the class back in India time.
    const page = await callRoute(liveClassesPage.loader, `/admin/live-classes/${course.id}`, {
      cookie: admin.cookie,
      params: { courseId: course.id },
      query: { edit: c.id, cancel: c.id },
    })
    expect(page.data.editing.startsAt).toBe('2030-03-01T09:00')
    expect(page.data.cancelling.id).toBe(c.id)

    expect((await post(other.id, { intent: 'cancel', classId: c.id })).status).toBe(404)
    expect((await post(course.id, { intent: 'cancel', classId: c.id })).status).toBe(302)
    expect((await post(course.id, { intent: 'recording', classId: c.id, recordingUrl: 'http://x' })).status).toBe(400)
    expect(
      (await post(course.id, { intent: 'recording', classId: c.id, recordingUrl: 'https://youtu.be/rec' })).status,
    ).toBe(302)
    const row = await db
      .selectFrom('live_classes')
      .select(['cancelled_at', 'recording_url'])
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow()
    expect(row.cancelled_at).not.toBeNull()
    expect(row.recording_url).toBe('https://youtu.be/rec')
    const actions = await db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', c.id)
      .orderBy('created_at')
      .execute()
    expect(actions.map((a) => a.action).sort()).toEqual([
      'live_class.cancel',
      'live_class.create',
      'live_class.recording',
      'live_class.update',
    ])
  })

  test('learners cannot use the page', async () => {
    const course = await createCourse(db)
    const learner = await signedInUser('user')
    const res = await post(course.id, { intent: 'schedule', title: 'x' }, learner.cookie)
    expect([302, 403]).toContain(res.status)
    const rows = await db.selectFrom('live_classes').select('id').where('course_id', '=', course.id).execute()
    expect(rows).toHaveLength(0)
  })
})

describe('learners', () => {
  test('with access: the class on the player and the profile, Join only inside the window', async () => {
    const course = await createCourse(db, { courseTitle: 'Zoology Live' })
    const soon = await schedule(course.id, { title: 'Starts soon', startsAt: localIn(10) })
    const later = await schedule(course.id, { title: 'Next week', startsAt: localIn(7 * 24 * 60) })
    const cancelled = await schedule(course.id, { title: 'Called off', startsAt: localIn(24 * 60) })
    await post(course.id, { intent: 'cancel', classId: cancelled.id })
    const learner = await createUser(db)
    await enrol(db, { userId: learner.id, courseId: course.id })
    const cookie = await signedInCookie(learner.id)

    const out = await playerData(course.id, cookie)
    const byTitle = Object.fromEntries(out.liveClasses.map((c: any) => [c.title, c]))
    expect(byTitle['Starts soon']).toMatchObject({ phase: 'joinable', joinUrl: soon.joinUrl })
    expect(byTitle['Next week']).toMatchObject({ phase: 'upcoming', joinUrl: null })
    expect(byTitle['Called off']).toMatchObject({ phase: 'cancelled', joinUrl: null })
    const text = JSON.stringify(out)
    expect(text).not.toContain(later.joinUrl)
    expect(text).not.toContain(cancelled.joinUrl)

    const prof = (await callRoute(profile.loader, '/profile', { cookie })).data
    expect(prof.nextClass).toMatchObject({ title: 'Starts soon', courseTitle: 'Zoology Live', joinUrl: soon.joinUrl })
    expect(prof.nextClass.when).toMatch(/IST$/)
  })

  test('without access (never enrolled, revoked, period ended): nothing of the class in the player, the profile or the feed', async () => {
    const course = await createCourse(db)
    const c = await schedule(course.id, { startsAt: localIn(5) })
    const stranger = await createUser(db)
    const revoked = await createUser(db)
    await enrol(db, { userId: revoked.id, courseId: course.id, isActive: false })
    const ended = await createUser(db)
    const e = await enrol(db, { userId: ended.id, courseId: course.id })
    await db
      .updateTable('enrollments')
      .set({ access_until: new Date(Date.now() - MINUTE).toISOString() })
      .where('id', '=', e.id)
      .execute()
    for (const user of [stranger, revoked, ended]) {
      const cookie = await signedInCookie(user.id)
      const res = await callRoute(player.loader, `/my-courses/${course.id}`, { cookie, params: { id: course.id } })
      expect(res.status).toBe(user === ended ? 403 : 401)
      expect(JSON.stringify(res.data)).not.toContain(c.joinUrl)
      const prof = await callRoute(profile.loader, '/profile', { cookie })
      expect(prof.data.nextClass).toBeNull()
      expect(JSON.stringify(prof.data)).not.toContain(c.joinUrl)
      const token = (await calendarUrlOf(cookie)).split('/calendar/')[1]
      const feed = await callRoute(calendar.loader, `/calendar/${token}`, { params: { file: token } })
      expect(feed.status).toBe(200)
      const ics = await feed.response!.text()
      expect(ics).not.toContain(c.joinUrl)
      expect(parseIcs(ics).events).toHaveLength(0)
    }
  })

  test("the older client's get-full-course never carries a join link, even for a learner with access", async () => {
    const course = await createCourse(db)
    const c = await schedule(course.id, { startsAt: localIn(5) })
    const learner = await createUser(db)
    await enrol(db, { userId: learner.id, courseId: course.id })
    const cookie = await signedInCookie(learner.id)
    const res = await callApi(coursesApi, 'GET', `/api/v1/courses/get-full-course/${course.id}`, { cookie })
    expect(res.status).toBe(200)
    expect(res.text).not.toContain(c.joinUrl)
  })
})

describe('calendar feed', () => {
  test('valid iCalendar: one VEVENT per class, UTC times, cancelled marked, the course player as the URL', async () => {
    const course = await createCourse(db, { courseTitle: 'Botany, Live; Batch 2' })
    const a = await schedule(course.id, { title: 'Plant cells', startsAt: '2030-01-05T18:30', durationMinutes: '90' })
    const b = await schedule(course.id, { title: 'Cancelled one', startsAt: '2030-01-06T18:30' })
    await post(course.id, { intent: 'cancel', classId: b.id })
    const learner = await createUser(db)
    await enrol(db, { userId: learner.id, courseId: course.id })
    const cookie = await signedInCookie(learner.id)
    expect((await callRoute(profile.loader, '/profile', { cookie })).data.calendarUrl).toBeNull()
    const url = await calendarUrlOf(cookie)
    expect(url).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/)
    const file = url.split('/calendar/')[1]
    const res = await callRoute(calendar.loader, `/calendar/${file}`, { params: { file } })
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8')
    const text = await res.response!.text()
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    const cal = parseIcs(text)
    expect(cal.props.VERSION).toBe('2.0')
    expect(cal.events).toHaveLength(2)
    const ev = cal.events.find((e) => e.UID === `live-class-${a.id}@biocoach`)!
    expect(ev).toMatchObject({
      DTSTART: '20300105T130000Z',
      DTEND: '20300105T143000Z',
      SUMMARY: 'Plant cells (Botany, Live; Batch 2)',
      STATUS: 'CONFIRMED',
      URL: `${new URL(url).origin}/my-courses/${course.id}`,
    })
    expect(text).not.toContain(a.joinUrl)
    expect(ev.DTSTAMP).toMatch(/^\d{8}T\d{6}Z$/)
    expect(cal.events.find((e) => e.UID === `live-class-${b.id}@biocoach`)!.STATUS).toBe('CANCELLED')

    // The same UID on the next fetch (a subscribed calendar updates the event rather than adding one).
    const again = parseIcs(
      await (await callRoute(calendar.loader, `/calendar/${file}`, { params: { file } })).response!.text(),
    )
    expect(again.events.map((e) => e.UID).sort()).toEqual(cal.events.map((e) => e.UID).sort())

    // Replace: a new address, the old one is a 404.
    const replaced = await callRoute(profile.action, '/profile', { cookie, form: { intent: 'replace-calendar' } })
    expect(replaced.status).toBe(302)
    expect((await callRoute(calendar.loader, `/calendar/${file}`, { params: { file } })).status).toBe(404)
    const next = (await callRoute(profile.loader, '/profile', { cookie })).data.calendarUrl as string
    expect(next).not.toBe(url)
    const nextFile = next.split('/calendar/')[1]
    expect((await callRoute(calendar.loader, `/calendar/${nextFile}`, { params: { file: nextFile } })).status).toBe(200)
  })

  test('no join link anywhere, even inside the join window; nothing that starts after the access end', async () => {
    const course = await createCourse(db, { courseTitle: 'Anatomy Live' })
    const learner = await createUser(db)
    const end = new Date(Date.now() + 10 * DAY)
    await enrol(db, { userId: learner.id, courseId: course.id, accessUntil: end.toISOString() })
    const joinable = await schedule(course.id, { title: 'Joinable now', startsAt: localIn(5) })
    const lastOne = await schedule(course.id, { title: 'Before the end', startsAt: localIn(10 * DAY_MINUTES - 120) })
    const afterEnd = await schedule(course.id, { title: 'After the end', startsAt: localIn(10 * DAY_MINUTES + 60) })
    const muchLater = await schedule(course.id, { title: 'Next month', startsAt: localIn(40 * DAY_MINUTES) })
    const called = await schedule(course.id, { title: 'Called off', startsAt: localIn(2 * DAY_MINUTES) })
    await post(course.id, { intent: 'cancel', classId: called.id })
    const past = await schedule(course.id, { title: 'Last week', startsAt: localIn(-7 * DAY_MINUTES) })
    await post(course.id, { intent: 'recording', classId: past.id, recordingUrl: 'https://youtu.be/last-week' })

    const cookie = await signedInCookie(learner.id)
    const url = await calendarUrlOf(cookie)
    const file = url.split('/calendar/')[1]
    const text = await (await callRoute(calendar.loader, `/calendar/${file}`, { params: { file } })).response!.text()
    for (const c of [joinable, lastOne, afterEnd, muchLater, called, past]) expect(text).not.toContain(c.joinUrl)
    expect(text).not.toContain('meet.google.com')
    const events = parseIcs(text).events
    const uids = (...cs: Array<{ id: string }>) => cs.map((c) => `live-class-${c.id}@biocoach`).sort()
    expect(events.map((e) => e.UID).sort()).toEqual(uids(joinable, lastOne, called, past))
    const instant = (ics: string) =>
      Date.parse(ics.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'))
    for (const e of events) expect(instant(e.DTSTART)).toBeLessThan(end.getTime())
    const player = `${new URL(url).origin}/my-courses/${course.id}`
    const byUid = Object.fromEntries(events.map((e) => [e.UID, e]))
    for (const c of [joinable, lastOne, past]) {
      const e = byUid[uids(c)[0]]
      expect(e.URL).toBe(player)
      expect(e.DESCRIPTION).toContain(player)
    }
    // A cancelled class stays marked, with no link; an ended class keeps its recording.
    expect(byUid[uids(called)[0]]).toMatchObject({ STATUS: 'CANCELLED' })
    expect(byUid[uids(called)[0]].URL).toBeUndefined()
    expect(byUid[uids(past)[0]].DESCRIPTION).toContain('Recording: https://youtu.be/last-week')

    // Access for good: the later classes are back, still without a join link.
    await db.updateTable('enrollments').set({ access_until: null }).where('user_id', '=', learner.id).execute()
    const forGood = await (await callRoute(calendar.loader, `/calendar/${file}`, { params: { file } })).response!.text()
    expect(
      parseIcs(forGood)
        .events.map((e) => e.UID)
        .sort(),
    ).toEqual(uids(joinable, lastOne, afterEnd, muchLater, called, past))
    expect(forGood).not.toContain('meet.google.com')
  })

  test('unknown or malformed tokens are a 404', async () => {
    for (const file of ['x.ics', `${'A'.repeat(43)}.ics`, `${'A'.repeat(43)}`, '../etc.ics'])
      expect((await callRoute(calendar.loader, `/calendar/${file}`, { params: { file } })).status).toBe(404)
  })
})
