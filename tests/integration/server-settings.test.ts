// server.js takes its settings from the server build (app/utils/server-settings.server.ts, re-exported by
// app/entry.server.tsx), not from the environment it could re-parse: a build whose settings differ from the
// environment is what the running server obeys. The build here is a stand-in that answers only those settings;
// every request in this test is settled by server.js before React Router would be reached.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { freePort } from '../../scripts/pg-server.mjs'

let server: ChildProcess
let base = ''
const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'biocoach-settings-'))

beforeAll(async () => {
  const [port, envPort] = [await freePort(), await freePort()]
  fs.mkdirSync(path.join(buildDir, 'server'))
  fs.writeFileSync(
    path.join(buildDir, 'server/index.js'),
    `export const entry = { module: {
  serverSettings: () => ({
    port: ${port},
    host: '127.0.0.1',
    production: true,
    corsOrigins: ['http://from-build.example'],
    trustFly: false,
    appUrlHost: null,
    crossSiteAllowed: [],
    bodyLimitFor: (p) => (p === '/roomy' ? 64 : 16),
    apiErrorBody: (status, message) => ({ shape: 'from-build', status, message }),
    addressProblem: (url) => (url.includes('refuse-me') ? 'refused by the build' : null),
  }),
  pageCache: { keyFor: () => null, marker: 'X-Page-Cache', defaultCacheControl: 'private, no-store' },
  requestContext: () => undefined,
  writeBody: async () => {},
  startScheduledWork: () => {},
  startVideoWorkers: () => async () => {},
  createAppSlots: () => ({ acquire: async () => () => {} }),
} }
export const routes = {}
export const assets = { entry: { module: '' }, routes: {} }
`,
  )
  server = spawn(process.execPath, ['server.js'], {
    env: {
      ...process.env,
      BUILD_DIR: buildDir,
      // What server.js must NOT read for itself any more.
      PORT: String(envPort),
      CORS_ORIGINS: 'http://from-env.example',
      APP_ENV: 'development',
    },
    // Requests that reach the stand-in's React Router fail there; only server.js's own answers are checked.
    stdio: 'ignore',
  })
  base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 20_000
  for (;;) {
    try {
      await fetch(`${base}/refuse-me`)
      break
    } catch {}
    if (server.exitCode !== null || Date.now() > deadline)
      throw new Error('server.js did not start on the build’s port')
    await new Promise((r) => setTimeout(r, 100))
  }
})

afterAll(() => {
  server?.kill('SIGTERM')
  fs.rmSync(buildDir, { recursive: true, force: true })
})

test('CORS origins, body limits, the error shape, the address check and APP_ENV come from the build', async () => {
  const preflight = (origin: string) =>
    fetch(`${base}/api/v1/x`, {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
    })
  const allowed = await preflight('http://from-build.example')
  expect(allowed.status).toBe(204)
  expect(allowed.headers.get('access-control-allow-origin')).toBe('http://from-build.example')
  expect((await preflight('http://from-env.example')).headers.get('access-control-allow-origin')).toBeNull()

  const post = (p: string, bytes: number) =>
    fetch(`${base}${p}`, { method: 'POST', body: 'x'.repeat(bytes), headers: { 'Content-Type': 'text/plain' } })
  const tooBig = await post('/api/v1/x', 17)
  expect(tooBig.status).toBe(413)
  expect(await tooBig.json()).toEqual({ shape: 'from-build', status: 413, message: 'Request body too large' })
  expect((await post('/roomy', 17)).status).not.toBe(413)
  expect((await post('/roomy', 65)).status).toBe(413)

  const refused = await fetch(`${base}/api/v1/refuse-me`)
  expect(refused.status).toBe(400)
  expect(await refused.json()).toEqual({ shape: 'from-build', status: 400, message: 'refused by the build' })
  // production: true in the build, APP_ENV=development in the environment.
  expect(refused.headers.get('strict-transport-security')).toBe('max-age=31536000')
})
