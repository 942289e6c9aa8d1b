// Course content (staff): sections and lectures edited, moved and deleted on /admin/course-content/{courseId} and
// through PUT|DELETE /api/v1/courses/{sections,lectures}/{id}. Positions stay dense (0..n-1) and unique after every
// change, the player and get-full-course follow at once, notes leave storage with their lecture, every change is
// audited.
import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { createCourse, createLecture, createSection, createUser, enrol } from '../../db/factories'
import { deleteLecture, moveLecture, updateLecture } from '~/models/catalogue/lecture-edits.server'
import { deleteSection, moveSection, updateSection } from '~/models/catalogue/section-edits.server'
import { addLecture, addSection, getFullCourse } from '~/models/catalogue/section.server'
import * as contentPage from '~/routes/admin/course-content'
import * as lecturePage from '~/routes/admin/course-content-lecture'
import * as sectionPage from '~/routes/admin/course-content-section'
import * as courses from '~/routes/api/courses'
import * as player from '~/routes/learn/player'
import { db } from '~/utils/db.server'
import { getToast } from '~/utils/toast.server'
import { callApi, callRoute, signedInCookie, signedInUser } from '../support/harness'

const PDF = new TextEncoder().encode('%PDF-1.4\n%stand-in note\n')
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52])
const VIDEO = 'https://www.youtube.com/embed/abc'
const uploads = () => process.env.UPLOADS_DIR!
const stored = (key: string | null) => Boolean(key) && fs.existsSync(path.join(uploads(), key!))
const pdf = (name = 'n.pdf') => new File([PDF], name, { type: 'application/pdf' })

let admin = { id: '', cookie: '' }
let instructor = { id: '', cookie: '' }
let learner = { id: '', cookie: '' }
beforeAll(async () => {
  admin = await signedInUser('admin')
  instructor = await signedInUser('instructor')
  learner = await signedInUser('user')
})

/** A course with `shape[i]` lectures in section i, titled 'S<i>' and 'S<i>L<j>'. */
async function courseOf(shape: number[]) {
  const course = await createCourse(db)
  for (const [i, n] of shape.entries()) {
    const section = await createSection(db, { courseId: course.id, title: `S${i}` })
    for (let j = 0; j < n; j++) await createLecture(db, { sectionId: section.id, title: `S${i}L${j}`, videoURL: VIDEO })
  }
  return course
}

/** The course as the player reads it: section titles, each with its lecture titles. */
async function outline(courseId: string) {
  const course = await getFullCourse(courseId)
  return course!.sections.map((s) => ({ title: s.title, lectures: s.lectures.map((l) => l.title) }))
}

/** The stored positions of a course's sections and of each section's lectures: each list must be 0..n-1. */
async function expectDense(courseId: string) {
  const sections = await db
    .selectFrom('sections')
    .select(['id', 'position'])
    .where('course_id', '=', courseId)
    .orderBy('position')
    .execute()
  expect(sections.map((s) => Number(s.position))).toEqual(sections.map((_, i) => i))
  for (const s of sections) {
    const lectures = await db
      .selectFrom('lectures')
      .select('position')
      .where('section_id', '=', s.id)
      .orderBy('position')
      .execute()
    expect(lectures.map((l) => Number(l.position))).toEqual(lectures.map((_, i) => i))
  }
}

async function ids(courseId: string) {
  const course = await getFullCourse(courseId)
  return course!.sections.map((s) => ({ id: s.id, title: s.title, lectures: s.lectures.map((l) => l.id) }))
}

const audits = (targetId: string) =>
  db
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'details'])
    .where('target_id', '=', targetId)
    .orderBy('created_at')
    .execute()

/** The page's action as staff; its redirect and the toast it carries. */
async function post(courseId: string, form: Record<string, string>, cookie = instructor.cookie, query = '') {
  const res = await callRoute(contentPage.action, `/admin/course-content/${courseId}${query}`, {
    form,
    cookie,
    params: { courseId },
  })
  const request = new Request('http://localhost/', {
    headers: {
      Cookie: res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
    },
  })
  const { toast } = await getToast(request)
  return { ...res, toast }
}

