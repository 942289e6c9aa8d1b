// Doubts, the model layer (app/models/doubts/, docs/decisions/034-doubts.md) on SQLite and PostgreSQL: who may read
// a lecture's or a question's doubts (access read when used: an ended, revoked or refunded enrolment reads nothing; a
// question's thread only after the learner submitted that paper), asking (the markup renderer and sanitiser, the
// time in the video, the image checked from its bytes, at most 10 an hour even when sent together), what a thread
// shows, 'This helped me' once per learner, the staff answer with its one e-mail that never carries the answer,
// the inbox, and what survives a deleted lecture, a deleted account and a retired question. The routes only call
// these functions, so the rules are held here; the pages' own tests hold the forms.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import {
  createBankQuestion,
  createCourse,
  createLecture,
  createQuiz,
  createSection,
  createUser,
  enrol,
} from '../../db/factories'
import { pngBytes } from '../support/images'
import { DOUBT_MESSAGES, DOUBTS_PAGE_SIZE, INBOX_PAGE_SIZE, type InboxStatus } from '~/lib/doubts/rules'
import {
  canReadDoubt,
  lectureDoubtAccess,
  questionDoubtAccess,
  type DoubtTarget,
  type Viewer,
} from '~/models/doubts/access.server'
import { askDoubt, DOUBT_IMAGE_MAX_BYTES } from '~/models/doubts/ask.server'
import { inboxFilterChoices, inboxPage } from '~/models/doubts/inbox.server'
import { answeredDoubtCount, doubtImageFor, markHelped, myDoubts } from '~/models/doubts/learner.server'
import { answerDoubt, resolveDoubt, setDoubtHidden } from '~/models/doubts/moderation.server'
import { doubtAnchor, lectureDoubtsPath } from '~/models/doubts/paths'
import { answeredCountsFor, threadFor } from '~/models/doubts/threads.server'
import { deleteLecture } from '~/models/catalogue/lecture-edits.server'
import { setCourseAccess } from '~/models/enrolment/staff.server'
import { fulfilOrder } from '~/models/money/payment.server'
import { refundOrder } from '~/models/money/refund.server'
import { getQuiz } from '~/models/quiz/catalog.server'
import { startAttempt, startPractice, submitAttempt } from '~/models/quiz/attempt.server'
import { getStorage } from '~/services/storage.server'
import { db } from '~/utils/db.server'
import * as myDoubtsPage from '~/routes/profile/doubts'
import { callRoute, signedInCookie } from '../support/harness'

const MIN = 60_000
const HOUR = 60 * MIN
const DAY = 24 * HOUR
const ORIGIN = 'https://biocoach.test'
const newId = () => crypto.randomBytes(12).toString('hex')

let admin: Viewer
let instructor: Viewer
beforeAll(async () => {
  admin = { id: (await createUser(db, { role: 'admin' })).id, role: 'admin' }
  instructor = { id: (await createUser(db, { role: 'instructor' })).id, role: 'instructor' }
})

// ---- fixtures ---------------------------------------------------------------------------------------------------

async function learner(name = 'Test Learner') {
  const user = await createUser(db, { name })
  return { id: user.id, role: 'user' as const, email: user.email }
}

/** A course with one section of `lectures` lectures. */
async function course(lectures = 1, input: Parameters<typeof createCourse>[1] = {}) {
  const c = await createCourse(db, input)
  const section = await createSection(db, { courseId: c.id, title: 'Cell biology' })
  const ids: string[] = []
  for (let i = 0; i < lectures; i++)
    ids.push(
      (await createLecture(db, { sectionId: section.id, title: `Lecture ${i + 1}`, videoURL: 'https://v.test/a.mp4' }))
        .id,
    )
  return { id: c.id, lectureIds: ids }
}

async function lectureTarget(viewer: Viewer, courseId: string, lectureId: string, now?: Date): Promise<DoubtTarget> {
  const access = await lectureDoubtAccess(viewer, lectureId, { courseId, now })
  if (!access.ok) throw new Error(`no access: ${access.message}`)
  return access.target
}

async function questionTarget(viewer: Viewer, quizId: string, questionId: string): Promise<DoubtTarget> {
  const access = await questionDoubtAccess(viewer, quizId, questionId)
  if (!access.ok) throw new Error(`no access: ${access.message}`)
  return access.target
}

/** Asks and expects it stored. */
async function ask(viewer: Viewer, target: DoubtTarget, body: string, extra: { now?: Date; videoAt?: unknown } = {}) {
  const out = await askDoubt({ viewer, target, doubt: { body, videoAt: extra.videoAt ?? null }, now: extra.now })
  if (!out.ok) throw new Error(`refused: ${out.message}`)
  return out.doubtId
}

async function answer(doubtId: string, body = 'The answer.', actor: Viewer = admin) {
  const out = await answerDoubt({ actorId: actor.id, doubtId, body, origin: ORIGIN })
  expect(out.ok).toBe(true)
}

/** A learner's submitted ranked attempt of a quiz, through the quiz's own start and submit. */
async function submitPaper(userId: string, quizId: string) {
  const quiz = (await getQuiz(quizId))!
  const { attempt } = await startAttempt({ userId, quiz })
  await submitAttempt({ attemptId: attempt.id })
}

/**
 * A submitted attempt written straight (a paper the learner sat when they had access, or in a live window), started
 * when the paper's newest question was there (the factories' clock runs a little ahead of the real one).
 */
async function submittedRow(userId: string, quizId: string, practiceSetId: string | null = null) {
  const newest = await db
    .selectFrom('questions')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('quiz_id', '=', quizId)
    .executeTakeFirstOrThrow()
  const at = String(newest.at)
  await db
    .insertInto('attempts')
    .values({
      id: newId(),
      user_id: userId,
      quiz_id: quizId,
      started_at: at,
      deadline_at: null,
      submitted_at: at,
      score: 0,
      score_units: 0,
      total: 2,
      mode: practiceSetId ? 'practice' : 'ranked',
      practice_set_id: practiceSetId,
    })
    .execute()
}

const outbox = () => process.env.OUTBOX_DIR!
function mailsTo(email: string) {
  if (!fs.existsSync(outbox())) return []
  return fs
    .readdirSync(outbox())
    .map((f) => fs.readFileSync(path.join(outbox(), f), 'utf8'))
    .filter((m) => m.startsWith(`To: ${email}\n`))
}

const audits = (action: string, targetId: string) =>
  db
    .selectFrom('audit_log')
    .select(['actor_id'])
    .where('action', '=', action as never)
    .where('target_id', '=', targetId)
    .execute()

const doubtRow = (id: string) => db.selectFrom('doubts').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

// ---- who may read a lecture's doubts ----------------------------------------------------------------------------

