// The staff inbox of doubts, /admin/doubts (docs/decisions/034-doubts.md), through its loader and action as React
// Router calls them, on SQLite and PostgreSQL: unanswered first, the filters and pages, who may open it, and the
// forms (answer with markup and an image, resolve, hide and show): audited, one e-mail, a refusal keeps the answer.
import fs from 'node:fs'
import path from 'node:path'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { beforeAll, describe, expect, test } from 'vitest'
import { createCourse, createLecture, createQuiz, createSection, enrol } from '../../db/factories'
import * as page from '~/routes/admin/doubts'
import { lectureDoubtAccess, questionDoubtAccess, type Viewer } from '~/models/doubts/access.server'
import { askDoubt } from '~/models/doubts/ask.server'
import { threadFor } from '~/models/doubts/threads.server'
import { getQuiz } from '~/models/quiz/catalog.server'
import { startAttempt, submitAttempt } from '~/models/quiz/attempt.server'
import { db } from '~/utils/db.server'
import { callRoute, signedInUser } from '../support/harness'
import { pngBytes } from '../support/images'

const outbox = () => process.env.OUTBOX_DIR!
const mailsTo = (email: string) =>
  fs.existsSync(outbox())
    ? fs
        .readdirSync(outbox())
        .map((f) => fs.readFileSync(path.join(outbox(), f), 'utf8'))
        .filter((m) => m.startsWith(`To: ${email}\n`))
    : []

type Learner = Viewer & { email: string; cookie: string }
let staff: { id: string; cookie: string }
let admin: { id: string; cookie: string }
let learner: Learner
let other: Learner
const course = { a: '', b: '', c: '' }
const lecture = { a: '', b: '', c: '' }
let quizId = ''
let questionId = ''

async function courseWithLecture(title: string) {
  const c = await createCourse(db, { courseTitle: title })
  const s = await createSection(db, { courseId: c.id, title: 'Basics' })
  const l = await createLecture(db, { sectionId: s.id, title: `${title}: lecture 1`, videoURL: 'https://youtu.be/x' })
  return { courseId: c.id, lectureId: l.id }
}

async function learnerOn(...courseIds: string[]): Promise<Learner> {
  const u = await signedInUser('user')
  for (const courseId of courseIds) await enrol(db, { userId: u.id, courseId })
  return { id: u.id, role: 'user', email: u.email, cookie: u.cookie }
}

/** Asks as `who` on a lecture (or the question), `hoursAgo` hours back (each learner may ask 10 an hour). */
async function ask(who: Viewer, on: string | 'question', body: string, hoursAgo = 0) {
  const access =
    on === 'question' ? await questionDoubtAccess(who, quizId, questionId) : await lectureDoubtAccess(who, on)
  if (!access.ok) throw new Error(access.message)
  const now = new Date(Date.now() - hoursAgo * 3_600_000)
  const asked = await askDoubt({ viewer: who, target: access.target, doubt: { body, videoAt: 754 }, now })
  if (!asked.ok) throw new Error(asked.message)
  return asked.doubtId
}

const load = (query = '', cookie = staff.cookie) => callRoute(page.loader, `/admin/doubts${query}`, { cookie })
const post = (form: Record<string, string | Blob>, query = '', cookie = staff.cookie) =>
  callRoute(page.action, `/admin/doubts${query}`, { form, cookie, encType: 'multipart/form-data' })

let answered = ''
let open = ''
let onB = ''
let onQuestion = ''

