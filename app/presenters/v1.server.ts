import type { z } from 'zod'
import { formatAttemptedAt } from '~/lib/dates'
import type { LeaderboardEntry } from '~/models/quiz/standing.server'
import type { QuizResult } from '~/models/quiz/result.server'
import type { CreatedCourse, StaffCourse } from '~/models/catalogue/course-authoring.server'
import type { CourseRow, CourseWithCount } from '~/models/catalogue/course.server'
import type { CourseUser, EnrollmentRow } from '~/models/enrolment/staff.server'
import type { WebhookOutcome } from '~/models/money/payment-callbacks.server'
import type { QuizForEdit, StaffQuizListRow } from '~/models/quiz/editing.server'
import type { QuizResultRow } from '~/models/quiz/staff-results.server'
import type { LearnerQuestion, QuizRow } from '~/models/quiz/catalog.server'
import type { FullCourse, LectureRow, SectionSummary } from '~/models/catalogue/section.server'
import type { QuizPrice } from '~/models/catalogue/settings.server'
import { openCourseIds } from '~/models/enrolment/access.server'
import { getAttemptedQuizIds, type UserListRow, type UserRow } from '~/models/accounts/user.server'
import type * as shapes from './v1-shapes'
import { marksFromStorage, marksToNumber } from '~/lib/quiz/marks'
import { marksText } from '~/lib/quiz/marks'
import { windowToIso } from '~/lib/quiz/window-input'

// The one place that turns domain rows into the legacy v1 wire shapes (docs/legacy-api.md §3): Mongo-style `_id` and
// `__v: 0`, optional strings absent when unset, each route's own key order. Models never build these.

type Shape<K extends keyof typeof shapes> = (typeof shapes)[K] extends z.ZodType ? z.infer<(typeof shapes)[K]> : never

/** Adds `key: value` only when the value is truthy (docs/legacy-api.md §1.6: unset strings are absent, not null). */
const whenSet = <K extends string>(key: K, value: string | null | undefined) =>
  value ? ({ [key]: value } as Record<K, string>) : {}

/**
 * docs/legacy-api.md §3 User, built from an explicit list of fields so password, codes and proofs can never leak
 * (§5 #7).
 */
export async function presentUser(user: UserRow, options: { withVersion?: boolean } = {}): Promise<Shape<'UserShape'>> {
  const [enrolledCourses, attemptedQuizzes] = await Promise.all([openCourseIds(user.id), getAttemptedQuizIds(user.id)])
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    isPremiumMember: user.is_premium_member === 1,
    hasAccessToQuizzes: user.paidQuizAccess,
    attemptedQuizzes,
    enrolledCourses,
    role: user.role,
    createdAt: user.created_at,
    updatedAt: user.updated_at,
    ...whenSet('mobileNumber', user.mobile_number),
    ...whenSet('profileImage', user.profile_image),
    ...whenSet('instituteName', user.institute_name),
    ...whenSet('presentCourseOfStudy', user.present_course_of_study),
    ...(options.withVersion ? { __v: 0 as const } : {}),
  }
}

/** get-all-users: the User minus password, __v, updatedAt, enrolledCourses, presentCourseOfStudy. */
export const listedUserJson = (u: UserListRow & { attemptedQuizIds: string[] }): Shape<'ListedUserShape'> => ({
  _id: u.id,
  name: u.name,
  email: u.email,
  ...whenSet('profileImage', u.profileImage),
  ...whenSet('mobileNumber', u.mobileNumber),
  ...whenSet('instituteName', u.instituteName),
  role: u.role,
  isPremiumMember: u.isPremiumMember,
  hasAccessToQuizzes: u.hasAccessToQuizzes,
  attemptedQuizzes: u.attemptedQuizIds,
  createdAt: u.createdAt,
})

export const courseUserJson = (u: CourseUser): Shape<'CourseUserShape'> => ({
  userId: u.userId,
  name: u.name,
  email: u.email,
  ...whenSet('mobileNumber', u.mobileNumber),
  ...whenSet('profileImage', u.profileImage),
  ...whenSet('instituteName', u.instituteName),
  createdAt: u.createdAt,
  isActive: u.isActive,
  source: u.source,
  ...whenSet('note', u.note),
})

/** The public Course (also the course page's loader data): no whatsappLink, no sections, no __v. */
export const courseJson = (row: CourseRow): Shape<'CourseShape'> => ({
  _id: row.id,
  cardTitle: row.card_title,
  subTitle: row.sub_title,
  courseTag: row.course_tag,
  mode: row.mode,
  language: row.language,
  courseImage: row.course_image,
  actualPrice: row.actual_price,
  discountedPrice: row.discounted_price,
  linkAddress: row.link_address,
  courseTitle: row.course_title,
  courseDescription: row.course_description,
})

