// The authorization matrix. Every admin page loader and action, and every admin API route, called as
// anonymous, learner, instructor and admin: pages send signed-out users to /login, other roles to /, instructors on
// admin-only pages to /admin/dashboard; the API answers 401 / 403 JSON.
import { beforeAll, describe, expect, test } from 'vitest'
import { createCourse, createLecture, createQuiz, createSection } from '../../db/factories'
import { db } from '~/utils/db.server'
import * as adminApi from '~/routes/api/admin'
import { v1Resources } from '~/routes/api/openapi.server'
import { fullPath } from '~/routes/api/endpoints.server'
import { callApi, callRoute, signedInUser } from '../support/harness'

type Who = 'anonymous' | 'learner' | 'instructor' | 'admin'
const cookies: Record<Who, string | undefined> = {
  anonymous: undefined,
  learner: undefined,
  instructor: undefined,
  admin: undefined,
}
let courseId = ''
let quizId = ''
let sectionId = ''
let lectureId = ''
let orderId = ''
let bankQuestionId = ''

beforeAll(async () => {
  cookies.learner = (await signedInUser('user')).cookie
  cookies.instructor = (await signedInUser('instructor')).cookie
  cookies.admin = (await signedInUser('admin')).cookie
  courseId = (await createCourse(db)).id
  sectionId = (await createSection(db, { courseId, title: 'S1' })).id
  lectureId = (await createLecture(db, { sectionId, title: 'L1', videoURL: 'https://www.youtube.com/embed/x' })).id
  quizId = (await createQuiz(db)).id
  bankQuestionId = (await db.selectFrom('bank_questions').select('id').orderBy('created_at').executeTakeFirstOrThrow())
    .id
  // A paid order (demo gateway) for the refund page.
  orderId = 'b'.repeat(24)
  const at = new Date().toISOString()
  await db
    .insertInto('orders')
    .values({
      id: orderId,
      user_id: (await signedInUser('user')).id,
      item_type: 'course',
      course_id: courseId,
      coupon_id: null,
      amount_paise: 99_900,
      currency: 'INR',
      status: 'paid',
      provider: 'demo',
      provider_order_id: 'order_demoauthz',
      provider_payment_id: 'pay_demoauthz',
      phone: null,
      created_at: at,
      updated_at: at,
      paid_at: at,
    })
    .execute()
})

type Page = {
  name: string
  load: () => Promise<any>
  path: () => string
  params: () => Record<string, string>
  adminOnly: boolean
  hasAction: boolean
  /** The action's form fields (default none). */
  form?: Record<string, string>
}
const page = (
  name: string,
  load: () => Promise<any>,
  adminOnly: boolean,
  hasAction: boolean,
  path = () => `/admin/${name}`,
  params = () => ({}),
): Page => ({
  name,
  load,
  path,
  params,
  adminOnly,
  hasAction,
})

