import http from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createQuiz, createUser } from '../../db/factories'
import { startAttempt, submitAttempt } from '~/models/quiz/attempt.server'
import { getAnswers } from '~/models/quiz/answers.server'
import { getQuiz } from '~/models/quiz/catalog.server'
import { paperVersion } from '~/models/quiz/paper-memo.server'
import { examLaneRoute, serveExamLane } from '~/routes/exam-lane.server'
import { loader, action } from '~/routes/api/quiz'
import { loader as paperLoader } from '~/routes/quiz/paper'
import { passedPaperAnswer } from '~/routes/quiz/paper-answer.server'
import { action as startAction } from '~/routes/quiz/start'
import { loader as quizLoader } from '~/routes/quiz/attempt'
import { db, dialect } from '~/utils/db.server'
import { answerBatch } from '~/routes/api/quiz-answers.server'
import type { AttemptRow } from '~/models/quiz/rows'
import { userFromCookieHeader } from '~/auth/session.server'
import { quickStart } from '~/routes/quiz/quick-start.server'
import { callApi, callRoute, signedInCookie } from '../support/harness'

// The exam lane (docs/decisions/032-exam-lane.md) answers the answer saves and the paper before React Router. Each
// case here is sent to the lane over real HTTP and to the route the way React Router calls it: same status, same
// body. What the lane leaves to React Router (signed out) it leaves untouched.

const LEFT_TO_ROUTER = 599
let server: http.Server
let base: string

beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    const route = examLaneRoute(req.method!, new URL(req.url!, 'http://localhost').pathname)
    if (!route || !(await serveExamLane(route, req, res, req))) res.writeHead(LEFT_TO_ROUTER).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const Q = (text: string) => ({ questionText: text, options: ['A', 'B', 'C', 'D'], correctOption: 0 })

async function learnerWithAttempt({ category = 'free' as 'free' | 'paid', start = true } = {}) {
  const user = await createUser(db)
  const { id, questionIds } = await createQuiz(db, { timeLimit: 30, category, questions: [Q('q1'), Q('q2')] })
  const quiz = (await getQuiz(id))!
  const attempt = start ? (await startAttempt({ userId: user.id, quiz })).attempt : null
  return { user, quizId: id, questionIds, attempt, cookie: await signedInCookie(user.id) }
}

/** POST .../answers through the lane and through the v1 route: both answers. */
async function saveBoth(quizId: string, cookie: string, body: string, contentType = 'application/json') {
  const path = `/api/v1/quiz/${quizId}/answers`
  const lane = await fetch(base + path, {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': contentType },
    body,
  })
  const laneText = await lane.text()
  const route = await callApi({ loader, action }, 'POST', path, {
    cookie,
    body,
    headers: { 'Content-Type': contentType },
  })
  return {
    lane: { status: lane.status, body: laneText ? JSON.parse(laneText) : null, headers: lane.headers },
    route: { status: route.status, body: route.body, headers: route.headers },
  }
}

const answerOf = (questionId: string, selectedOption: number) =>
  JSON.stringify({ answers: [{ questionId, selectedOption, markedForReview: false }] })

