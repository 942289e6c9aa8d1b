import { isId } from '~/lib/ids'
import { getCourseName, getStats, listCoursesWithCounts, listCourseUsers, listUsersJson, NotEnrolledError, setCourseAccess } from '~/models/admin.server'
import { couponJson, CouponError, createCoupon, deleteCoupon, listCoupons } from '~/models/coupon-admin.server'
import { createQuiz, deleteQuiz, getQuizForEdit, getQuizResults, listQuizzes, quizJson, resetQuizPrice, updateQuiz } from '~/models/quiz-admin.server'
import { aiRequestSchema, quizApiSchema } from '~/schemas/admin-quiz'
import { couponSchema, quizPriceSchema } from '~/schemas/admin'
import { AiError, generateQuiz } from '~/services/ai.server'
import { apiError, apiRoutes, json, readJsonBody, str, type ApiArgs } from '~/utils/api.server'
import { requireApiAdmin, requireApiStaff } from '~/utils/admin-auth.server'
import { getUser } from '~/utils/auth.server'

// /api/v1/admin/* (API.md §2.5): every route checks the role first (401 signed out, 403 JSON otherwise, §5 #6).

const firstMessage = (issues: Array<{ message: string }>) => issues[0]?.message ?? 'Invalid request'

async function accessChange({ request }: ApiArgs, active: boolean) {
  const admin = await requireApiAdmin(request)
  const body = await readJsonBody(request)
  const userId = str(body, 'userId')
  const courseId = str(body, 'courseId')
  if (!userId || !courseId) return apiError(400, 'userId and courseId are required')
  if (!isId(userId) || !isId(courseId)) return apiError(404, 'User is not enrolled in this course')
  try {
    const enrollment = await setCourseAccess({ actorId: admin.id, userId, courseId, active })
    return json({ success: true, message: active ? 'Access granted successfully' : 'Access revoked successfully', enrollment })
  } catch (error) {
    if (error instanceof NotEnrolledError) return apiError(404, error.message)
    throw error
  }
}

async function quizBody(request: Request) {
  const body = await readJsonBody(request)
  for (const key of ['title', 'description', 'category']) {
    if (typeof body[key] !== 'string' || !(body[key] as string).trim()) return { error: apiError(400, 'All fields are required') }
  }
  if (!Array.isArray(body.questions) || body.questions.length === 0) return { error: apiError(400, 'All fields are required') }
  const parsed = quizApiSchema.safeParse(body)
  if (!parsed.success) {
    const questionIssue = parsed.error.issues.find((i) => i.path[0] === 'questions')
    return { error: apiError(400, questionIssue ? 'Invalid question format' : firstMessage(parsed.error.issues)) }
  }
  return { input: { ...parsed.data, questions: parsed.data.questions.map((q) => ({ ...q, explanation: q.explanation || undefined })) } }
}

