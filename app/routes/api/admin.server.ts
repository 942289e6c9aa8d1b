import { z } from 'zod'
import { isId } from '~/lib/ids'
import { CouponError, createCoupon, deleteCoupon, listCoupons } from '~/models/coupon.server'
import { getCourseName, listCoursesWithCounts } from '~/models/course.server'
import { listCourseUsers, NotEnrolledError, setCourseAccess } from '~/models/enrollment.server'
import { createQuiz, deleteQuiz, getQuizForEdit, listQuizzes, updateQuiz } from '~/models/quiz/editing.server'
import { getQuizResults } from '~/models/quiz/staff-results.server'
import { resetQuizPrice } from '~/models/settings.server'
import { getStats } from '~/models/stats.server'
import { listUsersWithAttempts } from '~/models/user.server'
import {
  couponJson,
  courseUserJson,
  courseWithCountJson,
  enrollmentJson,
  listedUserJson,
  quizPriceJson,
  quizResultStudentJson,
  staffQuizJson,
  staffQuizListItemJson,
} from '~/presenters/v1.server'
import {
  CouponShape,
  CourseUserShape,
  CourseWithCountShape,
  CreatedQuizShape,
  EnrollmentShape,
  ListedUserShape,
  QuizPriceShape,
  QuizResultStudentShape,
  StaffQuizListItemShape,
  StaffQuizShape,
} from '~/presenters/v1-shapes'
import { aiRequestSchema, questionIssueMessage, quizApiSchema } from '~/schemas/admin-quiz'
import { apiMarkingDefaults, apiQuestionToDraft } from '~/lib/quiz/quiz-form'
import { couponSchema, quizPriceSchema } from '~/schemas/admin'
import { AiError, generateQuiz } from '~/services/ai.server'
import { apiError, json, readJsonBody, str } from '~/utils/api.server'
import { apiResource, endpoint, type ApiArgs } from '~/utils/api-endpoints.server'
import type { UserRow } from '~/models/user.server'

// /api/v1/admin/* (API.md §2.5): staff or admin only (401 signed out, 403 JSON otherwise, §5 #6); the whole
// router checks the session first, so even an unknown path answers 401 to a signed-out caller (§1.3).

const firstMessage = (issues: Array<{ message: string }>) => issues[0]?.message ?? 'Invalid request'
const ok = <T extends z.ZodRawShape>(shape: T) => z.object({ success: z.literal(true), ...shape })

type SignedIn = ApiArgs & { user: UserRow }

async function changeAccess({ request, user }: SignedIn, active: boolean) {
  const body = await readJsonBody(request)
  const userId = str(body, 'userId')
  const courseId = str(body, 'courseId')
  if (!userId || !courseId) return apiError(400, 'userId and courseId are required')
  if (!isId(userId) || !isId(courseId)) return apiError(404, 'User is not enrolled in this course')
  try {
    const enrollment = await setCourseAccess({ actorId: user.id, userId, courseId, active })
    return json({
      success: true,
      message: active ? 'Access granted successfully' : 'Access revoked successfully',
      enrollment: enrollmentJson(enrollment),
    })
  } catch (error) {
    if (error instanceof NotEnrolledError) return apiError(404, error.message)
    throw error
  }
}

/**
 * create-quiz and PUT quiz/{id}: the old client's shape and first check ("All fields are required"); a refused
 * question's message names it and its field ("Question 3: negative marks ...").
 */
async function quizBody(request: Request) {
  const body = await readJsonBody(request)
  for (const key of ['title', 'description', 'category']) {
    if (typeof body[key] !== 'string' || !(body[key] as string).trim())
      return { error: apiError(400, 'All fields are required') }
  }
  if (!Array.isArray(body.questions) || body.questions.length === 0)
    return { error: apiError(400, 'All fields are required') }
  const parsed = quizApiSchema.safeParse(body)
  if (!parsed.success) {
    const questionIssue = parsed.error.issues.find((i) => i.path[0] === 'questions')
    return {
      error: apiError(400, questionIssue ? questionIssueMessage(questionIssue) : firstMessage(parsed.error.issues)),
    }
  }
  const { markingDefaults, questions, ...quiz } = parsed.data
  return {
    input: {
      ...quiz,
      questions: questions.map(apiQuestionToDraft),
      markingDefaults: apiMarkingDefaults(markingDefaults),
    },
  }
}

const getAllUsers = async ({ request }: ApiArgs) => {
  const raw = new URL(request.url).searchParams.get('limit')
  let limit: number | undefined
  if (raw !== null && raw !== '') {
    limit = Number(raw)
    if (!Number.isInteger(limit) || limit < 1) return apiError(400, 'limit must be a positive whole number')
    limit = Math.min(limit, 1000)
  }
  return json({
    success: true,
    message: 'Users fetched successfully',
    users: (await listUsersWithAttempts(limit)).map(listedUserJson),
  })
}