describe('the exam lane answers a save as the v1 route does', () => {
  test('a save is stored, with the same answer and headers', async () => {
    const { quizId, questionIds, attempt, cookie } = await learnerWithAttempt()
    const { lane, route } = await saveBoth(quizId, cookie, answerOf(questionIds[0], 2))
    expect(lane.status).toBe(200)
    expect(route.status).toBe(200)
    // The seconds left are the clock's at each answer: a second may pass between the two.
    const { secondsLeft: laneLeft, ...laneRest } = lane.body
    const { secondsLeft: routeLeft, ...routeRest } = route.body
    expect(laneRest).toEqual(routeRest)
    expect(Math.abs(laneLeft - routeLeft)).toBeLessThanOrEqual(1)
    expect(laneLeft).toBeGreaterThan(29 * 60)
    expect(lane.headers.get('content-type')).toBe(route.headers.get('content-type'))
    expect(lane.headers.get('cache-control')).toBe(route.headers.get('cache-control'))
    expect((await getAnswers(attempt!.id))[questionIds[0]]?.selectedOption).toBe(2)
  })

  test('every refusal: bad JSON, not JSON, a wrong answer, no access, no attempt, a submitted attempt, too large', async () => {
    const free = await learnerWithAttempt()
    const cases: Array<[string, string, string, string?]> = [
      ['malformed JSON', free.quizId, '{"answers": [', undefined],
      ['not an object', free.quizId, '[1, 2]', undefined],
      ['not JSON', free.quizId, answerOf(free.questionIds[0], 1), 'text/plain'],
      ['an option out of range', free.quizId, answerOf(free.questionIds[0], 9), undefined],
      ['an unknown quiz', '0123456789abcdef01234567', answerOf(free.questionIds[0], 1), undefined],
      ['past the JSON limit', free.quizId, JSON.stringify({ answers: [], pad: 'x'.repeat(1024 * 1024) }), undefined],
    ]
    for (const [what, quizId, body, type] of cases) {
      const { lane, route } = await saveBoth(quizId, free.cookie, body, type)
      expect(lane, what).toEqual({ ...route, headers: lane.headers })
      expect(lane.status, what).toBeGreaterThanOrEqual(400)
    }
    const paid = await learnerWithAttempt({ category: 'paid', start: false })
    const noAccess = await saveBoth(paid.quizId, paid.cookie, answerOf(paid.questionIds[0], 1))
    expect(noAccess.lane.status).toBe(403)
    expect(noAccess.lane.body).toEqual(noAccess.route.body)

    const unstarted = await learnerWithAttempt({ start: false })
    const none = await saveBoth(unstarted.quizId, unstarted.cookie, answerOf(unstarted.questionIds[0], 1))
    expect(none.lane.status).toBe(404)
    expect(none.lane.body).toEqual(none.route.body)

    await submitAttempt({ attemptId: free.attempt!.id })
    const closed = await saveBoth(free.quizId, free.cookie, answerOf(free.questionIds[1], 1))
    expect(closed.lane.status).toBe(409)
    expect(closed.lane.body).toEqual(closed.route.body)
    expect(closed.lane.body.submitted).toBe(true)
  })

  test('a signed-out save, or a forged cookie, is left to React Router (nothing read, nothing written)', async () => {
    const { quizId, questionIds } = await learnerWithAttempt()
    for (const cookie of ['', '__session=forged.value']) {
      const res = await fetch(`${base}/api/v1/quiz/${quizId}/answers`, {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/json' },
        body: answerOf(questionIds[0], 1),
      })
      expect(res.status).toBe(LEFT_TO_ROUTER)
    }
  })
})

