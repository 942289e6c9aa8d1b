// `npm test`: find or install Chromium, ffmpeg and PostgreSQL, typecheck, lint, Vitest on SQLite, build, Vitest's
// integration suite again on a real PostgreSQL (with the two-instance test), Playwright (JS on and off) on
// SQLite, then the browser flows once more on PostgreSQL, and the summary line `N passed, N failed` (neither
// tool prints it, and the runner that reads our output looks for it). The PostgreSQL server is a throwaway one
// (scripts/pg-server.mjs): a temporary data directory and a free port, removed at the end.
import { execSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { ensurePostgresBin, startPostgres } from './pg-server.mjs'

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'biocoach-test-'))
let passed = 0
let failed = 0
const problems = []
const failures = []

function run(label, cmd, env = {}) {
  console.log(`\n=== ${label}: ${cmd}`)
  const result = spawnSync(cmd, { shell: true, stdio: 'inherit', env: { ...process.env, ...env } })
  return result.status === 0
}

function ensureChromium() {
  const wanted = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  if (fs.existsSync(wanted)) return
  if (process.getuid?.() === 0) {
    console.log('Chromium missing: installing Debian chromium with apt...')
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    })
  }
  if (!fs.existsSync(wanted)) {
    console.error(`Chromium not found at ${wanted}; install Debian's chromium package or set CHROMIUM_PATH.`)
    process.exit(1)
  }
}

// The lecture video tests transcode with Debian's ffmpeg (app/models/video/transcode.server.ts), as production does.
function ensureFfmpeg() {
  const wanted = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg'
  if (fs.existsSync(wanted)) return
  if (process.getuid?.() === 0) {
    console.log('ffmpeg missing: installing Debian ffmpeg with apt...')
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ffmpeg', {
      stdio: 'inherit',
    })
  }
  if (!fs.existsSync(wanted)) {
    console.error(`ffmpeg not found at ${wanted}; install Debian's ffmpeg package or set FFMPEG_PATH.`)
    process.exit(1)
  }
}

function countVitest(label, json) {
  if (!fs.existsSync(json)) {
    failed++
    problems.push(`${label} produced no report`)
    return
  }
  const r = JSON.parse(fs.readFileSync(json, 'utf8'))
  passed += r.numPassedTests
  // A file can fail with no failed test: it did not load, or its beforeAll threw and its tests were skipped.
  const filesFailedOtherwise = r.testResults.filter(
    (t) => t.status === 'failed' && !t.assertionResults.some((a) => a.status === 'failed'),
  )
  failed += r.numFailedTests + filesFailedOtherwise.length
  if (r.numFailedTests) problems.push(`${label}: ${r.numFailedTests} failed`)
  for (const file of r.testResults)
    for (const a of file.assertionResults.filter((x) => x.status === 'failed')) {
      const first =
        String(a.failureMessages?.[0] ?? '')
          .split('\n')
          .find((l) => l.trim()) ?? ''
      failures.push(`${label}: ${path.relative(process.cwd(), file.name)} ${a.fullName}: ${first.slice(0, 300)}`)
    }
  for (const t of filesFailedOtherwise)
    problems.push(`${label}: ${path.relative(process.cwd(), t.name)} failed outside its tests (load or setup)`)
}

function countPlaywright(label, json) {
  if (!fs.existsSync(json)) {
    failed++
    problems.push(`${label} produced no report`)
    return
  }
  const r = JSON.parse(fs.readFileSync(json, 'utf8'))
  passed += r.stats.expected
  failed += r.stats.unexpected + r.stats.flaky
  if (r.stats.unexpected) problems.push(`${label}: ${r.stats.unexpected} failed`)
  // Each failed test by name with its first error line, printed last: a log cut to its tail still says what failed.
  for (const line of failedPlaywrightTests(r)) failures.push(`${label}: ${line}`)
  if (r.stats.flaky) problems.push(`${label}: ${r.stats.flaky} flaky`)
  if (r.errors?.length) {
    failed += r.errors.length
    problems.push(`${label}: ${r.errors.length} errors outside tests`)
  }
}

