// `npm test` (CONTRACT.md): find or install Chromium, typecheck, Vitest, build, Playwright (JS on and off),
// then the summary line `N passed, N failed` (STACK.md trap 10: neither tool prints it).
import { execSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'biocoach-test-'))
let passed = 0
let failed = 0
const problems = []

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

ensureChromium()

// 1. Typecheck counts as one check.
if (run('typecheck', 'npx react-router typegen && npx tsc')) passed++
else {
  failed++
  problems.push('typecheck')
}

// 2. Unit and integration tests.
const vitestJson = path.join(tmp, 'vitest.json')
run('vitest', `npx vitest run --reporter=default --reporter=json --outputFile.json=${vitestJson}`)
if (fs.existsSync(vitestJson)) {
  const r = JSON.parse(fs.readFileSync(vitestJson, 'utf8'))
  passed += r.numPassedTests
  failed +=
    r.numFailedTests +
    (r.numTotalTestSuites > 0 && r.testResults.some((t) => t.status === 'failed' && t.assertionResults.length === 0)
      ? 1
      : 0)
  if (r.numFailedTests) problems.push(`vitest: ${r.numFailedTests} failed`)
} else {
  failed++
  problems.push('vitest produced no report')
}

// 3. Build once, then the browser suite against the built server.
const buildDir = process.env.BUILD_DIR ?? 'build'
if (!run('build', 'npm run -s build', { BUILD_DIR: buildDir })) {
  failed++
  problems.push('build')
} else {
  const pwJson = path.join(tmp, 'playwright.json')
  run('playwright', 'npx playwright test', { PW_JSON: pwJson, BUILD_DIR: buildDir })
  if (fs.existsSync(pwJson)) {
    const r = JSON.parse(fs.readFileSync(pwJson, 'utf8'))
    passed += r.stats.expected
    failed += r.stats.unexpected + r.stats.flaky
    if (r.stats.unexpected) problems.push(`playwright: ${r.stats.unexpected} failed`)
    if (r.errors?.length) {
      failed += r.errors.length
      problems.push(`playwright: ${r.errors.length} errors outside tests`)
    }
  } else {
    failed++
    problems.push('playwright produced no report')
  }
}

if (problems.length) console.log(`\nProblems: ${problems.join('; ')}`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