describe('the exam lane answers the paper as the route does', () => {
  test('the same bytes (brotli and gzip) and attempt header; a refusal the same JSON', async () => {
    const { quizId, attempt, cookie } = await learnerWithAttempt()
    for (const encoding of ['br', 'gzip']) {
      const lane = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
        (resolve, reject) => {
          http
            .get(
              `${base}/quiz/${quizId}/paper`,
              { headers: { Cookie: cookie, 'Accept-Encoding': encoding } },
              (res) => {
                const chunks: Buffer[] = []
                res.on('data', (c: Buffer) => chunks.push(c))
                res.on('end', () =>
                  resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
                )
              },
            )
            .on('error', reject)
        },
      )
      const route = await callRoute(paperLoader, `/quiz/${quizId}/paper`, {
        cookie,
        params: { quizId },
        headers: { 'Accept-Encoding': encoding },
      })
      const routeBody = Buffer.from(await route.response!.arrayBuffer())
      expect(lane.status).toBe(200)
      expect(lane.headers['content-encoding']).toBe(encoding)
      expect(lane.headers['x-attempt-id']).toBe(attempt!.id)
      expect(lane.body.equals(routeBody)).toBe(true)
      const json = encoding === 'br' ? zlib.brotliDecompressSync(lane.body) : zlib.gunzipSync(lane.body)
      expect(JSON.parse(json.toString()).questions).toHaveLength(2)
      expect(json.toString()).not.toContain('correct')
    }

    const paid = await learnerWithAttempt({ category: 'paid', start: false })
    const lane = await fetch(`${base}/quiz/${paid.quizId}/paper`, { headers: { Cookie: paid.cookie } })
    const route = await callRoute(paperLoader, `/quiz/${paid.quizId}/paper`, {
      cookie: paid.cookie,
      params: { quizId: paid.quizId },
    })
    expect(lane.status).toBe(403)
    expect(route.status).toBe(403)
    expect(await lane.json()).toEqual(await route.response!.json())
  })

  test('the test page’s paper pass opens its paper for its own learner only, while the attempt is open, lane and route alike; a bad or stale pass is checked as before', async () => {
    const { quizId, attempt, cookie } = await learnerWithAttempt()
    const page = await callRoute(quizLoader, `/quiz/${quizId}?q=1`, { cookie, params: { quizId } })
    const pass = (page.data as { paperPass: string | null }).paperPass
    expect(pass).toMatch(/^[A-Za-z0-9_-]{67}$/)
    const withCookie = await fetch(`${base}/quiz/${quizId}/paper`, { headers: { Cookie: cookie } })
    const expected = await withCookie.text()
    // The learner's own session with the pass: the same paper, named for the same attempt.
    const lane = await fetch(`${base}/quiz/${quizId}/paper`, { headers: { 'X-Paper-Pass': pass!, Cookie: cookie } })
    expect(lane.status).toBe(200)
    expect(lane.headers.get('x-attempt-id')).toBe(attempt!.id)
    expect(await lane.text()).toBe(expected)
    const route = await callRoute(paperLoader, `/quiz/${quizId}/paper`, {
      cookie,
      params: { quizId },
      headers: { 'X-Paper-Pass': pass! },
    })
    expect(route.status).toBe(200)
    expect(route.response!.headers.get('X-Attempt-Id')).toBe(attempt!.id)
    expect(await route.response!.text()).toBe(expected)

    // The pass is no bearer token: signed out, it is checked as any request is, and refused.
    expect((await fetch(`${base}/quiz/${quizId}/paper`, { headers: { 'X-Paper-Pass': pass! } })).status).toBe(
      LEFT_TO_ROUTER,
    )
    const signedOut = await callRoute(paperLoader, `/quiz/${quizId}/paper`, {
      params: { quizId },
      headers: { 'X-Paper-Pass': pass! },
    })
    expect(signedOut.status).toBe(401)
    // Another learner who never started this paper: their own checks, which find no attempt of theirs.
    const stranger = await signedInCookie((await createUser(db)).id)
    const theirs = await fetch(`${base}/quiz/${quizId}/paper`, { headers: { 'X-Paper-Pass': pass!, Cookie: stranger } })
    expect(theirs.status).toBe(404)
    expect(theirs.headers.get('x-attempt-id')).toBeNull()

    // Anything else is not a pass: the lane leaves it to React Router, which checks it as before.
    const other = await learnerWithAttempt()
    const altered = pass!.slice(0, 40) + (pass![40] === 'A' ? 'B' : 'A') + pass!.slice(41)
    for (const [id, bad] of [
      [quizId, altered],
      [quizId, 'not-a-pass'],
      [other.quizId, pass!],
    ] as const) {
      expect((await fetch(`${base}/quiz/${id}/paper`, { headers: { 'X-Paper-Pass': bad } })).status).toBe(
        LEFT_TO_ROUTER,
      )
      const refused = await callRoute(paperLoader, `/quiz/${id}/paper`, {
        params: { quizId: id },
        headers: { 'X-Paper-Pass': bad },
      })
      expect(refused.status).toBe(401)
    }
    // A pass names the version its attempt saw, whose rows never change: served while this process holds that version.
    // Once it holds a newer one (a question was added, and another request read the paper), the pass is checked as
    // before; with the cookie the learner still gets the paper their attempt sees.
    const first = await db.selectFrom('questions').selectAll().where('quiz_id', '=', quizId).executeTakeFirstOrThrow()
    const later = new Date(Date.now() + 1000).toISOString()
    await db
      .insertInto('questions')
      .values({ ...first, id: '0123456789abcdef0123abcd', created_at: later })
      .execute()
    await paperVersion(quizId)
    const passOnly = await fetch(`${base}/quiz/${quizId}/paper`, { headers: { 'X-Paper-Pass': pass!, Cookie: cookie } })
    expect(passOnly.status).toBe(LEFT_TO_ROUTER)
    // (An attempt on an older paper is React Router's: the route answers it.)
    const stale = await callRoute(paperLoader, `/quiz/${quizId}/paper`, {
      cookie,
      params: { quizId },
      headers: { 'X-Paper-Pass': pass! },
    })
    expect(stale.status).toBe(200)
    expect(stale.response!.headers.get('X-Attempt-Id')).toBe(attempt!.id)
    expect(JSON.parse(await stale.response!.text())).toEqual(JSON.parse(expected))
  })

  test('a paper pass ends with its attempt: submitted, it opens nothing, even with its own learner’s cookie', async () => {
    const { quizId, attempt, cookie } = await learnerWithAttempt()
    const page = await callRoute(quizLoader, `/quiz/${quizId}?q=1`, { cookie, params: { quizId } })
    const pass = (page.data as { paperPass: string | null }).paperPass!
    const headers = { 'X-Paper-Pass': pass, Cookie: cookie }
    expect((await fetch(`${base}/quiz/${quizId}/paper`, { headers })).status).toBe(200)
    expect((await submitAttempt({ attemptId: attempt!.id })).status).toBe('submitted')
    expect(await passedPaperAnswer(quizId, pass, cookie, null)).toBeNull()
    const after = await fetch(`${base}/quiz/${quizId}/paper`, { headers })
    expect(after.status).toBe(404)
    expect(await after.text()).not.toContain('q1')
  })

  test('only the three requests, with an id, are the lane’s', () => {
    const id = '0123456789abcdef01234567'
    expect(examLaneRoute('POST', `/api/v1/quiz/${id}/answers`)).toEqual({ kind: 'save', quizId: id })
    expect(examLaneRoute('GET', `/quiz/${id}/paper`)).toEqual({ kind: 'paper', quizId: id })
    expect(examLaneRoute('GET', `/api/v1/quiz/${id}/answers`)).toBeNull()
    expect(examLaneRoute('POST', `/quiz/${id}/paper`)).toBeNull()
    expect(examLaneRoute('POST', `/quiz/${id}/start`)).toEqual({ kind: 'start', quizId: id })
    expect(examLaneRoute('GET', `/quiz/${id}/start`)).toBeNull()
    expect(examLaneRoute('HEAD', `/quiz/${id}/paper`)).toBeNull()
    expect(examLaneRoute('GET', '/quiz/not-an-id/paper')).toBeNull()
    expect(examLaneRoute('GET', `/quiz/${id}/paper.data`)).toBeNull()
  })
})

