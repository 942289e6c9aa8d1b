// The learner's doubt pages (decision 034): the form under a lecture posts without JavaScript to the lecture's doubts
// page (multipart, post/redirect/get), refusals come back to the page with the message and what was typed, the
// hourly limit, access (never enrolled, access ended, revoked: 403 and nothing of the thread), a question's doubts
// only after submission, the result page's links, the image route, 'This helped me' once per learner, the player's
// section and the learner's own list on /profile/doubts and their profile.
import { beforeAll, describe, expect, test } from 'vitest'
import { createCourse, createLecture, createQuiz, createSection, createUser, enrol } from '../../db/factories'
import { callRoute, signedInCookie, signedInUser } from '../support/harness'
import { pngBytes } from '../support/images'
import * as lecturePage from '~/routes/learn/lecture-doubts'
import * as player from '~/routes/learn/player'
import * as questionPage from '~/routes/quiz/question-doubts'
import * as resultPage from '~/routes/quiz/result'
import * as myDoubtsPage from '~/routes/profile/doubts'
import * as profilePage from '~/routes/profile/index'
import * as imageRoute from '~/routes/system/doubt-image'
import { DOUBT_MESSAGES, DOUBTS_PER_HOUR } from '~/lib/doubts/rules'
import { lectureDoubtAccess } from '~/models/doubts/access.server'
import { askDoubt } from '~/models/doubts/ask.server'
import { answerDoubt } from '~/models/doubts/moderation.server'
import { setCourseAccess } from '~/models/enrolment/staff.server'
import { getQuiz } from '~/models/quiz/catalog.server'
import { startAttempt, submitAttempt } from '~/models/quiz/attempt.server'
import { DOUBT_BODY_MAX_BYTES, serverSettings } from '~/utils/server-settings.server'
import { PLAYER_DOUBTS_MAX_CHARS } from '~/routes/learn/doubt-pages.server'
import { db } from '~/utils/db.server'

const ORIGIN = 'http://localhost'
let admin: { id: string; cookie: string }
beforeAll(async () => {
  admin = await signedInUser('admin')
})

/** A course with one lecture and a learner enrolled in it, signed in. */
async function courseWithLecture() {
  const course = await createCourse(db)
  const section = await createSection(db, { courseId: course.id, title: 'Genetics' })
  const lecture = await createLecture(db, { sectionId: section.id, title: 'Mendel', videoURL: '' })
  const learner = await signedInUser('user')
  await enrol(db, { userId: learner.id, courseId: course.id })
  return { course, lecture, learner }
}

async function enrolledLearner(courseId: string, accessUntil?: string) {
  const user = await createUser(db)
  await enrol(db, { userId: user.id, courseId, accessUntil })
  return { id: user.id, cookie: await signedInCookie(user.id) }
}

const png = (bytes = pngBytes()) => new File([bytes], 'diagram.png', { type: 'image/png' })
const lecturePath = (courseId: string, lectureId: string) => `/my-courses/${courseId}/doubts/${lectureId}`

function askOnLecture(
  c: { course: { id: string }; lecture: { id: string } },
  cookie: string,
  form: Record<string, string | Blob>,
) {
  return callRoute(lecturePage.action, lecturePath(c.course.id, c.lecture.id), {
    cookie,
    params: { id: c.course.id, lectureId: c.lecture.id },
    form,
    encType: 'multipart/form-data',
  })
}

const lectureData = (c: { course: { id: string }; lecture: { id: string } }, cookie: string, page?: number) =>
  callRoute(lecturePage.loader, lecturePath(c.course.id, c.lecture.id), {
    cookie,
    params: { id: c.course.id, lectureId: c.lecture.id },
    query: page ? { page: String(page) } : {},
  })

async function lectureTarget(courseId: string, lectureId: string) {
  const access = await lectureDoubtAccess({ id: admin.id, role: 'admin' }, lectureId, { courseId })
  if (!access.ok) throw new Error('no target')
  return access.target
}

/** An answered doubt asked by `userId` (through the model), answered by staff. */
async function answeredDoubt(
  target: Awaited<ReturnType<typeof lectureTarget>>,
  userId: string,
  body: string,
  now = new Date(),
) {
  const asked = await askDoubt({
    viewer: { id: userId, role: 'user' },
    target,
    doubt: { body, image: pngBytes() },
    now,
  })
  if (!asked.ok) throw new Error(asked.message)
  const answered = await answerDoubt({
    actorId: admin.id,
    doubtId: asked.doubtId,
    body: `Answer to ${body}`,
    origin: ORIGIN,
  })
  if (!answered.ok) throw new Error(answered.message)
  return asked.doubtId
}

