// Runs before every Vitest file: a fresh temporary SQLite file per test file, no demo seed, no rate limits
// (the limit tests switch them back on with process.env.RATE_LIMIT = 'on'), mail to a dev outbox in tmp.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'biocoach-vitest-'))
process.env.DATABASE_PATH = path.join(dir, 'app.db')
process.env.SEED_DEMO = 'false'
process.env.RATE_LIMIT ??= 'off'
process.env.OUTBOX_DIR ??= path.join(dir, 'outbox')
process.env.UPLOADS_DIR ??= path.join(dir, 'uploads')
