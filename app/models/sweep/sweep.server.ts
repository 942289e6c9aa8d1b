import type { Kysely } from 'kysely'
import { sendMail, type Mail } from '~/services/mail.server'
import { db as appDb } from '~/utils/db.server'
import { getEnv } from '~/utils/env.server'
import { appOrigin } from '~/utils/origin.server'
import type { Database } from '#db/schema'
import { CLAIM_RETRY_MINUTES, deliver, sentKeys, type Clock } from '../jobs/claims.server'
import { dueClassNotices } from '../live/class-notices.server'
import { duePurchaseMails } from '../money/purchase-mail.server'
import { dueReminders } from '../live/reminders.server'
import { closeLiveAttempts, publishDueResults } from '../quiz/live-close.server'
import { dueLiveReminders, dueRankMails } from '../quiz/live-mails.server'
import { sweepStaging } from '../video/staging.server'

// Scheduled work: a small sweep inside the app process, run at start and every JOBS_INTERVAL_SECONDS (decision
// 022). It asks what is due now (access reminders, class notices, purchase mails not yet sent), not what happened
// since it last ran, so an app that was stopped catches up when it starts. Each message goes through the claim
// that sends it once (app/models/jobs/claims.server.ts); the sweep sits above the domains that say what is due, and
// they import only the claim and the job's type from below.

/** What a sweep needs; each is injectable so tests can step a clock, use a second connection and catch the mail. */
export type SweepOptions = {
  db?: Kysely<Database>
  /** The moment the sweep asks what is due at (default: the clock's first reading). */
  now?: Date
  /**
   * Read for each claim's stamp and its take-over check. Default: the real clock, or, when `now` is given, `now`
   * plus the real time elapsed since the sweep began (tests that set `now` keep their timeline).
   */
  clock?: Clock
  send?: (mail: Mail) => Promise<void>
  origin?: string
}

/** The sweep's clock and its start, from the options (see `SweepOptions.clock`). */
function sweepClock(options: SweepOptions): { clock: Clock; now: Date } {
  if (options.clock) return { clock: options.clock, now: options.now ?? options.clock() }
  if (!options.now) return { clock: () => new Date(), now: new Date() }
  const start = options.now.getTime()
  const began = Date.now()
  return { clock: () => new Date(start + (Date.now() - began)), now: options.now }
}

/**
 * Runs one sweep: first the close of live mocks (open attempts past their time submitted by the server, then
 * results published once every window has closed: app/models/quiz/live-close.server.ts), then every due message
 * not yet claimed is claimed, sent and marked sent (the rank e-mails of a mock published by this very sweep too).
 * Last, the video uploads abandoned for a day are removed (app/models/video/staging.server.ts, decision 040).
 */
export async function runSweep(
  options: SweepOptions = {},
): Promise<{ sent: string[]; failed: string[]; closed: number; published: string[] }> {
  const conn = options.db ?? appDb
  const { clock, now } = sweepClock(options)
  const send = options.send ?? sendMail
  const origin = options.origin ?? appOrigin()
  const closed = await closeLiveAttempts({ conn, now })
  const published = await publishDueResults({ conn, now })
  const jobs = [
    ...(await dueReminders({ conn, now, origin })),
    ...(await dueClassNotices({ conn, now, origin })),
    ...(await duePurchaseMails({ conn, now, origin, retryMinutes: CLAIM_RETRY_MINUTES })),
    ...(await dueLiveReminders({ conn, now, origin })),
    ...(await dueRankMails({ conn, now, origin })),
  ]
  const done = await sentKeys(
    conn,
    jobs.map((j) => j.key),
  )
  const sent: string[] = []
  const failed: string[] = []
  for (const job of jobs) {
    if (done.has(job.key)) continue
    const outcome = await deliver(conn, job, clock, send)
    if (outcome === 'sent') sent.push(job.key)
    else if (outcome === 'failed') failed.push(job.key)
  }
  await sweepStaging(now, conn).catch((error: unknown) => console.error('[jobs] video staging sweep failed:', error))
  return { sent, failed, closed, published }
}

let timer: ReturnType<typeof setInterval> | undefined
let liveTimer: ReturnType<typeof setInterval> | undefined
// The step running now (a sweep or a live close), if any: one at a time, and stopScheduledWork waits for it.
let running: Promise<void> | null = null

/**
 * How often each instance looks for a live mock to close or publish between sweeps. The sweep's own interval
 * (minutes) suits reminders, not an exam's close: learners wait for 'Results at 10:31', so the close runs within
 * seconds of it. When nothing is due the look is two indexed reads.
 */
export const LIVE_CLOSE_POLL_MS = 5000

async function sweepStep(): Promise<void> {
  try {
    const { sent, failed, closed, published } = await runSweep()
    if (sent.length || failed.length) console.log(`[jobs] sent ${sent.length}, failed ${failed.length}`)
    if (closed || published.length)
      console.log(`[jobs] live mocks: ${closed} attempts closed, ${published.length} published`)
  } catch (error) {
    console.error('[jobs] sweep failed:', error)
  }
}

/** The close of live mocks alone; a publication is followed by a whole sweep, so the rank e-mails go with it. */
async function liveCloseStep(): Promise<void> {
  let published: string[] = []
  try {
    const now = new Date()
    const closed = await closeLiveAttempts({ conn: appDb, now })
    published = await publishDueResults({ conn: appDb, now })
    if (closed || published.length)
      console.log(`[jobs] live mocks: ${closed} attempts closed, ${published.length} published`)
  } catch (error) {
    console.error('[jobs] live close failed:', error)
  }
  if (published.length) await sweepStep()
}

/** Runs a step unless one is running (a step still running when the next is due is not doubled). */
function runStep(step: () => Promise<void>): Promise<void> {
  running ??= step().finally(() => {
    running = null
  })
  return running
}

/**
 * Starts the sweep in this process: once now, then every JOBS_INTERVAL_SECONDS, and the close of live mocks every
 * LIVE_CLOSE_POLL_MS (server.js calls it after it listens; tests run sweeps themselves).
 */
export function startScheduledWork(intervalSeconds = getEnv().JOBS_INTERVAL_SECONDS): void {
  if (timer) return
  void runStep(sweepStep)
  timer = setInterval(() => void runStep(sweepStep), intervalSeconds * 1000)
  timer.unref()
  liveTimer = setInterval(() => void runStep(liveCloseStep), LIVE_CLOSE_POLL_MS)
  liveTimer.unref()
}

/** Stops what startScheduledWork started and waits for the step running now (tests; the server runs it for life). */
export async function stopScheduledWork(): Promise<void> {
  clearInterval(timer)
  clearInterval(liveTimer)
  timer = liveTimer = undefined
  await running
}

/** Resolves when no step is running (tests). */
export function scheduledWorkIdle(): Promise<void> {
  return running ?? Promise.resolve()
}