const json = (value: unknown) => JSON.stringify(value ?? null)

describe('asking under a lecture without JavaScript', () => {
  test('a multipart post with an image redirects back to the player; pending for the asker only', async () => {
    const c = await courseWithLecture()
    const r = await askOnLecture(c, c.learner.cookie, {
      from: 'player',
      body: 'Why is the F2 ratio $3:1$?',
      videoAt: '12:34',
      image: png(),
    })
    expect(r.status).toBe(302)
    expect(r.location).toBe(`/my-courses/${c.course.id}?lecture=${c.lecture.id}#doubts`)
    expect(r.headers.get('Set-Cookie')).toContain('toast-session=')

    const mine = await lectureData(c, c.learner.cookie)
    expect(mine.status).toBe(200)
    const pending = mine.data.lecture.thread.pending
    expect(pending).toHaveLength(1)
    expect(pending[0]).toMatchObject({ mine: true, pending: true, videoAt: 754, clock: '12:34' })
    expect(pending[0].bodyHtml).toContain('F2 ratio')
    expect(pending[0].imageUrl).toBe(`/doubt-images/${pending[0].id}/question`)
    expect(mine.data.lecture.thread.answeredCount).toBe(0)

    const other = await enrolledLearner(c.course.id)
    const theirs = await lectureData(c, other.cookie)
    expect(theirs.status).toBe(200)
    expect(theirs.data.lecture.thread.pending).toHaveLength(0)
    expect(json(theirs.data)).not.toContain('F2 ratio')

    // From the page itself: back to the page, at the new doubt.
    const again = await askOnLecture(c, c.learner.cookie, { body: 'And the F3?' })
    expect(again.status).toBe(302)
    expect(again.location).toMatch(new RegExp(`^${lecturePath(c.course.id, c.lecture.id)}#doubt-[0-9a-f]{24}$`))
  })

  test('refusals answer 400 with the message beside its field and what was typed', async () => {
    const c = await courseWithLecture()
    const long = 'x'.repeat(5_001)
    const tooLong = await askOnLecture(c, c.learner.cookie, { body: long, videoAt: '1:00' })
    expect(tooLong.status).toBe(400)
    expect(tooLong.data.reply).toMatchObject({
      field: 'body',
      message: DOUBT_MESSAGES.bodyTooLong,
      values: { body: long, videoAt: '1:00' },
      imageChosen: false,
    })

    const text = new File([new TextEncoder().encode('not an image at all')], 'photo.png', { type: 'image/png' })
    const notImage = await askOnLecture(c, c.learner.cookie, { body: 'Kept body', image: text })
    expect(notImage.status).toBe(400)
    expect(notImage.data.reply).toMatchObject({
      field: 'image',
      message: DOUBT_MESSAGES.imageType,
      values: { body: 'Kept body' },
      imageChosen: true,
    })

    const badTime = await askOnLecture(c, c.learner.cookie, { body: 'When?', videoAt: '99:99' })
    expect(badTime.status).toBe(400)
    expect(badTime.data.reply).toMatchObject({
      field: 'videoAt',
      message: DOUBT_MESSAGES.videoAt,
      values: { body: 'When?', videoAt: '99:99' },
    })

    // Just over 1 MB: read, refused by the rule, the typing kept.
    const big = pngBytes(600, 600, [1, 2, 3], true)
    expect(big.byteLength).toBeGreaterThan(1024 * 1024)
    const overOneMb = await askOnLecture(c, c.learner.cookie, { body: 'Big picture', image: png(big) })
    expect(overOneMb.status).toBe(400)
    expect(overOneMb.data.reply).toMatchObject({ field: 'image', message: DOUBT_MESSAGES.imageTooBig })
    expect(overOneMb.data.reply.values.body).toBe('Big picture')

    // Far over: the parser stops, the page still says why (and that the typing was lost).
    const huge = new Uint8Array(2_200_000)
    huge.set(pngBytes().subarray(0, 8))
    const tooBig = await askOnLecture(c, c.learner.cookie, { body: 'Huge picture', image: png(huge) })
    expect(tooBig.status).toBe(413)
    expect(tooBig.data.reply).toMatchObject({ field: 'image', message: DOUBT_MESSAGES.imageTooBig, lost: true })

    // Nothing was stored by any refusal.
    const stored = await db.selectFrom('doubts').select('id').where('user_id', '=', c.learner.id).execute()
    expect(stored).toHaveLength(0)
    // server.js lets the doubt forms' bodies through (a little over 1 MB of image and the text).
    const limit = serverSettings().bodyLimitFor(`${lecturePath(c.course.id, c.lecture.id)}.data`)
    expect(limit).toBe(DOUBT_BODY_MAX_BYTES)
    expect(limit).toBeGreaterThan(1024 * 1024 + 100 * 1024)
  })

  test(`the ${DOUBTS_PER_HOUR + 1}th doubt within an hour is refused with 429`, async () => {
    const c = await courseWithLecture()
    const target = await lectureTarget(c.course.id, c.lecture.id)
    for (let i = 0; i < DOUBTS_PER_HOUR; i++) {
      const ok = await askDoubt({ viewer: { id: c.learner.id, role: 'user' }, target, doubt: { body: `Doubt ${i}` } })
      expect(ok.ok).toBe(true)
    }
    const r = await askOnLecture(c, c.learner.cookie, { body: 'One more', videoAt: '5' })
    expect(r.status).toBe(429)
    expect(r.data.reply).toMatchObject({ message: DOUBT_MESSAGES.tooMany, values: { body: 'One more', videoAt: '5' } })
  })
})