const pages: Page[] = [
  page(
    'index',
    () => import('~/routes/admin/index'),
    false,
    false,
    () => '/admin',
  ),
  page(
    'layout',
    () => import('~/routes/admin/layout'),
    false,
    false,
    () => '/admin/dashboard',
  ),
  page('dashboard', () => import('~/routes/admin/dashboard'), false, false),
  page('all-users', () => import('~/routes/admin/all-users'), false, false),
  page('all-courses', () => import('~/routes/admin/all-courses'), false, true),
  page('premium-users', () => import('~/routes/admin/premium-users'), false, false),
  page(
    'course-users',
    () => import('~/routes/admin/course-users'),
    false,
    true,
    () => `/admin/premium-users/${courseId}`,
    () => ({ courseId }),
  ),
  page('create-course', () => import('~/routes/admin/create-course'), true, true),
  page(
    'edit-course',
    () => import('~/routes/admin/edit-course'),
    true,
    true,
    () => `/admin/edit-course/${courseId}`,
    () => ({ courseId }),
  ),
  page('add-section', () => import('~/routes/admin/add-section'), false, true),
  page('add-lecture', () => import('~/routes/admin/add-lecture'), false, true),
  // Course content: the list (move and delete) and the two edit pages, staff.
  page(
    'course-content',
    () => import('~/routes/admin/course-content'),
    false,
    true,
    () => `/admin/course-content/${courseId}`,
    () => ({ courseId }),
  ),
  page(
    'course-content section',
    () => import('~/routes/admin/course-content-section'),
    false,
    true,
    () => `/admin/course-content/${courseId}/section/${sectionId}`,
    () => ({ courseId, sectionId }),
  ),
  page(
    'course-content lecture',
    () => import('~/routes/admin/course-content-lecture'),
    false,
    true,
    () => `/admin/course-content/${courseId}/lecture/${lectureId}`,
    () => ({ courseId, lectureId }),
  ),
  // A course's live classes: schedule, edit, cancel, recordings, staff.
  page(
    'live-classes',
    () => import('~/routes/admin/live-classes'),
    false,
    true,
    () => `/admin/live-classes/${courseId}`,
    () => ({ courseId }),
  ),
  page('coupons', () => import('~/routes/admin/coupons'), true, true),
  page('create-coupon', () => import('~/routes/admin/create-coupon'), true, true),
  page('quizzes', () => import('~/routes/admin/quizzes'), false, true),
  page('create-quiz', () => import('~/routes/admin/create-quiz'), false, true),
  page(
    'edit-quiz',
    () => import('~/routes/admin/edit-quiz'),
    false,
    true,
    () => `/admin/edit-quiz/${quizId}`,
    () => ({ quizId }),
  ),
  // Add questions from the bank (staff; an empty post adds nothing).
  page(
    'quiz-from-bank',
    () => import('~/routes/admin/quiz-from-bank'),
    false,
    true,
    () => `/admin/quiz-from-bank/${quizId}`,
    () => ({ quizId }),
  ),
  // A live mock's Publish, Hold and overrides post here.
  page(
    'quiz-result',
    () => import('~/routes/admin/quiz-result'),
    false,
    true,
    () => `/admin/quiz-result/${quizId}`,
    () => ({ quizId }),
  ),
  // The question bank: the list (tag, retire, add an exam), a new question, one question (staff).
  page('questions', () => import('~/routes/admin/questions'), false, true),
  page(
    'questions new',
    () => import('~/routes/admin/questions-new'),
    false,
    true,
    () => '/admin/questions/new',
  ),
  page(
    'questions edit',
    () => import('~/routes/admin/questions-edit'),
    false,
    true,
    () => `/admin/questions/${bankQuestionId}`,
    () => ({ questionId: bankQuestionId }),
  ),
  page('reset-quiz-price', () => import('~/routes/admin/reset-quiz-price'), true, true),
  // The doubts inbox; its action without an intent is a 400 that changes nothing.
  page('doubts', () => import('~/routes/admin/doubts'), false, true),
  page('audit-log', () => import('~/routes/admin/audit-log'), true, false),
  // Quiz statistics and the quiz results CSV (staff)
  page(
    'quiz-stats',
    () => import('~/routes/admin/quiz-stats'),
    false,
    false,
    () => `/admin/quiz-stats/${quizId}`,
    () => ({ quizId }),
  ),
  page(
    'export quiz-results csv',
    () => import('~/routes/admin/export/quiz-results-csv'),
    false,
    false,
    () => `/admin/export/quiz-results/${quizId}.csv`,
    () => ({ file: `${quizId}.csv` }),
  ),
  // Payments: the payments page (its action is Fulfil) and the two CSV exports.
  page('payments', () => import('~/routes/admin/payments'), true, true),
  // Refund one order: the form and its confirmation (an empty form: a 400, nothing refunded).
  page(
    'refund',
    () => import('~/routes/admin/refund'),
    true,
    true,
    () => `/admin/payments/${orderId}/refund`,
    () => ({ orderId }),
  ),
  page('export/payments.csv', () => import('~/routes/admin/export/payments-csv'), true, false),
  page('export/users.csv', () => import('~/routes/admin/export/users-csv'), false, false),
]