/** The course as staff see it (the course API's update): the public shape, the staff-only fields and the draft flag. */
export const staffCourseJson = (c: StaffCourse): Shape<'StaffCourseShape'> => ({
  ...courseJson(c),
  whatsappLink: c.whatsapp_link,
  grantsQuizAccess: c.grants_quiz_access === 1,
  published: c.published === 1,
  accessDays: c.access_days,
})

export const createdCourseJson = (c: CreatedCourse): Shape<'CreatedCourseShape'> => ({
  ...staffCourseJson(c),
  sections: [],
  __v: 0,
})

export const lectureJson = (l: LectureRow, noteURL = l.note_url ?? ''): Shape<'LectureShape'> => ({
  _id: l.id,
  title: l.title,
  videoURL: l.video_url,
  noteTitle: l.note_title ?? '',
  noteURL,
  __v: 0,
})

export const sectionJson = (s: SectionSummary): Shape<'SectionShape'> => ({
  _id: s.id,
  title: s.title,
  lectures: s.lectureIds,
  __v: 0,
})

/** get-full-course; `noteLink` says where each lecture's note is fetched from. */
export const fullCourseJson = (
  course: FullCourse,
  noteLink: (lecture: LectureRow) => string,
): Shape<'FullCourseShape'> => ({
  ...courseJson(course),
  whatsappLink: course.whatsapp_link,
  sections: course.sections.map((s) => ({
    _id: s.id,
    title: s.title,
    __v: 0,
    lectures: s.lectures.map((l) => lectureJson(l, noteLink(l))),
  })),
  __v: 0,
})

export const courseWithCountJson = (c: CourseWithCount): Shape<'CourseWithCountShape'> => ({
  _id: c.id,
  cardTitle: c.cardTitle,
  courseImage: c.courseImage,
  studentCount: c.studentCount,
})

export const enrollmentJson = (e: EnrollmentRow): Shape<'EnrollmentShape'> => ({
  _id: e.id,
  courseId: e.courseId,
  userId: e.userId,
  isActive: e.isActive,
  source: e.source,
  ...whenSet('note', e.note),
  accessUntil: e.accessUntil,
  createdAt: e.createdAt,
  updatedAt: e.updatedAt,
  __v: 0,
})

type CouponRow = {
  id: string
  code: string
  discount: number
  courseId: string
  cardTitle?: string | null
  expiresAt: string | null
  usageLimit: number | null
}

/**
 * The coupons list populates `courseId` as `{_id, cardTitle}` (null once the course is gone); create and delete do not.
 */
export const couponJson = (c: CouponRow, populated: boolean): Shape<'CouponShape'> => ({
  _id: c.id,
  couponCode: c.code,
  discount: c.discount,
  courseId: populated ? (c.cardTitle ? { _id: c.courseId, cardTitle: c.cardTitle } : null) : c.courseId,
  expiresAt: c.expiresAt,
  usageLimit: c.usageLimit,
  __v: 0,
})

export const quizPriceJson = (p: QuizPrice): Shape<'QuizPriceShape'> => ({
  actualPrice: p.actualPrice,
  discountedPrice: p.discountedPrice,
  __v: 0,
})

export const quizListItemJson = (q: QuizRow & { questionIds: string[] }): Shape<'QuizListItemShape'> => ({
  _id: q.id,
  title: q.title,
  description: q.description,
  timeLimit: q.time_limit,
  category: q.category,
  questions: q.questionIds,
})

export const learnerQuizJson = (quiz: QuizRow, questions: LearnerQuestion[]): Shape<'LearnerQuizShape'> => ({
  _id: quiz.id,
  title: quiz.title,
  description: quiz.description,
  category: quiz.category,
  questions: questions.map((q) => ({ _id: q.id, questionText: q.questionText, options: q.options })),
  timeLimit: quiz.time_limit,
  createdAt: quiz.created_at,
  updatedAt: quiz.updated_at,
})

export const submitResultJson = (quizId: string, result: QuizResult): Shape<'SubmitResultShape'> => ({
  success: true,
  quizId,
  score: result.score,
  total: result.total,
  percentage: result.percentage,
  resultDetails: result.details.map((d) => ({
    questionId: d.questionId,
    question: d.question,
    options: d.options,
    selectedOption: d.selectedOption,
    correctAnswer: d.correctAnswer,
    isCorrect: d.isCorrect,
    awardedMarks: d.awardedMarks,
  })),
})

export const leaderboardEntryJson = (quizId: string, e: LeaderboardEntry): Shape<'LeaderboardEntryShape'> => ({
  _id: e.attemptId,
  user: { _id: e.user.id, name: e.user.name, ...whenSet('profileImage', e.user.profileImage) },
  quiz: quizId,
  score: e.score,
  total: e.total,
  attemptedAt: e.submittedAt,
  __v: 0,
})

