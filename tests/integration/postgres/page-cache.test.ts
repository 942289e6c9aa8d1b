// The anonymous page cache, end to end against the built server (server.js + the app build),
// on SQLite and on PostgreSQL. Two app processes share one database each time (two processes on one SQLite
// file, two instances on one PostgreSQL), so "a staff edit is visible to the very next anonymous visitor" is
// proved across processes: the edit goes through B, the visitor reads from A's memory. The servers run with
// PAGE_CACHE_DEBUG=1, which adds X-Page-Cache-Status: hit|miss to answers the cache gave or stored (never set in
// production). Lives with the PostgreSQL-run files because it needs the build (scripts/test.mjs builds first).
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DB } from '../../../db/client'
import { createCourse, createUser } from '../../../db/factories'
import { freePort } from '../../../scripts/pg-server.mjs'
import { startAppServer, type AppServer } from '../../support/app-server'
import { backends, cookieOf, theme } from '../../support/two-processes'
import { E2E } from '../../support/e2e-env'

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'biocoach-page-cache-'))

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

const q = (text: string) => ({ questionText: text, options: ['A', 'B', 'C', 'D'], correctOption: 0 })

describe.each(backends)('the anonymous page cache on $name', (backend) => {
  let a: AppServer
  let b: AppServer
  let db: DB
  const dir = path.join(tmp, crypto.randomBytes(4).toString('hex'))
  const file = path.join(dir, 'shared.db')

  beforeAll(async () => {
    if (!fs.existsSync(path.join(E2E.buildDir, 'server/index.js')))
      throw new Error(`No build in ${E2E.buildDir}: run \`npm run build\` first (npm test does)`)
    const env = { ...backend.env(file), PAGE_CACHE_DEBUG: '1' }
    // One after the other: the first migrates and seeds the demo, the second finds it done.
    a = await startAppServer({ port: await freePort(), dir: path.join(dir, 'a'), env })
    b = await startAppServer({ port: await freePort(), dir: path.join(dir, 'b'), env })
    db = backend.open(file)
  }, 120_000)

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    await db?.destroy()
  })

  const get = (server: AppServer, pathname: string, headers: Record<string, string> = {}, method = 'GET') =>
    fetch(`${server.baseURL}${pathname}`, { method, headers, redirect: 'manual' })
  const cacheStatus = (res: Response) => res.headers.get('x-page-cache-status')

  async function signIn(server: AppServer, role: 'user' | 'admin', name: string) {
    const user = await createUser(db, { role, name })
    const res = await fetch(`${server.baseURL}/api/v1/users/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    })
    expect(res.status).toBe(200)
    return { ...user, name, cookie: cookieOf(res) }
  }

  test('an anonymous GET is answered from memory the second time: same bytes, ETag, 304, HEAD', async () => {
    const first = await get(a, '/', { 'Accept-Encoding': 'identity' })
    expect(first.status).toBe(200)
    expect(cacheStatus(first)).toBe('miss')
    const body = await first.text()
    const second = await get(a, '/', { 'Accept-Encoding': 'identity' })
    expect(cacheStatus(second)).toBe('hit')
    expect(await second.text()).toBe(body)
    const etag = second.headers.get('etag')!
    expect(etag).toBe(first.headers.get('etag'))

    const compressed = await get(a, '/', { 'Accept-Encoding': 'gzip, br' })
    expect(compressed.headers.get('content-encoding')).toBe('br')
    expect(await compressed.text()).toBe(body) // fetch decodes it

    const revalidated = await get(a, '/', { 'If-None-Match': etag })
    expect(revalidated.status).toBe(304)
    expect(revalidated.headers.get('cache-control')).toBe('public, no-cache')

    const head = await get(a, '/', {}, 'HEAD')
    expect(head.status).toBe(200)
    expect(cacheStatus(head)).toBe('hit')
    // The store marker is the server's business, never the client's.
    expect(second.headers.has('x-page-cache')).toBe(false)
    expect(first.headers.has('set-cookie')).toBe(false)
  })

  test('a staff edit made through the other process is visible to the very next anonymous visitor', async () => {
    const admin = await signIn(b, 'admin', 'Cache Admin')
    await get(a, '/quizzes')
    expect(cacheStatus(await get(a, '/quizzes'))).toBe('hit')

    const title = `Cache quiz ${crypto.randomBytes(3).toString('hex')}`
    const created = await fetch(`${b.baseURL}/api/v1/admin/create-quiz`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: admin.cookie },
      body: JSON.stringify({ title, description: 'd', category: 'free', timeLimit: 10, questions: [q('One')] }),
    })
    expect(created.status).toBe(201)
    const id = (await created.json()).quiz._id as string

    const after = await get(a, '/quizzes')
    expect(cacheStatus(after)).toBe('miss')
    expect(await after.text()).toContain(title)
    expect(cacheStatus(await get(a, '/quizzes'))).toBe('hit')

    const renamed = `${title} renamed`
    const put = await fetch(`${b.baseURL}/api/v1/admin/quiz/${id}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Cookie: admin.cookie },
      body: JSON.stringify({
        title: renamed,
        description: 'd',
        category: 'free',
        timeLimit: 10,
        questions: [q('One')],
      }),
    })
    expect(put.status).toBe(200)
    expect(await (await get(a, '/quizzes')).text()).toContain(renamed)

    // A staff edit made outside the app (a script, a console) is seen just the same: the trigger is the database's.
    await db
      .updateTable('quizzes')
      .set({ title: `${title} by hand` })
      .where('id', '=', id)
      .execute()
    expect(await (await get(a, '/quizzes')).text()).toContain(`${title} by hand`)
  })

  test('a course edited or unpublished through the other process is what the very next anonymous visitor sees', async () => {
    const admin = await signIn(b, 'admin', 'Catalogue Admin')
    const tag = crypto.randomBytes(3).toString('hex')
    const course = await createCourse(db, { cardTitle: `Cached Course ${tag}`, discountedPrice: 2999 })
    const page = `/courses/${course.linkAddress}`
    await get(a, page)
    await get(a, '/courses')
    const warm = await get(a, page)
    expect(cacheStatus(warm)).toBe('hit')
    expect(await warm.text()).toContain(`Cached Course ${tag}`)
    expect(cacheStatus(await get(a, '/courses'))).toBe('hit')

    const put = (body: unknown) =>
      fetch(`${b.baseURL}/api/v1/courses/${course.id}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Cookie: admin.cookie },
        body: JSON.stringify(body),
      })
    expect((await put({ courseTitle: `Renamed Course ${tag}`, discountedPrice: 1799 })).status).toBe(200)
    const edited = await get(a, page)
    expect(cacheStatus(edited)).toBe('miss')
    const html = await edited.text()
    expect(html).toContain(`Renamed Course ${tag}`)
    expect(html).toContain('1,799')
    expect(await (await get(a, '/courses')).text()).toContain(`Renamed Course ${tag}`)

    // Unpublished: gone from the list and a 404 at once, though both were cached a moment ago.
    expect(cacheStatus(await get(a, page))).toBe('hit')
    expect((await put({ published: false })).status).toBe(200)
    const hidden = await get(a, page)
    expect(hidden.status).toBe(404)
    expect(await hidden.text()).toContain('No Course Found')
    expect(await (await get(a, '/courses')).text()).not.toContain(`Renamed Course ${tag}`)
  })

  test('a signed-in page is never served from the cache nor stored', async () => {
    const learner = await signIn(a, 'user', `Learner ${crypto.randomBytes(3).toString('hex')}`)
    // Warm the anonymous entry of / first.
    await get(a, '/')
    for (const server of [a, a, b]) {
      const mine = await get(server, '/', { Cookie: learner.cookie })
      expect(mine.status).toBe(200)
      expect(cacheStatus(mine)).toBeNull()
      expect(mine.headers.get('cache-control')).toBe('private, no-store')
      expect(await mine.text()).toContain(learner.name)
    }
    const anonymous = await get(a, '/')
    expect(cacheStatus(anonymous)).toBe('hit')
    expect(await anonymous.text()).not.toContain(learner.name)

    // A page first seen signed in was not stored: the next anonymous visitor gets a fresh render.
    const signedInFirst = await get(b, '/developers', { Cookie: learner.cookie })
    expect(await signedInFirst.text()).toContain(learner.name)
    const next = await get(b, '/developers')
    expect(cacheStatus(next)).toBe('miss')
    expect(await next.text()).not.toContain(learner.name)
  })

  test('a response with a toast is never stored', async () => {
    const course = await db.selectFrom('courses').select('link_address').orderBy('created_at').executeTakeFirstOrThrow()
    const page = `/courses/${course.link_address}`
    // The signed-out Enroll button posts here and comes back with a "Login to enroll" toast (a cookie).
    const posted = await fetch(`${a.baseURL}${page}`, { method: 'POST', redirect: 'manual' })
    expect(posted.status).toBe(302)
    const toastCookie = cookieOf(posted)
    expect(toastCookie).toContain('toast-session=')
    const withToast = await get(a, page, { Cookie: toastCookie })
    expect(withToast.status).toBe(200)
    expect(cacheStatus(withToast)).toBeNull()
    expect(withToast.headers.get('cache-control')).toBe('private, no-store')
    expect(await withToast.text()).toContain('Login to enroll')
    const anonymous = await get(a, page)
    expect(cacheStatus(anonymous)).toBe('miss')
    expect(await anonymous.text()).not.toContain('Login to enroll')
  })

  test('light and dark themes get entries of their own', async () => {
    const dark = await get(a, '/about-us', { Cookie: theme('dark') })
    const light = await get(a, '/about-us', { Cookie: theme('light') })
    expect(cacheStatus(dark)).toBe('miss')
    expect(cacheStatus(light)).toBe('miss')
    expect(await dark.text()).toMatch(/<html lang="en" class="dark"/)
    expect(await light.text()).toMatch(/<html lang="en" class="light"/)
    expect(dark.headers.get('etag')).not.toBe(light.headers.get('etag'))
    const darkAgain = await get(a, '/about-us', { Cookie: theme('dark') })
    expect(cacheStatus(darkAgain)).toBe('hit')
    expect(await darkAgain.text()).toMatch(/<html lang="en" class="dark"/)
    expect(cacheStatus(await get(a, '/about-us', { Cookie: theme('light') }))).toBe('hit')
  })

  test('every kind of page says how it may be kept', async () => {
    const learner = await signIn(a, 'user', 'Cache Learner')
    const admin = await signIn(a, 'admin', 'Cache Admin Two')
    const cacheControl = async (pathname: string, cookie?: string) => {
      const res = await get(a, pathname, cookie ? { Cookie: cookie } : {})
      expect(res.status, pathname).toBe(200)
      return { policy: res.headers.get('cache-control'), vary: res.headers.get('vary') }
    }
    expect(await cacheControl('/courses')).toEqual({
      policy: 'public, no-cache',
      vary: expect.stringMatching(/Cookie/),
    })
    expect((await cacheControl('/courses', learner.cookie)).policy).toBe('private, no-store')
    expect((await cacheControl('/profile', learner.cookie)).policy).toBe('private, no-store')
    expect((await cacheControl('/admin/dashboard', admin.cookie)).policy).toBe('private, no-store')
    expect((await cacheControl('/courses.data')).policy).toBe('private, no-store')
    expect((await cacheControl('/courses.data', learner.cookie)).policy).toBe('private, no-store')
    expect((await cacheControl('/api/v1/courses/get-all-courses')).policy).toMatch(/no-store/)
    expect((await cacheControl('/api/v1/users/current-user', learner.cookie)).policy).toMatch(/no-store/)
    // Anonymous but hydrating (a form with a nonce-bearing script): the visitor's own browser only.
    expect((await cacheControl('/login')).policy).toBe('private, no-cache')
  })
})