describe("a lecture's doubts: learners with current access and staff", () => {
  test('an enrolled learner reads them; staff without an enrolment too', async () => {
    const c = await course()
    const me = await learner()
    await enrol(db, { userId: me.id, courseId: c.id })
    const mine = await lectureDoubtAccess(me, c.lectureIds[0], { courseId: c.id })
    expect(mine).toMatchObject({ ok: true, staff: false, target: { kind: 'lecture', courseId: c.id } })
    for (const staff of [admin, instructor])
      expect(await lectureDoubtAccess(staff, c.lectureIds[0], { courseId: c.id })).toMatchObject({
        ok: true,
        staff: true,
      })
    // The course id may be left out (the API's /lectures/{id}/doubts): the lecture names its course.
    expect((await lectureDoubtAccess(me, c.lectureIds[0])).ok).toBe(true)
  })

  test('never enrolled, revoked, or the access period ended: refused (403) with the message', async () => {
    const c = await course()
    const stranger = await learner()
    const revoked = await learner()
    const ended = await learner()
    await enrol(db, { userId: revoked.id, courseId: c.id, isActive: false })
    const until = new Date(Date.now() + 10 * DAY)
    await enrol(db, { userId: ended.id, courseId: c.id, accessUntil: until.toISOString() })
    const refusal = { ok: false, status: 403, message: DOUBT_MESSAGES.noAccess }
    expect(await lectureDoubtAccess(stranger, c.lectureIds[0], { courseId: c.id })).toEqual(refusal)
    expect(await lectureDoubtAccess(revoked, c.lectureIds[0], { courseId: c.id })).toEqual(refusal)
    // Open until its last moment, closed after it.
    const before = new Date(until.getTime() - MIN)
    const after = new Date(until.getTime() + MIN)
    expect((await lectureDoubtAccess(ended, c.lectureIds[0], { courseId: c.id, now: before })).ok).toBe(true)
    expect(await lectureDoubtAccess(ended, c.lectureIds[0], { courseId: c.id, now: after })).toEqual(refusal)
  })

  test('staff revoking an enrolment, and a refunded course payment, end the reading of doubts already asked', async () => {
    const c = await course(1, { accessDays: 365 })
    const byHand = await learner()
    await enrol(db, { userId: byHand.id, courseId: c.id })
    const target = await lectureTarget(byHand, c.id, c.lectureIds[0])
    const doubtId = await ask(byHand, target, 'Why is the Krebs cycle called a cycle?')
    const row = await doubtRow(doubtId)
    expect(await canReadDoubt(byHand, row)).toBe(true)
    await setCourseAccess({ actorId: admin.id, userId: byHand.id, courseId: c.id, active: false })
    expect(await canReadDoubt(byHand, row)).toBe(false)
    expect((await lectureDoubtAccess(byHand, c.lectureIds[0], { courseId: c.id })).ok).toBe(false)

    // A paid order (the demo gateway), then its refund.
    const buyer = await learner()
    const orderId = newId()
    const at = new Date(Date.now() - 2 * DAY)
    await db
      .insertInto('orders')
      .values({
        id: orderId,
        user_id: buyer.id,
        item_type: 'course',
        course_id: c.id,
        coupon_id: null,
        amount_paise: 299_900,
        currency: 'INR',
        status: 'created',
        provider: 'demo',
        provider_order_id: `order_demo${crypto.randomBytes(7).toString('hex')}`,
        provider_payment_id: null,
        phone: null,
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
        paid_at: null,
      })
      .execute()
    const paid = await fulfilOrder({ orderId, source: 'demo', paymentId: `pay_demo${orderId.slice(0, 10)}`, now: at })
    expect(paid.fulfilled).toBe(true)
    expect(await canReadDoubt(buyer, row)).toBe(true)
    const refunded = await refundOrder({ orderId, reason: 'Asked for it', actorId: admin.id })
    expect(refunded).toMatchObject({ kind: 'refunded', full: true })
    expect(await canReadDoubt(buyer, row)).toBe(false)
    // Staff read it whatever happens to the learners.
    expect(await canReadDoubt(instructor, row)).toBe(true)
  })

  test("another course's lecture under this course's address, or no such lecture: not found (404)", async () => {
    const mineCourse = await course()
    const other = await course()
    const me = await learner()
    await enrol(db, { userId: me.id, courseId: mineCourse.id })
    await enrol(db, { userId: me.id, courseId: other.id })
    const gone = { ok: false, status: 404, message: DOUBT_MESSAGES.lectureGone }
    expect(await lectureDoubtAccess(me, other.lectureIds[0], { courseId: mineCourse.id })).toEqual(gone)
    expect(await lectureDoubtAccess(admin, other.lectureIds[0], { courseId: mineCourse.id })).toEqual(gone)
    expect(await lectureDoubtAccess(me, newId(), { courseId: mineCourse.id })).toEqual(gone)
    expect(await lectureDoubtAccess(me, 'not-an-id', { courseId: mineCourse.id })).toEqual(gone)
    expect(await lectureDoubtAccess(me, undefined)).toEqual(gone)
  })
})

// ---- who may read a question's doubts ---------------------------------------------------------------------------

