import { z } from 'zod'
import { ROLES } from '~/lib/roles'

// The legacy v1 wire shapes (docs/legacy-api.md §3) as zod schemas: the types of app/presenters/v1.server.ts and the
// response schemas of the OpenAPI document. Output schemas are strict, so a key the presenter adds without a line here
// fails the recorded-response test (tests/integration/openapi.test.ts).

const id = z.string().describe('24 lowercase hex characters (opaque to clients)')
const isoTime = z.string().describe('ISO-8601 UTC with milliseconds')
const version = z.literal(0).describe('Mongoose __v, always 0')
const indiaTime = z.string().describe('ISO 8601 in India time, to the second: 2026-12-06T10:00:00+05:30')
const role = z.enum(ROLES)

/** docs/legacy-api.md §1.2: every error, whatever its status. */
export const ApiErrorShape = z.object({
  statusCode: z.number().int(),
  data: z.null(),
  message: z.string(),
  success: z.literal(false),
  errors: z.array(z.never()),
  /** Our upload endpoints also name the form field at fault, for clients that mark it. */
  field: z.string().optional(),
})

/** docs/legacy-api.md §1.1 style 1 (users router): `success` is `statusCode < 400`. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ statusCode: z.literal(200), data, message: z.string(), success: z.literal(true) })

/** docs/legacy-api.md §3 User: never password, codes or proofs; optional strings absent when unset. */
export const UserShape = z.object({
  _id: id,
  name: z.string(),
  email: z.string(),
  isPremiumMember: z.boolean(),
  hasAccessToQuizzes: z.boolean(),
  attemptedQuizzes: z.array(id),
  enrolledCourses: z.array(id),
  role,
  createdAt: isoTime,
  updatedAt: isoTime,
  mobileNumber: z.string().optional(),
  profileImage: z.string().optional(),
  instituteName: z.string().optional(),
  presentCourseOfStudy: z.string().optional(),
  __v: version.optional(),
})
export type UserJson = z.infer<typeof UserShape>

/** docs/legacy-api.md §3 Course on public routes: no whatsappLink, no sections, no __v (§5 #8). */
export const CourseShape = z.object({
  _id: id,
  cardTitle: z.string(),
  subTitle: z.string(),
  courseTag: z.string(),
  mode: z.string(),
  language: z.string(),
  courseImage: z.string(),
  actualPrice: z.number(),
  discountedPrice: z.number(),
  linkAddress: z.string(),
  courseTitle: z.string(),
  courseDescription: z.string(),
})
export type CourseJson = z.infer<typeof CourseShape>

export const LectureShape = z.object({
  _id: id,
  title: z.string(),
  videoURL: z.string(),
  noteTitle: z.string(),
  noteURL: z.string(),
  __v: version,
})
export const SectionShape = z.object({ _id: id, title: z.string(), lectures: z.array(id), __v: version })

/** A course as staff see it: with its staff-only fields, whether it is on sale, and what one payment buys. */
export const StaffCourseShape = CourseShape.extend({
  whatsappLink: z.string(),
  grantsQuizAccess: z.boolean(),
  published: z.boolean().describe('false: a draft, on no public list, not for sale'),
  accessDays: z.number().int().nullable().describe('whole days one payment buys; null: for good'),
})

/** create-course's answer: the full document, sections still empty. */
export const CreatedCourseShape = StaffCourseShape.extend({
  sections: z.array(id),
  __v: version,
})

/** get-full-course: the course with its sections and lectures (notes as links). */
export const FullCourseShape = CourseShape.extend({
  whatsappLink: z.string(),
  sections: z.array(z.object({ _id: id, title: z.string(), __v: version, lectures: z.array(LectureShape) })),
  __v: version,
})

const enrolmentSource = z.string().describe("how the enrolment came about: 'purchase' (checkout) or 'manual' (by hand)")
const enrolmentNote = z.string().describe("staff's note on a hand enrolment; absent when there is none")