const getCourseUsers = async ({ params }: ApiArgs) => {
  const course = isId(params.id) ? await getCourseName(params.id) : undefined
  if (!course) return apiError(404, 'Course not found')
  const { total, users } = await listCourseUsers({ courseId: course.id })
  return json({
    success: true,
    courseId: course.id,
    totalUsers: total,
    users: users.map(courseUserJson),
    courseName: course.card_title,
  })
}

const createCouponHandler = async ({ request, user }: SignedIn) => {
  const body = await readJsonBody(request)
  const raw = {
    couponCode: body.couponCode,
    courseId: body.courseId,
    discount: body.discount,
    expiresAt: body.expiresAt ?? undefined,
    usageLimit: body.usageLimit ?? undefined,
  }
  if ([raw.couponCode, raw.courseId, raw.discount].some((v) => v === undefined || v === null || v === ''))
    return apiError(400, 'All fields are required.')
  // API.md §2.5: the old client may send the discount as a string.
  if (typeof raw.discount === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(raw.discount)) raw.discount = Number(raw.discount)
  const parsed = couponSchema.safeParse(raw)
  if (!parsed.success) return apiError(400, firstMessage(parsed.error.issues))
  if (!isId(parsed.data.courseId)) return apiError(404, 'Course not found')
  try {
    const coupon = await createCoupon({ actorId: user.id, fields: parsed.data })
    return json({ success: true, message: 'Coupon created successfully.', coupon: couponJson(coupon, false) })
  } catch (error) {
    if (error instanceof CouponError) return apiError(error.status, error.message)
    throw error
  }
}

const deleteCouponHandler = async ({ request, user }: SignedIn) => {
  const couponId = str(await readJsonBody(request), 'couponId')
  if (!couponId) return apiError(400, 'couponId is required')
  if (!isId(couponId)) return apiError(404, 'Coupon not found')
  try {
    const deleted = await deleteCoupon({ actorId: user.id, couponId })
    return json({ success: true, message: 'Coupon deleted successfully', deletedCoupon: couponJson(deleted, false) })
  } catch (error) {
    if (error instanceof CouponError) return apiError(error.status, error.message)
    throw error
  }
}

const generateQuizHandler = async ({ request }: ApiArgs) => {
  const parsed = aiRequestSchema.safeParse(await readJsonBody(request))
  if (!parsed.success) return apiError(400, firstMessage(parsed.error.issues))
  try {
    const quiz = await generateQuiz(parsed.data)
    return json({ success: true, quiz: { ...quiz, category: parsed.data.category } })
  } catch (error) {
    if (error instanceof AiError)
      return apiError(
        error.code === 'not_configured' ? 503 : 500,
        error.code === 'empty' ? 'No response from AI' : error.message,
      )
    throw error
  }
}

const updateQuizHandler = async ({ request, params, user }: SignedIn) => {
  if (!isId(params.id) || !(await getQuizForEdit(params.id))) return apiError(404, 'Quiz not found')
  const { input, error } = await quizBody(request)
  if (error) return error
  const quiz = await updateQuiz({ actorId: user.id, quizId: params.id, input })
  if (!quiz) return apiError(404, 'Quiz not found')
  return json({ success: true, message: 'Quiz updated successfully', data: staffQuizJson(quiz, true) })
}

const resetQuizPriceHandler = async ({ request, user }: SignedIn) => {
  const body = await readJsonBody(request)
  const num = (v: unknown) =>
    typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v === '' || v === null ? undefined : v
  const parsed = quizPriceSchema.safeParse({
    actualPrice: num(body.actualPrice),
    discountedPrice: num(body.discountedPrice),
  })
  if (!parsed.success) return apiError(400, firstMessage(parsed.error.issues))
  const saved = await resetQuizPrice({ actorId: user.id, price: parsed.data })
  return json({ success: true, data: quizPriceJson(saved), message: 'Quiz price reset successfully' })
}

