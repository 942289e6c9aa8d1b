import { sql } from 'kysely'
import { DOUBT_MAX_CHARS, DOUBT_MESSAGES, normaliseBody } from '~/lib/doubts/rules'
import { isId } from '~/lib/ids'
import { recordAudit } from '~/models/audit/audit.server'
import { sendMailQuietly } from '~/services/mail.server'
import { getStorage } from '~/services/storage.server'
import { db } from '~/utils/db.server'
import { checkDoubtImage, renderDoubtBody, storeDoubtImage } from './ask.server'
import { doubtAnchor, lectureDoubtsPath, questionDoubtsPath } from './paths'

// Staff work on a doubt (decision 034): answer it (markup and an optional image; answering again replaces the
// answer), resolve it, hide it from learners or show it again. Each is audited. The learner is e-mailed once, the
// first time their doubt is answered (`answer_mailed_at` claimed by one update, so two staff answering together
// still send one). The e-mail names where to read the answer, not the answer: the page checks access when it is
// opened, so an e-mail never carries what its reader may no longer open.

export type StaffOutcome =
  { ok: true; message: string } | { ok: false; status: 400 | 404; field?: 'body' | 'image'; message: string }

const MESSAGES = {
  answered: 'Answer saved. The learner has been told.',
  reanswered: 'Answer saved.',
  resolved: 'Marked as resolved.',
  hidden: 'Hidden from learners.',
  shown: 'Shown to learners again.',
} as const

async function doubtRow(doubtId: string | undefined) {
  if (!isId(doubtId)) return undefined
  return db
    .selectFrom('doubts')
    .select(['id', 'status', 'hidden', 'answer_image_key', 'answered_at', 'user_id', 'lecture_id', 'course_id'])
    .select(['quiz_id', 'question_id', 'lecture_title'])
    .where('id', '=', doubtId)
    .executeTakeFirst()
}

/** Answers (or re-answers) a doubt. */
export async function answerDoubt(input: {
  actorId: string
  doubtId: string | undefined
  body: unknown
  image?: Uint8Array | null
  origin: string
  now?: Date
}): Promise<StaffOutcome> {
  const row = await doubtRow(input.doubtId)
  if (!row) return { ok: false, status: 404, message: DOUBT_MESSAGES.notFound }
  const body = normaliseBody(input.body)
  if (!body) return { ok: false, status: 400, field: 'body', message: DOUBT_MESSAGES.answerMissing }
  if (body.length > DOUBT_MAX_CHARS)
    return { ok: false, status: 400, field: 'body', message: DOUBT_MESSAGES.answerTooLong }
  const rendered = renderDoubtBody(body)
  if (!rendered.ok)
    return { ok: false, status: 400, field: 'body', message: `The answer could not be shown: ${rendered.error}.` }
  const checked = checkDoubtImage(input.image)
  if (!checked.ok) return { ok: false, status: 400, field: 'image', message: checked.message }
  const imageKey = checked.image ? await storeDoubtImage(checked.image) : row.answer_image_key
  const at = (input.now ?? new Date()).toISOString()
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('doubts')
      .set({
        answer_body: body,
        answer_html: rendered.html,
        answer_image_key: imageKey,
        answered_by: input.actorId,
        answered_at: at,
        // A resolved doubt stays resolved; an open one is now answered.
        status: sql`case when status = 'resolved' then 'resolved' else 'answered' end`,
        queue: 1,
        updated_at: at,
      })
      .where('id', '=', row.id)
      .execute()
    await recordAudit({ actorId: input.actorId, action: 'doubt.answer', targetType: 'doubt', targetId: row.id }, trx)
  })
  // A new image replaces the old one's file.
  if (checked.image && row.answer_image_key)
    await getStorage()
      .delete(row.answer_image_key)
      .catch(() => undefined)
  const mailed = await mailAnswerOnce(row.id, input.origin, at)
  return { ok: true, message: row.answered_at || !mailed ? MESSAGES.reanswered : MESSAGES.answered }
}

