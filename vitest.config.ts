import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// Two runs (scripts/test.mjs): every test on SQLite, then, with TEST_PG_URL set, the integration suite again on
// a real PostgreSQL plus the tests that only make sense there (two app instances on one database).
// Files about the SQLite file itself (WAL pragmas, Litestream, the backup script, planner statistics) run on SQLite
// only.
const onPostgres = Boolean(process.env.TEST_PG_URL)
const sqliteOnly = [
  'tests/integration/litestream.test.ts',
  'tests/integration/scripts.test.ts',
  'tests/integration/planner-statistics.test.ts',
]
const postgresOnly = ['tests/integration/postgres/**/*.test.ts']

export default defineConfig({
  resolve: {
    alias: {
      '~': fileURLToPath(new URL('./app', import.meta.url)),
      '#db': fileURLToPath(new URL('./db', import.meta.url)),
    },
  },
  test: {
    include: onPostgres
      ? ['tests/integration/**/*.test.ts', 'db/**/*.test.ts']
      : ['app/**/*.test.{ts,tsx}', 'db/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(onPostgres ? sqliteOnly : postgresOnly)],
    // Each test file gets its own temporary database (tests/support/vitest-setup.ts).
    setupFiles: ['tests/support/vitest-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
})
