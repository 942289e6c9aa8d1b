import { DOUBT_MESSAGES, INBOX_PAGE_SIZE } from '~/lib/doubts/rules'
import { isId } from '~/lib/ids'
import { isStaff } from '~/lib/roles'
import { db } from '~/utils/db.server'
import { canReadDoubt, type Viewer } from './access.server'
import { doubtColumns, doubtItem, doubtsWithText, type DoubtItem } from './threads.server'

// A learner's side of doubts beyond asking (decision 034): 'This helped me', their own list on /profile/doubts, the
// count on their profile, and who may fetch a doubt's image.

export type HelpOutcome = { ok: true; helped: number } | { ok: false; status: 403 | 404 | 400; message: string }

/**
 * 'This helped me' on an answered doubt the viewer may read: one per learner (a second press changes nothing), not
 * on their own doubt. The count is the rows' own (`doubts.helped` moves only when a row is added).
 */
export async function markHelped(viewer: Viewer, doubtId: string | undefined, now = new Date()): Promise<HelpOutcome> {
  const doubt = isId(doubtId)
    ? await db
        .selectFrom('doubts')
        .select(['id', 'user_id', 'hidden', 'answered_at', 'lecture_id', 'course_id', 'quiz_id', 'question_id'])
        .where('id', '=', doubtId)
        .executeTakeFirst()
    : undefined
  if (!doubt || Number(doubt.hidden) === 1) return { ok: false, status: 404, message: DOUBT_MESSAGES.notFound }
  if (!(await canReadDoubt(viewer, doubt, now))) return { ok: false, status: 403, message: DOUBT_MESSAGES.noAccess }
  if (!doubt.answered_at) return { ok: false, status: 400, message: DOUBT_MESSAGES.notAnswered }
  if (doubt.user_id === viewer.id) return { ok: false, status: 400, message: DOUBT_MESSAGES.ownDoubt }
  const helped = await db.transaction().execute(async (trx) => {
    const added = await trx
      .insertInto('doubt_helps')
      .values({ doubt_id: doubt.id, user_id: viewer.id, created_at: now.toISOString() })
      .onConflict((oc) => oc.columns(['doubt_id', 'user_id']).doNothing())
      .executeTakeFirst()
    if (Number(added.numInsertedOrUpdatedRows ?? 0) > 0)
      await trx
        .updateTable('doubts')
        .set((eb) => ({ helped: eb('helped', '+', 1) }))
        .where('id', '=', doubt.id)
        .execute()
    const row = await trx.selectFrom('doubts').select('helped').where('id', '=', doubt.id).executeTakeFirstOrThrow()
    return Number(row.helped)
  })
  return { ok: true, helped }
}

export type MyDoubt = DoubtItem & {
  /**
   * The doubt has an answer the learner may not read now: the lecture's course or the question's paper is no longer
   * open to them (access ended, revoked, refunded), so `answer` is left out, as the thread pages leave it out.
   */
  answerLocked: boolean
  where:
    | { kind: 'lecture'; courseId: string | null; lectureId: string; title: string | null }
    | { kind: 'question'; quizId: string; questionId: string; title: string | null }
}

/**
 * A learner's own doubts, newest first, with where each was asked (hidden ones say so). Their own question is always
 * theirs to read; the staff answer only while they may read the thread now (canReadDoubt, the rule every doubt page
 * uses), read once per lecture or question of the page.
 */
export async function myDoubts(
  viewer: Viewer,
  page = 1,
  now = new Date(),
): Promise<{ doubts: MyDoubt[]; total: number; pages: number }> {
  const userId = viewer.id
  const [countRow, rows] = await Promise.all([
    db
      .selectFrom('doubts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    doubtsWithText()
      .select(doubtColumns)
      .select(['d.course_id', 'd.lecture_id', 'd.lecture_title', 'd.quiz_id', 'd.question_id'])
      .where('d.user_id', '=', userId)
      .orderBy('d.created_at', 'desc')
      .orderBy('d.id', 'desc')
      .limit(INBOX_PAGE_SIZE)
      .offset((Math.max(1, page) - 1) * INBOX_PAGE_SIZE)
      .execute(),
  ])
  const quizIds = [...new Set(rows.map((r) => r.quiz_id).filter((v): v is string => !!v))]
  const quizzes = quizIds.length
    ? new Map(
        (await db.selectFrom('quizzes').select(['id', 'title']).where('id', 'in', quizIds).execute()).map((q) => [
          q.id,
          q.title,
        ]),
      )
    : new Map<string, string>()
  const total = Number(countRow?.n ?? 0)
  const readable = new Map<string, Promise<boolean>>()
  const mayRead = (r: (typeof rows)[number]) => {
    const about = `${r.lecture_id ?? ''}:${r.course_id ?? ''}:${r.quiz_id ?? ''}:${r.question_id ?? ''}`
    if (!readable.has(about)) readable.set(about, canReadDoubt(viewer, r, now))
    return readable.get(about)!
  }
  const open = await Promise.all(rows.map((r) => (r.answered_at ? mayRead(r) : true)))
  return {
    total,
    pages: Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE)),
    doubts: rows.map((r, i) => ({
      ...doubtItem(r, userId, new Set()),
      ...(open[i] ? { answerLocked: false } : { answer: null, answerLocked: true }),
      where: r.lecture_id
        ? { kind: 'lecture' as const, courseId: r.course_id, lectureId: r.lecture_id, title: r.lecture_title }
        : {
            kind: 'question' as const,
            quizId: r.quiz_id ?? '',
            questionId: r.question_id ?? '',
            title: quizzes.get(r.quiz_id ?? '') ?? null,
          },
    })),
  }
}

/** How many of a learner's doubts have an answer ('2 doubts answered' on the profile). */
export async function answeredDoubtCount(userId: string): Promise<number> {
  const row = await db
    .selectFrom('doubts')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('answered_at', 'is not', null)
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/**
 * The stored key of a doubt's image for `viewer`, or null (not there, or not theirs to see): staff; the asker for
 * their own doubt's image while they may read the thread; anyone who may read the thread once it is answered and
 * not hidden.
 */
export async function doubtImageFor(
  viewer: Viewer,
  doubtId: string | undefined,
  which: string | undefined,
  now = new Date(),
): Promise<string | null> {
  if (!isId(doubtId) || (which !== 'question' && which !== 'answer')) return null
  const doubt = await db
    .selectFrom('doubts as d')
    .leftJoin('doubt_texts as t', 't.doubt_id', 'd.id')
    .select([
      'd.id',
      'd.user_id',
      'd.hidden',
      'd.answered_at',
      'd.lecture_id',
      'd.course_id',
      'd.quiz_id',
      'd.question_id',
    ])
    .select(['d.answer_image_key', 't.image_key'])
    .where('d.id', '=', doubtId)
    .executeTakeFirst()
  const key = doubt ? (which === 'answer' ? doubt.answer_image_key : doubt.image_key) : null
  if (!doubt || !key) return null
  if (!(await canReadDoubt(viewer, doubt, now))) return null
  const staffOrAsker = isStaff(viewer.role) || doubt.user_id === viewer.id
  if (!staffOrAsker && (Number(doubt.hidden) === 1 || !doubt.answered_at)) return null
  return key
}
