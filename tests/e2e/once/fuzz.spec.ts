// Malformed bodies against every form action and every API POST/PUT/DELETE. No response may be a
// 500 or worse, and no body may carry a stack trace. FUZZ_RUNS (default 500) bodies per route.
import fc from 'fast-check'
import { expect, test } from '../../support/fixtures'
import { apiRoutes, fill, pageRoutes } from '../../support/route-inventory'

const RUNS = Number(process.env.FUZZ_RUNS ?? 500)
test.setTimeout(20 * 60_000)

// Field names the app's forms and API read, so many bodies reach past "missing field".
const FIELDS = [
  'name',
  'email',
  'password',
  'confirmPassword',
  'otp',
  'intent',
  'redirectTo',
  'mobileNumber',
  'instituteName',
  'presentCourseOfStudy',
  'couponCode',
  'phone',
  'courseId',
  'userId',
  'sectionId',
  'quizId',
  'answers',
  'questionId',
  'selectedOption',
  'title',
  'description',
  'category',
  'timeLimit',
  'questions',
  'questions[0].questionText',
  'questions[0].options[0]',
  'questions[0].correctOption',
  'actualPrice',
  'discountedPrice',
  'discount',
  'cardTitle',
  'linkAddress',
  'itemType',
  'amount',
  'newpassword',
  'razorpay_order_id',
  'razorpay_payment_id',
  'razorpay_signature',
  'couponId',
  'theme',
  'numQuestions',
  'difficulty',
  'topic',
  'subject',
  'q',
  'page',
  'courseIds',
  // Quiz images and the ZIP import's staged list (JSON in a form field).
  'imageAlt',
  'imageId',
  'alt',
  'stagedImages',
  'csvImages',
  // Lecture progress, practice sets, checkout's place of supply, refunds.
  'lectureId',
  'from',
  'quiz',
  'kind',
  'numericAnswer',
  'selectedOptions',
  'state',
  'orderId',
  'reason',
  // Papers from the bank: chosen ids, a blueprint (JSON list or the page's rows).
  'questionIds',
  'blueprint',
  'blueprint[0].count',
  'blueprint[0].exam',
  'blueprint[1].year',
  '__proto__',
  'constructor',
  'prototype',
]

const oddString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'NaN',
    'null',
    'true',
    '[]',
    '{}',
    '../../etc/passwd',
    '<script>x</script>',
    '\u0000',
    '\uD800',
    '😀'.repeat(50),
    "' or 1=1 --",
    '0123456789abcdef01234567',
    'a'.repeat(5000),
  ),
)
const key = fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 12 }))
const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    oddString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 4 }),
  ),
})).value

type Body =
  | { kind: 'form'; pairs: [string, string][] }
  | { kind: 'json'; text: string }
  | { kind: 'multipart'; pairs: [string, string][] }
  | { kind: 'raw'; text: string; type: string }

const bodies: fc.Arbitrary<Body> = fc.oneof(
  fc.array(fc.tuple(key, oddString), { maxLength: 8 }).map((pairs) => ({ kind: 'form' as const, pairs })),
  fc.dictionary(key, jsonValue, { maxKeys: 8 }).map((o) => ({ kind: 'json' as const, text: JSON.stringify(o) })),
  jsonValue.map((v) => ({ kind: 'json' as const, text: JSON.stringify(v) ?? 'null' })),
  fc
    .constantFrom(
      '{"__proto__":{"admin":true},"email":{"$ne":null}}',
      '{"answers":"x","quizId":{"$gt":""}}',
      '[1,2,3]',
      '{',
      '"str"',
      '{"a":1}{',
    )
    .map((text) => ({ kind: 'json' as const, text })),
  fc.array(fc.tuple(key, oddString), { maxLength: 6 }).map((pairs) => ({ kind: 'multipart' as const, pairs })),
  fc
    .tuple(
      oddString,
      fc.constantFrom(
        'text/plain',
        'application/xml',
        'application/json',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=zz',
      ),
    )
    .map(([text, type]) => ({ kind: 'raw' as const, text, type })),
)