export const EnrollmentShape = z.object({
  _id: id,
  courseId: id,
  userId: id,
  isActive: z.boolean(),
  source: enrolmentSource,
  note: enrolmentNote.optional(),
  /** Ours: when access ends (ISO, UTC), null for good. */
  accessUntil: isoTime.nullable(),
  createdAt: isoTime,
  updatedAt: isoTime,
  __v: version,
})

/**
 * docs/legacy-api.md §3 Coupon; `courseId` is populated as `{_id, cardTitle}` (null once the course is gone) in the
 * list.
 */
export const CouponShape = z.object({
  _id: id,
  couponCode: z.string(),
  discount: z.number(),
  courseId: z.union([id, z.object({ _id: id, cardTitle: z.string() }), z.null()]),
  expiresAt: isoTime.nullable(),
  usageLimit: z.number().int().nullable(),
  __v: version,
})

export const QuizPriceShape = z.object({ actualPrice: z.number(), discountedPrice: z.number(), __v: version })

/** GET quiz: the list, question ids only. */
export const QuizListItemShape = z.object({
  _id: id,
  title: z.string(),
  description: z.string(),
  timeLimit: z.number(),
  category: z.enum(['free', 'paid']),
  questions: z.array(id),
})

/** GET quiz/{id}: the learner's view, no answer key (docs/legacy-api.md §5 #4). */
export const LearnerQuizShape = z.object({
  _id: id,
  title: z.string(),
  description: z.string(),
  category: z.enum(['free', 'paid']),
  questions: z.array(z.object({ _id: id, questionText: z.string(), options: z.array(z.string()) })),
  timeLimit: z.number(),
  createdAt: isoTime,
  updatedAt: isoTime,
})

export const SubmitResultShape = z.object({
  success: z.literal(true),
  quizId: id,
  score: z.number(),
  total: z.number(),
  percentage: z.string().describe('toFixed(2)'),
  resultDetails: z.array(
    z.object({
      questionId: id,
      question: z.string(),
      options: z.array(z.string()),
      selectedOption: z.number().int().nullable(),
      correctAnswer: z.number().int(),
      isCorrect: z.boolean(),
      awardedMarks: z.number(),
    }),
  ),
})

export const LeaderboardEntryShape = z.object({
  _id: id,
  user: z.object({ _id: id, name: z.string(), profileImage: z.string().optional() }),
  quiz: id,
  score: z.number(),
  total: z.number(),
  attemptedAt: isoTime,
  __v: version,
})

/** Staff quiz editing: questions as ids (create) or populated with the answer key (read, update). */
const markNumber = z.number().describe('Marks as a number (nearest double of the exact value)')
const markText = z.string().describe('The exact marks as an admin types them: "1", "0.25", "1/3"')
export const StaffQuestionShape = z.object({
  _id: id,
  questionText: z.string(),
  options: z.array(z.string()).describe('Four options; [] for a nat question'),
  correctOption: z.number().int().describe('mcq: the key (0-3); msq: the smallest keyed option; nat: 0'),
  explanation: z.string().optional(),
  type: z.enum(['mcq', 'msq', 'nat']),
  marks: markNumber,
  negativeMarks: markNumber,
  marksText: markText,
  negativeMarksText: markText,
  correctOptions: z.array(z.number().int()).optional().describe('msq: the keyed options, 0-3'),
  answerMin: z.string().optional().describe('nat: lowest accepted answer, a plain decimal'),
  answerMax: z.string().optional().describe('nat: highest accepted answer, a plain decimal'),
  section: z.string().optional(),
  topic: z.string().optional(),
  __v: version,
})
const typeMarksShape = z.object({ marks: markNumber.optional(), negativeMarks: markNumber.optional() })
export const MarkingDefaultsShape = z
  .object({ mcq: typeMarksShape.optional(), msq: typeMarksShape.optional(), nat: typeMarksShape.optional() })
  .nullable()