/** "file:line title (project): first error line" of every test of a Playwright JSON report that did not pass. */
function failedPlaywrightTests(report) {
  const out = []
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'expected' || t.status === 'skipped') continue
        const error = t.results?.find((res) => res.error)?.error?.message ?? t.status
        const first =
          String(error)
            .replace(/\u001b\[[0-9;]*m/g, '')
            .split('\n')
            .find((l) => l.trim()) ?? ''
        out.push(
          `${spec.file}:${spec.line} ${[...titles, spec.title].join(' › ')} (${t.projectName}): ${first.slice(0, 300)}`,
        )
      }
    }
    for (const child of suite.suites ?? [])
      walk(child, suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles)
  }
  for (const suite of report.suites ?? []) walk(suite, [])
  return out
}

/** A fresh database on the throwaway server; returns its URL. */
async function createDatabase(serverUrl, name) {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(`create database ${name}`)
  } finally {
    await client.end()
  }
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

ensureChromium()
ensureFfmpeg()
const pgBin = ensurePostgresBin()

// 1. Typecheck counts as one check.
if (run('typecheck', 'npx react-router typegen && npx tsc')) passed++
else {
  failed++
  problems.push('typecheck')
}

// 1b. ESLint counts as one check too (eslint.config.js; warnings fail it as well).
if (run('lint', 'npm run -s lint')) passed++
else {
  failed++
  problems.push('lint: `npm run lint` reported problems (listed above)')
}

// 2. Unit and integration tests on SQLite.
const vitestJson = path.join(tmp, 'vitest.json')
run('vitest (SQLite)', `npx vitest run --reporter=default --reporter=json --outputFile.json=${vitestJson}`)
countVitest('vitest (SQLite)', vitestJson)

// 3. Build once: the two-instance test and the browser suites run the built server.
const buildDir = process.env.BUILD_DIR ?? 'build'
const built = run('build', 'npm run -s build', { BUILD_DIR: buildDir })
if (!built) {
  failed++
  problems.push('build')
}

// 4. The integration suite on PostgreSQL, with the two-instance test.
let pgServer = null
if (!pgBin) {
  failed++
  problems.push('PostgreSQL 15+ not found (install Debian postgresql or set PG_BIN): the PostgreSQL run did not happen')
} else {
  try {
    pgServer = await startPostgres({ bin: pgBin })
    console.log(`\n${pgServer.version} started for the tests at ${pgServer.url}`)
  } catch (error) {
    failed++
    problems.push(`PostgreSQL did not start: ${error.message}`)
  }
}
const stopPg = () => pgServer?.stop()
process.on('SIGINT', () => Promise.resolve(stopPg()).then(() => process.exit(130)))
process.on('SIGTERM', () => Promise.resolve(stopPg()).then(() => process.exit(143)))

try {
  if (pgServer) {
    const pgJson = path.join(tmp, 'vitest-pg.json')
    run('vitest (PostgreSQL)', `npx vitest run --reporter=default --reporter=json --outputFile.json=${pgJson}`, {
      TEST_PG_URL: pgServer.url,
      BUILD_DIR: buildDir,
    })
    countVitest('vitest (PostgreSQL)', pgJson)
  }

  // 5. The browser suite against the built server on SQLite (every flow with JavaScript on and off).
  if (built) {
    const pwJson = path.join(tmp, 'playwright.json')
    run('playwright (SQLite)', 'npx playwright test', { PW_JSON: pwJson, BUILD_DIR: buildDir })
    countPlaywright('playwright (SQLite)', pwJson)
  }

  // 6. The same browser flows (JS on and off) on a fresh PostgreSQL database, and of the `once` project's
  // server-level proofs those tagged @database (the fuzzing of form actions and API routes, odd addresses): the
  // others (budgets, axe, the crawl) do not depend on the database and run on SQLite only.
  if (built && pgServer) {
    const url = await createDatabase(pgServer.url, 'e2e')
    const pwJson = path.join(tmp, 'playwright-pg.json')
    run('playwright (PostgreSQL)', 'npx playwright test --project=js --project=nojs --project=once', {
      PW_JSON: pwJson,
      BUILD_DIR: buildDir,
      E2E_DATABASE_URL: url,
    })
    countPlaywright('playwright (PostgreSQL)', pwJson)
  }
} finally {
  await stopPg()
}

if (failures.length) console.log(`\nFailed tests:\n${failures.map((f) => `  ${f}`).join('\n')}`)
if (problems.length) console.log(`\nProblems: ${problems.join('; ')}`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