const unitsToNumber = (units: number) => marksToNumber(marksFromStorage(units))

/** Staff quiz: question ids after create, the questions with their answer key on read and update. */
export function staffQuizJson(q: QuizForEdit, populated: true): Shape<'StaffQuizShape'>
export function staffQuizJson(q: QuizForEdit, populated: false): Shape<'CreatedQuizShape'>
export function staffQuizJson(q: QuizForEdit, populated: boolean) {
  return {
    _id: q.id,
    title: q.title,
    description: q.description,
    category: q.category,
    timeLimit: q.timeLimit,
    questions: populated
      ? q.questions.map((x) => ({
          _id: x.id,
          questionText: x.questionText,
          options: x.options,
          correctOption: x.correctOption,
          ...whenSet('explanation', x.explanation),
          type: x.type,
          marks: unitsToNumber(x.marks),
          negativeMarks: unitsToNumber(x.negativeMarks),
          marksText: marksText(marksFromStorage(x.marks)),
          negativeMarksText: marksText(marksFromStorage(x.negativeMarks)),
          ...(x.correctOptions ? { correctOptions: x.correctOptions } : {}),
          ...(x.answerMin !== undefined ? { answerMin: x.answerMin } : {}),
          ...(x.answerMax !== undefined ? { answerMax: x.answerMax } : {}),
          ...whenSet('section', x.section),
          ...whenSet('topic', x.topic),
          __v: 0 as const,
        }))
      : q.questions.map((x) => x.id),
    markingDefaults: q.markingDefaults
      ? Object.fromEntries(
          Object.entries(q.markingDefaults).map(([t, d]) => [
            t,
            {
              ...(d?.marks === undefined ? {} : { marks: unitsToNumber(d.marks) }),
              ...(d?.negativeMarks === undefined ? {} : { negativeMarks: unitsToNumber(d.negativeMarks) }),
            },
          ]),
        )
      : null,
    // A live mock's window and publication in India time (docs/decisions/029-live-mocks.md).
    opensAt: q.opensAt && windowToIso(q.opensAt),
    closesAt: q.closesAt && windowToIso(q.closesAt),
    registrations: q.registrations,
    resultsPublishedAt: q.resultsPublishedAt && windowToIso(q.resultsPublishedAt),
    createdAt: q.createdAt,
    updatedAt: q.updatedAt,
    __v: 0 as const,
  }
}

export const staffQuizListItemJson = (q: StaffQuizListRow): Shape<'StaffQuizListItemShape'> => ({
  _id: q.id,
  title: q.title,
  category: q.category,
  noOfQuestions: q.noOfQuestions,
  time: q.time,
  attemptedBy: q.attemptedBy,
  opensAt: q.window && windowToIso(q.window.opensAt),
  closesAt: q.window && windowToIso(q.window.closesAt),
  registrations: q.registrations,
  resultsPublishedAt: q.resultsPublishedAt && windowToIso(q.resultsPublishedAt),
})

export const quizResultStudentJson = (s: QuizResultRow): Shape<'QuizResultStudentShape'> => ({
  id: s.id,
  name: s.name,
  email: s.email,
  profileImage: s.profileImage,
  instituteName: s.instituteName,
  isPremiumMember: s.isPremiumMember,
  score: s.score,
  attemptedAt: formatAttemptedAt(s.submittedAt),
  percentile: s.percentile?.text ?? null,
})

/**
 * verify-payment's answer (docs/legacy-api.md §4): 200 whenever the signature holds, processed or not, so Razorpay
 * stops retrying; the 401's keys keep the order the old server wrote them in.
 */
export function webhookAnswer(outcome: WebhookOutcome): { status: number; body: Record<string, unknown> } {
  switch (outcome.kind) {
    case 'bad-signature':
      return {
        status: 401,
        body: { statusCode: 401, data: null, success: false, message: 'Invalid signature', errors: [] },
      }
    case 'malformed':
      return { status: 400, body: { success: false, message: 'Malformed JSON body' } }
    case 'refused':
      return { status: 200, body: { success: false, message: outcome.reason } }
    case 'processed':
      return {
        status: 200,
        body: {
          success: true,
          message: 'Payment processed',
          razorpay_order_id: outcome.providerOrderId,
          razorpay_payment_id: outcome.paymentId,
        },
      }
    case 'refund':
      return {
        status: 200,
        body: {
          success: true,
          message:
            outcome.status === 'duplicate'
              ? 'Refund event already processed'
              : outcome.status === 'failed'
                ? 'Refund failure recorded'
                : 'Refund recorded',
          razorpay_refund_id: outcome.refundId,
        },
      }
  }
}