const staffQuiz = <Q extends z.ZodType>(question: Q) =>
  z.object({
    _id: id,
    title: z.string(),
    description: z.string(),
    category: z.enum(['free', 'paid']),
    timeLimit: z.number(),
    questions: z.array(question),
    markingDefaults: MarkingDefaultsShape.describe('Per-type default marks of the quiz, or null'),
    opensAt: indiaTime.nullable().describe('When the live mock opens; null for a paper learners take any time'),
    closesAt: indiaTime.nullable().describe('When the live mock closes; null for a paper learners take any time'),
    registrations: z.number().int().describe('Learners registered for the live mock (0 for an anytime paper)'),
    resultsPublishedAt: indiaTime.nullable().describe("When the live mock's ranks were published; null: not yet"),
    createdAt: isoTime,
    updatedAt: isoTime,
    __v: version,
  })
export const StaffQuizShape = staffQuiz(StaffQuestionShape)
export const CreatedQuizShape = staffQuiz(id)

export const StaffQuizListItemShape = z.object({
  _id: id,
  title: z.string(),
  category: z.enum(['free', 'paid']),
  noOfQuestions: z.number().int(),
  time: z.number(),
  attemptedBy: z.number().int(),
  opensAt: indiaTime.nullable().describe('Ours: when the live mock opens; null for a paper learners take any time'),
  closesAt: indiaTime.nullable().describe('Ours: when the live mock closes; null for a paper learners take any time'),
  registrations: z.number().int().describe('Ours: learners registered for the live mock (0 for an anytime paper)'),
  resultsPublishedAt: indiaTime.nullable().describe("Ours: when the live mock's ranks were published; null: not yet"),
})

export const QuizResultStudentShape = z.object({
  id,
  name: z.string(),
  email: z.string(),
  profileImage: z.string().nullable(),
  instituteName: z.string().describe('"---" when unset'),
  isPremiumMember: z.boolean(),
  score: z.number(),
  attemptedAt: z.string().describe('"19 Aug 2025, 03:45 pm" (en-IN, Asia/Kolkata)'),
  percentile: z.string().nullable().describe('Ours: "83.33", the learner\'s percentile on the quiz (decision 018)'),
})

/** get-all-users: the User minus password, __v, updatedAt, enrolledCourses, presentCourseOfStudy. */
export const ListedUserShape = z.object({
  _id: id,
  name: z.string(),
  email: z.string(),
  profileImage: z.string().optional(),
  mobileNumber: z.string().optional(),
  instituteName: z.string().optional(),
  role,
  isPremiumMember: z.boolean(),
  hasAccessToQuizzes: z.boolean(),
  attemptedQuizzes: z.array(id),
  createdAt: isoTime,
})

export const CourseUserShape = z.object({
  userId: id,
  name: z.string(),
  email: z.string(),
  mobileNumber: z.string().optional(),
  profileImage: z.string().optional(),
  instituteName: z.string().optional(),
  createdAt: isoTime.describe('the enrolment date'),
  isActive: z.boolean(),
  source: enrolmentSource,
  note: enrolmentNote.optional(),
})

export const CourseWithCountShape = z.object({
  _id: id,
  cardTitle: z.string(),
  courseImage: z.string(),
  studentCount: z.number().int(),
})

/** create-order: the gateway's order as Razorpay returns it; clients read `id` only. */
export const GatewayOrderShape = z.object({
  id: z.string(),
  entity: z.literal('order'),
  amount: z.number().int().describe('paise'),
  amount_paid: z.number().int(),
  amount_due: z.number().int(),
  currency: z.string(),
  receipt: z.string(),
  status: z.string(),
  attempts: z.number().int(),
  notes: z.record(z.string(), z.string()),
  created_at: z.number().int(),
  offer_id: z.string().nullable(),
})

/** Bare `{message}` (docs/legacy-api.md §1.1 style 3). */
export const MessageShape = z.object({ message: z.string() })
