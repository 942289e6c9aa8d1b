// Starts the stand-ins and the built app server once for the whole Playwright run.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import { NODE_FLAGS } from '../../scripts/node-flags.mjs'
import { E2E, paths, serverEnv } from './e2e-env'
import { startSmtpSink } from './smtp-sink'
import { standIns } from './standins'

async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`app server exited with ${child.exitCode}`)
    try {
      const res = await fetch(url)
      if (res.ok) return
    } catch {}
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`app server not healthy at ${url}`)
}

export default async function globalSetup() {
  fs.rmSync(E2E.tmpDir, { recursive: true, force: true })
  fs.mkdirSync(E2E.tmpDir, { recursive: true })
  if (!fs.existsSync(`${E2E.buildDir}/server/index.js`)) {
    throw new Error(
      `No build in ${E2E.buildDir}: run \`BUILD_DIR=${E2E.buildDir} npx react-router build\` first (npm test does)`,
    )
  }
  const smtp = await startSmtpSink(E2E.smtpPort, paths.mail)
  const started = await Promise.all(standIns.map((start) => start(E2E)))
  const extraEnv = Object.assign({}, ...started.map((s) => s.env))
  const log = fs.openSync(`${E2E.tmpDir}/server.log`, 'a')
  const app = spawn(process.execPath, [...NODE_FLAGS, 'server.js'], {
    env: { ...process.env, ...serverEnv(), ...extraEnv },
    stdio: ['ignore', log, log],
  })
  await waitForHealth(`${E2E.baseURL}/healthz`, app)
  return async () => {
    app.kill('SIGTERM')
    await smtp.close()
    await Promise.all(started.map((s) => s.close()))
  }
}