describe('the one-request Start', () => {
  /** POST /quiz/{id}/start through the lane, and through the route. */
  async function startBoth(quizId: string, cookie: string) {
    const lane = await fetch(`${base}/quiz/${quizId}/start`, { method: 'POST', headers: { Cookie: cookie } })
    const route = await callRoute(startAction, `/quiz/${quizId}/start`, { method: 'POST', cookie, params: { quizId } })
    return {
      lane: { status: lane.status, body: await lane.json() },
      route: { status: route.status, body: await route.response!.json() },
    }
  }
  /** What moves with the clock between two answers. */
  const still = ({
    shownAt: _s,
    secondsLeft: _l,
    secondsUntilClosed: _c,
    endsAt: _e,
    ...rest
  }: Record<string, unknown>) => rest

  test('starts the attempt and answers with the test page the loader shows at ?q=1, without the key', async () => {
    const { quizId, user, cookie } = await learnerWithAttempt({ start: false })
    const { lane, route } = await startBoth(quizId, cookie)
    expect(lane.status).toBe(200)
    expect(route.status).toBe(200)
    expect(lane.body.to).toBe(`/quiz/${quizId}?q=1`)
    const attempts = await db.selectFrom('attempts').selectAll().where('user_id', '=', user.id).execute()
    expect(attempts).toHaveLength(1)
    expect(lane.body.test.attemptId).toBe(attempts[0].id)
    // The second press resumes the same attempt; both equal the test page's own loader data.
    const page = await callRoute(quizLoader, `/quiz/${quizId}?q=1`, { cookie, params: { quizId } })
    expect(still(lane.body.test)).toEqual(still(page.data))
    expect(still(route.body.test)).toEqual(still(page.data))
    expect(lane.body.test.secondsLeft).toBeGreaterThan(29 * 60)
    expect(JSON.stringify(lane.body)).not.toMatch(/correct|explanation/i)
  })

  test('a refusal is an error the page answers by posting its form: no access, submitted, unknown', async () => {
    const paid = await learnerWithAttempt({ category: 'paid', start: false })
    const noAccess = await startBoth(paid.quizId, paid.cookie)
    expect(noAccess.lane).toEqual({ status: 403, body: { error: 'no-access' } })
    expect(noAccess.route).toEqual(noAccess.lane)
    expect(await db.selectFrom('attempts').select('id').where('user_id', '=', paid.user.id).execute()).toHaveLength(0)

    const done = await learnerWithAttempt()
    await submitAttempt({ attemptId: done.attempt!.id })
    const submitted = await startBoth(done.quizId, done.cookie)
    expect(submitted.lane).toEqual({ status: 409, body: { error: 'submitted' } })
    expect(submitted.route).toEqual(submitted.lane)

    const unknown = await startBoth('0123456789abcdef01234567', done.cookie)
    expect(unknown.lane).toEqual({ status: 404, body: { error: 'not-found' } })
  })

  test('signed out, the lane leaves it to React Router, which refuses it', async () => {
    const { quizId } = await learnerWithAttempt({ start: false })
    expect((await fetch(`${base}/quiz/${quizId}/start`, { method: 'POST' })).status).toBe(LEFT_TO_ROUTER)
    const route = await callRoute(startAction, `/quiz/${quizId}/start`, { method: 'POST', params: { quizId } })
    expect(route.status).toBe(401)
  })
})

