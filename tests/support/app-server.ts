// Starts a private app server (own port, own database) for tests that must kill it or must see a database no
// other test touches (durability, the GET crawl).
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { NODE_FLAGS } from '../../scripts/node-flags.mjs'
import { E2E } from './e2e-env'

export type AppServer = {
  baseURL: string
  dbPath: string
  process: ChildProcess
  stop: (signal?: NodeJS.Signals) => Promise<void>
}

export async function startAppServer(options: {
  port: number
  dir: string
  env?: Record<string, string>
}): Promise<AppServer> {
  fs.mkdirSync(options.dir, { recursive: true })
  const dbPath = path.join(options.dir, 'app.db')
  const log = fs.openSync(path.join(options.dir, 'server.log'), 'a')
  const child = spawn(process.execPath, [...NODE_FLAGS, 'server.js'], {
    env: {
      ...process.env,
      PORT: String(options.port),
      BUILD_DIR: E2E.buildDir,
      DATABASE_PATH: dbPath,
      SEED_DEMO: 'true',
      RATE_LIMIT: 'off',
      SESSION_SECRET: E2E.sessionSecret,
      OUTBOX_DIR: path.join(options.dir, 'outbox'),
      UPLOADS_DIR: path.join(options.dir, 'uploads'),
      ...options.env,
    },
    stdio: ['ignore', log, log],
  })
  const baseURL = `http://localhost:${options.port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}; see ${options.dir}/server.log`)
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) break
    } catch {}
    if (Date.now() > deadline) throw new Error('server did not start')
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    baseURL,
    dbPath,
    process: child,
    stop: (signal = 'SIGTERM') =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill(signal)
      }),
  }
}