const who: Who[] = ['anonymous', 'learner', 'instructor', 'admin']

function expectDenied(outcome: { status: number; location: string | null }, as: Who, adminOnly: boolean, file = false) {
  if (as === 'anonymous') {
    expect(outcome.status).toBe(302)
    expect(outcome.location).toMatch(/^\/login\?redirectTo=/)
  } else if (file) {
    // CSV downloads answer 403 to a signed-in user without the role (app/auth/guard.server.ts, its "file" answer).
    expect(outcome.status).toBe(403)
    expect(outcome.location).toBeNull()
  } else if (as === 'learner') {
    expect(outcome.location).toBe('/')
  } else if (as === 'instructor' && adminOnly) {
    expect(outcome.location).toBe('/admin/dashboard')
  }
}

const allowed = (as: Who, adminOnly: boolean) => as === 'admin' || (as === 'instructor' && !adminOnly)
const denyLocations = ['/', '/admin/dashboard']

describe('admin pages: loaders', () => {
  for (const p of pages) {
    for (const as of who) {
      test(`${p.name} loader as ${as}`, async () => {
        const mod = await p.load()
        const outcome = await callRoute(mod.loader, p.path(), { cookie: cookies[as], params: p.params() })
        if (allowed(as, p.adminOnly)) {
          if (p.name === 'index') expect(outcome.location).toBe('/admin/dashboard')
          else {
            expect(outcome.status).toBe(200)
            expect(outcome.location).toBeNull()
          }
        } else expectDenied(outcome, as, p.adminOnly, p.name.startsWith('export'))
      })
    }
  }
})

describe('admin pages: the matrix knows which pages have an action', () => {
  for (const p of pages) {
    test(`${p.name}: hasAction matches the route module`, async () => {
      const mod = await p.load()
      expect(typeof mod.action === 'function').toBe(p.hasAction)
    })
  }
})

describe('admin pages: actions', () => {
  const withActions = [
    // all-courses' only action (delete) is admin-only: its row is below.
    ...pages.filter((p) => p.hasAction && p.name !== 'all-courses'),
    page(
      'course-users toggle',
      () => import('~/routes/admin/course-users'),
      true,
      true,
      () => `/admin/premium-users/${courseId}`,
      () => ({ courseId }),
    ),
    // Delete a course: an admin-only action on a page instructors may open (an unknown id: nothing is deleted).
    {
      ...page('all-courses delete', () => import('~/routes/admin/all-courses'), true, true),
      form: { courseId: 'aaaaaaaaaaaaaaaaaaaaaaaa' },
    },
    {
      ...page(
        'course-users enrol',
        () => import('~/routes/admin/course-users'),
        true,
        true,
        () => `/admin/premium-users/${courseId}`,
        () => ({ courseId }),
      ),
      form: { intent: 'enrol' },
    },
    {
      ...page(
        'course-users access until',
        () => import('~/routes/admin/course-users'),
        true,
        true,
        () => `/admin/premium-users/${courseId}`,
        () => ({ courseId }),
      ),
      form: { intent: 'until', userId: courseId, accessUntil: '' },
    },
  ]
  for (const p of withActions) {
    for (const as of who) {
      test(`${p.name} action as ${as}`, async () => {
        const mod = await p.load()
        // The access toggle is admin-only even though the page is open to instructors.
        const adminOnly = p.adminOnly || p.name.startsWith('course-users')
        const outcome = await callRoute(mod.action, p.path(), {
          form: p.form ?? {},
          cookie: cookies[as],
          params: p.params(),
        })
        if (allowed(as, adminOnly)) {
          expect(outcome.location === null || !denyLocations.includes(outcome.location)).toBe(true)
          expect(outcome.location ?? '').not.toMatch(/^\/login/)
        } else expectDenied(outcome, as, adminOnly)
      })
    }
  }
})