const AccessBody = z.object({ userId: z.string(), courseId: z.string() })
const AccessAnswer = ok({ message: z.string(), enrollment: EnrollmentShape })
const QuizBody = quizApiSchema.describe(
  'correctOption and correctOptions are 0-based. Question type: "mcq" (default; correctOption), "msq" ' +
    '(correctOptions: 1-4 distinct indexes 0-3) or "nat" (answerMin..answerMax, inclusive, plain decimals as ' +
    'numbers or strings; options are not needed and not stored). marks (> 0) and negativeMarks (>= 0, the ' +
    'amount taken off when wrong) are numbers or exact strings ("1", "0.25", "1/3"); left out: the quiz\'s ' +
    'markingDefaults for the type, else MCQ 1 / 0.25, MSQ and NAT 1 / 0. Fields another type uses are ignored.',
)
const GeneratedQuiz = z.object({
  title: z.string(),
  description: z.string(),
  category: z.enum(['free', 'paid']),
  timeLimit: z.number(),
  questions: z.array(
    z.object({
      questionText: z.string(),
      options: z.array(z.string()),
      correctOption: z.number().int(),
      explanation: z.string().optional(),
    }),
  ),
})

export const adminApi = apiResource({
  mount: '/api/v1/admin',
  signInBeforeRouting: true,
  endpoints: [
    endpoint({
      method: 'GET',
      path: '/stats/users',
      summary: 'Number of users',
      guard: 'staff',
      success: { 200: ok({ totalUsers: z.number().int() }) },
      errors: {},
      handler: async () => json({ success: true, totalUsers: (await getStats()).totalUsers }),
    }),
    endpoint({
      method: 'GET',
      path: '/stats/premium-users',
      summary: 'Number of premium users',
      guard: 'staff',
      success: { 200: ok({ premiumUsers: z.number().int() }) },
      errors: {},
      handler: async () => json({ success: true, premiumUsers: (await getStats()).premiumUsers }),
    }),
    endpoint({
      method: 'GET',
      path: '/stats/courses',
      summary: 'Number of courses',
      guard: 'staff',
      success: { 200: ok({ count: z.number().int() }) },
      errors: {},
      handler: async () => json({ success: true, count: (await getStats()).totalCourses }),
    }),
    endpoint({
      method: 'GET',
      path: '/get-all-users',
      summary: 'Users, newest first (all, or the first ?limit=N, at most 1000)',
      guard: 'staff',
      query: z.object({ limit: z.string().regex(/^\d+$/).optional() }),
      success: { 200: ok({ message: z.string(), users: z.array(ListedUserShape) }) },
      errors: { 400: 'limit must be a positive whole number' },
      handler: getAllUsers,
    }),
    endpoint({
      method: 'GET',
      path: '/get-user-details/:id',
      summary: 'Learners enrolled in a course (the id is a course id)',
      guard: 'staff',
      success: {
        200: ok({
          courseId: z.string(),
          totalUsers: z.number().int(),
          users: z.array(CourseUserShape),
          courseName: z.string(),
        }),
      },
      errors: { 404: 'Course not found' },
      handler: getCourseUsers,
    }),
    endpoint({
      method: 'POST',
      path: '/grant-access',
      summary: "Re-activates a learner's enrolment and tells them by e-mail",
      guard: 'admin',
      body: { json: AccessBody },
      success: { 200: AccessAnswer },
      errors: { 400: 'userId and courseId are required', 404: 'User is not enrolled in this course' },
      handler: (args) => changeAccess(args, true),
    }),
    endpoint({
      method: 'POST',
      path: '/revoke-access',
      summary: "Deactivates a learner's enrolment and tells them by e-mail",
      guard: 'admin',
      body: { json: AccessBody },
      success: { 200: AccessAnswer },
      errors: { 400: 'userId and courseId are required', 404: 'User is not enrolled in this course' },
      handler: (args) => changeAccess(args, false),
    }),
    endpoint({
      method: 'GET',
      path: '/courses-with-user-counts',
      summary: 'Courses with their number of enrolments (active or not)',
      guard: 'staff',
      success: { 200: ok({ courses: z.array(CourseWithCountShape) }) },
      errors: {},
      handler: async () => json({ success: true, courses: (await listCoursesWithCounts()).map(courseWithCountJson) }),
    }),
    endpoint({
      method: 'GET',
      path: '/coupons',
      summary: 'Every coupon, newest first, with its course',
      guard: 'admin',
      success: { 200: ok({ message: z.string(), coupons: z.array(CouponShape) }) },
      errors: {},
      handler: async () =>
        json({
          success: true,
          message: 'All coupons fetched successfully.',
          coupons: (await listCoupons()).coupons.map((c) => couponJson(c, true)),
        }),
    }),
    endpoint({
      method: 'POST',
      path: '/create-coupon',
      summary: 'Creates a coupon (code unique per course)',
      guard: 'admin',
      body: { json: couponSchema.extend({ discount: z.union([z.number(), z.string()]).describe('percent, 1-100') }) },
      success: { 200: ok({ message: z.string(), coupon: CouponShape }) },
      errors: {
        400: '"All fields are required.", a rule of the fields, or a code taken for this course',
        404: 'Course not found',
      },
      handler: createCouponHandler,
    }),
    endpoint({
      method: 'POST',
      path: '/delete-coupon',
      summary: 'Deletes a coupon',
      guard: 'admin',
      body: { json: z.object({ couponId: z.string() }) },
      success: { 200: ok({ message: z.string(), deletedCoupon: CouponShape }) },
      errors: { 400: 'couponId is required', 404: 'Coupon not found' },
      handler: deleteCouponHandler,
    }),
    endpoint({
      method: 'POST',
      path: '/create-quiz',
      summary: 'Creates a quiz with its questions',
      guard: 'staff',
      body: { json: QuizBody },
      success: { 201: z.object({ message: z.string(), quiz: CreatedQuizShape }) },
      errors: {
        400: '"All fields are required", a refused question ("Question 3: negative marks ..."), or a rule of the fields',
      },
      handler: async ({ request, user }) => {
        const { input, error } = await quizBody(request)
        if (error) return error
        const quiz = await createQuiz({ actorId: user.id, input })
        return json({ message: 'Quiz created successfully', quiz: staffQuizJson(quiz, false) }, 201)
      },
    }),
    endpoint({
      method: 'POST',
      path: '/generate-quiz',
      summary: 'Drafts a quiz with the configured AI model; nothing is saved',
      guard: 'staff',
      body: { json: aiRequestSchema },
      success: { 200: ok({ quiz: GeneratedQuiz }) },
      errors: {
        400: 'a rule of the fields',
        500: '"No response from AI" or why the draft failed',
        503: 'no AI model is configured',
      },
      handler: generateQuizHandler,
    }),
    endpoint({
      method: 'GET',
      path: '/quizzes',
      summary: 'Every quiz with its number of questions and attempts',
      guard: 'staff',
      success: { 200: ok({ data: z.array(StaffQuizListItemShape) }) },
      errors: {},
      handler: async () => json({ success: true, data: (await listQuizzes()).map(staffQuizListItemJson) }),
    }),
    endpoint({
      method: 'GET',
      path: '/quiz/:id',
      summary: 'A quiz with its current questions and answer key',
      guard: 'staff',
      success: { 200: ok({ data: StaffQuizShape }) },
      errors: { 404: 'Quiz not found' },
      handler: async ({ params }) => {
        const quiz = isId(params.id) ? await getQuizForEdit(params.id) : null
        if (!quiz) return apiError(404, 'Quiz not found')
        return json({ success: true, data: staffQuizJson(quiz, true) })
      },
    }),
    endpoint({
      method: 'PUT',
      path: '/quiz/:id',
      summary: 'Replaces a quiz and its questions; answered questions are archived (decision 002)',
      guard: 'staff',
      body: { json: QuizBody },
      success: { 200: ok({ message: z.string(), data: StaffQuizShape }) },
      errors: {
        400: '"All fields are required", a refused question ("Question 3: negative marks ..."), or a rule of the fields',
        404: 'Quiz not found',
      },
      handler: updateQuizHandler,
    }),
    endpoint({
      method: 'DELETE',
      path: '/quiz/:id',
      summary: 'Deletes a quiz with its questions and attempts',
      guard: 'staff',
      success: { 200: ok({ message: z.string() }) },
      errors: { 404: 'Quiz not found' },
      handler: async ({ params, user }) => {
        const deleted = isId(params.id) ? await deleteQuiz({ actorId: user.id, quizId: params.id }) : null
        if (!deleted) return apiError(404, 'Quiz not found')
        return json({ success: true, message: 'Quiz and related data deleted successfully' })
      },
    }),
    endpoint({
      method: 'GET',
      path: '/quiz/:id/results',
      summary: 'Submitted attempts of a quiz, newest first',
      guard: 'staff',
      success: { 200: ok({ data: z.object({ quizTitle: z.string(), students: z.array(QuizResultStudentShape) }) }) },
      errors: { 404: 'Quiz not found' },
      handler: async ({ params }) => {
        const results = isId(params.id) ? await getQuizResults(params.id) : null
        if (!results) return apiError(404, 'Quiz not found')
        return json({
          success: true,
          data: { quizTitle: results.quizTitle, students: results.students.map(quizResultStudentJson) },
        })
      },
    }),
    endpoint({
      method: 'PUT',
      path: '/reset-quiz-price',
      summary: 'Sets the mock-test bundle price',
      guard: 'admin',
      body: {
        json: z.object({
          actualPrice: z.union([z.number(), z.string()]),
          discountedPrice: z.union([z.number(), z.string()]),
        }),
      },
      success: { 200: ok({ data: QuizPriceShape, message: z.string() }) },
      errors: { 400: 'a rule of the prices' },
      handler: resetQuizPriceHandler,
    }),
  ],
})
