import { keepPlannerStatistics, migrateToLatest, openConfiguredDatabase } from '#db/client'
import { lockNamed } from '#db/dialect'
import { seedDemo, type StoreNote, type StoreQuizImage } from '#db/seed'
import { MIME } from '~/lib/file-type'
import { writeDemoBank } from '~/models/bank/demo-bank.server'
import { getStorage, newKey, newQuizImageKey } from '~/services/storage.server'
import { getEnv, isProduction } from './env.server.ts'

// Opened once per process: PostgreSQL when DATABASE_URL is set, else the SQLite file (decision 009). Migrations
// run at start-up (Kysely Migrator, locked against other instances starting at the same moment); the demo seed
// fills an empty database, once, however many instances start together.
const env = getEnv()
const opened = openConfiguredDatabase(env)
await migrateToLatest(opened.db)
if (!process.env.VITEST)
  console.log(`[db] ${opened.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} at ${opened.location}`)
// The demo lectures' sample notes go where staff uploads go (local folder or S3), under a fresh key each, so they
// download through the same access-checked notes route.
export const storeSeedNote: StoreNote = async (pdf) => {
  const key = newKey('notes', 'pdf')
  await getStorage().put(key, pdf, MIME.pdf)
  return key
}
// ...and the demo paper's figure goes where staff upload quiz images, under its quiz.
export const storeSeedImage: StoreQuizImage = async (quizId, png) => {
  const key = newQuizImageKey(quizId, 'png')
  await getStorage().put(key, png, MIME.png)
  return key
}

if (env.SEED_DEMO ?? !isProduction()) {
  await opened.db.transaction().execute(async (trx) => {
    await lockNamed(trx, 'seed-demo')
    await seedDemo(trx, storeSeedNote, storeSeedImage, writeDemoBank)
  })
}

// SQLite: planner statistics from here on (after the seed, so a fresh demo database starts with them).
if (opened.sqlite) keepPlannerStatistics(opened.sqlite)

export const db = opened.db
export const dialect = opened.dialect
/** SQLite only (null on PostgreSQL): the better-sqlite3 handle, for the SQLite-file tools and benches. */
export const sqlite = opened.sqlite
/** SQLite only (null on PostgreSQL): the pragmas read back at open. */
export const dbPragmas = opened.pragmas
