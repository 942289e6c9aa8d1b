// The signed-in home page from its template (decision 030), end to end against the built server, on SQLite and
// on PostgreSQL. Two app processes share one database each time: A fills the signed-in home in from a template
// (PAGE_CACHE_DEBUG=1 adds X-Signed-In-Template: hit|miss, never set in production); B runs with PAGE_CACHE=off,
// so it renders every page in full: its page is the reference A's must equal byte for byte, and the staff edits are
// made through it (another process, as in production). Lives with the PostgreSQL-run files because it needs the
// build, like page-cache.test.ts beside it.
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DB } from '../../../db/client'
import { createUser } from '../../../db/factories'
import { freePort } from '../../../scripts/pg-server.mjs'
import { startAppServer, type AppServer } from '../../support/app-server'
import { backends, cookieOf, theme } from '../../support/two-processes'
import { E2E } from '../../support/e2e-env'

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'biocoach-signed-in-home-'))

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

/** How React writes a name into the page (text and attributes alike). */
const escaped = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;')

describe.each(backends)('the signed-in home on $name', (backend) => {
  let a: AppServer
  let b: AppServer
  let db: DB
  const dir = path.join(tmp, crypto.randomBytes(4).toString('hex'))
  const file = path.join(dir, 'shared.db')

  beforeAll(async () => {
    if (!fs.existsSync(path.join(E2E.buildDir, 'server/index.js')))
      throw new Error(`No build in ${E2E.buildDir}: run \`npm run build\` first (npm test does)`)
    const env = backend.env(file)
    // One after the other: the first migrates and seeds the demo, the second finds it done.
    a = await startAppServer({
      port: await freePort(),
      dir: path.join(dir, 'a'),
      env: { ...env, PAGE_CACHE_DEBUG: '1' },
    })
    b = await startAppServer({ port: await freePort(), dir: path.join(dir, 'b'), env: { ...env, PAGE_CACHE: 'off' } })
    db = backend.open(file)
  }, 120_000)

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    await db?.destroy()
  })

  async function signIn(role: 'user' | 'admin', name: string) {
    const user = await createUser(db, { role, name })
    const res = await fetch(`${a.baseURL}/api/v1/users/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    })
    expect(res.status).toBe(200)
    return { ...user, name, cookie: cookieOf(res) }
  }

  /** GET / on a server with this Cookie: status, the template header, Cache-Control and the HTML. */
  async function home(server: AppServer, cookie: string) {
    const res = await fetch(`${server.baseURL}/`, { headers: { Cookie: cookie, 'Accept-Encoding': 'br, gzip' } })
    return {
      status: res.status,
      template: res.headers.get('x-signed-in-template'),
      cacheControl: res.headers.get('cache-control'),
      pageCache: res.headers.get('x-page-cache-status'),
      html: await res.text(),
    }
  }

  test('two learners each see their own name, from one template, byte for byte the page a full render gives', async () => {
    const tag = crypto.randomBytes(3).toString('hex')
    // Every character React escapes, and a replacement pattern String.replace would expand.
    const first = await signIn('user', `Asha "A" O'Neil & <Co> $& ${tag}`)
    const second = await signIn('user', `Ravi Kumar ${tag}`)

    await home(a, first.cookie)
    const mine = await home(a, first.cookie)
    const theirs = await home(a, second.cookie)
    // The second learner's page came from the template the first one's request made: no render for it.
    expect(mine.template).toBe('hit')
    expect(theirs.template).toBe('hit')
    for (const page of [mine, theirs]) {
      expect(page.status).toBe(200)
      expect(page.cacheControl).toBe('private, no-store')
      expect(page.pageCache).toBeNull()
    }
    expect(mine.html).toContain(`Hello, <!-- -->${escaped(first.name)}</p>`)
    expect(mine.html).not.toContain(second.name)
    expect(theirs.html).toContain(`Hello, <!-- -->${escaped(second.name)}</p>`)
    expect(theirs.html).not.toContain(escaped(first.name))

    const reference = await home(b, second.cookie)
    expect(reference.template).toBeNull()
    expect(theirs.html).toBe(reference.html)
    expect(mine.html).toBe((await home(b, first.cookie)).html)
  })

  test('a learner with a photo, staff and a dark theme get pages of their own kind, each exactly a full render', async () => {
    const tag = crypto.randomBytes(3).toString('hex')
    const withPhoto = await signIn('user', `Meera ${tag}`)
    await db
      .updateTable('users')
      .set({ profile_image: `/uploads/avatars/meera-${tag}.webp?v=1&s=36` })
      .where('id', '=', withPhoto.id)
      .execute()
    const staff = await signIn('admin', `Dr. Sen ${tag}`)
    const dark = await signIn('user', `Zoya ${tag}`)
    const cases = [
      { cookie: withPhoto.cookie, has: `src="/uploads/avatars/meera-${tag}.webp?v=1&amp;s=36"` },
      { cookie: staff.cookie, has: 'href="/admin/dashboard"' },
      { cookie: `${theme('dark')}; ${dark.cookie}`, has: '<html lang="en" class="dark"' },
    ]
    for (const { cookie, has } of cases) {
      await home(a, cookie)
      const page = await home(a, cookie)
      expect(page.template).toBe('hit')
      expect(page.html).toContain(has)
      expect(page.html).toBe((await home(b, cookie)).html)
    }
    // A learner's page has no Dashboard link and the default avatar.
    const learner = await home(a, dark.cookie)
    expect(learner.html).not.toContain('href="/admin/dashboard"')
    expect(learner.html).toContain('src="/images/default-avatar.svg"')
  })

  test('a staff edit made through the other process is on the very next signed-in home', async () => {
    const tag = crypto.randomBytes(3).toString('hex')
    const learner = await signIn('user', `Learner ${tag}`)
    const admin = await signIn('admin', `Editor ${tag}`)
    await home(a, learner.cookie)
    const before = await home(a, learner.cookie)
    expect(before.template).toBe('hit')
    // A course the home page shows (its carousel), by its title in the page.
    const courses = await db.selectFrom('courses').select(['id', 'course_title']).where('published', '=', 1).execute()
    const shown = courses.find((c) => before.html.includes(`>${escaped(c.course_title)}<`))
    expect(shown).toBeDefined()

    const renamed = `Renamed ${tag}`
    const put = await fetch(`${b.baseURL}/api/v1/courses/${shown!.id}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Cookie: admin.cookie },
      body: JSON.stringify({ courseTitle: renamed }),
    })
    expect(put.status).toBe(200)
    const after = await home(a, learner.cookie)
    expect(after.template).toBe('miss')
    expect(after.html).toContain(renamed)
    expect(after.html).toBe((await home(b, learner.cookie)).html)
    expect((await home(a, learner.cookie)).template).toBe('hit')

    // An edit made outside the app (a script, a console) is seen just the same: the loader reads it.
    await db
      .updateTable('courses')
      .set({ course_title: `${renamed} by hand` })
      .where('id', '=', shown!.id)
      .execute()
    expect((await home(a, learner.cookie)).html).toContain(`${renamed} by hand`)
  })
})
