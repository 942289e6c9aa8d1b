// A sweep held up by a slow mail server while another sweep runs: the first sweep's mail server takes 11 minutes
// (more than CLAIM_RETRY_MINUTES) per message, so it claims its second reminder 11 minutes after it began; while
// that send is in flight a second sweep starts on `second` (another instance's connection on PostgreSQL). The
// clock is a shared fake stepped by the slow sends, so nothing waits for real minutes. Used by
// tests/integration/jobs.test.ts (one database) and tests/integration/postgres/jobs-two-instances.test.ts.
import type { Kysely } from 'kysely'
import { createCourse, createUser } from '../../db/factories'
import { ENROLMENT_SOURCES } from '~/lib/enrolment'
import { grantCourse } from '~/models/enrolment/grant.server'
import { CLAIM_RETRY_MINUTES } from '~/models/jobs/claims.server'
import { runSweep } from '~/models/sweep/sweep.server'
import type { Mail } from '~/services/mail.server'
import { db } from '~/utils/db.server'
import type { Database } from '#db/schema'

const DAY = 24 * 60 * 60 * 1000
const SLOW_SEND_MS = (CLAIM_RETRY_MINUTES + 1) * 60_000

/**
 * Two learners whose 30-day periods began at `bought` get their 3-day reminder from a sweep on day 27 whose sends
 * are slow, raced by a second sweep during its second send. Returns the learners and every mail each sweep sent.
 */
export async function raceALongSweep(first: Kysely<Database>, second: Kysely<Database>, bought: Date) {
  const course = await createCourse(db)
  await db.updateTable('courses').set({ access_days: 30 }).where('id', '=', course.id).execute()
  const learners = [await createUser(db), await createUser(db)]
  for (const l of learners)
    await db.transaction().execute((trx) =>
      grantCourse(trx, {
        userId: l.id,
        courseId: course.id,
        source: ENROLMENT_SOURCES.purchase,
        now: bought.toISOString(),
      }),
    )
  const ours = new Set(learners.map((l) => l.email))
  let t = bought.getTime() + 27 * DAY
  const clock = () => new Date(t)
  const mails: Array<Mail & { by: 'first' | 'second' }> = []
  let firstSends = 0
  // The slow mail server: each of our messages takes 11 minutes; during the second, the other sweep runs.
  const slowSend = async (m: Mail) => {
    if (!ours.has(m.to)) return
    firstSends += 1
    if (firstSends === 2)
      await runSweep({
        db: second,
        now: clock(),
        clock,
        origin: 'https://x.example',
        send: async (n) => void (ours.has(n.to) && mails.push({ ...n, by: 'second' })),
      })
    t += SLOW_SEND_MS
    mails.push({ ...m, by: 'first' })
  }
  await runSweep({ db: first, now: clock(), clock, origin: 'https://x.example', send: slowSend })
  return { learners, mails }
}