/**
 * Sends one body with Node's own fetch, as `cookie`'s holder (or anonymous). Not Playwright's request context: it
 * records every call as a step of the test and scans the steps so far at each new one, so tens of thousands of
 * requests cost the worker minutes of CPU (measured: the worker at 100% CPU while the server idled).
 */
async function send(base: string, cookie: string | null, method: string, url: string, body: Body) {
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {}
  let payload: string | FormData
  if (body.kind === 'form') {
    // Repeated fields stay repeated.
    payload = new URLSearchParams(body.pairs).toString()
    headers['Content-Type'] = 'application/x-www-form-urlencoded'
  } else if (body.kind === 'multipart') {
    payload = new FormData()
    for (const [k, v] of body.pairs) payload.set(k, v)
  } else {
    payload = body.text
    headers['Content-Type'] = body.kind === 'json' ? 'application/json' : body.type
  }
  return fetch(new URL(url, base), {
    method,
    headers,
    body: payload,
    redirect: 'manual',
    signal: AbortSignal.timeout(30_000),
  })
}

const STACK = /\n\s+at [\w.<>]+ \(|node:internal|\/node_modules\//

async function fuzzTargets(db: import('../../../db/client').DB) {
  const course = await db
    .selectFrom('courses')
    .select(['id', 'link_address'])
    .orderBy('created_at')
    .executeTakeFirstOrThrow()
  const quiz = await db
    .selectFrom('quizzes')
    .select('id')
    .where('id', '!=', 'question-bank') // the bank's own quiz is no paper
    .orderBy('created_at')
    .executeTakeFirstOrThrow()
  const values = {
    id: course.link_address,
    courseId: course.id,
    quizId: quiz.id,
    orderId: '0123456789abcdef01234567',
    lectureId: '0123456789abcdef01234567',
  }
  const apiValues = { id: quiz.id, courseId: course.id }
  const targets: { method: string; url: string }[] = []
  for (const r of pageRoutes()) if (r.hasAction) targets.push({ method: 'POST', url: fill(r.path, values) })
  for (const r of await apiRoutes()) {
    if (r.method === 'GET') continue
    const url = fill(r.path, r.path.startsWith('/api/v1/courses') ? { id: course.id } : apiValues)
    targets.push({ method: r.method, url })
  }
  return targets
}

test('malformed bodies never produce a 500 or a stack trace @database', async ({ page, db, loginAs }) => {
  await loginAs('admin')
  const base = test.info().project.use.baseURL!
  const adminCookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ')
  // The cookie signs in as the admin outside the browser too (else half the bodies would stop at the guards).
  const adminPage = await fetch(new URL('/admin/dashboard', base), { headers: { Cookie: adminCookie } })
  expect([adminPage.status, new URL(adminPage.url).pathname]).toEqual([200, '/admin/dashboard'])
  const failures: string[] = []
  let sent = 0
  const targets = await fuzzTargets(db)
  for (const target of targets) {
    const samples = fc.sample(bodies, { numRuns: RUNS, seed: 42 })
    for (let i = 0; i < samples.length; i += 10) {
      await Promise.all(
        samples.slice(i, i + 10).map(async (body, j) => {
          // Half anonymous (the guards), half as admin (deeper into every handler).
          const cookie = (i + j) % 2 === 0 ? adminCookie : null
          const res = await send(base, cookie, target.method, target.url, body)
          sent++
          const text = await res.text().catch(() => '')
          if (res.status >= 500 || STACK.test(text)) {
            failures.push(
              `${target.method} ${target.url} -> ${res.status} for ${JSON.stringify(body).slice(0, 200)}: ${text.slice(0, 200)}`,
            )
          }
        }),
      )
    }
  }
  console.log(`fuzz: ${targets.length} routes, ${sent} requests, ${failures.length} failures`)
  expect(failures.slice(0, 20)).toEqual([])
})
