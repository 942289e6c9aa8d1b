// Playwright fixtures: direct access to the app's database (the same SQLite file in WAL mode, or the same
// PostgreSQL database in the PostgreSQL run: E2E_DATABASE_URL) and signed-in users
// created without going through the UI (fixtures create users and sessions directly).
import crypto from 'node:crypto'
import { test as base, expect, type Page } from '@playwright/test'
import { createCookie } from 'react-router'
import { openDatabase, openPostgres, type DB } from '../../db/client'
import { createUser } from '../../db/factories'
import type { Role } from '../../db/schema'
import { E2E, paths } from './e2e-env'

let shared: DB | undefined
function database(): DB {
  const url = process.env.E2E_DATABASE_URL
  shared ??= url ? openPostgres(url, { max: 4 }).db : openDatabase(paths.db).db
  return shared
}

const sessionCookie = createCookie('__session', {
  httpOnly: true,
  sameSite: 'lax',
  path: '/',
  secrets: [E2E.sessionSecret],
})

export type TestUser = { id: string; email: string; password: string; name: string }

/** Signs the page in as `userId` on an app server: a sessions row in its database and the cookie for its origin. */
export async function addSession(page: Page, app: { db: DB; baseURL: string }, userId: string) {
  const id = crypto.randomBytes(32).toString('base64url')
  const now = new Date()
  await app.db
    .insertInto('sessions')
    .values({
      id,
      user_id: userId,
      expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
      created_at: now.toISOString(),
    })
    .execute()
  const value = (await sessionCookie.serialize(id)).split(';')[0].split('=').slice(1).join('=')
  await page.context().addCookies([{ name: '__session', value, url: app.baseURL, httpOnly: true, sameSite: 'Lax' }])
}

export const test = base.extend<{
  db: DB
  javaScriptEnabled: boolean
  /** Creates a user (unique e-mail) and signs the page in as that user. */
  loginAs: (role?: Role, extra?: Parameters<typeof createUser>[1]) => Promise<TestUser>
  /** Creates a user without signing in. */
  makeUser: (role?: Role, extra?: Parameters<typeof createUser>[1]) => Promise<TestUser>
}>({
  // Every page a test drives fails the test if the browser reports a Content-Security-Policy violation
  // (docs/decisions/005-parsing-at-the-edge.md): an inline script without the nonce, a frame, image, style or
  // form target the policy does not allow. Chromium reports them as console errors.
  page: async ({ page }, use) => {
    await page.addInitScript(recordToasts)
    const violations: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`)
    })
    await use(page)
    expect(violations, 'Content-Security-Policy violations reported by the browser').toEqual([])
  },
  db: async ({}, use) => use(database()),
  makeUser: async ({}, use) => {
    await use(async (role = 'user', extra = {}) => {
      const email = `${role}-${crypto.randomBytes(6).toString('hex')}@example.test`
      const name = extra.name ?? `Test ${role}`
      const created = await createUser(database(), { email, role, name, ...extra })
      return { ...created, name }
    })
  },
  loginAs: async ({ page, makeUser }, use) => {
    await use(async (role = 'user', extra = {}) => {
      const user = await makeUser(role, extra)
      await addSession(page, { db: database(), baseURL: E2E.baseURL }, user.id)
      return user
    })
  },
})

export { expect }
export const mailDir = paths.mail

/**
 * Runs in every page before its own scripts (with JavaScript on): remembers the text of every toast (role status or
 * alert) the page ever showed, in `window.__toastsSeen`. A success toast lives 2 s, and polling for it to be visible
 * can miss it on a loaded machine (seen once in CI: a check came after the toast had gone).
 */
function recordToasts() {
  const seen: string[] = []
  Object.defineProperty(window, '__toastsSeen', { value: seen })
  const record = (node: Node) => {
    const element = node.nodeType === Node.ELEMENT_NODE ? (node as Element) : node.parentElement
    if (!element) return
    const box = element.closest('[role=status],[role=alert]')
    if (box) seen.push(box.textContent ?? '')
    if (node.nodeType === Node.ELEMENT_NODE)
      for (const inner of element.querySelectorAll('[role=status],[role=alert]')) seen.push(inner.textContent ?? '')
  }
  new MutationObserver((mutations) => {
    for (const m of mutations) {
      if (m.type === 'characterData') record(m.target)
      m.addedNodes.forEach(record)
    }
  }).observe(document, { childList: true, subtree: true, characterData: true })
}

/**
 * The page showed a toast with `text`, since the last toast this matched. With JavaScript on it is read from what the
 * page recorded (recordToasts), so a toast that came and went between two looks still counts; without JavaScript the
 * server's toast stays in the document (hidden by CSS once its time is up).
 */
export async function expectToast(page: Page, text: string) {
  await expect
    .poll(
      async () => {
        const recorded = await page
          .evaluate((t) => {
            const seen = (window as unknown as { __toastsSeen?: string[] }).__toastsSeen
            if (!seen) return null
            const hit = seen.some((s) => s.includes(t))
            // Consumed: a second toast of the same text must be shown again to count.
            if (hit) seen.splice(0, seen.length, ...seen.filter((s) => !s.includes(t)))
            return hit
          }, text)
          .catch(() => null)
        return recorded === true || (await page.getByText(text).count()) > 0
      },
      // 20 s: on the 2-core CI machine, with both browser projects' workers busy, a post and its redirect once took
      // longer than 10 s to show its toast (admin.spec.ts's quiz delete), though they take 1 s when it is idle.
      { message: `a toast saying "${text}"`, timeout: 20_000 },
    )
    .toBe(true)
}