describe("a question's doubts: learners who submitted that paper, and staff", () => {
  test('before submitting: refused (notSubmitted); an open attempt is not enough; after submitting: yes', async () => {
    const quiz = await createQuiz(db)
    const me = await learner()
    const notSubmitted = { ok: false, status: 403, message: DOUBT_MESSAGES.notSubmitted }
    expect(await questionDoubtAccess(me, quiz.id, quiz.questionIds[0])).toEqual(notSubmitted)
    const { attempt } = await startAttempt({ userId: me.id, quiz: (await getQuiz(quiz.id))! })
    expect(await questionDoubtAccess(me, quiz.id, quiz.questionIds[0])).toEqual(notSubmitted)
    await submitAttempt({ attemptId: attempt.id })
    const access = await questionDoubtAccess(me, quiz.id, quiz.questionIds[0])
    expect(access).toMatchObject({ ok: true, staff: false, target: { kind: 'question', quizId: quiz.id } })
    // Staff need no attempt; a question of another paper, or none, is not found.
    expect(await questionDoubtAccess(admin, quiz.id, quiz.questionIds[1])).toMatchObject({ ok: true, staff: true })
    const other = await createQuiz(db)
    const gone = { ok: false, status: 404, message: DOUBT_MESSAGES.questionGone }
    expect(await questionDoubtAccess(me, quiz.id, other.questionIds[0])).toEqual(gone)
    expect(await questionDoubtAccess(admin, quiz.id, other.questionIds[0])).toEqual(gone)
    expect(await questionDoubtAccess(me, newId(), quiz.questionIds[0])).toEqual(gone)
  })

  test('a question added to the paper after the attempt opens only once an attempt has shown it', async () => {
    const quiz = await createQuiz(db)
    const me = await learner()
    await submitPaper(me.id, quiz.id)
    const later = await createBankQuestion(db, {
      papers: [quiz.id],
      createdAt: new Date(Date.now() + MIN).toISOString(),
    })
    const added = later.paperRowIds[0]
    expect((await questionDoubtAccess(me, quiz.id, quiz.questionIds[0])).ok).toBe(true)
    expect(await questionDoubtAccess(me, quiz.id, added)).toEqual({
      ok: false,
      status: 403,
      message: DOUBT_MESSAGES.notSubmitted,
    })
    expect((await questionDoubtAccess(admin, quiz.id, added)).ok).toBe(true)
    // A practice attempt of the paper as it is now shows it, and its key once submitted.
    const { attempt } = await startPractice({ userId: me.id, quiz: (await getQuiz(quiz.id))!, timed: false })
    expect(await questionDoubtAccess(me, quiz.id, added)).toMatchObject({ ok: false })
    await submitAttempt({ attemptId: attempt.id, now: new Date(Date.now() + 2 * MIN) })
    expect((await questionDoubtAccess(me, quiz.id, added)).ok).toBe(true)
  })

  test("a practice set's submitted attempt does not open the paper's doubts", async () => {
    const quiz = await createQuiz(db)
    const me = await learner()
    const setId = newId()
    await db
      .insertInto('practice_sets')
      .values({ id: setId, user_id: me.id, title: 'My set', created_at: new Date().toISOString() })
      .execute()
    await submittedRow(me.id, quiz.id, setId)
    expect(await questionDoubtAccess(me, quiz.id, quiz.questionIds[0])).toMatchObject({
      ok: false,
      message: DOUBT_MESSAGES.notSubmitted,
    })
  })

  test('a paid paper submitted while the learner held quiz access: refused once that access is gone', async () => {
    const quiz = await createQuiz(db, { category: 'paid' })
    const me = await learner()
    await submittedRow(me.id, quiz.id)
    expect(await questionDoubtAccess(me, quiz.id, quiz.questionIds[0])).toEqual({
      ok: false,
      status: 403,
      message: DOUBT_MESSAGES.noAccess,
    })
    await db.updateTable('users').set({ has_access_to_quizzes: 1 }).where('id', '=', me.id).execute()
    expect((await questionDoubtAccess(me, quiz.id, quiz.questionIds[0])).ok).toBe(true)
  })

  test('a live mock: refused before its opening and until its results are published', async () => {
    const quiz = await createQuiz(db)
    const me = await learner()
    const setWindow = (opensIn: number, closesIn: number) =>
      db
        .updateTable('quizzes')
        .set({
          opens_at: new Date(Date.now() + opensIn).toISOString(),
          closes_at: new Date(Date.now() + closesIn).toISOString(),
        })
        .where('id', '=', quiz.id)
        .execute()
    await setWindow(HOUR, 2 * HOUR)
    await submittedRow(me.id, quiz.id)
    expect(await questionDoubtAccess(me, quiz.id, quiz.questionIds[0])).toMatchObject({ ok: false, status: 403 })
    // The window has closed; the results are not published yet: the thread holds the key.
    await setWindow(-2 * HOUR, -HOUR)
    expect(await questionDoubtAccess(me, quiz.id, quiz.questionIds[0])).toEqual({
      ok: false,
      status: 403,
      message: DOUBT_MESSAGES.notSubmitted,
    })
    expect((await questionDoubtAccess(admin, quiz.id, quiz.questionIds[0])).ok).toBe(true)
    await db
      .updateTable('quizzes')
      .set({ results_published_at: new Date().toISOString() })
      .where('id', '=', quiz.id)
      .execute()
    expect((await questionDoubtAccess(me, quiz.id, quiz.questionIds[0])).ok).toBe(true)
  })

  test('a later version of the same bank question shares the thread; the retired version stays readable', async () => {
    const quiz = await createQuiz(db)
    const asker = await learner()
    const reader = await learner()
    await submitPaper(asker.id, quiz.id)
    await submitPaper(reader.id, quiz.id)
    const v1 = quiz.questionIds[0]
    const doubtId = await ask(asker, await questionTarget(asker, quiz.id, v1), 'Why not the nucleus?')
    await answer(doubtId, 'Respiration happens in the mitochondrion.')
    // A new version of the question: the old row archived, a new row of the same bank question in its place.
    const old = await db.selectFrom('questions').selectAll().where('id', '=', v1).executeTakeFirstOrThrow()
    const v2 = newId()
    const at = new Date().toISOString()
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('questions').set({ archived_at: at }).where('id', '=', v1).execute()
      await trx
        .insertInto('questions')
        .values({ ...old, id: v2, question_text: 'Where does aerobic respiration happen?', created_at: at })
        .execute()
    })
    const target = await questionTarget(reader, quiz.id, v2)
    expect(target).toMatchObject({ questionId: v2, questionKey: old.bank_question_id })
    const thread = await threadFor(reader, target)
    expect(thread.answered.map((d) => d.id)).toEqual([doubtId])
    expect((await answeredCountsFor(quiz.id, [v1, v2, quiz.questionIds[1]])).get(v2)).toBe(1)
    expect((await answeredCountsFor(quiz.id, [quiz.questionIds[1]])).size).toBe(0)
    // The retired version's address still reads the same thread.
    expect((await threadFor(reader, await questionTarget(reader, quiz.id, v1))).answeredCount).toBe(1)
    // Staff read it in the inbox with the question it was asked on (the archived version) and its key.
    const inbox = await inboxPage({ quizId: quiz.id, status: 'all', page: 1 })
    expect(inbox.doubts).toHaveLength(1)
    expect(inbox.doubts[0].question).toMatchObject({ questionId: v1, key: 'B' })
    expect(inbox.doubts[0].question?.questionHtml).toContain('aerobic respiration')
  })
})

// ---- asking ------------------------------------------------------------------------------------------------------