beforeAll(async () => {
  const s = await signedInUser('instructor')
  staff = { id: s.id, cookie: s.cookie }
  const a = await signedInUser('admin')
  admin = { id: a.id, cookie: a.cookie }
  ;({ courseId: course.a, lectureId: lecture.a } = await courseWithLecture('Genetics'))
  ;({ courseId: course.b, lectureId: lecture.b } = await courseWithLecture('Ecology'))
  ;({ courseId: course.c, lectureId: lecture.c } = await courseWithLecture('Botany'))
  learner = await learnerOn(course.a, course.b)
  other = await learnerOn(course.a)
  const quiz = await createQuiz(db, { title: 'Cell test' })
  quizId = quiz.id
  questionId = quiz.questionIds[0]
  const { attempt } = await startAttempt({ userId: learner.id, quiz: (await getQuiz(quizId))! })
  await submitAttempt({ attemptId: attempt.id })
  answered = await ask(learner, lecture.a, 'Why is $x^2$ here?', 3)
  open = await ask(other, lecture.a, 'What is a codon?', 2)
  onB = await ask(learner, lecture.b, 'What is a biome?', 1)
  onQuestion = await ask(learner, 'question', 'Why not the nucleus?')
  const done = await post({ doubtId: answered, intent: 'answer', body: 'Because **squares**.' })
  expect(done.status).toBe(302)
})

describe('who may open the inbox', () => {
  test('signed out: to /login; a learner: home; instructor and admin: the page', async () => {
    const out = await callRoute(page.loader, '/admin/doubts')
    expect(out.status).toBe(302)
    expect(out.location).toMatch(/^\/login\?/)
    expect((await load('', learner.cookie)).location).toBe('/')
    const refused = await post({ doubtId: open, intent: 'resolve' }, '', learner.cookie)
    expect(refused.status).toBe(302)
    expect(refused.location).toBe('/')
    expect((await load('', admin.cookie)).status).toBe(200)
    expect((await load()).status).toBe(200)
  })
})

describe('listing', () => {
  test('unanswered first, newest first; each with what it is about (a question with its key)', async () => {
    const { data } = await load()
    const ids = data.inbox.doubts.map((d: { id: string }) => d.id)
    expect(ids.indexOf(onQuestion)).toBeLessThan(ids.indexOf(onB))
    expect(ids.indexOf(onB)).toBeLessThan(ids.indexOf(open))
    expect(ids.indexOf(open)).toBeLessThan(ids.indexOf(answered))
    const q = data.inbox.doubts.find((d: { id: string }) => d.id === onQuestion)
    expect(q.question).toMatchObject({ quizId, questionId, quizTitle: 'Cell test', key: 'B' })
    const l = data.inbox.doubts.find((d: { id: string }) => d.id === open)
    expect(l.lecture).toMatchObject({ courseTitle: 'Genetics', lectureExists: true })
    expect(l.learner.email).toBe(other.email)
    expect(l.videoAt).toBe(754)
  })

  test('filters by course, by test and by state', async () => {
    const idsOf = async (query: string) =>
      ((await load(query)).data.inbox.doubts as Array<{ id: string }>).map((d) => d.id).sort()
    expect(await idsOf(`?courseId=${course.a}`)).toEqual([answered, open].sort())
    expect(await idsOf(`?quizId=${quizId}`)).toEqual([onQuestion])
    expect(await idsOf(`?courseId=${course.a}&status=answered`)).toEqual([answered])
    expect(await idsOf(`?courseId=${course.a}&status=open`)).toEqual([open])
    const { data } = await load()
    expect(data.choices.courses.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining([course.a, course.b]))
    expect(data.choices.quizzes.map((q: { id: string }) => q.id)).toContain(quizId)
    // A malformed filter is no filter, not an error.
    expect((await load('?courseId=nope&status=weird&page=-3')).status).toBe(200)
  })

  test('20 a page: page 2 holds the rest', async () => {
    const many = await learnerOn(course.c)
    // Oldest first: the hourly limit counts the hour before each one.
    for (let i = 21; i >= 0; i--) await ask(many, lecture.c, `Doubt number ${i}`, 2 * i + 1)
    const first = await load(`?courseId=${course.c}`)
    expect(first.data.inbox).toMatchObject({ total: 22, page: 1, pages: 2 })
    expect(first.data.inbox.doubts).toHaveLength(20)
    const second = await load(`?courseId=${course.c}&page=2`)
    expect(second.data.inbox.doubts.map((d: { body: string }) => d.body)).toEqual([
      'Doubt number 20',
      'Doubt number 21',
    ])
  })
})

