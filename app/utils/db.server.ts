import { migrateToLatest, openDatabase } from '#db/client'
import { seedDemo } from '#db/seed'
import { getEnv, isProduction } from './env.server.ts'

// Opened once per process. Migrations run at start-up (Kysely Migrator); the demo seed fills an empty database.
const env = getEnv()
const opened = openDatabase(env.DATABASE_PATH)
await migrateToLatest(opened.db)
if (env.SEED_DEMO ?? !isProduction()) await seedDemo(opened.db)

export const db = opened.db
export const sqlite = opened.sqlite
export const dbPragmas = opened.pragmas