describe('askDoubt', () => {
  let target: DoubtTarget
  let me: Awaited<ReturnType<typeof learner>>
  beforeAll(async () => {
    const c = await course()
    me = await learner()
    await enrol(db, { userId: me.id, courseId: c.id })
    target = await lectureTarget(me, c.id, c.lectureIds[0])
  })
  // Each test asks as its own learner where it counts doubts.
  async function freshAsker() {
    const c = await course()
    const who = await learner()
    await enrol(db, { userId: who.id, courseId: c.id })
    return { who, target: await lectureTarget(who, c.id, c.lectureIds[0]) }
  }

  test('stores the body and its rendered HTML: LaTeX as MathML, no script; 12:34 is 754 seconds', async () => {
    const body = 'Why is $\\Delta G < 0$ here for $\\ce{H2O}$?\n\n<script>alert(1)</script> <b onclick="x()">bold</b>'
    const out = await askDoubt({ viewer: me, target, doubt: { body: `  ${body}\r\n`, videoAt: '12:34' } })
    expect(out.ok).toBe(true)
    const id = (out as { doubtId: string }).doubtId
    const row = await doubtRow(id)
    expect(row).toMatchObject({ status: 'open', queue: 0, video_at: 754, user_id: me.id, lecture_title: 'Lecture 1' })
    const text = await db.selectFrom('doubt_texts').selectAll().where('doubt_id', '=', id).executeTakeFirstOrThrow()
    expect(text.body).toBe(body)
    expect(text.body_html).toContain('<math')
    expect(text.body_html).not.toMatch(/<script/i)
    expect(text.body_html).not.toMatch(/<[^>]*\sonclick=/i)
    // Seconds are taken as they are; empty is no time.
    const plain = await ask(me, target, 'Another doubt', { videoAt: '75' })
    expect((await doubtRow(plain)).video_at).toBe(75)
    const none = await ask(me, target, 'No time', { videoAt: '' })
    expect((await doubtRow(none)).video_at).toBeNull()
  })

  test('refusals name their field and store nothing', async () => {
    const { who, target } = await freshAsker()
    const refusals: Array<[Parameters<typeof askDoubt>[0]['doubt'], string, string]> = [
      [{ body: '   ' }, 'body', DOUBT_MESSAGES.bodyMissing],
      [{ body: 'x'.repeat(5_001) }, 'body', DOUBT_MESSAGES.bodyTooLong],
      [
        { body: 'See ![my notes](https://tracker.example/p.png)' },
        'body',
        `Your doubt could not be shown: ${DOUBT_MESSAGES.imageInText}.`,
      ],
      [{ body: 'ok', videoAt: '12:99' }, 'videoAt', DOUBT_MESSAGES.videoAt],
      [{ body: 'ok', videoAt: 'soon' }, 'videoAt', DOUBT_MESSAGES.videoAt],
      [{ body: 'ok', videoAt: '99:99:99' }, 'videoAt', DOUBT_MESSAGES.videoAt],
      [{ body: 'ok', image: new TextEncoder().encode('just some text') }, 'image', DOUBT_MESSAGES.imageType],
      [{ body: 'ok', image: new Uint8Array(DOUBT_IMAGE_MAX_BYTES + 1) }, 'image', DOUBT_MESSAGES.imageTooBig],
    ]
    for (const [doubt, field, message] of refusals)
      expect(await askDoubt({ viewer: who, target, doubt }), field).toEqual({ ok: false, status: 400, field, message })
    // 5,000 characters exactly is accepted.
    expect((await askDoubt({ viewer: who, target, doubt: { body: 'y'.repeat(5_000) } })).ok).toBe(true)
    const rows = await db.selectFrom('doubts').select('id').where('user_id', '=', who.id).execute()
    expect(rows).toHaveLength(1)
  })

  test('a PNG is stored under doubts/ and readable back', async () => {
    const png = pngBytes(10, 10)
    const out = await askDoubt({ viewer: me, target, doubt: { body: 'See my diagram', image: png } })
    if (!out.ok) throw new Error(out.message)
    const text = await db.selectFrom('doubt_texts').selectAll().where('doubt_id', '=', out.doubtId).executeTakeFirst()
    expect(text?.image_key).toMatch(/^doubts\/[0-9a-f]{24}\.png$/)
    const stored = await getStorage().get(text!.image_key!)
    expect(Buffer.from(stored!.body).equals(Buffer.from(png))).toBe(true)
    expect(stored!.contentType).toBe('image/png')
    // An empty file input (0 bytes) is no image.
    const none = await askDoubt({ viewer: me, target, doubt: { body: 'No image', image: new Uint8Array(0) } })
    if (!none.ok) throw new Error(none.message)
    const noText = await db
      .selectFrom('doubt_texts')
      .selectAll()
      .where('doubt_id', '=', none.doubtId)
      .executeTakeFirst()
    expect(noText?.image_key).toBeNull()
  })

  test('at most 10 an hour: the 11th is refused (429); an hour later it is accepted', async () => {
    const { who, target } = await freshAsker()
    const t0 = new Date(Date.now() - 3 * HOUR)
    for (let i = 0; i < 10; i++) await ask(who, target, `Doubt ${i}`, { now: new Date(t0.getTime() + i * MIN) })
    const eleventh = await askDoubt({
      viewer: who,
      target,
      doubt: { body: 'One more' },
      now: new Date(t0.getTime() + 30 * MIN),
    })
    expect(eleventh).toEqual({ ok: false, status: 429, field: 'body', message: DOUBT_MESSAGES.tooMany })
    // The hour counts from the first doubt: a minute past it, one slot is free again, and only one.
    const later = new Date(t0.getTime() + HOUR + 30_000)
    expect((await askDoubt({ viewer: who, target, doubt: { body: 'Next hour' }, now: later })).ok).toBe(true)
    expect((await askDoubt({ viewer: who, target, doubt: { body: 'And again' }, now: later })).ok).toBe(false)
    expect(
      (await askDoubt({ viewer: who, target, doubt: { body: 'Much later' }, now: new Date(t0.getTime() + 2 * HOUR) }))
        .ok,
    ).toBe(true)
  })

  test('12 sent together: exactly 10 stored, 2 refused with 429, and their images removed', async () => {
    const { who, target } = await freshAsker()
    const png = pngBytes(4, 4)
    const dir = path.join(process.env.UPLOADS_DIR!, 'doubts')
    // The local store keeps a `.type` file beside each image: the images are counted.
    const files = () => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.png')).length : 0)
    const filesBefore = files()
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        askDoubt({ viewer: who, target, doubt: { body: `Together ${i}`, image: png } }),
      ),
    )
    expect(outcomes.filter((o) => o.ok)).toHaveLength(10)
    expect(outcomes.filter((o) => !o.ok).map((o) => !o.ok && o.status)).toEqual([429, 429])
    const stored = await db
      .selectFrom('doubts as d')
      .innerJoin('doubt_texts as t', 't.doubt_id', 'd.id')
      .select('t.image_key')
      .where('d.user_id', '=', who.id)
      .execute()
    expect(stored).toHaveLength(10)
    // No file is left behind for a refused doubt: the folder holds 10 more files, the stored ones.
    expect(files() - filesBefore).toBe(10)
    for (const r of stored) expect(await getStorage().get(r.image_key!)).not.toBeNull()
  })

  test('a question doubt keeps no time in the video', async () => {
    const quiz = await createQuiz(db)
    const who = await learner()
    await submitPaper(who.id, quiz.id)
    const qt = await questionTarget(who, quiz.id, quiz.questionIds[1])
    const id = await ask(who, qt, 'Why semi-conservative?', { videoAt: '1:00' })
    expect(await doubtRow(id)).toMatchObject({
      video_at: null,
      quiz_id: quiz.id,
      question_id: quiz.questionIds[1],
      lecture_id: null,
      course_id: null,
    })
  })
})

// ---- threads -----------------------------------------------------------------------------------------------------