describe('the forms', () => {
  test('an answer with markup and an image is saved, audited and mailed once', async () => {
    const id = await ask(other, lecture.a, 'Explain \\ce{H2O}, please')
    const image = new File([pngBytes(12, 8)], 'sketch.png', { type: 'image/png' })
    const done = await post(
      { doubtId: id, intent: 'answer', body: 'Water: $\\ce{H2O}$ and $E = mc^2$', image },
      `?courseId=${course.a}&status=open`,
    )
    expect(done.status).toBe(302)
    expect(done.location).toBe(`/admin/doubts?courseId=${course.a}&status=open#doubt-${id}`)
    const shown = (await load(`?courseId=${course.a}`)).data.inbox.doubts.find((d: { id: string }) => d.id === id)
    expect(shown.status).toBe('answered')
    expect(shown.answer.bodyHtml).toContain('<math')
    expect(shown.answer.imageUrl).toBe(`/doubt-images/${id}/answer`)
    // Answered again: the answer is replaced, no second e-mail.
    expect((await post({ doubtId: id, intent: 'answer', body: 'Water is $\\ce{H2O}$.' })).status).toBe(302)
    const mails = mailsTo(other.email).filter((m) => m.includes(`#doubt-${id}`))
    expect(mails).toHaveLength(1)
    expect(mails[0]).not.toContain('H2O')
    const audit = await db.selectFrom('audit_log').select(['action', 'actor_id']).where('target_id', '=', id).execute()
    expect(audit).toEqual([
      { action: 'doubt.answer', actor_id: staff.id },
      { action: 'doubt.answer', actor_id: staff.id },
    ])
  })

  test('a refusal comes back beside that doubt with the answer as typed', async () => {
    const tooLong = 'x'.repeat(5001)
    const refused = await post({ doubtId: open, intent: 'answer', body: tooLong })
    expect(refused.status).toBe(400)
    expect(refused.data).toMatchObject({ doubtId: open, field: 'body', body: tooLong })
    expect(refused.data.message).toMatch(/too long/)
    const empty = await post({ doubtId: open, intent: 'answer', body: '   ' })
    expect(empty.data).toMatchObject({ doubtId: open, field: 'body', message: 'Please write the answer.' })
    const notAnImage = new File([new TextEncoder().encode('not an image')], 'x.png', { type: 'image/png' })
    const badImage = await post({ doubtId: open, intent: 'answer', body: 'Kept answer', image: notAnImage })
    expect(badImage.status).toBe(400)
    expect(badImage.data).toMatchObject({ doubtId: open, field: 'image', body: 'Kept answer' })
    const unknown = await post({ doubtId: 'a'.repeat(24), intent: 'resolve' })
    expect(unknown.status).toBe(404)
    expect(unknown.data.message).toBe('That doubt was not found.')
    // An image past what the form reads: the page says why (not a crash).
    const huge = new File([new Uint8Array(2 * 1024 * 1024 + 10)], 'huge.png', { type: 'image/png' })
    const cut = await post({ doubtId: open, intent: 'answer', body: 'Lost', image: huge })
    expect(cut.status).toBe(413)
    expect(cut.data.message).toMatch(/larger than 1 MB/)
  })

  test('hide and show: audited; a hidden doubt leaves the learners’ thread', async () => {
    const access = await lectureDoubtAccess(other, lecture.a)
    if (!access.ok) throw new Error(access.message)
    const visible = async () => (await threadFor(other, access.target, 1)).answered.map((d) => d.id)
    expect(await visible()).toContain(answered)
    const hidden = await post({ doubtId: answered, intent: 'hide' })
    expect(hidden.status).toBe(302)
    expect(await visible()).not.toContain(answered)
    expect((await load('?status=hidden')).data.inbox.doubts.map((d: { id: string }) => d.id)).toEqual([answered])
    expect((await post({ doubtId: answered, intent: 'show' })).status).toBe(302)
    expect(await visible()).toContain(answered)
    const audit = await db
      .selectFrom('audit_log')
      .select('action')
      .where('target_id', '=', answered)
      .where('action', 'in', ['doubt.hide', 'doubt.show'])
      .orderBy('created_at')
      .execute()
    expect(audit.map((a) => a.action)).toEqual(['doubt.hide', 'doubt.show'])
  })

  test('resolve', async () => {
    const done = await post({ doubtId: onB, intent: 'resolve' })
    expect(done.status).toBe(302)
    expect(done.location).toBe(`/admin/doubts#doubt-${onB}`)
    const row = await db.selectFrom('doubts').select(['status', 'queue']).where('id', '=', onB).executeTakeFirst()
    expect(row).toEqual({ status: 'resolved', queue: 1 })
    expect((await load('?status=resolved')).data.inbox.doubts.map((d: { id: string }) => d.id)).toContain(onB)
  })
})

