// A state-changing request whose Origin or Sec-Fetch-Site names another site gets 403 on every page
// action and API route, except the Razorpay callback; and a crawl of every GET route as admin changes nothing.
import crypto from 'node:crypto'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { createCookie } from 'react-router'
import { expect, test } from '../../support/fixtures'
import { startAppServer } from '../../support/app-server'
import { E2E } from '../../support/e2e-env'
import { apiRoutes, fill, pageRoutes } from '../../support/route-inventory'

const ID = '0123456789abcdef01234567'

test('every page action and API write route refuses another site with 403 (callback excepted)', async ({
  request,
  db,
}) => {
  const course = await db
    .selectFrom('courses')
    .select(['id', 'link_address'])
    .orderBy('created_at')
    .executeTakeFirstOrThrow()
  const targets: { method: string; url: string }[] = []
  for (const r of pageRoutes())
    if (r.hasAction) targets.push({ method: 'POST', url: fill(r.path, { id: course.link_address }) })
  for (const r of await apiRoutes())
    if (r.method !== 'GET') targets.push({ method: r.method, url: fill(r.path, { id: course.id }) })
  expect(targets.length).toBeGreaterThan(20)
  const wrong: string[] = []
  for (const { method, url } of targets) {
    for (const headers of [{ Origin: 'https://evil.example' }, { 'Sec-Fetch-Site': 'cross-site' }] as Record<
      string,
      string
    >[]) {
      const res = await request.fetch(url, { method, headers, form: { a: '1' }, maxRedirects: 0 })
      const exempt = url === '/payments/razorpay/callback'
      if (exempt ? res.status() === 403 : res.status() !== 403)
        wrong.push(`${method} ${url} ${JSON.stringify(headers)} -> ${res.status()}`)
    }
  }
  expect(wrong).toEqual([])
})

function snapshot(dbPath: string) {
  const db = new SQLite(dbPath, { readonly: true })
  const tables = (
    db
      .prepare("select name from sqlite_master where type='table' and name not like 'sqlite_%' order by name")
      .all() as { name: string }[]
  ).map((t) => t.name)
  const out: Record<string, string> = {}
  for (const t of tables) {
    const rows = db.prepare(`select * from "${t}" order by 1`).all()
    out[t] = crypto.createHash('sha256').update(JSON.stringify(rows)).digest('hex')
  }
  db.close()
  return out
}

test('a crawl of every GET route as admin changes nothing in the database', async ({ request }) => {
  test.setTimeout(180_000)
  const server = await startAppServer({ port: E2E.port + 20, dir: path.join(E2E.tmpDir, 'crawl') })
  try {
    // Sign in as the seeded admin with a session row made before the snapshot.
    const db = new SQLite(server.dbPath)
    const admin = db.prepare("select id from users where role = 'admin' order by created_at limit 1").get() as {
      id: string
    }
    const course = db.prepare('select id, link_address from courses order by created_at limit 1').get() as {
      id: string
      link_address: string
    }
    const quiz = db.prepare('select id from quizzes order by created_at limit 1').get() as { id: string }
    const lecture = db.prepare('select id from lectures limit 1').get() as { id: string }
    const sessionId = crypto.randomBytes(32).toString('base64url')
    db.prepare('insert into sessions (id, user_id, expires_at, created_at) values (?, ?, ?, ?)').run(
      sessionId,
      admin.id,
      new Date(Date.now() + 3600_000).toISOString(),
      new Date().toISOString(),
    )
    db.close()
    const cookie = (await createCookie('__session', { secrets: [E2E.sessionSecret] }).serialize(sessionId)).split(
      ';',
    )[0]

    const values = { id: course.link_address, courseId: course.id, quizId: quiz.id, lectureId: lecture.id, orderId: ID }
    const urls = new Set<string>()
    for (const r of pageRoutes())
      if (r.hasLoader || !r.hasAction)
        urls.add(fill(r.path, r.path.startsWith('/my-courses') ? { ...values, id: course.id } : values))
    for (const r of await apiRoutes())
      if (r.method === 'GET')
        urls.add(fill(r.path, r.path.startsWith('/api/v1/courses') ? { id: course.id } : { id: quiz.id }))
    for (const u of [
      '/admin/all-users?q=a&page=2',
      '/quizzes?x=1',
      '/quiz/' + quiz.id + '?q=2',
      '/theme',
      '/logout',
      '/healthz',
    ])
      urls.add(u)

    const before = snapshot(server.dbPath)
    const statuses: string[] = []
    for (const url of urls) {
      const res = await request.get(server.baseURL + url, { headers: { Cookie: cookie }, maxRedirects: 0 })
      statuses.push(`${url} ${res.status()}`)
      expect(res.status(), url).toBeLessThan(500)
    }
    const after = snapshot(server.dbPath)
    const changed = Object.keys(before).filter((t) => before[t] !== after[t])
    expect(changed, `tables changed by GETs (crawled ${urls.size} URLs)`).toEqual([])
  } finally {
    await server.stop()
  }
})
