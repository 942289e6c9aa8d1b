// `npm run db:backup -- <file>`: a consistent online backup through SQLite's backup API. Safe
// while the server is running: better-sqlite3's backup copies pages incrementally under WAL.
import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'

const target = process.argv[2]
if (!target) {
  console.error('Usage: npm run db:backup -- <file>')
  process.exit(2)
}
if (process.env.DATABASE_URL) {
  // On PostgreSQL the provider's backups (and point-in-time recovery) are the backups: README "Scaling out".
  console.error(
    'DATABASE_URL is set: back up PostgreSQL with your provider (or pg_dump); this command copies SQLite files.',
  )
  process.exit(2)
}
const source = process.env.DATABASE_PATH ?? './data/app.db'
if (!fs.existsSync(source)) {
  console.error(`No database at ${source} (set DATABASE_PATH)`)
  process.exit(1)
}
fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true })
const db = new SQLite(source, { readonly: true, fileMustExist: true })
db.pragma('busy_timeout = 5000')
await db.backup(target)
db.close()
const check = new SQLite(target, { readonly: true })
const result = check.pragma('integrity_check', { simple: true })
check.close()
if (result !== 'ok') {
  console.error(`Backup written to ${target} but integrity_check says: ${result}`)
  process.exit(1)
}
console.log(`Backup of ${source} written to ${target} (integrity_check ok)`)