const api = apiRoutes({
  'GET /stats/users': async ({ request }) => {
    await requireApiStaff(request)
    return json({ success: true, totalUsers: (await getStats()).totalUsers })
  },
  'GET /stats/premium-users': async ({ request }) => {
    await requireApiStaff(request)
    return json({ success: true, premiumUsers: (await getStats()).premiumUsers })
  },
  'GET /stats/courses': async ({ request }) => {
    await requireApiStaff(request)
    return json({ success: true, count: (await getStats()).totalCourses })
  },
  'GET /get-all-users': async ({ request }) => {
    await requireApiStaff(request)
    const raw = new URL(request.url).searchParams.get('limit')
    let limit: number | undefined
    if (raw !== null && raw !== '') {
      limit = Number(raw)
      if (!Number.isInteger(limit) || limit < 1) return apiError(400, 'limit must be a positive whole number')
      limit = Math.min(limit, 1000)
    }
    return json({ success: true, message: 'Users fetched successfully', users: await listUsersJson(limit) })
  },
  'GET /get-user-details/:id': async ({ request, params }) => {
    await requireApiStaff(request)
    const course = isId(params.id) ? await getCourseName(params.id) : undefined
    if (!course) return apiError(404, 'Course not found')
    const { total, users } = await listCourseUsers({ courseId: course.id })
    return json({
      success: true,
      courseId: course.id,
      totalUsers: total,
      users: users.map((u) => ({
        userId: u.userId,
        name: u.name,
        email: u.email,
        ...(u.mobileNumber ? { mobileNumber: u.mobileNumber } : {}),
        ...(u.profileImage ? { profileImage: u.profileImage } : {}),
        ...(u.instituteName ? { instituteName: u.instituteName } : {}),
        createdAt: u.createdAt,
        isActive: u.isActive,
      })),
      courseName: course.card_title,
    })
  },
  'POST /grant-access': (args) => accessChange(args, true),
  'POST /revoke-access': (args) => accessChange(args, false),
  'GET /courses-with-user-counts': async ({ request }) => {
    await requireApiStaff(request)
    const courses = await listCoursesWithCounts()
    return json({ success: true, courses: courses.map((c) => ({ _id: c.id, cardTitle: c.cardTitle, courseImage: c.courseImage, studentCount: c.studentCount })) })
  },
  'GET /coupons': async ({ request }) => {
    await requireApiAdmin(request)
    const { coupons } = await listCoupons()
    return json({ success: true, message: 'All coupons fetched successfully.', coupons: coupons.map((c) => couponJson(c)) })
  },
  'POST /create-coupon': async ({ request }) => {
    const admin = await requireApiAdmin(request)
    const body = await readJsonBody(request)
    const raw = { couponCode: body.couponCode, courseId: body.courseId, discount: body.discount, expiresAt: body.expiresAt ?? undefined, usageLimit: body.usageLimit ?? undefined }
    if ([raw.couponCode, raw.courseId, raw.discount].some((v) => v === undefined || v === null || v === '')) return apiError(400, 'All fields are required.')
    if (typeof raw.discount === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(raw.discount)) raw.discount = Number(raw.discount)
    const parsed = couponSchema.safeParse(raw)
    if (!parsed.success) return apiError(400, firstMessage(parsed.error.issues))
    if (!isId(parsed.data.courseId)) return apiError(404, 'Course not found')
    try {
      const coupon = await createCoupon({ actorId: admin.id, fields: parsed.data })
      return json({ success: true, message: 'Coupon created successfully.', coupon: couponJson(coupon, false) })
    } catch (error) {
      if (error instanceof CouponError) return apiError(error.status, error.message)
      throw error
    }
  },
  'POST /delete-coupon': async ({ request }) => {
    const admin = await requireApiAdmin(request)
    const couponId = str(await readJsonBody(request), 'couponId')
    if (!couponId) return apiError(400, 'couponId is required')
    if (!isId(couponId)) return apiError(404, 'Coupon not found')
    try {
      const deleted = await deleteCoupon({ actorId: admin.id, couponId })
      return json({ success: true, message: 'Coupon deleted successfully', deletedCoupon: couponJson(deleted, false) })
    } catch (error) {
      if (error instanceof CouponError) return apiError(error.status, error.message)
      throw error
    }
  },
  'POST /create-quiz': async ({ request }) => {
    const staff = await requireApiStaff(request)
    const { input, error } = await quizBody(request)
    if (error) return error
    const quiz = await createQuiz({ actorId: staff.id, input })
    return json({ message: 'Quiz created successfully', quiz: quizJson(quiz, false) }, 201)
  },
  'POST /generate-quiz': async ({ request }) => {
    await requireApiStaff(request)
    const body = await readJsonBody(request)
    const parsed = aiRequestSchema.safeParse(body)
    if (!parsed.success) return apiError(400, firstMessage(parsed.error.issues))
    try {
      const quiz = await generateQuiz(parsed.data)
      return json({ success: true, quiz: { ...quiz, category: parsed.data.category } })
    } catch (error) {
      if (error instanceof AiError) return apiError(error.code === 'not_configured' ? 503 : 500, error.code === 'empty' ? 'No response from AI' : error.message)
      throw error
    }
  },
  'GET /quizzes': async ({ request }) => {
    await requireApiStaff(request)
    const quizzes = await listQuizzes()
    return json({ success: true, data: quizzes.map((q) => ({ _id: q.id, title: q.title, category: q.category, noOfQuestions: q.noOfQuestions, time: q.time, attemptedBy: q.attemptedBy })) })
  },
  'GET /quiz/:id': async ({ request, params }) => {
    await requireApiStaff(request)
    const quiz = isId(params.id) ? await getQuizForEdit(params.id) : null
    if (!quiz) return apiError(404, 'Quiz not found')
    return json({ success: true, data: quizJson(quiz, true) })
  },
  'PUT /quiz/:id': async ({ request, params }) => {
    const staff = await requireApiStaff(request)
    if (!isId(params.id) || !(await getQuizForEdit(params.id))) return apiError(404, 'Quiz not found')
    const { input, error } = await quizBody(request)
    if (error) return error
    const quiz = await updateQuiz({ actorId: staff.id, quizId: params.id, input })
    if (!quiz) return apiError(404, 'Quiz not found')
    return json({ success: true, message: 'Quiz updated successfully', data: quizJson(quiz, true) })
  },
  'DELETE /quiz/:id': async ({ request, params }) => {
    const staff = await requireApiStaff(request)
    const deleted = isId(params.id) ? await deleteQuiz({ actorId: staff.id, quizId: params.id }) : null
    if (!deleted) return apiError(404, 'Quiz not found')
    return json({ success: true, message: 'Quiz and related data deleted successfully' })
  },
  'GET /quiz/:id/results': async ({ request, params }) => {
    await requireApiStaff(request)
    const results = isId(params.id) ? await getQuizResults(params.id) : null
    if (!results) return apiError(404, 'Quiz not found')
    return json({
      success: true,
      data: {
        quizTitle: results.quizTitle,
        students: results.students.map((s) => ({
          id: s.id,
          name: s.name,
          email: s.email,
          profileImage: s.profileImage,
          instituteName: s.instituteName,
          isPremiumMember: s.isPremiumMember,
          score: s.score,
          attemptedAt: s.attemptedAt,
        })),
      },
    })
  },
  'PUT /reset-quiz-price': async ({ request }) => {
    const admin = await requireApiAdmin(request)
    const body = await readJsonBody(request)
    const num = (v: unknown) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v === '' || v === null ? undefined : v)
    const parsed = quizPriceSchema.safeParse({ actualPrice: num(body.actualPrice), discountedPrice: num(body.discountedPrice) })
    if (!parsed.success) return apiError(400, firstMessage(parsed.error.issues))
    const saved = await resetQuizPrice({ actorId: admin.id, price: parsed.data })
    return json({ success: true, data: { ...saved, __v: 0 }, message: 'Quiz price reset successfully' })
  },
})

// API.md §1.3: the whole admin router sits behind the session check, so even an unknown path answers 401 first.
async function guarded(args: Parameters<typeof api.loader>[0]) {
  if (!(await getUser(args.request))) return apiError(401, 'Unauthorized request')
  return api.loader(args)
}
export const loader = guarded
export const action = guarded
