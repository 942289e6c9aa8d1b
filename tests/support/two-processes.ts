import { openDatabase, openPostgres } from '../../db/client'

// Two app processes on one database, for the end-to-end tests of what each process keeps in memory (the anonymous
// page cache, signed-in templates): two processes on one SQLite file, or two instances on one PostgreSQL.

export const backends = [
  {
    name: 'SQLite (two processes on one file)',
    // No DATABASE_URL: the servers and the test open the same SQLite file.
    env: (file: string): Record<string, string> => ({ DATABASE_PATH: file, DATABASE_URL: undefined as never }),
    open: (file: string) => openDatabase(file).db,
  },
  {
    name: 'PostgreSQL (two instances)',
    env: (): Record<string, string> => ({ DATABASE_URL: process.env.DATABASE_URL! }),
    open: () => openPostgres(process.env.DATABASE_URL!, { max: 3 }).db,
  },
]

/** The theme cookie as the app writes it. */
export const theme = (value: 'light' | 'dark') =>
  `theme=${encodeURIComponent(Buffer.from(JSON.stringify(value)).toString('base64'))}`

/** The cookies a response sets, as a Cookie header. */
export const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