// The API rows: every staff and admin endpoint with the role docs/legacy-api.md gives it (§2.5, §5 #5 and #17).
// The first test compares them with the endpoint tables, so an endpoint added without a row fails here.
type ApiCase = {
  method: string
  path: string
  adminOnly: boolean
  params?: () => Record<string, string>
  body?: unknown
  multipart?: true
}
const ofQuiz = () => ({ id: quizId })
const apiCases: ApiCase[] = [
  { method: 'GET', path: '/api/v1/admin/stats/users', adminOnly: false },
  { method: 'GET', path: '/api/v1/admin/stats/premium-users', adminOnly: false },
  { method: 'GET', path: '/api/v1/admin/stats/courses', adminOnly: false },
  { method: 'GET', path: '/api/v1/admin/get-all-users', adminOnly: false },
  { method: 'GET', path: '/api/v1/admin/get-user-details/:id', adminOnly: false, params: () => ({ id: courseId }) },
  { method: 'POST', path: '/api/v1/admin/grant-access', adminOnly: true, body: { userId: 'x', courseId: 'y' } },
  { method: 'POST', path: '/api/v1/admin/revoke-access', adminOnly: true, body: { userId: 'x', courseId: 'y' } },
  { method: 'POST', path: '/api/v1/admin/enrol', adminOnly: true, body: {} },
  { method: 'POST', path: '/api/v1/admin/set-access-until', adminOnly: true, body: {} },
  { method: 'POST', path: '/api/v1/admin/refund', adminOnly: true, body: {} },
  { method: 'GET', path: '/api/v1/admin/courses-with-user-counts', adminOnly: false },
  { method: 'GET', path: '/api/v1/admin/coupons', adminOnly: true },
  { method: 'POST', path: '/api/v1/admin/create-coupon', adminOnly: true, body: {} },
  { method: 'POST', path: '/api/v1/admin/delete-coupon', adminOnly: true, body: {} },
  { method: 'POST', path: '/api/v1/admin/create-quiz', adminOnly: false, body: {} },
  { method: 'POST', path: '/api/v1/admin/generate-quiz', adminOnly: false, body: {} },
  { method: 'GET', path: '/api/v1/admin/quizzes', adminOnly: false },
  { method: 'GET', path: '/api/v1/admin/quiz/:id', adminOnly: false, params: ofQuiz },
  { method: 'PUT', path: '/api/v1/admin/quiz/:id', adminOnly: false, params: ofQuiz, body: {} },
  // An unknown id, so the allowed calls do not delete the quiz the other rows use.
  {
    method: 'DELETE',
    path: '/api/v1/admin/quiz/:id',
    adminOnly: false,
    params: () => ({ id: 'aaaaaaaaaaaaaaaaaaaaaaaa' }),
  },
  { method: 'GET', path: '/api/v1/admin/quiz/:id/results', adminOnly: false, params: ofQuiz },
  // Multipart without an image: a 400 naming the field, nothing stored.
  {
    method: 'POST',
    path: '/api/v1/admin/quiz/:quizId/images',
    adminOnly: false,
    params: () => ({ quizId }),
    multipart: true,
  },
  // The question bank: empty bodies are refused (400) and the DELETE names an unknown id, so nothing changes.
  { method: 'GET', path: '/api/v1/admin/questions', adminOnly: false },
  { method: 'POST', path: '/api/v1/admin/questions', adminOnly: false, body: {} },
  {
    method: 'GET',
    path: '/api/v1/admin/questions/:questionId',
    adminOnly: false,
    params: () => ({ questionId: bankQuestionId }),
  },
  {
    method: 'PUT',
    path: '/api/v1/admin/questions/:questionId',
    adminOnly: false,
    params: () => ({ questionId: bankQuestionId }),
    body: {},
  },
  {
    method: 'DELETE',
    path: '/api/v1/admin/questions/:questionId',
    adminOnly: false,
    params: () => ({ questionId: 'aaaaaaaaaaaaaaaaaaaaaaaa' }),
  },
  // An empty body: a 400 naming the field, nothing added.
  {
    method: 'POST',
    path: '/api/v1/admin/quiz/:quizId/questions',
    adminOnly: false,
    params: () => ({ quizId }),
    body: {},
  },
  // A live mock's override with an empty body: a 400 naming the field, nothing set.
  {
    method: 'POST',
    path: '/api/v1/admin/quiz/:id/overrides',
    adminOnly: false,
    params: () => ({ id: quizId }),
    body: {},
  },
  { method: 'PUT', path: '/api/v1/admin/reset-quiz-price', adminOnly: true, body: {} },
  // The doubts inbox, and its work on an unknown doubt (404: nothing changes).
  { method: 'GET', path: '/api/v1/admin/doubts', adminOnly: false },
  ...(['answer', 'resolve', 'hide'] as const).map((action) => ({
    method: 'POST',
    path: `/api/v1/admin/doubts/:doubtId/${action}`,
    adminOnly: false,
    params: () => ({ doubtId: 'aaaaaaaaaaaaaaaaaaaaaaaa' }),
    body: { body: 'An answer' },
  })),
  { method: 'POST', path: '/api/v1/courses/create-course', adminOnly: true, multipart: true },
  { method: 'POST', path: '/api/v1/courses/add-section', adminOnly: false, multipart: true },
  { method: 'POST', path: '/api/v1/courses/add-lecture', adminOnly: false, multipart: true },
  { method: 'GET', path: '/api/v1/courses/get-all-sections/:id', adminOnly: false, params: () => ({ id: courseId }) },
  // Course content: the PUTs with an empty body (a 400, nothing changes); the DELETEs of unknown ids.
  {
    method: 'PUT',
    path: '/api/v1/courses/sections/:sectionId',
    adminOnly: false,
    params: () => ({ sectionId }),
    body: {},
  },
  {
    method: 'DELETE',
    path: '/api/v1/courses/sections/:sectionId',
    adminOnly: false,
    params: () => ({ sectionId: 'aaaaaaaaaaaaaaaaaaaaaaaa' }),
  },
  {
    method: 'PUT',
    path: '/api/v1/courses/lectures/:lectureId',
    adminOnly: false,
    params: () => ({ lectureId }),
    body: {},
  },
  {
    method: 'DELETE',
    path: '/api/v1/courses/lectures/:lectureId',
    adminOnly: false,
    params: () => ({ lectureId: 'aaaaaaaaaaaaaaaaaaaaaaaa' }),
  },
  { method: 'PUT', path: '/api/v1/courses/:courseId', adminOnly: true, params: () => ({ courseId }), body: {} },
  // An unknown id, so the allowed call does not delete the course the other rows use.
  {
    method: 'DELETE',
    path: '/api/v1/courses/:courseId',
    adminOnly: true,
    params: () => ({ courseId: 'aaaaaaaaaaaaaaaaaaaaaaaa' }),
  },
]

