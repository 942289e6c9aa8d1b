// Addresses that cannot name a page (docs/decisions/019-input-at-the-edge.md), against the real
// server on both databases: a percent-escape that is not UTF-8 and a control character in the path or the query
// answer 400 before React Router (JSON in the API's error shape under /api/v1), with nothing in the log. A
// U+0000 in a course's address used to reach PostgreSQL (500 there).
import fs from 'node:fs'
import { expect, test } from '../../support/fixtures'
import { E2E } from '../../support/e2e-env'

const serverLog = `${E2E.tmpDir}/server.log`
const STACK = /\n\s+at [\w.<>]+ \(|node:internal|\/node_modules\//

test('malformed percent-escapes and control characters in an address answer 400, logged nowhere @database', async ({
  request,
  db,
}) => {
  const course = await db.selectFrom('courses').select('link_address').executeTakeFirstOrThrow()
  const quiz = await db
    .selectFrom('quizzes')
    .select('id')
    .where('id', '!=', 'question-bank') // the bank's own quiz is no paper
    .executeTakeFirstOrThrow()
  const logBefore = fs.statSync(serverLog).size
  const pages = [
    '/%ff',
    '/%',
    '/admin/export/quiz-results/%ff.csv',
    `/courses/${course.link_address}%00`,
    '/courses/%00',
    `/courses?q=%00`,
    `/quiz/${quiz.id}%00`,
    `/checkout/${course.link_address}?coupon=TEN%00`,
  ]
  for (const path of pages) {
    const res = await request.get(path, { maxRedirects: 0 })
    expect(res.status(), path).toBe(400)
    expect(await res.text(), path).not.toMatch(STACK)
  }
  for (const path of ['/api/v1/quiz/%ff', '/api/v1/courses/%00', `/api/v1/quiz/${quiz.id}?x=%00`]) {
    const res = await request.get(path, { maxRedirects: 0 })
    expect(res.status(), path).toBe(400)
    expect(res.headers()['content-type'], path).toContain('application/json')
    expect(await res.json(), path).toMatchObject({ statusCode: 400, data: null, success: false, errors: [] })
  }
  // Ordinary addresses still work, a tab in a redirect target included.
  expect((await request.get(`/courses/${course.link_address}`)).status()).toBe(200)
  expect((await request.get('/login?redirectTo=%2F%09%2Fevil.example%2F')).status()).toBe(200)
  // Other tests share the server and its log: look for what these addresses used to log.
  const logged = fs.readFileSync(serverLog, 'utf8').slice(logBefore)
  expect(logged).not.toMatch(/URIError|URI malformed|invalid byte sequence/)
})