describe('threadFor', () => {
  test('answered public doubts newest first, 10 a page; pending only the viewer’s own; hidden and unanswered-resolved absent', async () => {
    const c = await course()
    const [a, b, reader] = [await learner('Asha'), await learner('Bala'), await learner('Chitra')]
    for (const who of [a, b, reader]) await enrol(db, { userId: who.id, courseId: c.id })
    const target = await lectureTarget(a, c.id, c.lectureIds[0])
    const t0 = Date.now() - 5 * HOUR
    // 12 answered (ten minutes apart, so the hourly limit never bites), newest last.
    const answered: string[] = []
    for (let i = 0; i < 12; i++) {
      const id = await ask(i % 2 ? a : b, target, `Answered ${i}`, { now: new Date(t0 + i * 10 * MIN) })
      await answer(id, `Answer ${i}`)
      answered.push(id)
    }
    // Not public: hidden after its answer, resolved without one, and two pending (one each of a and b).
    const hidden = await ask(a, target, 'Hidden one', { now: new Date(t0 + 200 * MIN) })
    await answer(hidden)
    await setDoubtHidden({ actorId: admin.id, doubtId: hidden, hidden: true })
    const resolvedBare = await ask(a, target, 'Resolved bare', { now: new Date(t0 + 210 * MIN) })
    await resolveDoubt({ actorId: admin.id, doubtId: resolvedBare })
    const pendingA = await ask(a, target, 'Pending of A', { now: new Date(t0 + 220 * MIN) })
    const pendingB = await ask(b, target, 'Pending of B', { now: new Date(t0 + 230 * MIN) })
    // A resolved doubt with an answer stays public.
    await resolveDoubt({ actorId: admin.id, doubtId: answered[0] })

    const page1 = await threadFor(reader, target)
    expect(page1.answeredCount).toBe(12)
    expect(page1.pages).toBe(2)
    expect(page1.answered.map((d) => d.id)).toEqual(answered.slice(-DOUBTS_PAGE_SIZE).reverse())
    expect(page1.pending).toEqual([])
    const first = page1.answered[0]
    expect(first).toMatchObject({
      body: 'Answered 11',
      status: 'answered',
      hidden: false,
      mine: false,
      helpedByMe: false,
      helped: 0,
      videoAt: null,
      imageUrl: null,
    })
    expect(first.answer).toMatchObject({ body: 'Answer 11', imageUrl: null })
    expect(first.answer?.bodyHtml).toContain('Answer 11')
    const page2 = await threadFor(reader, target, 2)
    expect(page2.answered.map((d) => d.id)).toEqual(answered.slice(0, 2).reverse())
    expect(page2.answered[1].status).toBe('resolved')
    expect((await threadFor(reader, target, 3)).answered).toEqual([])

    const ofA = await threadFor(a, target)
    expect(ofA.pending.map((d) => d.id)).toEqual([pendingA])
    expect(ofA.pending[0]).toMatchObject({ mine: true, answer: null, status: 'open', body: 'Pending of A' })
    expect(ofA.answered.filter((d) => d.mine)).toHaveLength(5)
    // The pending list is the first page's only.
    expect((await threadFor(a, target, 2)).pending).toEqual([])
    expect((await threadFor(b, target)).pending.map((d) => d.id)).toEqual([pendingB])
    const everyId = [...page1.answered, ...page2.answered, ...ofA.pending].map((d) => d.id)
    expect(everyId).not.toContain(hidden)
    expect(everyId).not.toContain(resolvedBare)
    // Shown again: back in the thread.
    await setDoubtHidden({ actorId: admin.id, doubtId: hidden, hidden: false })
    expect((await threadFor(reader, target)).answered[0].id).toBe(hidden)
    expect(await audits('doubt.hide', hidden)).toEqual([{ actor_id: admin.id }])
    expect(await audits('doubt.show', hidden)).toEqual([{ actor_id: admin.id }])
    expect(await audits('doubt.resolve', resolvedBare)).toEqual([{ actor_id: admin.id }])
  })
})

// ---- This helped me -----------------------------------------------------------------------------------------------

describe('markHelped', () => {
  test('once per learner (also when pressed twice at once); not on one’s own or an unanswered doubt; not without access', async () => {
    const c = await course()
    const [asker, x, y, stranger] = [await learner(), await learner(), await learner(), await learner()]
    for (const who of [asker, x, y]) await enrol(db, { userId: who.id, courseId: c.id })
    const target = await lectureTarget(asker, c.id, c.lectureIds[0])
    const doubtId = await ask(asker, target, 'Is ATP made here?')
    expect(await markHelped(x, doubtId)).toEqual({ ok: false, status: 400, message: DOUBT_MESSAGES.notAnswered })
    await answer(doubtId)
    expect(await markHelped(x, doubtId)).toEqual({ ok: true, helped: 1 })
    expect(await markHelped(x, doubtId)).toEqual({ ok: true, helped: 1 })
    const both = await Promise.all([markHelped(y, doubtId), markHelped(y, doubtId)])
    expect(both.every((o) => o.ok)).toBe(true)
    expect((await doubtRow(doubtId)).helped).toBe(2)
    const helps = await db.selectFrom('doubt_helps').select('user_id').where('doubt_id', '=', doubtId).execute()
    expect(helps.map((h) => h.user_id).sort()).toEqual([x.id, y.id].sort())
    expect(await markHelped(asker, doubtId)).toEqual({ ok: false, status: 400, message: DOUBT_MESSAGES.ownDoubt })
    expect(await markHelped(stranger, doubtId)).toEqual({ ok: false, status: 403, message: DOUBT_MESSAGES.noAccess })
    expect(await markHelped(x, newId())).toMatchObject({ ok: false, status: 404 })
    expect(await markHelped(x, 'nope')).toMatchObject({ ok: false, status: 404 })
    // The thread says who helped.
    const thread = await threadFor(x, target)
    expect(thread.answered[0]).toMatchObject({ helped: 2, helpedByMe: true })
    expect((await threadFor(stranger, target)).answered[0].helpedByMe).toBe(false)
    // A hidden doubt is not found.
    await setDoubtHidden({ actorId: admin.id, doubtId, hidden: true })
    expect(await markHelped(stranger, doubtId)).toMatchObject({ ok: false, status: 404 })
  })
})

// ---- staff: answer, resolve, hide ---------------------------------------------------------------------------------

