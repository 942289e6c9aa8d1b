import { isId } from '~/lib/ids'
import { isStaff } from '~/lib/roles'
import { paperReach } from '~/lib/quiz/visibility'
import { DOUBT_MESSAGES } from '~/lib/doubts/rules'
import type { Role } from '#db/schema'
import { courseAccess } from '~/models/enrolment/access.server'
import { quizGate } from '~/models/quiz/access.server'
import { db } from '~/utils/db.server'

// Who may read and ask doubts: the access rule of what a doubt is about, read when used (decision 034).
// - A lecture's doubts: whoever may open its course now (`courseAccess`: an open enrolment, or staff). An ended,
//   revoked or refunded enrolment, or none, reads nothing.
// - A question's doubts: staff, or a learner who passes the paper's quiz gate now, whose results are not withheld
//   (a live mock before publication), and who has SUBMITTED an attempt of that paper that showed the question
//   (keys and explanations are in the thread: never before submission). The thread is the question's, across its
//   versions (`question_key`), as the paper's review is.

export type Viewer = { id: string; role: Role }

/** What a doubt is about, resolved from the address: a lecture (with its course) or a question of a paper. */
export type DoubtTarget =
  | { kind: 'lecture'; lectureId: string; lectureTitle: string; courseId: string }
  | { kind: 'question'; quizId: string; questionId: string; questionKey: string }

export type TargetRefusal = { ok: false; status: 403 | 404; message: string }
export type TargetAccess = { ok: true; target: DoubtTarget; staff: boolean } | TargetRefusal

const notFound = (message: string): TargetRefusal => ({ ok: false, status: 404, message })
const refused = (message: string): TargetRefusal => ({ ok: false, status: 403, message })

/** A lecture's doubts for `viewer` now; `courseId`, when the address names one, must be the lecture's. */
export async function lectureDoubtAccess(
  viewer: Viewer,
  lectureId: string | undefined,
  opts: { courseId?: string; now?: Date } = {},
): Promise<TargetAccess> {
  if (!isId(lectureId)) return notFound(DOUBT_MESSAGES.lectureGone)
  const lecture = await db
    .selectFrom('lectures')
    .innerJoin('sections', 'sections.id', 'lectures.section_id')
    .select(['lectures.id', 'lectures.title', 'sections.course_id'])
    .where('lectures.id', '=', lectureId)
    .executeTakeFirst()
  if (!lecture || (opts.courseId && lecture.course_id !== opts.courseId)) return notFound(DOUBT_MESSAGES.lectureGone)
  const access = await courseAccess(viewer, lecture.course_id, opts.now)
  if (!access.ok) return refused(DOUBT_MESSAGES.noAccess)
  return {
    ok: true,
    staff: isStaff(viewer.role),
    target: { kind: 'lecture', lectureId: lecture.id, lectureTitle: lecture.title, courseId: lecture.course_id },
  }
}

/** A question's doubts for `viewer` now: `questionId` must be a version (a row) of this paper. */
export async function questionDoubtAccess(
  viewer: Viewer,
  quizId: string | undefined,
  questionId: string | undefined,
  now = new Date(),
): Promise<TargetAccess> {
  if (!isId(quizId) || !isId(questionId)) return notFound(DOUBT_MESSAGES.questionGone)
  const question = await db
    .selectFrom('questions')
    .select(['id', 'bank_question_id'])
    .where('id', '=', questionId)
    .where('quiz_id', '=', quizId)
    .executeTakeFirst()
  if (!question) return notFound(DOUBT_MESSAGES.questionGone)
  const target: DoubtTarget = {
    kind: 'question',
    quizId,
    questionId: question.id,
    questionKey: question.bank_question_id ?? question.id,
  }
  if (isStaff(viewer.role)) return { ok: true, staff: true, target }
  const gate = await quizGate(viewer, quizId, now)
  if (!gate.ok)
    return gate.reason === 'not-found' ? notFound(DOUBT_MESSAGES.questionGone) : refused(DOUBT_MESSAGES.noAccess)
  // A submitted attempt of this paper (not a practice set's) that showed a version of this question: the learner
  // has seen its key. A question added to the paper after their attempt is not theirs to discuss until an attempt
  // shows it (a practice attempt does). "Showed" is the attempts' own rule (questionsShownAt in
  // app/models/quiz/catalog.server.ts: created by the start, archived only after it).
  const submitted = await db
    .selectFrom('attempts as a')
    .select('a.id')
    .where('a.user_id', '=', viewer.id)
    .where('a.quiz_id', '=', quizId)
    .where('a.submitted_at', 'is not', null)
    .where('a.practice_set_id', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('questions as q')
          .select('q.id')
          .whereRef('q.quiz_id', '=', 'a.quiz_id')
          .where((qb) =>
            qb.or([qb('q.bank_question_id', '=', target.questionKey), qb('q.id', '=', target.questionKey)]),
          )
          .whereRef('q.created_at', '<=', 'a.started_at')
          .where((qb) => qb.or([qb('q.archived_at', 'is', null), qb('q.archived_at', '>', qb.ref('a.started_at'))])),
      ),
    )
    .limit(1)
    .executeTakeFirst()
  // Keys and explanations are in the thread: what the paper visibility rule lets reach a learner who submitted it
  // (app/lib/quiz/visibility.ts; a live mock's only once its results are published). The gate has checked access.
  const reach = paperReach(gate.quiz, {
    staff: false,
    opensPaid: true,
    phase: gate.live?.phase ?? null,
    submitted: Boolean(submitted),
  })
  if (!reach.keys) return refused(DOUBT_MESSAGES.notSubmitted)
  return { ok: true, staff: false, target }
}

/** The row fields that say what a doubt is about (enough to re-check access to it). */
export type DoubtAbout = {
  lecture_id: string | null
  course_id: string | null
  quiz_id: string | null
  question_id: string | null
}

/**
 * Whether `viewer` may read this doubt now: staff always (a deleted lecture's or a retired question's doubts stay
 * readable to them); anyone else by the rule of what it is about.
 */
export async function canReadDoubt(viewer: Viewer, doubt: DoubtAbout, now = new Date()): Promise<boolean> {
  if (isStaff(viewer.role)) return true
  if (doubt.lecture_id)
    return (await lectureDoubtAccess(viewer, doubt.lecture_id, { courseId: doubt.course_id ?? undefined, now })).ok
  if (doubt.quiz_id && doubt.question_id)
    return (await questionDoubtAccess(viewer, doubt.quiz_id, doubt.question_id, now)).ok
  return false
}