const staffEndpoints = v1Resources.flatMap((resource) =>
  resource.endpoints
    .filter((e) => e.guard === 'staff' || e.guard === 'admin')
    .map((e) => ({ key: `${e.method} ${fullPath(resource, e)}`, adminOnly: e.guard === 'admin' })),
)

/** Calls a row's endpoint through its resource module, the way React Router would. */
async function callCase(c: ApiCase, cookie: string | undefined) {
  const resource = v1Resources.find((r) => c.path.startsWith(r.mount + '/'))!
  const url = fill(c.path, c.params?.() ?? {})
  return c.multipart
    ? callApi(resource, c.method, url, { multipart: { sectionId }, cookie })
    : callApi(resource, c.method, url, { json: c.body, cookie })
}

const fill = (path: string, params: Record<string, string>) =>
  path.replace(/:(\w+)/g, (_, name: string) => params[name])

describe('admin API', () => {
  test('the matrix has one row per staff and admin endpoint of the tables, with the same role', () => {
    const byKey = (a: { key: string }, b: { key: string }) => a.key.localeCompare(b.key)
    const rows = apiCases.map((c) => ({ key: `${c.method} ${c.path}`, adminOnly: c.adminOnly }))
    expect(rows.sort(byKey)).toEqual([...staffEndpoints].sort(byKey))
  })
  for (const c of apiCases) {
    for (const as of who) {
      test(`${c.method} ${c.path} as ${as}`, async () => {
        const res = await callCase(c, cookies[as])
        if (as === 'anonymous') expect(res.status).toBe(401)
        else if (!allowed(as, c.adminOnly)) {
          expect(res.status).toBe(403)
          expect(res.body).toEqual({ statusCode: 403, data: null, message: 'Forbidden', success: false, errors: [] })
        } else expect([401, 403]).not.toContain(res.status)
        expect(res.status).toBeLessThan(500)
      })
    }
  }
  test('an unknown admin path answers 401 before 404 when signed out', async () => {
    expect((await callApi(adminApi, 'GET', '/api/v1/admin/nope')).status).toBe(401)
    expect((await callApi(adminApi, 'GET', '/api/v1/admin/nope', { cookie: cookies.admin })).status).toBe(404)
  })
})