describe('ordering', () => {
  test('many moves and deletes keep positions dense and unique, in the expected order', async () => {
    const course = await courseOf([4, 3, 5, 2])
    const expected = await outline(course.id)
    const actor = { actorId: admin.id }
    // A fixed pseudo-random walk of operations, applied to the course and to `expected` alike.
    let seed = 7
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % n
    }
    for (let step = 0; step < 60; step++) {
      const current = await ids(course.id)
      const si = next(current.length)
      const section = current[si]
      const op = next(6)
      if (op === 0) {
        const by = next(2) === 0 ? -1 : 1
        const { moved } = await moveSection({ ...actor, sectionId: section.id, by })
        expect(moved).toBe(si + by >= 0 && si + by < current.length)
        if (moved) expected.splice(si + by, 0, ...expected.splice(si, 1))
      } else if (op === 1 && section.lectures.length > 0) {
        const li = next(section.lectures.length)
        const by = next(2) === 0 ? -1 : 1
        const { moved } = await moveLecture({ ...actor, lectureId: section.lectures[li], by })
        expect(moved).toBe(li + by >= 0 && li + by < section.lectures.length)
        const list = expected[si].lectures
        if (moved) list.splice(li + by, 0, ...list.splice(li, 1))
      } else if (op === 2) {
        const to = next(current.length)
        await updateSection({ ...actor, sectionId: section.id, position: to })
        expected.splice(to, 0, ...expected.splice(si, 1))
      } else if (op === 3 && section.lectures.length > 0) {
        const li = next(section.lectures.length)
        const to = next(section.lectures.length)
        await updateLecture({ ...actor, lectureId: section.lectures[li], changes: { position: to }, note: null })
        const list = expected[si].lectures
        list.splice(to, 0, ...list.splice(li, 1))
      } else if (op === 4 && section.lectures.length > 0) {
        const li = next(section.lectures.length)
        await deleteLecture({ ...actor, lectureId: section.lectures[li] })
        expected[si].lectures.splice(li, 1)
      } else if (op === 5 && current.length > 1 && next(4) === 0) {
        await deleteSection({ ...actor, sectionId: section.id })
        expected.splice(si, 1)
      } else {
        // Adds keep the tail: a lecture at the end of its section.
        const title = `new${step}`
        await addLecture({ actorId: admin.id, fields: { sectionId: section.id, title, videoURL: VIDEO }, note: null })
        expected[si].lectures.push(title)
      }
      expect(await outline(course.id), `after step ${step}`).toEqual(expected)
      await expectDense(course.id)
    }
  })

  test('the first cannot move up, the last cannot move down: nothing changes and the page says why', async () => {
    const course = await courseOf([2, 2])
    const [first, last] = await ids(course.id)
    const before = await outline(course.id)
    const up = await post(course.id, { intent: 'move-up', kind: 'section', id: first.id })
    expect(up.location).toBe(`/admin/course-content/${course.id}`)
    expect(up.toast).toMatchObject({ type: 'error', message: "'S0' is already first" })
    const down = await post(course.id, { intent: 'move-down', kind: 'lecture', id: last.lectures[1] })
    expect(down.toast).toMatchObject({ type: 'error', message: "'S1L1' is already last in its section" })
    expect(await outline(course.id)).toEqual(before)
    expect(await audits(first.id)).toEqual([])
    // A lecture at the top of its section stays in it (moves are within the section).
    const top = await post(course.id, { intent: 'move-up', kind: 'lecture', id: last.lectures[0] })
    expect(top.toast).toMatchObject({ type: 'error', message: "'S1L0' is already first in its section" })
    expect(await outline(course.id)).toEqual(before)
  })

  test('Move up and Move down on the page, audited; the player and get-full-course show the new order at once', async () => {
    const course = await courseOf([3, 1])
    const [s0, s1] = await ids(course.id)
    const moved = await post(course.id, { intent: 'move-up', kind: 'lecture', id: s0.lectures[2] })
    expect(moved.toast).toMatchObject({ type: 'success', message: "Moved 'S0L2' up" })
    expect((await post(course.id, { intent: 'move-down', kind: 'section', id: s0.id })).toast).toMatchObject({
      type: 'success',
    })
    const expected = [
      { title: 'S1', lectures: ['S1L0'] },
      { title: 'S0', lectures: ['S0L0', 'S0L2', 'S0L1'] },
    ]
    expect(await outline(course.id)).toEqual(expected)
    await expectDense(course.id)
    expect(await audits(s0.lectures[2])).toEqual([
      {
        action: 'lecture.move',
        actor_id: instructor.id,
        details: JSON.stringify({ courseId: course.id, sectionId: s0.id, title: 'S0L2', from: 2, to: 1 }),
      },
    ])
    expect((await audits(s0.id)).map((a) => a.action)).toEqual(['section.move'])
    expect(s1.lectures).toHaveLength(1)

    const enrolled = await createUser(db)
    await enrol(db, { userId: enrolled.id, courseId: course.id })
    const cookie = await signedInCookie(enrolled.id)
    const seen = await callRoute(player.loader, `/my-courses/${course.id}`, { cookie, params: { id: course.id } })
    expect(seen.data.course.sections.map((s: any) => s.lectures.map((l: any) => l.title))).toEqual([
      ['S1L0'],
      ['S0L0', 'S0L2', 'S0L1'],
    ])
    const api = await callApi(courses, 'GET', `/api/v1/courses/get-full-course/${course.id}`, { cookie })
    expect(api.body.course.sections.map((s: any) => s.lectures.map((l: any) => l.title))).toEqual([
      ['S1L0'],
      ['S0L0', 'S0L2', 'S0L1'],
    ])
  })

  test('concurrent adds and moves never break the unique positions', async () => {
    const course = await courseOf([3])
    const [section] = await ids(course.id)
    const fields = (i: number) => ({ sectionId: section.id, title: `c${i}`, videoURL: VIDEO })
    await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => addLecture({ actorId: admin.id, fields: fields(i), note: null })),
      ...Array.from({ length: 4 }, (_, i) =>
        addSection({
          actorId: admin.id,
          fields: { courseId: course.id, sectionTitle: `cs${i}`, lectureTitle: 'x', videoURL: VIDEO },
          note: null,
        }),
      ),
      moveLecture({ actorId: admin.id, lectureId: section.lectures[0], by: 1 }),
      moveLecture({ actorId: admin.id, lectureId: section.lectures[2], by: -1 }),
      moveSection({ actorId: admin.id, sectionId: section.id, by: 1 }),
    ])
    await expectDense(course.id)
    const after = await outline(course.id)
    expect(after).toHaveLength(5)
    const lectures = after.find((s) => s.title === 'S0')!.lectures
    expect(lectures).toHaveLength(11)
    expect([...lectures].sort()).toEqual(
      ['S0L0', 'S0L1', 'S0L2', ...Array.from({ length: 8 }, (_, i) => `c${i}`)].sort(),
    )
    // Concurrent deletes and moves too.
    const now = await ids(course.id)
    const s0 = now.find((s) => s.title === 'S0')!
    await Promise.all([
      deleteLecture({ actorId: admin.id, lectureId: s0.lectures[1] }),
      deleteLecture({ actorId: admin.id, lectureId: s0.lectures[4] }),
      moveLecture({ actorId: admin.id, lectureId: s0.lectures[6], by: -1 }),
      updateLecture({ actorId: admin.id, lectureId: s0.lectures[8], changes: { position: 0 }, note: null }),
      deleteSection({ actorId: admin.id, sectionId: now[now.length - 1].id }),
      moveSection({ actorId: admin.id, sectionId: now[0].id, by: 1 }),
    ])
    await expectDense(course.id)
    expect(await outline(course.id)).toHaveLength(4)
  })
})