describe('the page', () => {
  /** The page as the server renders it (JavaScript off), from its loader's data and an action's refusal. */
  function render(loaderData: unknown, actionData?: unknown) {
    const Stub = createRoutesStub([{ id: 'doubts', path: '/admin/doubts', Component: page.default as never }])
    return renderToString(
      createElement(Stub, {
        initialEntries: ['/admin/doubts'],
        hydrationData: { loaderData: { doubts: loaderData }, actionData: actionData ? { doubts: actionData } : null },
      }),
    )
  }

  test('each doubt with its learner, state, subject, words, answer and forms', async () => {
    const id = await ask(learner, lecture.a, 'What is $\\sqrt{2}$?')
    const image = new File([pngBytes(10, 10)], 'a.png', { type: 'image/png' })
    await post({ doubtId: id, intent: 'answer', body: 'About **1.414**', image })
    // The lecture is deleted: its doubts stay, with the title they had.
    await db.deleteFrom('lectures').where('id', '=', lecture.b).execute()
    const has = (html: string, ...parts: string[]) => {
      for (const part of parts) expect(html.includes(part), part).toBe(true)
    }
    const html = render((await load(`?courseId=${course.a}`)).data)
    has(html, `id="doubt-${id}"`, learner.email, '<strong>1.414</strong>', `src="/doubt-images/${id}/answer"`)
    has(html, 'Genetics<!-- --> · <!-- -->Genetics: lecture 1<!-- --> at 12:34')
    has(html, `href="/my-courses/${course.a}/doubts/${lecture.a}"`, '>Unanswered<', '>Answered<')
    for (const label of ['Answer', 'Resolve', 'Hide', 'Filter']) has(html, `>${label}</button>`)
    has(html, 'encType="multipart/form-data"', 'Page <!-- -->1<!-- --> of <!-- -->1')
    has(render((await load(`?courseId=${course.b}`)).data), '(lecture deleted)', '>Resolved<')
    has(render((await load(`?quizId=${quizId}`)).data), 'Key: <!-- -->B', 'Mitochondrion')
  })

  test('a refusal: the message beside that doubt’s form, the answer as typed', async () => {
    const typed = 'My half-written answer with $x$'
    const refused = await post({
      doubtId: open,
      intent: 'answer',
      body: typed,
      image: new File([new Uint8Array([1, 2, 3])], 'x.png'),
    })
    expect(refused.status).toBe(400)
    const html = render((await load(`?courseId=${course.a}`)).data, refused.data)
    const article = html.slice(html.indexOf(`id="doubt-${open}"`))
    const own = article.slice(0, article.indexOf('</article>'))
    expect(own.includes('The image must be a PNG, JPEG or WebP file.')).toBe(true)
    expect(article.includes(`>${typed}</textarea>`)).toBe(true)
    expect(html.match(/role="alert"/g)).toHaveLength(1)
  })
})
