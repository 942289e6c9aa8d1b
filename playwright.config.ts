import { defineConfig } from '@playwright/test'
import { E2E } from './tests/support/e2e-env'

// Debian's Chromium with flags that keep it off the closed network.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--headless',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
}

// Every flow runs twice: with JavaScript on and with it off.
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/support/global-setup.ts',
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PW_JSON ? [['list'], ['json', { outputFile: process.env.PW_JSON }]] : [['list']],
  use: {
    baseURL: E2E.baseURL,
    browserName: 'chromium',
    launchOptions: chromium,
    trace: 'off',
  },
  projects: [
    { name: 'js', use: { javaScriptEnabled: true }, testIgnore: /\/once\// },
    // Tests tagged @js-only check a JavaScript enhancement (or measure something once); JS off they do not apply.
    { name: 'nojs', use: { javaScriptEnabled: false }, testIgnore: /\/once\//, grepInvert: /@js-only/ },
    // tests/e2e/once/: server-level proofs (budgets, axe, cross-site, fuzzing, crawl) that a browser's JS
    // setting does not change, run a single time. On PostgreSQL (E2E_DATABASE_URL, scripts/test.mjs) only those
    // tagged @database run: what the database can change (the fuzzing of every form and API body, odd addresses);
    // the rest do not depend on it.
    {
      name: 'once',
      use: { javaScriptEnabled: true },
      testMatch: /\/once\/.*\.spec\.ts/,
      ...(process.env.E2E_DATABASE_URL ? { grep: /@database/ } : {}),
    },
  ],
})