describe('the content page', () => {
  test('lists sections and lectures in order with their video links and notes; ?delete= names what goes', async () => {
    const course = await courseOf([2, 1])
    const [s0] = await ids(course.id)
    await db
      .updateTable('lectures')
      .set({ note_title: 'Handout', note_url: 'https://example.com/h.pdf' })
      .where('id', '=', s0.lectures[1])
      .execute()
    const page = await callRoute(contentPage.loader, `/admin/course-content/${course.id}`, {
      cookie: instructor.cookie,
      params: { courseId: course.id },
    })
    expect(page.status).toBe(200)
    expect(page.data.sections.map((s: any) => s.title)).toEqual(['S0', 'S1'])
    expect(page.data.sections[0].lectures[1]).toEqual({
      id: s0.lectures[1],
      title: 'S0L1',
      videoURL: VIDEO,
      noteTitle: 'Handout',
      hasNote: true,
      // No video file of its own (tests/integration/video-upload.test.ts has those).
      video: null,
    })
    expect(page.data.confirm).toBeNull()
    const asked = await callRoute(contentPage.loader, `/admin/course-content/${course.id}?delete=${s0.id}`, {
      cookie: instructor.cookie,
      params: { courseId: course.id },
    })
    expect(asked.data.confirm).toEqual({ kind: 'section', id: s0.id, title: 'S0', lectureCount: 2 })
    const lecture = await callRoute(contentPage.loader, `/admin/course-content/${course.id}?delete=${s0.lectures[1]}`, {
      cookie: instructor.cookie,
      params: { courseId: course.id },
    })
    expect(lecture.data.confirm).toEqual({ kind: 'lecture', id: s0.lectures[1], title: 'S0L1', hasNote: true })
    for (const bad of ['nope', 'aaaaaaaaaaaaaaaaaaaaaaaa']) {
      const res = await callRoute(contentPage.loader, `/admin/course-content/${bad}`, {
        cookie: instructor.cookie,
        params: { courseId: bad },
      })
      expect(res.status).toBe(404)
    }
  })

  test('an item of another course, or a form that makes no sense, changes nothing', async () => {
    const course = await courseOf([2])
    const other = await courseOf([2])
    const [theirs] = await ids(other.id)
    const before = await outline(other.id)
    const res = await post(course.id, { intent: 'delete', kind: 'lecture', id: theirs.lectures[0] })
    expect(res.toast).toMatchObject({ type: 'error', message: 'Lecture not found' })
    expect((await post(course.id, { intent: 'move-down', kind: 'section', id: theirs.id })).toast).toMatchObject({
      type: 'error',
      message: 'Section not found',
    })
    expect((await post(course.id, { intent: 'explode', kind: 'section', id: theirs.id })).toast).toMatchObject({
      type: 'error',
    })
    expect(await outline(other.id)).toEqual(before)
    const edit = await callRoute(
      lecturePage.loader,
      `/admin/course-content/${course.id}/lecture/${theirs.lectures[0]}`,
      {
        cookie: instructor.cookie,
        params: { courseId: course.id, lectureId: theirs.lectures[0] },
      },
    )
    expect(edit.status).toBe(404)
    const section = await callRoute(sectionPage.action, `/admin/course-content/${course.id}/section/${theirs.id}`, {
      cookie: instructor.cookie,
      form: { sectionTitle: 'Hijacked' },
      params: { courseId: course.id, sectionId: theirs.id },
    })
    expect(section.status).toBe(404)
    expect(await outline(other.id)).toEqual(before)
  })

  test('deleting a section deletes its lectures and their stored notes, renumbers, and is audited', async () => {
    const course = await courseOf([1, 0, 1])
    const [s0, , s2] = await ids(course.id)
    const { lecture } = await addLecture({
      actorId: admin.id,
      fields: { sectionId: s0.id, title: 'With note', videoURL: VIDEO, noteTitle: 'N' },
      note: pdf(),
    })
    expect(stored(lecture.note_url)).toBe(true)
    const res = await post(
      course.id,
      { intent: 'delete', kind: 'section', id: s0.id },
      instructor.cookie,
      `?delete=${s0.id}`,
    )
    expect(res.location).toBe(`/admin/course-content/${course.id}`)
    expect(res.toast).toMatchObject({ type: 'success', message: "Deleted section 'S0' and its 2 lectures" })
    expect(stored(lecture.note_url)).toBe(false)
    expect(await outline(course.id)).toEqual([
      { title: 'S1', lectures: [] },
      { title: 'S2', lectures: ['S2L0'] },
    ])
    await expectDense(course.id)
    const left = await db.selectFrom('lectures').select('id').where('section_id', '=', s0.id).execute()
    expect(left).toEqual([])
    const [entry] = await audits(s0.id)
    expect(entry.action).toBe('section.delete')
    expect(JSON.parse(entry.details!)).toEqual({
      courseId: course.id,
      title: 'S0',
      lectureIds: [...s0.lectures, lecture.id],
    })
    expect(s2.lectures).toHaveLength(1)
  })

  test('deleting a lecture deletes its stored note; an external note link is only dropped', async () => {
    const course = await courseOf([0])
    const [section] = await ids(course.id)
    const own = await addLecture({
      actorId: admin.id,
      fields: { sectionId: section.id, title: 'Own', videoURL: VIDEO, noteTitle: 'Mine' },
      note: pdf(),
    })
    const external = await createLecture(db, {
      sectionId: section.id,
      title: 'External',
      videoURL: VIDEO,
      noteURL: 'https://example.com/n.pdf',
    })
    const keep = await addLecture({
      actorId: admin.id,
      fields: { sectionId: section.id, title: 'Keep', videoURL: VIDEO },
      note: pdf(),
    })
    expect(stored(own.lecture.note_url)).toBe(true)
    const res = await post(course.id, { intent: 'delete', kind: 'lecture', id: own.lecture.id })
    expect(res.toast).toMatchObject({ type: 'success', message: "Deleted lecture 'Own'" })
    expect(stored(own.lecture.note_url)).toBe(false)
    expect(stored(keep.lecture.note_url)).toBe(true)
    await post(course.id, { intent: 'delete', kind: 'lecture', id: external.id })
    expect(await outline(course.id)).toEqual([{ title: 'S0', lectures: ['Keep'] }])
    await expectDense(course.id)
    const entry = (await audits(own.lecture.id)).find((a) => a.action === 'lecture.delete')!
    expect(JSON.parse(entry.details!)).toEqual({
      courseId: course.id,
      sectionId: section.id,
      title: 'Own',
      noteURL: own.lecture.note_url,
    })
  })
})