describe('who may read and ask', () => {
  test('never enrolled, access ended, revoked: 403 and nothing of the thread', async () => {
    const c = await courseWithLecture()
    const target = await lectureTarget(c.course.id, c.lecture.id)
    await answeredDoubt(target, c.learner.id, 'Secret-doubt-canary')
    const stranger = await signedInUser('user')
    const ended = await enrolledLearner(c.course.id, new Date(Date.now() - 86_400_000).toISOString())
    const revoked = await enrolledLearner(c.course.id)
    await setCourseAccess({ actorId: admin.id, userId: revoked.id, courseId: c.course.id, active: false })

    for (const who of [stranger, ended, revoked]) {
      const page = await lectureData(c, who.cookie)
      expect(page.status).toBe(403)
      expect(page.data).toMatchObject({ refusal: DOUBT_MESSAGES.noAccess, lecture: null })
      expect(json(page.data)).not.toMatch(/Secret-doubt-canary|Answer to/)
      const post = await askOnLecture(c, who.cookie, { body: 'Let me in' })
      expect(post.status).toBe(403)
      expect(post.data.error).toBe(DOUBT_MESSAGES.noAccess)
    }
    expect(
      await db.selectFrom('doubts').select('id').where('user_id', 'in', [stranger.id, ended.id, revoked.id]).execute(),
    ).toHaveLength(0)

    // A lecture of another course under this course's address: not found.
    const other = await courseWithLecture()
    const wrong = await callRoute(lecturePage.loader, lecturePath(c.course.id, other.lecture.id), {
      cookie: c.learner.cookie,
      params: { id: c.course.id, lectureId: other.lecture.id },
    })
    expect(wrong.status).toBe(404)
    expect(wrong.data.lecture).toBeNull()
  })

  test('the image route: the asker and readers of the answered thread; 404 for anyone else', async () => {
    const c = await courseWithLecture()
    const target = await lectureTarget(c.course.id, c.lecture.id)
    const asked = await askDoubt({
      viewer: { id: c.learner.id, role: 'user' },
      target,
      doubt: { body: 'With a picture', image: pngBytes() },
    })
    if (!asked.ok) throw new Error('not asked')
    const image = (cookie?: string, which = 'question') =>
      callRoute(imageRoute.loader, `/doubt-images/${asked.doubtId}/${which}`, {
        cookie,
        params: { doubtId: asked.doubtId, which },
      })
    const own = await image(c.learner.cookie)
    expect(own.status).toBe(200)
    expect(own.headers.get('Content-Type')).toBe('image/png')
    expect(own.headers.get('Cache-Control')).toBe('private, max-age=3600')
    expect(own.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(own.headers.get('Content-Security-Policy')).toBe("default-src 'none'")
    expect(Buffer.from(await own.response!.arrayBuffer()).equals(Buffer.from(pngBytes()))).toBe(true)

    const classmate = await enrolledLearner(c.course.id)
    const stranger = await signedInUser('user')
    expect((await image(classmate.cookie)).status).toBe(404) // not answered yet
    expect((await image(undefined)).status).toBe(404)
    expect((await image(admin.cookie)).status).toBe(200)
    await answerDoubt({ actorId: admin.id, doubtId: asked.doubtId, body: 'Answered.', origin: ORIGIN })
    expect((await image(classmate.cookie)).status).toBe(200)
    expect((await image(stranger.cookie)).status).toBe(404)
    expect((await image(classmate.cookie, 'answer')).status).toBe(404) // the answer has no image
    expect((await image(classmate.cookie, 'other')).status).toBe(404)
  })
})

describe('reading under the lecture', () => {
  test("the player's section: page 1 of 2, 'This helped me' counts once, a deleted account's doubt", async () => {
    const c = await courseWithLecture()
    const target = await lectureTarget(c.course.id, c.lecture.id)
    const asker = await enrolledLearner(c.course.id)
    const ids: string[] = []
    // Two hours apart, oldest first: the hourly limit is not what this is about.
    for (let i = 0; i < 11; i++)
      ids.push(
        await answeredDoubt(target, asker.id, `Answered doubt ${i}`, new Date(Date.now() - (11 - i) * 7_200_000)),
      )
    const newest = ids.at(-1)!

    const view = await callRoute(player.loader, `/my-courses/${c.course.id}`, {
      cookie: c.learner.cookie,
      params: { id: c.course.id },
      query: { lecture: c.lecture.id },
    })
    expect(view.status).toBe(200)
    const thread = view.data.doubts.thread
    expect(thread).toMatchObject({ answeredCount: 11, page: 1, pages: 2 })
    expect(thread.answered).toHaveLength(10)
    expect(thread.answered[0].id).toBe(newest)
    expect(thread.answered[0].answer.bodyHtml).toContain('Answer to Answered doubt 10')
    expect(view.data.doubts.staff).toBe(false)

    const helped = () =>
      askOnLecture(c, c.learner.cookie, { intent: 'helped', doubtId: newest, from: 'player' } as Record<string, string>)
    const first = await helped()
    expect(first.status).toBe(302)
    expect(first.location).toBe(`/my-courses/${c.course.id}?lecture=${c.lecture.id}#doubt-${newest}`)
    await helped()
    const after = await lectureData(c, c.learner.cookie)
    expect(after.data.lecture.thread.answered[0]).toMatchObject({ id: newest, helped: 1, helpedByMe: true })
    // Not on one's own doubt.
    const own = await askOnLecture(c, asker.cookie, { intent: 'helped', doubtId: newest })
    expect(own.status).toBe(302)
    expect(
      (await db.selectFrom('doubts').select('helped').where('id', '=', newest).executeTakeFirstOrThrow()).helped,
    ).toBe(1)

    const page2 = await lectureData(c, c.learner.cookie, 2)
    expect(page2.data.lecture.thread.answered.map((d: { id: string }) => d.id)).toEqual([ids[0]])

    // The asker's account is gone: their words are, the answer stays.
    await db.deleteFrom('doubt_texts').where('doubt_id', '=', newest).execute()
    const gone = (await lectureData(c, c.learner.cookie)).data.lecture.thread.answered[0]
    expect(gone).toMatchObject({ id: newest, deleted: true, bodyHtml: null })
    expect(gone.answer.bodyHtml).toContain('Answer to Answered doubt 10')

    // Staff previewing read it too, without the form's help button.
    const staffView = await callRoute(player.loader, `/my-courses/${c.course.id}`, {
      cookie: admin.cookie,
      params: { id: c.course.id },
      query: { lecture: c.lecture.id },
    })
    expect(staffView.data.doubts).toMatchObject({ staff: true, thread: { answeredCount: 11 } })
  })

  test('long doubts: the player shows as many of the newest as fit its budget and links to the doubts page', async () => {
    const c = await courseWithLecture()
    const target = await lectureTarget(c.course.id, c.lecture.id)
    const asker = await enrolledLearner(c.course.id)
    // Each doubt with its answer is a little over 500 characters of HTML: two fit PLAYER_DOUBTS_MAX_CHARS.
    const long = (i: number) => `Long doubt ${i}: ${'why does the cycle turn this way and not the other '.repeat(5)}`
    for (let i = 0; i < 4; i++)
      await answeredDoubt(target, asker.id, long(i), new Date(Date.now() - (4 - i) * 7_200_000))
    const view = await callRoute(player.loader, `/my-courses/${c.course.id}`, {
      cookie: c.learner.cookie,
      params: { id: c.course.id },
      query: { lecture: c.lecture.id },
    })
    const thread = view.data.doubts.thread
    expect(thread).toMatchObject({ answeredCount: 4, pages: 1, trimmed: true })
    expect(thread.answered.map((d: { bodyHtml: string }) => d.bodyHtml.slice(3, 15))).toEqual([
      'Long doubt 3',
      'Long doubt 2',
    ])
    const used = thread.answered.reduce(
      (n: number, d: { bodyHtml: string; answer: { bodyHtml: string } }) =>
        n + d.bodyHtml.length + d.answer.bodyHtml.length,
      0,
    )
    expect(used).toBeLessThanOrEqual(PLAYER_DOUBTS_MAX_CHARS)
    // The doubts page holds the whole first page.
    expect((await lectureData(c, c.learner.cookie)).data.lecture.thread.answered).toHaveLength(4)
  })
})

describe("a question's doubts and the result page", () => {
  test('403 before submission, 200 after; the result links count answered doubts', async () => {
    const { id: quizId } = await createQuiz(db, { title: 'Genetics mock' })
    await db
      .updateTable('questions')
      .set({ created_at: '2020-01-01T00:00:00.000Z' })
      .where('quiz_id', '=', quizId)
      .execute()
    const [question] = await db
      .selectFrom('questions')
      .select('id')
      .where('quiz_id', '=', quizId)
      .orderBy('position')
      .execute()
    const learner = await signedInUser('user')
    const path = `/quiz/result/${quizId}/doubts/${question!.id}`
    const call = (
      handler: typeof questionPage.loader | typeof questionPage.action,
      cookie: string,
      form?: Record<string, string>,
    ) =>
      callRoute(handler, path, {
        cookie,
        params: { quizId, questionId: question!.id },
        form,
        encType: form ? 'multipart/form-data' : undefined,
      })

    const before = await call(questionPage.loader, learner.cookie)
    expect(before.status).toBe(403)
    expect(before.data).toMatchObject({ refusal: DOUBT_MESSAGES.notSubmitted, view: null })
    expect(json(before.data)).not.toMatch(/aerobic respiration|Mitochondrion/)
    expect((await call(questionPage.action, learner.cookie, { body: 'Why B?' })).status).toBe(403)

    const quiz = (await getQuiz(quizId))!
    const { attempt } = await startAttempt({ userId: learner.id, quiz })
    await submitAttempt({ attemptId: attempt.id })
    const after = await call(questionPage.loader, learner.cookie)
    expect(after.status).toBe(200)
    expect(after.data.view.question.questionHtml).toContain('aerobic respiration')
    expect(after.data.view.question.key).toBe('B')
    expect(after.data.view.settings.withVideoAt).toBe(false)

    const asked = await call(questionPage.action, learner.cookie, { body: 'Why is it the *mitochondrion*?' })
    expect(asked.status).toBe(302)
    expect(asked.location).toMatch(new RegExp(`^${path}#doubt-[0-9a-f]{24}$`))
    const doubtId = asked.location!.split('#doubt-')[1]!

    const result = () =>
      callRoute(resultPage.loader, `/quiz/result/${quizId}`, { cookie: learner.cookie, params: { quizId } })
    expect((await result()).data.doubtCounts).toEqual({})
    await answerDoubt({ actorId: admin.id, doubtId, body: 'It is where the Krebs cycle runs.', origin: ORIGIN })
    expect((await result()).data.doubtCounts).toEqual({ [question!.id]: 1 })
    const thread = (await call(questionPage.loader, learner.cookie)).data.view.thread
    expect(thread.answeredCount).toBe(1)
    expect(thread.answered[0].answer.bodyHtml).toContain('Krebs cycle')
  })
})

describe('the learner’s own doubts', () => {
  test('/profile/doubts lists them with their state; the profile counts the answered ones', async () => {
    const c = await courseWithLecture()
    const target = await lectureTarget(c.course.id, c.lecture.id)
    await answeredDoubt(target, c.learner.id, 'First, answered')
    const open = await askDoubt({
      viewer: { id: c.learner.id, role: 'user' },
      target,
      doubt: { body: 'Second, waiting', videoAt: 65 },
    })
    expect(open.ok).toBe(true)

    const list = await callRoute(myDoubtsPage.loader, '/profile/doubts', { cookie: c.learner.cookie })
    expect(list.status).toBe(200)
    expect(list.data.total).toBe(2)
    const [second, first] = list.data.doubts
    expect(second).toMatchObject({ status: 'Waiting for an answer', clock: '1:05', answerHtml: null })
    expect(second.bodyHtml).toContain('Second, waiting')
    expect(second.where).toMatchObject({ label: 'Lecture: Mendel' })
    expect(second.where.href).toContain(lecturePath(c.course.id, c.lecture.id))
    expect(first.status).toBe('Answered')
    expect(first.answerHtml).toContain('Answer to First, answered')

    const profile = await callRoute(profilePage.loader, '/profile', { cookie: c.learner.cookie })
    expect(profile.data.doubts).toEqual({ answered: 1, text: '1 doubt answered' })
    const nobody = await signedInUser('user')
    const empty = await callRoute(profilePage.loader, '/profile', { cookie: nobody.cookie })
    expect(empty.data.doubts).toEqual({ answered: 0, text: '0 doubts answered' })
  })
})
