import type { ExpressionBuilder } from 'kysely'
import type { DoubtStatus } from '#db/schema'
import { DOUBTS_PAGE_SIZE } from '~/lib/doubts/rules'
import { db } from '~/utils/db.server'
import type { DoubtTarget, Viewer } from './access.server'

// What a learner reads under a lecture or a question (decision 034): the answered doubts nobody hid, newest first,
// DOUBTS_PAGE_SIZE a page, and on the first page their own doubts still waiting for an answer. The caller has
// checked access to the target (./access.server.ts); nothing here decides who may read.

export type DoubtAnswer = { body: string; bodyHtml: string; imageUrl: string | null; answeredAt: string }

/** A doubt as pages and the API show it. `body` is null once the learner's account is deleted. */
export type DoubtItem = {
  id: string
  body: string | null
  bodyHtml: string | null
  imageUrl: string | null
  videoAt: number | null
  status: DoubtStatus
  hidden: boolean
  answer: DoubtAnswer | null
  helped: number
  helpedByMe: boolean
  mine: boolean
  createdAt: string
}

export type Thread = {
  /** Answered public doubts of the target, all pages together ('Answered doubts (3)'). */
  answeredCount: number
  page: number
  pages: number
  answered: DoubtItem[]
  /** The viewer's own doubts not answered yet (first page only). */
  pending: DoubtItem[]
}

/** The address of a doubt's image ('question': the learner's; 'answer': the teacher's), served after an access check. */
export const doubtImageUrl = (doubtId: string, which: 'question' | 'answer') => `/doubt-images/${doubtId}/${which}`

// Any query with `doubts as d` in scope (alone or joined with its text).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type DoubtScope = ExpressionBuilder<any, any>
/** The doubts of one lecture, or of one question (across its versions) of one paper. */
export function aboutTarget(target: DoubtTarget) {
  return (eb: DoubtScope) =>
    target.kind === 'lecture'
      ? eb('d.lecture_id', '=', target.lectureId)
      : eb.and([eb('d.quiz_id', '=', target.quizId), eb('d.question_key', '=', target.questionKey)])
}

export const doubtColumns = [
  'd.id',
  'd.user_id',
  'd.video_at',
  'd.status',
  'd.hidden',
  'd.helped',
  'd.answer_body',
  'd.answer_html',
  'd.answer_image_key',
  'd.answered_at',
  'd.created_at',
  't.body',
  't.body_html',
  't.image_key',
] as const

export function doubtsWithText() {
  return db.selectFrom('doubts as d').leftJoin('doubt_texts as t', 't.doubt_id', 'd.id')
}

type DoubtRow = {
  id: string
  user_id: string | null
  video_at: number | null
  status: DoubtStatus
  hidden: number
  helped: number
  answer_body: string | null
  answer_html: string | null
  answer_image_key: string | null
  answered_at: string | null
  created_at: string
  body: string | null
  body_html: string | null
  image_key: string | null
}

export function doubtItem(row: DoubtRow, viewerId: string | null, helpedByMe: ReadonlySet<string>): DoubtItem {
  return {
    id: row.id,
    body: row.body,
    bodyHtml: row.body_html,
    imageUrl: row.image_key ? doubtImageUrl(row.id, 'question') : null,
    videoAt: row.video_at === null ? null : Number(row.video_at),
    status: row.status,
    hidden: Number(row.hidden) === 1,
    answer:
      row.answer_html !== null && row.answered_at
        ? {
            body: row.answer_body ?? '',
            bodyHtml: row.answer_html,
            imageUrl: row.answer_image_key ? doubtImageUrl(row.id, 'answer') : null,
            answeredAt: row.answered_at,
          }
        : null,
    helped: Number(row.helped),
    helpedByMe: helpedByMe.has(row.id),
    mine: viewerId !== null && row.user_id === viewerId,
    createdAt: row.created_at,
  }
}

/** Which of these doubts the viewer has marked 'This helped me'. */
export async function helpedAmong(userId: string, doubtIds: readonly string[]): Promise<Set<string>> {
  if (doubtIds.length === 0) return new Set()
  const rows = await db
    .selectFrom('doubt_helps')
    .select('doubt_id')
    .where('user_id', '=', userId)
    .where('doubt_id', 'in', [...doubtIds])
    .execute()
  return new Set(rows.map((r) => r.doubt_id))
}

/** The doubts a viewer with access reads under a lecture or a question, page `page` (from 1). */
export async function threadFor(viewer: Viewer, target: DoubtTarget, page = 1): Promise<Thread> {
  const answeredPublic = (eb: DoubtScope) =>
    eb.and([
      aboutTarget(target)(eb),
      eb('d.hidden', '=', 0),
      eb('d.queue', '=', 1),
      eb('d.answer_html', 'is not', null),
    ])
  const [countRow, answeredRows, pendingRows] = await Promise.all([
    db
      .selectFrom('doubts as d')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(answeredPublic)
      .executeTakeFirst(),
    doubtsWithText()
      .select(doubtColumns)
      .where(answeredPublic)
      .orderBy('d.created_at', 'desc')
      .orderBy('d.id', 'desc')
      .limit(DOUBTS_PAGE_SIZE)
      .offset((Math.max(1, page) - 1) * DOUBTS_PAGE_SIZE)
      .execute(),
    page > 1
      ? Promise.resolve([])
      : doubtsWithText()
          .select(doubtColumns)
          .where(aboutTarget(target))
          .where('d.user_id', '=', viewer.id)
          .where('d.queue', '=', 0)
          .where('d.hidden', '=', 0)
          .orderBy('d.created_at', 'desc')
          .execute(),
  ])
  const answeredCount = Number(countRow?.n ?? 0)
  const helped = await helpedAmong(
    viewer.id,
    answeredRows.map((r) => r.id),
  )
  return {
    answeredCount,
    page: Math.max(1, page),
    pages: Math.max(1, Math.ceil(answeredCount / DOUBTS_PAGE_SIZE)),
    answered: answeredRows.map((r) => doubtItem(r, viewer.id, helped)),
    pending: pendingRows.map((r) => doubtItem(r, viewer.id, new Set())),
  }
}

/**
 * Answered public doubts of each of these question versions of a paper (by their thread, `question_key`), for the
 * result page's 'Answered doubts (3)' links; a question without any is absent.
 */
export async function answeredCountsFor(quizId: string, questionIds: readonly string[]): Promise<Map<string, number>> {
  if (questionIds.length === 0) return new Map()
  const [keys, counts] = await Promise.all([
    db
      .selectFrom('questions')
      .select(['id', 'bank_question_id'])
      .where('id', 'in', [...questionIds])
      .execute(),
    db
      .selectFrom('doubts as d')
      .select(['d.question_key', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('d.quiz_id', '=', quizId)
      .where('d.hidden', '=', 0)
      .where('d.queue', '=', 1)
      .where('d.answer_html', 'is not', null)
      .groupBy('d.question_key')
      .execute(),
  ])
  const byKey = new Map(counts.map((r) => [r.question_key ?? '', Number(r.n)]))
  const out = new Map<string, number>()
  for (const q of keys) {
    const n = byKey.get(q.bank_question_id ?? q.id)
    if (n) out.set(q.id, n)
  }
  return out
}