describe('the edit pages', () => {
  test('a section is renamed, audited with what changed; a blank title is refused', async () => {
    const course = await courseOf([1])
    const [section] = await ids(course.id)
    const call = (sectionTitle: string) =>
      callRoute(sectionPage.action, `/admin/course-content/${course.id}/section/${section.id}`, {
        cookie: instructor.cookie,
        form: { sectionTitle },
        params: { courseId: course.id, sectionId: section.id },
      })
    const blank = await call('  ')
    expect(blank.status).toBe(400)
    expect(blank.data.result.error.sectionTitle).toEqual(['Section title is required'])
    const ok = await call('Enzymes')
    expect(ok.location).toBe(`/admin/course-content/${course.id}`)
    expect((await outline(course.id))[0].title).toBe('Enzymes')
    const [entry] = await audits(section.id)
    expect(entry.action).toBe('section.update')
    expect(JSON.parse(entry.details!)).toEqual({ courseId: course.id, title: { from: 'S0', to: 'Enzymes' } })
    const loaded = await callRoute(sectionPage.loader, `/admin/course-content/${course.id}/section/${section.id}`, {
      cookie: instructor.cookie,
      params: { courseId: course.id, sectionId: section.id },
    })
    expect(loaded.data.section).toEqual({ id: section.id, title: 'Enzymes' })
  })

  test('a lecture is edited; a new note replaces the old file, Remove note deletes it, a bad file changes nothing', async () => {
    const course = await courseOf([0])
    const [section] = await ids(course.id)
    const { lecture } = await addLecture({
      actorId: admin.id,
      fields: { sectionId: section.id, title: 'Kinetics', videoURL: VIDEO, noteTitle: 'Old' },
      note: pdf(),
    })
    const first = lecture.note_url!
    const edit = (form: Record<string, string | Blob>) =>
      callRoute(lecturePage.action, `/admin/course-content/${course.id}/lecture/${lecture.id}`, {
        cookie: instructor.cookie,
        form,
        encType: 'multipart/form-data',
        params: { courseId: course.id, lectureId: lecture.id },
      })
    const row = () =>
      db
        .selectFrom('lectures')
        .select(['title', 'video_url', 'note_title', 'note_url'])
        .where('id', '=', lecture.id)
        .executeTakeFirstOrThrow()

    const loaded = await callRoute(lecturePage.loader, `/admin/course-content/${course.id}/lecture/${lecture.id}`, {
      cookie: instructor.cookie,
      params: { courseId: course.id, lectureId: lecture.id },
    })
    expect(loaded.data.lecture).toEqual({
      id: lecture.id,
      title: 'Kinetics',
      videoURL: VIDEO,
      noteTitle: 'Old',
      note: 'a stored file',
    })

    const bad = await edit({ title: 'Kinetics', videoURL: 'not a url', noteTitle: 'Old' })
    expect(bad.status).toBe(400)
    expect(bad.data.result.error.videoURL).toEqual(['Video URL must be a URL'])
    const png = await edit({ title: 'Kinetics', videoURL: VIDEO, noteURL: new File([PNG], 'x.pdf') })
    expect(png.status).toBe(400)
    expect(png.data.result.error.noteURL).toEqual(['The note must be a .pdf, .docx or .pptx file'])
    expect(await row()).toEqual({ title: 'Kinetics', video_url: VIDEO, note_title: 'Old', note_url: first })
    expect(stored(first)).toBe(true)

    const replaced = await edit({
      title: 'Enzyme kinetics',
      videoURL: 'https://www.youtube.com/embed/new',
      noteTitle: 'New',
      noteURL: pdf('new.pdf'),
    })
    expect(replaced.location).toBe(`/admin/course-content/${course.id}`)
    const after = await row()
    expect(after).toMatchObject({
      title: 'Enzyme kinetics',
      video_url: 'https://www.youtube.com/embed/new',
      note_title: 'New',
    })
    expect(after.note_url).not.toBe(first)
    expect(stored(first)).toBe(false)
    expect(stored(after.note_url)).toBe(true)
    const [entry] = await audits(lecture.id).then((a) => a.filter((e) => e.action === 'lecture.update'))
    expect(JSON.parse(entry.details!)).toEqual({
      courseId: course.id,
      sectionId: section.id,
      changes: {
        title: { from: 'Kinetics', to: 'Enzyme kinetics' },
        videoURL: { from: VIDEO, to: 'https://www.youtube.com/embed/new' },
        noteTitle: { from: 'Old', to: 'New' },
        noteURL: { from: first, to: after.note_url },
      },
    })

    const removed = await edit({
      title: 'Enzyme kinetics',
      videoURL: 'https://www.youtube.com/embed/new',
      noteTitle: 'New',
      removeNote: 'on',
    })
    expect(removed.location).toBe(`/admin/course-content/${course.id}`)
    expect(await row()).toMatchObject({ note_title: null, note_url: null })
    expect(stored(after.note_url)).toBe(false)
  })
})