// A learner's own pages (the learning loop): any signed-in role passes the guard, a signed-out visitor goes to
// /login and back. An unknown practice set is simply not found (404) for everyone signed in.
describe('signed-in pages: the learning loop', () => {
  const unknownSet = 'aaaaaaaaaaaaaaaaaaaaaaaa'
  const learnerPages: {
    name: string
    load: () => Promise<any>
    path: string
    params: Record<string, string>
    form?: Record<string, string>
    found: boolean
  }[] = [
    {
      name: 'profile/progress',
      load: () => import('~/routes/profile/progress'),
      path: '/profile/progress',
      params: {},
      found: true,
    },
    {
      name: 'practice',
      load: () => import('~/routes/practice/index'),
      path: '/practice',
      params: {},
      form: { intent: 'start-practice', from: 'mistakes' },
      found: true,
    },
    {
      name: 'practice set',
      load: () => import('~/routes/practice/set'),
      path: `/practice/sets/${unknownSet}`,
      params: { setId: unknownSet },
      form: { intent: 'save' },
      found: false,
    },
    {
      name: 'practice set result',
      load: () => import('~/routes/practice/set-result'),
      path: `/practice/sets/${unknownSet}/result`,
      params: { setId: unknownSet },
      form: { intent: 'save-question', questionId: unknownSet },
      found: false,
    },
  ]
  for (const p of learnerPages) {
    for (const as of who) {
      test(`${p.name} loader${p.form ? ' and action' : ''} as ${as}`, async () => {
        const mod = await p.load()
        const calls = [await callRoute(mod.loader, p.path, { cookie: cookies[as], params: p.params })]
        if (p.form)
          calls.push(await callRoute(mod.action, p.path, { form: p.form, cookie: cookies[as], params: p.params }))
        for (const outcome of calls) {
          if (as === 'anonymous') {
            expect(outcome.status).toBe(302)
            expect(outcome.location).toBe(`/login?${new URLSearchParams({ redirectTo: p.path })}`)
          } else {
            expect(outcome.location ?? '').not.toMatch(/^\/login/)
            expect(outcome.status).toBeLessThan(500)
          }
        }
        if (as !== 'anonymous') expect(calls[0].status).toBe(p.found ? 200 : 404)
      })
    }
  }
})