/** Sends the "your doubt was answered" e-mail if it has not gone yet; true when this call sent it. */
async function mailAnswerOnce(doubtId: string, origin: string, at: string): Promise<boolean> {
  const claimed = await db
    .updateTable('doubts')
    .set({ answer_mailed_at: at })
    .where('id', '=', doubtId)
    .where('answer_mailed_at', 'is', null)
    .where('user_id', 'is not', null)
    .returning(['id', 'user_id', 'course_id', 'lecture_id', 'lecture_title', 'quiz_id', 'question_id'])
    .executeTakeFirst()
  if (!claimed?.user_id) return false
  const learner = await db
    .selectFrom('users')
    .select(['name', 'email'])
    .where('id', '=', claimed.user_id)
    .executeTakeFirst()
  if (!learner) return false
  let where: string
  let path: string
  if (claimed.lecture_id && claimed.course_id) {
    where = `the lecture "${claimed.lecture_title ?? ''}"`
    path = lectureDoubtsPath(claimed.course_id, claimed.lecture_id)
  } else {
    const quiz = claimed.quiz_id
      ? await db.selectFrom('quizzes').select('title').where('id', '=', claimed.quiz_id).executeTakeFirst()
      : undefined
    where = `a question of "${quiz?.title ?? 'a test'}"`
    path = questionDoubtsPath(claimed.quiz_id ?? '', claimed.question_id ?? '')
  }
  const link = `${origin}${path}#${doubtAnchor(claimed.id)}`
  const sent = await sendMailQuietly({
    to: learner.email,
    subject: 'Your doubt has been answered',
    text: `Hello ${learner.name},\n\nA teacher has answered your doubt on ${where}.\n\nRead the answer: ${link}\n`,
  })
  // Not sent (the mail server is down): the claim is given back, so answering again sends it.
  if (!sent) await db.updateTable('doubts').set({ answer_mailed_at: null }).where('id', '=', claimed.id).execute()
  return sent
}

/** Marks a doubt resolved (with or without an answer: a duplicate, or settled elsewhere). */
export async function resolveDoubt(input: {
  actorId: string
  doubtId: string | undefined
  now?: Date
}): Promise<StaffOutcome> {
  const row = await doubtRow(input.doubtId)
  if (!row) return { ok: false, status: 404, message: DOUBT_MESSAGES.notFound }
  const at = (input.now ?? new Date()).toISOString()
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('doubts')
      .set({ status: 'resolved', queue: 1, updated_at: at })
      .where('id', '=', row.id)
      .execute()
    await recordAudit({ actorId: input.actorId, action: 'doubt.resolve', targetType: 'doubt', targetId: row.id }, trx)
  })
  return { ok: true, message: MESSAGES.resolved }
}

/** Hides a doubt from every learner (its asker too), or shows it again; audited with the choice. */
export async function setDoubtHidden(input: {
  actorId: string
  doubtId: string | undefined
  hidden: boolean
  now?: Date
}): Promise<StaffOutcome> {
  const row = await doubtRow(input.doubtId)
  if (!row) return { ok: false, status: 404, message: DOUBT_MESSAGES.notFound }
  const at = (input.now ?? new Date()).toISOString()
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('doubts')
      .set({
        hidden: input.hidden ? 1 : 0,
        // A hidden doubt leaves the unanswered queue (nobody owes it an answer); shown again, it returns to it unless
        // it was answered or resolved meanwhile.
        queue: input.hidden ? 1 : sql<number>`case when status = 'open' then 0 else 1 end`,
        updated_at: at,
      })
      .where('id', '=', row.id)
      .execute()
    await recordAudit(
      {
        actorId: input.actorId,
        action: input.hidden ? 'doubt.hide' : 'doubt.show',
        targetType: 'doubt',
        targetId: row.id,
      },
      trx,
    )
  })
  return { ok: true, message: input.hidden ? MESSAGES.hidden : MESSAGES.shown }
}