describe('what the exam requests cost the database', () => {
  /** The SQL of every statement `db` runs while `run` does (the lane's server is in this process). */
  async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
    const seen: string[] = []
    const executor = db.getExecutor() as unknown as {
      provideConnection: <T>(
        consumer: (c: { executeQuery: (q: { sql: string }) => unknown }) => Promise<T>,
      ) => Promise<T>
    }
    const provide = executor.provideConnection.bind(executor)
    executor.provideConnection = (consumer) =>
      provide((connection) =>
        consumer(
          new Proxy(connection, {
            get: (target, key) =>
              key === 'executeQuery'
                ? (q: { sql: string }) => (seen.push(q.sql), target.executeQuery(q))
                : Reflect.get(target, key),
          }),
        ),
      )
    try {
      await run()
    } finally {
      executor.provideConnection = provide
    }
    return seen
  }

  test('a live mock’s start is three statements, its paper one, a save three: the session’s statement reads the content version, the paper memo holds the overrides', async () => {
    const { quizId, cookie } = await learnerWithAttempt({ start: false })
    const opens = new Date(Date.now() - 60_000).toISOString()
    const closes = new Date(Date.now() + 3600_000).toISOString()
    await db.updateTable('quizzes').set({ opens_at: opens, closes_at: closes }).where('id', '=', quizId).execute()
    // The paper memo of the new version, as the first learner of the opening reads it.
    await paperVersion(quizId)
    let body: { test: { paperPass: string; questions: { id: string }[] } } | undefined
    const start = await statementsOf(async () => {
      const res = await fetch(`${base}/quiz/${quizId}/start`, { method: 'POST', headers: { Cookie: cookie } })
      expect(res.status).toBe(200)
      body = await res.json()
    })
    // The session with the version; the attempt; the first question marked visited.
    expect(start).toHaveLength(3)
    expect(start[0]).toMatch(/content_version/)
    const paper = await statementsOf(async () => {
      const res = await fetch(`${base}/quiz/${quizId}/paper`, {
        headers: { 'X-Paper-Pass': body!.test.paperPass, Cookie: cookie },
      })
      expect(res.status).toBe(200)
    })
    // One read: the pass's learner is this session's and their attempt is open.
    expect(paper).toHaveLength(1)
    expect(paper[0]).toMatch(/sessions/)
    const save = await statementsOf(async () => {
      const res = await fetch(`${base}/api/v1/quiz/${quizId}/answers`, {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/json' },
        body: JSON.stringify({ answers: [{ questionId: body!.test.questions[1]!.id, selectedOption: 2 }] }),
      })
      expect(res.status).toBe(200)
    })
    // The session with the version; the attempt; the save.
    expect(save).toHaveLength(3)
  })

  test('Starts of one turn share their statements on PostgreSQL, each learner their own rows; a second Start of one of them resumes the same attempt', async () => {
    const { quizId } = await learnerWithAttempt({ start: false })
    const learners = await Promise.all(Array.from({ length: 12 }, () => createUser(db)))
    const cookies = await Promise.all(learners.map((l) => signedInCookie(l.id)))
    const pressed = [...cookies, cookies[0]!]
    // The paper memo of the version, as the first learner of the opening reads it.
    await paperVersion(quizId)
    let answers: Awaited<ReturnType<typeof quickStart>>[] = []
    const statements = await statementsOf(async () => {
      // As server.js lets them in: the requests of one turn, each from its cookie to its answer.
      answers = await Promise.all(pressed.map(async (cookie) => quickStart(await userFromCookieHeader(cookie), quizId)))
    })
    const started = answers.map((a) => {
      expect(a.status).toBe(200)
      return (a.body as { test: { attemptId: string } }).test.attemptId
    })
    // Twelve attempts, the thirteenth press the first learner's own again.
    expect(new Set(started).size).toBe(12)
    expect(started.at(-1)).toBe(started[0])
    const rows = await db.selectFrom('attempts').select(['id', 'user_id']).where('quiz_id', '=', quizId).execute()
    expect(new Map(rows.map((r) => [r.user_id, r.id]))).toEqual(new Map(learners.map((l, i) => [l.id, started[i]])))
    for (const id of started) expect(Object.values(await getAnswers(id)).filter((a) => a.visited)).toHaveLength(1)
    const sessionReads = statements.filter((q) => /from "?sessions"?/.test(q) || /"sessions"/.test(q))
    const inserts = statements.filter((q) => /^insert into "attempts"/.test(q))
    const visits = statements.filter((q) => /^insert into "attempt_answers"/.test(q))
    if (dialect === 'postgres') {
      // One statement each for the twelve (the repeated press reads its attempt and marks its visit on its own).
      expect(sessionReads).toHaveLength(1)
      expect(inserts).toHaveLength(1)
      expect(visits.length).toBeLessThanOrEqual(2)
      // With the repeated press's attempt read, visit and answers: six, where one at a time they are 39.
      expect(statements.length).toBeLessThanOrEqual(7)
    } else {
      expect(sessionReads).toHaveLength(13)
      expect(inserts).toHaveLength(13)
    }
  })

  test('saves of one turn share their statements on PostgreSQL: each answer in its own attempt, a submitted attempt’s refused, two saves of one question in their order', async () => {
    const { quizId, questionIds } = await learnerWithAttempt({ start: false })
    const quiz = (await getQuiz(quizId))!
    const learners = await Promise.all(Array.from({ length: 8 }, () => createUser(db)))
    const attempts: AttemptRow[] = []
    for (const learner of learners) attempts.push((await startAttempt({ userId: learner.id, quiz })).attempt)
    await submitAttempt({ attemptId: attempts[7]!.id })
    const cookies = await Promise.all(learners.map((l) => signedInCookie(l.id)))
    await paperVersion(quizId)
    const saves = learners.map((_, i) => ({ cookie: cookies[i]!, selectedOption: i % 4 }))
    // The first learner again, the same question: this later choice is the one kept.
    saves.push({ cookie: cookies[0]!, selectedOption: 3 })
    let answers: { status: number }[] = []
    const statements = await statementsOf(async () => {
      answers = await Promise.all(
        saves.map(async ({ cookie, selectedOption }) =>
          answerBatch((await userFromCookieHeader(cookie))!, quizId, async () => ({
            ok: true,
            body: { answers: [{ questionId: questionIds[1], selectedOption }] },
          })),
        ),
      )
    })
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 409, 200])
    const stored = async (i: number) => (await getAnswers(attempts[i]!.id))[questionIds[1]!]?.selectedOption
    expect(await stored(0)).toBe(3)
    for (const i of [1, 2, 3, 4, 5, 6]) expect(await stored(i)).toBe(i % 4)
    expect(await stored(7)).toBeUndefined()
    const saveStatements = statements.filter((q) => /^insert into "attempt_answers"/.test(q))
    if (dialect === 'postgres') {
      // The sessions, the attempts, the saves in two rounds (the repeated question), the submitted one's practice.
      expect(saveStatements).toHaveLength(2)
      expect(statements.length).toBeLessThanOrEqual(5)
    } else {
      expect(saveStatements).toHaveLength(8)
    }
  })
})
