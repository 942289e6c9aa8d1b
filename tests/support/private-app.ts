// A private app server for one describe block of the browser suite (own port, own SQLite database), for flows
// that need what the main e2e server does not have: no Razorpay keys (the demo gateway), or no other test's
// orders in the totals.
import path from 'node:path'
import { test, type Page } from '@playwright/test'
import { openDatabase, type DB } from '../../db/client'
import { startAppServer, type AppServer } from './app-server'
import { E2E } from './e2e-env'
import { addSession } from './fixtures'

/** No Razorpay keys, so the server offers the demo gateway (never beside real keys); mail to its own outbox. */
export const DEMO_GATEWAY_ENV = {
  RAZORPAY_KEY_ID: '',
  RAZORPAY_KEY_SECRET: '',
  RAZORPAY_WEBHOOK_SECRET: '',
  SMTP_URL: '',
}

export type PrivateApp = AppServer & { db: DB; close: () => Promise<void> }

/** startAppServer with the server's database open for the test to seed; `close` closes both. */
export async function startPrivateApp(options: Parameters<typeof startAppServer>[0]): Promise<PrivateApp> {
  const server = await startAppServer(options)
  const { db } = openDatabase(server.dbPath)
  return {
    ...server,
    db,
    close: async () => {
      await db.destroy()
      await server.stop()
    },
  }
}

/**
 * A private app offering the demo gateway, one per Playwright project (call it in beforeAll): on E2E.port + `offset`
 * with JS and + `offset` + 1 without, in the run's temporary folder under `<name>-<project>`.
 */
export function startDemoGatewayApp(name: string, offset: number): Promise<PrivateApp> {
  const project = test.info().project.name
  return startPrivateApp({
    port: E2E.port + offset + (project === 'nojs' ? 1 : 0),
    dir: path.join(E2E.tmpDir, `${name}-${project}`),
    env: DEMO_GATEWAY_ENV,
  })
}

/** Signs the page in on a private app as `userId` alone: the cookies of whoever was signed in before go. */
export async function signInOn(page: Page, app: { db: DB; baseURL: string }, userId: string) {
  await page.context().clearCookies()
  await addSession(page, app, userId)
}