describe('API', () => {
  const api = (method: string, url: string, options: Parameters<typeof callApi>[3] = {}) =>
    callApi(courses, method, url, { cookie: instructor.cookie, ...options })

  test('PUT sections/{id}: title and a 1-based position; 400 naming the field, 404 for unknown ids', async () => {
    const course = await courseOf([1, 1, 1])
    const [s0, s1] = await ids(course.id)
    const ok = await api('PUT', `/api/v1/courses/sections/${s0.id}`, { json: { title: 'First renamed', position: 3 } })
    expect(ok.status).toBe(200)
    expect(ok.body).toEqual({
      success: true,
      message: 'Section updated successfully',
      section: { _id: s0.id, title: 'First renamed', lectures: s0.lectures, __v: 0 },
    })
    expect((await outline(course.id)).map((s) => s.title)).toEqual(['S1', 'S2', 'First renamed'])
    expect((await audits(s0.id)).map((a) => a.action)).toEqual(['section.update', 'section.move'])
    const moveOnly = await api('PUT', `/api/v1/courses/sections/${s1.id}`, { json: { position: '2' } })
    expect(moveOnly.status).toBe(200)
    expect((await outline(course.id)).map((s) => s.title)).toEqual(['S2', 'S1', 'First renamed'])
    await expectDense(course.id)

    for (const [body, message] of [
      [{ position: 4 }, 'position: Position must be between 1 and 3'],
      [{ position: 0 }, 'position: Position must be at least 1'],
      [{ position: 1.5 }, 'position: Position must be a whole number'],
      [{ position: '1e1' }, 'position: Position must be a whole number'],
      [{ title: '  ' }, 'title: Section title is required'],
      [{ title: 5 }, 'title: Section title is required'],
      [{}, 'title: Section title is required'],
    ] as const) {
      const res = await api('PUT', `/api/v1/courses/sections/${s1.id}`, { json: body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.message, JSON.stringify(body)).toBe(message)
    }
    for (const id of ['nope', 'aaaaaaaaaaaaaaaaaaaaaaaa']) {
      const res = await api('PUT', `/api/v1/courses/sections/${id}`, { json: { title: 'x' } })
      expect(res.status).toBe(404)
      expect(res.body.message).toBe('Section not found')
    }
    expect(
      (await api('PUT', `/api/v1/courses/sections/${s1.id}`, { json: { title: 'x' }, cookie: learner.cookie })).status,
    ).toBe(403)
    expect((await api('DELETE', `/api/v1/courses/sections/${s1.id}`, { cookie: learner.cookie })).status).toBe(403)
    expect((await api('DELETE', `/api/v1/courses/sections/${s1.id}`, { cookie: '' })).status).toBe(401)
  })

  test('PUT lectures/{id}: partial JSON, multipart with a note, position within the section', async () => {
    const course = await courseOf([3])
    const [section] = await ids(course.id)
    const [l0, l1, l2] = section.lectures
    const titleOnly = await api('PUT', `/api/v1/courses/lectures/${l2}`, { json: { title: 'Renamed', position: 1 } })
    expect(titleOnly.status).toBe(200)
    expect(titleOnly.body).toEqual({
      success: true,
      message: 'Lecture updated successfully',
      lecture: { _id: l2, title: 'Renamed', videoURL: VIDEO, noteTitle: '', noteURL: '', __v: 0 },
      section: { _id: section.id, title: 'S0', lectures: [l2, l0, l1], __v: 0 },
    })
    const form = new FormData()
    form.set('noteTitle', 'Sheet')
    form.set('noteURL', pdf())
    const withNote = await api('PUT', `/api/v1/courses/lectures/${l0}`, { multipart: form })
    expect(withNote.status).toBe(200)
    expect(withNote.body.lecture).toMatchObject({ title: 'S0L0', noteTitle: 'Sheet' })
    const key = withNote.body.lecture.noteURL
    expect(key).toMatch(/^notes\/[0-9a-f]{24}\.pdf$/)
    expect(stored(key)).toBe(true)
    const removed = await api('PUT', `/api/v1/courses/lectures/${l0}`, { json: { removeNote: true } })
    expect(removed.body.lecture).toMatchObject({ noteTitle: '', noteURL: '' })
    expect(stored(key)).toBe(false)
    expect((await outline(course.id))[0].lectures).toEqual(['Renamed', 'S0L0', 'S0L1'])

    const notPdf = new FormData()
    notPdf.set('noteURL', new File([PNG], 'n.pdf'))
    const tooBig = new FormData()
    tooBig.set('noteURL', new File([PDF, new Uint8Array(20 * 1024 * 1024)], 'big.pdf'))
    for (const [options, status, message] of [
      [{ json: { videoURL: 'ftp://x' } }, 400, 'videoURL: Video URL must be a URL'],
      [{ json: { title: '' } }, 400, 'title: Lecture title is required'],
      [{ json: { position: 4 } }, 400, 'position: Position must be between 1 and 3'],
      [{ json: { removeNote: 'maybe' } }, 400, 'removeNote: removeNote must be true or false'],
      [{ json: { noteURL: 'https://example.com/x.pdf' } }, 400, 'noteURL: send the note file as multipart/form-data'],
      [{ json: {} }, 400, 'Nothing to change: send title, videoURL, noteTitle, noteURL, removeNote or position'],
      [{ multipart: notPdf }, 400, 'noteURL: The note must be a .pdf, .docx or .pptx file'],
      [{ multipart: tooBig }, 413, undefined],
      [{ body: 'x', headers: { 'Content-Type': 'text/plain' } }, 415, undefined],
    ] as const) {
      const res = await api('PUT', `/api/v1/courses/lectures/${l1}`, options as never)
      expect(res.status, JSON.stringify(options)).toBe(status)
      if (message) expect(res.body.message).toBe(message)
    }
    expect((await outline(course.id))[0].lectures).toEqual(['Renamed', 'S0L0', 'S0L1'])
    for (const id of ['nope', 'aaaaaaaaaaaaaaaaaaaaaaaa'])
      expect((await api('PUT', `/api/v1/courses/lectures/${id}`, { json: { title: 'x' } })).status).toBe(404)
    expect(
      (await api('PUT', `/api/v1/courses/lectures/${l1}`, { json: { title: 'x' }, cookie: learner.cookie })).status,
    ).toBe(403)
  })

  test('DELETE lectures/{id} and sections/{id}: gone from get-full-course; a second delete is a 404', async () => {
    const course = await courseOf([2, 1])
    const [s0, s1] = await ids(course.id)
    const gone = await api('DELETE', `/api/v1/courses/lectures/${s0.lectures[0]}`)
    expect(gone.status).toBe(200)
    expect(gone.body).toMatchObject({
      success: true,
      message: 'Lecture deleted successfully',
      lecture: { _id: s0.lectures[0] },
    })
    expect((await api('DELETE', `/api/v1/courses/lectures/${s0.lectures[0]}`)).status).toBe(404)
    expect((await api('DELETE', '/api/v1/courses/lectures/nope')).status).toBe(404)
    const full = await api('GET', `/api/v1/courses/get-full-course/${course.id}`, { cookie: admin.cookie })
    expect(full.body.course.sections.map((s: any) => s.lectures.map((l: any) => l.title))).toEqual([['S0L1'], ['S1L0']])

    const section = await api('DELETE', `/api/v1/courses/sections/${s0.id}`)
    expect(section.status).toBe(200)
    expect(section.body).toEqual({
      success: true,
      message: 'Section deleted with its 1 lecture',
      section: { _id: s0.id, title: 'S0', lectures: [s0.lectures[1]], __v: 0 },
    })
    expect((await api('DELETE', `/api/v1/courses/sections/${s0.id}`)).status).toBe(404)
    expect(await outline(course.id)).toEqual([{ title: 'S1', lectures: ['S1L0'] }])
    await expectDense(course.id)
    expect(s1.lectures).toHaveLength(1)
  })
})
