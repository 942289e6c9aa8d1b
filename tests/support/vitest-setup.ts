// Runs before every Vitest file: a fresh database per test file, no demo seed, no rate limits (the limit tests
// switch them back on with process.env.RATE_LIMIT = 'on'), mail to a dev outbox in tmp.
//
// The database is a temporary SQLite file, or, in the PostgreSQL run (`TEST_PG_URL` set by scripts/test.mjs,
// which starts a throwaway server), a new database on that server for this file alone.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import crypto from 'node:crypto'
import pg from 'pg'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'biocoach-vitest-'))
process.env.DATABASE_PATH = path.join(dir, 'app.db')
process.env.SEED_DEMO = 'false'
process.env.RATE_LIMIT ??= 'off'
process.env.OUTBOX_DIR ??= path.join(dir, 'outbox')
process.env.UPLOADS_DIR ??= path.join(dir, 'uploads')

if (process.env.TEST_PG_URL) process.env.DATABASE_URL = await createTestDatabase(process.env.TEST_PG_URL)

async function createTestDatabase(serverUrl: string): Promise<string> {
  const name = `t_${process.pid}_${crypto.randomBytes(4).toString('hex')}`
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
