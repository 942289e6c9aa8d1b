// Two app instances on one PostgreSQL sweeping at the same moment (each with its own connection pool, as two
// processes have) send each reminder once: the claim rows, not timing, decide (app/models/sweep/sweep.server.ts);
// and one whose slow mail server makes its sweep outlast the claim's retry time is not doubled by the other.
// Runs only in the PostgreSQL run (vitest.config.ts).
import { expect, test } from 'vitest'
import { createCourse, createUser } from '../../../db/factories'
import { openPostgres } from '../../../db/client'
import { ENROLMENT_SOURCES } from '~/lib/enrolment'
import { grantCourse } from '~/models/enrolment/grant.server'
import { runSweep } from '~/models/sweep/sweep.server'
import type { Mail } from '~/services/mail.server'
import { db } from '~/utils/db.server'
import { raceALongSweep } from '../../support/long-sweep'

const DAY = 24 * 60 * 60 * 1000

test('two instances sweeping together send each reminder once, and a later sweep sends nothing more', async () => {
  const other = openPostgres(process.env.DATABASE_URL!, { max: 3 }).db
  try {
    const course = await createCourse(db)
    await db.updateTable('courses').set({ access_days: 30 }).where('id', '=', course.id).execute()
    const bought = new Date('2026-03-01T04:30:00.000Z')
    const learners = await Promise.all([1, 2, 3, 4, 5].map(() => createUser(db)))
    for (const l of learners)
      await db.transaction().execute((trx) =>
        grantCourse(trx, {
          userId: l.id,
          courseId: course.id,
          source: ENROLMENT_SOURCES.purchase,
          now: bought.toISOString(),
        }),
      )
    const mails: Mail[] = []
    // A slow mail server widens the window in which a second sender could slip in.
    const send = async (m: Mail) => {
      await new Promise((r) => setTimeout(r, 5))
      mails.push(m)
    }
    const day27 = new Date(bought.getTime() + 27 * DAY)
    await Promise.all(
      [db, other, db, other].map((conn) => runSweep({ db: conn, now: day27, origin: 'https://x.example', send })),
    )
    for (const l of learners) expect(mails.filter((m) => m.to === l.email)).toHaveLength(1)
    await runSweep({ db: other, now: new Date(day27.getTime() + 60_000), origin: 'https://x.example', send })
    expect(mails).toHaveLength(learners.length)
  } finally {
    await other.destroy()
  }
})

test('an instance whose sweep outlasts the retry time keeps its later claims: the other sends nothing twice', async () => {
  const other = openPostgres(process.env.DATABASE_URL!, { max: 3 }).db
  try {
    const { learners, mails } = await raceALongSweep(db, other, new Date('2026-06-01T04:30:00.000Z'))
    for (const l of learners) expect(mails.filter((m) => m.to === l.email)).toHaveLength(1)
    expect(mails.map((m) => m.by)).toEqual(['first', 'first'])
  } finally {
    await other.destroy()
  }
})