describe('answerDoubt', () => {
  test('one e-mail (answered again, or twice at once), with the link and without the answer; audited; an image stored', async () => {
    const c = await course()
    const asker = await learner('Meera')
    await enrol(db, { userId: asker.id, courseId: c.id })
    const target = await lectureTarget(asker, c.id, c.lectureIds[0])
    const doubtId = await ask(asker, target, 'What is substrate-level phosphorylation?')
    const secret = 'Secret-answer-canary: GTP from succinyl-CoA'
    const png = pngBytes(6, 6)
    const out = await answerDoubt({
      actorId: instructor.id,
      doubtId,
      body: `${secret} $x^2$`,
      image: png,
      origin: ORIGIN,
    })
    expect(out).toEqual({ ok: true, message: 'Answer saved. The learner has been told.' })
    const row = await doubtRow(doubtId)
    expect(row).toMatchObject({
      status: 'answered',
      queue: 1,
      answered_by: instructor.id,
      answer_body: `${secret} $x^2$`,
    })
    expect(row.answer_html).toContain('<math')
    expect(row.answer_mailed_at).not.toBeNull()
    expect(row.answer_image_key).toMatch(/^doubts\/[0-9a-f]{24}\.png$/)
    expect(await getStorage().get(row.answer_image_key!)).not.toBeNull()
    expect(await audits('doubt.answer', doubtId)).toEqual([{ actor_id: instructor.id }])

    let mails = mailsTo(asker.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toContain(`${ORIGIN}${lectureDoubtsPath(c.id, c.lectureIds[0])}#${doubtAnchor(doubtId)}`)
    expect(mails[0]).toContain('Lecture 1')
    expect(mails[0]).not.toContain('Secret-answer-canary')
    expect(mails[0]).not.toContain('succinyl')

    // Answered again (with a new image: the old file goes): no second mail, audited again.
    const again = await answerDoubt({
      actorId: admin.id,
      doubtId,
      body: 'Better answer',
      image: pngBytes(7, 7),
      origin: ORIGIN,
    })
    expect(again).toEqual({ ok: true, message: 'Answer saved.' })
    const after = await doubtRow(doubtId)
    expect(after.answer_body).toBe('Better answer')
    expect(after.answer_image_key).not.toBe(row.answer_image_key)
    expect(await getStorage().get(row.answer_image_key!)).toBeNull()
    expect(await audits('doubt.answer', doubtId)).toHaveLength(2)
    // Re-answered without an image: the answer's image stays.
    await answer(doubtId, 'Third answer')
    expect((await doubtRow(doubtId)).answer_image_key).toBe(after.answer_image_key)
    mails = mailsTo(asker.email)
    expect(mails).toHaveLength(1)

    // Two staff answering at the same moment: one mail.
    const other = await learner('Nila')
    await enrol(db, { userId: other.id, courseId: c.id })
    const second = await ask(other, target, 'And the other one?')
    const both = await Promise.all([
      answerDoubt({ actorId: admin.id, doubtId: second, body: 'One', origin: ORIGIN }),
      answerDoubt({ actorId: instructor.id, doubtId: second, body: 'Two', origin: ORIGIN }),
    ])
    expect(both.every((o) => o.ok)).toBe(true)
    expect(mailsTo(other.email)).toHaveLength(1)
    expect(await audits('doubt.answer', second)).toHaveLength(2)
  })

  test('a question doubt’s mail names the paper and its result page, not the key', async () => {
    const quiz = await createQuiz(db, { title: 'Cell respiration paper' })
    const asker = await learner()
    await submitPaper(asker.id, quiz.id)
    const doubtId = await ask(asker, await questionTarget(asker, quiz.id, quiz.questionIds[0]), 'Why B?')
    await answer(doubtId, 'Because-canary mitochondria')
    const [mail] = mailsTo(asker.email)
    expect(mail).toContain('Cell respiration paper')
    expect(mail).toContain(`${ORIGIN}/quiz/result/${quiz.id}/doubts/${quiz.questionIds[0]}#doubt-${doubtId}`)
    expect(mail).not.toContain('Because-canary')
  })

  test('a refused answer (empty, too long, a bad image, no such doubt) changes nothing', async () => {
    const c = await course()
    const asker = await learner()
    await enrol(db, { userId: asker.id, courseId: c.id })
    const doubtId = await ask(asker, await lectureTarget(asker, c.id, c.lectureIds[0]), 'Unanswered')
    const before = await doubtRow(doubtId)
    const tries: Array<[Parameters<typeof answerDoubt>[0], object]> = [
      [
        { actorId: admin.id, doubtId, body: '  \n ', origin: ORIGIN },
        { status: 400, field: 'body', message: DOUBT_MESSAGES.answerMissing },
      ],
      [
        { actorId: admin.id, doubtId, body: 'z'.repeat(5_001), origin: ORIGIN },
        { status: 400, field: 'body', message: DOUBT_MESSAGES.answerTooLong },
      ],
      [
        { actorId: admin.id, doubtId, body: 'ok', image: new TextEncoder().encode('%PDF-1.4'), origin: ORIGIN },
        { status: 400, field: 'image', message: DOUBT_MESSAGES.imageType },
      ],
      [
        { actorId: admin.id, doubtId, body: '![x](fig.png)', origin: ORIGIN },
        { status: 400, field: 'body', message: `The answer could not be shown: ${DOUBT_MESSAGES.imageInText}.` },
      ],
      [{ actorId: admin.id, doubtId: newId(), body: 'ok', origin: ORIGIN }, { status: 404 }],
    ]
    for (const [input, refusal] of tries) expect(await answerDoubt(input)).toMatchObject({ ok: false, ...refusal })
    expect(await doubtRow(doubtId)).toEqual(before)
    expect(await audits('doubt.answer', doubtId)).toEqual([])
    expect(mailsTo(asker.email)).toEqual([])
    expect(await resolveDoubt({ actorId: admin.id, doubtId: 'x' })).toMatchObject({ ok: false, status: 404 })
    expect(await setDoubtHidden({ actorId: admin.id, doubtId: newId(), hidden: true })).toMatchObject({
      ok: false,
      status: 404,
    })
  })

  test('answering a resolved doubt keeps it resolved', async () => {
    const c = await course()
    const asker = await learner()
    await enrol(db, { userId: asker.id, courseId: c.id })
    const doubtId = await ask(asker, await lectureTarget(asker, c.id, c.lectureIds[0]), 'Duplicate?')
    expect(await resolveDoubt({ actorId: admin.id, doubtId })).toEqual({ ok: true, message: 'Marked as resolved.' })
    expect(await doubtRow(doubtId)).toMatchObject({ status: 'resolved', queue: 1 })
    await answer(doubtId, 'Late answer')
    expect(await doubtRow(doubtId)).toMatchObject({ status: 'resolved', queue: 1 })
  })
})

// ---- what survives deletions -------------------------------------------------------------------------------------

describe('deleted lecture, deleted account, retired question', () => {
  test('a deleted lecture’s doubt stays in the inbox with its title; learners read it no more', async () => {
    const c = await course(2)
    const asker = await learner()
    await enrol(db, { userId: asker.id, courseId: c.id })
    const doubtId = await ask(asker, await lectureTarget(asker, c.id, c.lectureIds[1]), 'About lecture two')
    await answer(doubtId)
    await deleteLecture({ actorId: admin.id, lectureId: c.lectureIds[1], courseId: c.id })
    const inbox = await inboxPage({ courseId: c.id, status: 'all', page: 1 })
    expect(inbox.doubts).toHaveLength(1)
    expect(inbox.doubts[0]).toMatchObject({
      id: doubtId,
      body: 'About lecture two',
      lecture: { courseId: c.id, lectureId: c.lectureIds[1], lectureTitle: 'Lecture 2', lectureExists: false },
    })
    expect(inbox.doubts[0].answer?.body).toBe('The answer.')
    expect(await canReadDoubt(asker, await doubtRow(doubtId))).toBe(false)
    expect(await canReadDoubt(admin, await doubtRow(doubtId))).toBe(true)
  })

  test('a deleted account takes its doubts’ text and image; the doubt and the staff answer stay', async () => {
    const c = await course()
    const asker = await learner('Leaving Learner')
    const helper = await learner('Helper')
    await enrol(db, { userId: asker.id, courseId: c.id })
    await enrol(db, { userId: helper.id, courseId: c.id })
    const target = await lectureTarget(asker, c.id, c.lectureIds[0])
    const out = await askDoubt({ viewer: asker, target, doubt: { body: 'My private words', image: pngBytes() } })
    if (!out.ok) throw new Error(out.message)
    await answer(out.doubtId, 'A staff answer that stays')
    await markHelped(helper, out.doubtId)
    await db.deleteFrom('enrollments').where('user_id', '=', asker.id).execute()
    await db.deleteFrom('users').where('id', '=', asker.id).execute()

    expect(await db.selectFrom('doubt_texts').select('doubt_id').where('doubt_id', '=', out.doubtId).execute()).toEqual(
      [],
    )
    const inbox = await inboxPage({ courseId: c.id, status: 'all', page: 1 })
    expect(inbox.doubts[0]).toMatchObject({
      id: out.doubtId,
      body: null,
      bodyHtml: null,
      imageUrl: null,
      learner: null,
    })
    expect(inbox.doubts[0].answer?.body).toBe('A staff answer that stays')
    const thread = await threadFor(helper, target)
    expect(thread.answered[0]).toMatchObject({ id: out.doubtId, body: null, mine: false, helpedByMe: true })
    expect(thread.answered[0].answer?.body).toBe('A staff answer that stays')
    expect(await doubtImageFor(helper, out.doubtId, 'question')).toBeNull()
  })
})

// ---- the staff inbox ----------------------------------------------------------------------------------------------

describe('inboxPage', () => {
  test('unanswered first, then newest; by course, by quiz and by state; 20 a page', async () => {
    // A clean slate for exact lists: this file's other doubts would mix in.
    await db.deleteFrom('doubts').execute()
    const c1 = await course()
    const c2 = await course()
    const quiz = await createQuiz(db, { title: 'Inbox paper' })
    const asker = await learner('Inbox Asker')
    await enrol(db, { userId: asker.id, courseId: c1.id })
    await enrol(db, { userId: asker.id, courseId: c2.id })
    await submitPaper(asker.id, quiz.id)
    const t1 = await lectureTarget(asker, c1.id, c1.lectureIds[0])
    const t2 = await lectureTarget(asker, c2.id, c2.lectureIds[0])
    const tq = await questionTarget(asker, quiz.id, quiz.questionIds[1])
    const t0 = Date.now() - 10 * DAY
    let n = 0
    const at = () => ({ now: new Date(t0 + n++ * 20 * MIN) })
    // c1: 25 doubts (answered every 3rd, from the oldest), c2: 3 (one hidden open), quiz: 4 (one resolved bare).
    const c1Ids: string[] = []
    for (let i = 0; i < 25; i++) c1Ids.push(await ask(asker, t1, `c1 doubt ${i}`, at()))
    for (const id of c1Ids.filter((_, i) => i % 3 === 0)) await answer(id)
    const c2Ids: string[] = []
    for (let i = 0; i < 3; i++) c2Ids.push(await ask(asker, t2, `c2 doubt ${i}`, at()))
    await setDoubtHidden({ actorId: admin.id, doubtId: c2Ids[0], hidden: true })
    const qIds: string[] = []
    for (let i = 0; i < 4; i++) qIds.push(await ask(asker, tq, `quiz doubt ${i}`, at()))
    await resolveDoubt({ actorId: admin.id, doubtId: qIds[0] })
    await answer(qIds[1], 'Quiz answer')

    const all: string[] = []
    const first = await inboxPage({ status: 'all', page: 1 })
    expect(first.total).toBe(32)
    expect(first.pages).toBe(2)
    expect(first.doubts).toHaveLength(INBOX_PAGE_SIZE)
    all.push(...first.doubts.map((d) => d.id))
    const second = await inboxPage({ status: 'all', page: 2 })
    all.push(...second.doubts.map((d) => d.id))
    expect(second.doubts).toHaveLength(12)
    // A hidden doubt has left the unanswered queue: nobody owes it an answer.
    const openIds = [...c1Ids.filter((_, i) => i % 3 !== 0), ...c2Ids.slice(1), ...qIds.slice(2)].reverse()
    const doneIds = [...c1Ids.filter((_, i) => i % 3 === 0), c2Ids[0], qIds[0], qIds[1]].reverse()
    expect(all).toEqual([...openIds, ...doneIds])

    const ids = async (filter: { courseId?: string; quizId?: string; status: InboxStatus }) => {
      const out: string[] = []
      for (let page = 1; ; page++) {
        const p = await inboxPage({ ...filter, page })
        out.push(...p.doubts.map((d) => d.id))
        if (page >= p.pages) return out
      }
    }
    expect(await ids({ status: 'open' })).toEqual(openIds)
    expect(await ids({ status: 'answered' })).toEqual([qIds[1], ...c1Ids.filter((_, i) => i % 3 === 0).reverse()])
    expect(await ids({ status: 'resolved' })).toEqual([qIds[0]])
    expect(await ids({ status: 'hidden' })).toEqual([c2Ids[0]])
    // Shown again, an unanswered doubt is back in the queue.
    await setDoubtHidden({ actorId: admin.id, doubtId: c2Ids[0], hidden: false })
    expect(await ids({ courseId: c2.id, status: 'open' })).toEqual([...c2Ids].reverse())
    await setDoubtHidden({ actorId: admin.id, doubtId: c2Ids[0], hidden: true })
    expect(await ids({ courseId: c2.id, status: 'all' })).toEqual([...c2Ids].reverse())
    expect(await ids({ courseId: c1.id, status: 'open' })).toHaveLength(16)
    expect(await ids({ quizId: quiz.id, status: 'all' })).toEqual([qIds[3], qIds[2], qIds[1], qIds[0]])
    expect(await ids({ quizId: quiz.id, status: 'open' })).toEqual([qIds[3], qIds[2]])
    // Filters that are not ids are ignored, not errors; a page past the end is empty.
    expect((await inboxPage({ courseId: "x' or 1=1", status: 'all', page: 1 })).total).toBe(32)
    expect((await inboxPage({ status: 'all', page: 9 })).doubts).toEqual([])

    // What each doubt carries for staff.
    const quizDoubt = (await inboxPage({ quizId: quiz.id, status: 'answered', page: 1 })).doubts[0]
    expect(quizDoubt).toMatchObject({
      id: qIds[1],
      body: 'quiz doubt 1',
      learner: { id: asker.id, name: 'Inbox Asker', email: asker.email },
      lecture: null,
      question: { quizId: quiz.id, quizTitle: 'Inbox paper', questionId: quiz.questionIds[1], key: 'C' },
    })
    expect(quizDoubt.question?.optionsHtml).toHaveLength(4)
    const lectureDoubt = (await inboxPage({ courseId: c2.id, status: 'hidden', page: 1 })).doubts[0]
    expect(lectureDoubt).toMatchObject({
      hidden: true,
      question: null,
      lecture: { courseId: c2.id, lectureId: c2.lectureIds[0], lectureTitle: 'Lecture 1', lectureExists: true },
    })
    expect(lectureDoubt.lecture?.courseTitle).toBeTruthy()

    const choices = await inboxFilterChoices()
    expect(choices.courses.map((x) => x.id).sort()).toEqual([c1.id, c2.id].sort())
    expect(choices.quizzes).toEqual([{ id: quiz.id, title: 'Inbox paper' }])
  })
})

// ---- a learner's own ---------------------------------------------------------------------------------------------

describe("a learner's own doubts and the images", () => {
  test('myDoubts newest first with where each was asked; answeredDoubtCount', async () => {
    const c = await course()
    const quiz = await createQuiz(db, { title: 'Mine paper' })
    const me = await learner()
    await enrol(db, { userId: me.id, courseId: c.id })
    await submitPaper(me.id, quiz.id)
    const t0 = Date.now() - 2 * HOUR
    const l = await ask(me, await lectureTarget(me, c.id, c.lectureIds[0]), 'On the lecture', { now: new Date(t0) })
    const q = await ask(me, await questionTarget(me, quiz.id, quiz.questionIds[0]), 'On the question', {
      now: new Date(t0 + MIN),
    })
    expect(await answeredDoubtCount(me.id)).toBe(0)
    await answer(l)
    expect(await answeredDoubtCount(me.id)).toBe(1)
    await resolveDoubt({ actorId: admin.id, doubtId: q })
    expect(await answeredDoubtCount(me.id)).toBe(1)
    await setDoubtHidden({ actorId: admin.id, doubtId: q, hidden: true })
    const mine = await myDoubts(me)
    expect(mine.total).toBe(2)
    expect(mine.doubts.map((d) => d.id)).toEqual([q, l])
    expect(mine.doubts[0]).toMatchObject({
      mine: true,
      hidden: true,
      status: 'resolved',
      where: { kind: 'question', quizId: quiz.id, questionId: quiz.questionIds[0], title: 'Mine paper' },
    })
    expect(mine.doubts[1]).toMatchObject({
      status: 'answered',
      where: { kind: 'lecture', courseId: c.id, lectureId: c.lectureIds[0], title: 'Lecture 1' },
    })
    expect((await myDoubts(await learner())).doubts).toEqual([])
  })

  test('/profile/doubts: after access ends the learner keeps their questions but not the answers behind it', async () => {
    // A paid paper opened by a course that grants quiz access, and a lecture of that course.
    const c = await course(1, { grantsQuizAccess: true })
    const quiz = await createQuiz(db, { title: 'Paid paper', category: 'paid' })
    const me = await learner()
    await enrol(db, { userId: me.id, courseId: c.id })
    await submitPaper(me.id, quiz.id)
    const l = await ask(me, await lectureTarget(me, c.id, c.lectureIds[0]), 'Why does ATP synthase turn?')
    const q = await ask(me, await questionTarget(me, quiz.id, quiz.questionIds[0]), 'Why is B wrong?')
    await answer(l, 'Proton motive force.')
    await answer(q, 'B is the distractor.')
    const answers = async () =>
      Object.fromEntries(
        (await myDoubts(me)).doubts.map((d) => [d.id, [d.bodyHtml, d.answer?.bodyHtml ?? null, d.answerLocked]]),
      )
    expect(await answers()).toEqual({
      [l]: [expect.stringContaining('ATP synthase'), expect.stringContaining('Proton motive force'), false],
      [q]: [expect.stringContaining('Why is B wrong'), expect.stringContaining('distractor'), false],
    })

    await setCourseAccess({ actorId: admin.id, userId: me.id, courseId: c.id, active: false })
    expect(await answers()).toEqual({
      [l]: [expect.stringContaining('ATP synthase'), null, true],
      [q]: [expect.stringContaining('Why is B wrong'), null, true],
    })
    // The page says so, and carries neither answer.
    const cookie = await signedInCookie(me.id)
    const page = await callRoute(myDoubtsPage.loader, '/profile/doubts', { cookie })
    const text = JSON.stringify(page.data)
    expect(text).not.toContain('Proton motive force')
    expect(text).not.toContain('distractor')
    expect(text).toContain('ATP synthase')
  })

  test('doubtImageFor: the asker before the answer; others once answered and shown; nobody without access', async () => {
    const c = await course()
    const [asker, other, stranger] = [await learner(), await learner(), await learner()]
    await enrol(db, { userId: asker.id, courseId: c.id })
    await enrol(db, { userId: other.id, courseId: c.id })
    const target = await lectureTarget(asker, c.id, c.lectureIds[0])
    const out = await askDoubt({ viewer: asker, target, doubt: { body: 'Look', image: pngBytes() } })
    if (!out.ok) throw new Error(out.message)
    const id = out.doubtId
    const key = (await db.selectFrom('doubt_texts').select('image_key').where('doubt_id', '=', id).executeTakeFirst())!
      .image_key
    expect(await doubtImageFor(asker, id, 'question')).toBe(key)
    expect(await doubtImageFor(other, id, 'question')).toBeNull()
    expect(await doubtImageFor(admin, id, 'question')).toBe(key)
    expect(await doubtImageFor(asker, id, 'answer')).toBeNull()
    expect(await doubtImageFor(asker, id, 'nonsense')).toBeNull()
    await answerDoubt({ actorId: admin.id, doubtId: id, body: 'See mine', image: pngBytes(3, 3), origin: ORIGIN })
    const answerKey = (await doubtRow(id)).answer_image_key
    expect(await doubtImageFor(other, id, 'question')).toBe(key)
    expect(await doubtImageFor(other, id, 'answer')).toBe(answerKey)
    expect(await doubtImageFor(stranger, id, 'question')).toBeNull()
    expect(await doubtImageFor(stranger, id, 'answer')).toBeNull()
    await setDoubtHidden({ actorId: admin.id, doubtId: id, hidden: true })
    expect(await doubtImageFor(other, id, 'answer')).toBeNull()
    expect(await doubtImageFor(asker, id, 'question')).toBe(key)
    expect(await doubtImageFor(instructor, id, 'answer')).toBe(answerKey)
    // The asker whose access ended reads their own image no more.
    await setCourseAccess({ actorId: admin.id, userId: asker.id, courseId: c.id, active: false })
    expect(await doubtImageFor(asker, id, 'question')).toBeNull()
  })
})
