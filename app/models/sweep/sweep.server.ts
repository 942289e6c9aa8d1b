import type { Kysely } from 'kysely'
import { sendMail, type Mail } from '~/services/mail.server'
import { db as appDb } from '~/utils/db.server'
import { getEnv } from '~/utils/env.server'
import { appOrigin } from '~/utils/origin.server'
import type { Database } from '#db/schema'
import { CLAIM_RETRY_MINUTES, deliver, sentKeys, type Clock } from '../jobs/claims.server'
import type { Job } from '../jobs/job'
import { dueClassNotices } from '../live/class-notices.server'
import { duePurchaseMails } from '../money/purchase-mail.server'
import { dueReminders } from '../live/reminders.server'
import { closeLiveAttempts, publishDueResults } from '../quiz/live-close.server'
import { dueLiveReminders, dueRankMails } from '../quiz/live-mails.server'
import { sweepStaging } from '../video/staging.server'

// Scheduled work: a small sweep inside the app process, run at start and every JOBS_INTERVAL_SECONDS (decision
// 022), beside the close of live mocks every few seconds and the rank e-mails (decision 041; the lanes below). It
// asks what is due now (access reminders, class notices, purchase mails not yet sent), not what happened since it
// last ran, so an app that was stopped catches up when it starts. Each message goes through the claim
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
 * Runs one sweep of everything, in order (tests, and a one-off catch-up): the close of live mocks (runLiveClose),
 * then every due message and the removal of abandoned video uploads (runMailSweep), then the rank e-mails
 * (runRankMails), those of a mock published by this very sweep too. The scheduled work runs the three apart, each
 * on its own (startScheduledWork).
 */
export async function runSweep(
  options: SweepOptions = {},
): Promise<{ sent: string[]; failed: string[]; closed: number; published: string[] }> {
  const conn = options.db ?? appDb
  const { clock, now } = sweepClock(options)
  const { closed, published } = await runLiveClose({ conn, now })
  const mail = await runMailSweep({ ...options, db: conn, now, clock })
  const rank = await runRankMails({ ...options, db: conn, now, clock })
  return { sent: [...mail.sent, ...rank.sent], failed: [...mail.failed, ...rank.failed], closed, published }
}

/**
 * The close of live mocks (app/models/quiz/live-close.server.ts): open attempts past their time submitted by the
 * server, then results published once every window has closed. No mail: the rank e-mails follow from runRankMails.
 */
export async function runLiveClose({ conn = appDb, now = new Date() }: { conn?: Kysely<Database>; now?: Date } = {}) {
  const closed = await closeLiveAttempts({ conn, now })
  const published = await publishDueResults({ conn, now })
  return { closed, published }
}

/**
 * Every due message but the rank e-mails (access reminders, class notices, purchase mails, live mock reminders);
 * last, the video uploads abandoned for a day are removed (app/models/video/staging.server.ts, decision 040).
 */
export async function runMailSweep(options: SweepOptions = {}) {
  const conn = options.db ?? appDb
  const { clock, now } = sweepClock(options)
  const origin = options.origin ?? appOrigin()
  const jobs = [
    ...(await dueReminders({ conn, now, origin })),
    ...(await dueClassNotices({ conn, now, origin })),
    ...(await duePurchaseMails({ conn, now, origin, retryMinutes: CLAIM_RETRY_MINUTES })),
    ...(await dueLiveReminders({ conn, now, origin })),
  ]
  const outcome = await sendDue(conn, jobs, clock, options.send ?? sendMail)
  await sweepStaging(now, conn).catch((error: unknown) => console.error('[jobs] video staging sweep failed:', error))
  return outcome
}

/**
 * The rank e-mails of the live mocks published in the last week (app/models/quiz/live-mails.server.ts), each once
 * across instances and retries (its claim), a failed one again after CLAIM_RETRY_MINUTES.
 */
export async function runRankMails(options: SweepOptions = {}) {
  const conn = options.db ?? appDb
  const { clock, now } = sweepClock(options)
  const jobs = await dueRankMails({ conn, now, origin: options.origin ?? appOrigin() })
  return sendDue(conn, jobs, clock, options.send ?? sendMail)
}

/** Each job not sent before, claimed, sent and marked sent (app/models/jobs/claims.server.ts deliver). */
async function sendDue(conn: Kysely<Database>, jobs: Job[], clock: Clock, send: (mail: Mail) => Promise<void>) {
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
  return { sent, failed }
}

// The scheduled work runs in three lanes, each one step at a time and none waiting for another
// (docs/decisions/041-live-mock-close-and-mail.md): the close of live mocks every few seconds, the messages every
// JOBS_INTERVAL_SECONDS, the rank e-mails every JOBS_INTERVAL_SECONDS and at once after a publication. A slow mail
// server, or 10,000 reminders, holds up only the mail; a mock's close and publication come on time, and its rank
// e-mails right after, beside any reminders still going out.
type Lane = { name: string; step: () => Promise<void>; running: Promise<void> | null; again: boolean }

const lane = (name: string, step: () => Promise<void>): Lane => ({ name, step, running: null, again: false })

const lanes = {
  close: lane('live close', async () => {
    const { closed, published } = await runLiveClose()
    if (closed || published.length)
      console.log(`[jobs] live mocks: ${closed} attempts closed, ${published.length} published`)
    // The rank e-mails go after the publication, in their own lane: this one is free for the next close at once.
    if (published.length) void runLane(lanes.rank, { again: true })
  }),
  mail: lane('sweep', async () => logSent('messages', await runMailSweep())),
  rank: lane('rank mails', async () => logSent('rank e-mails', await runRankMails())),
}

function logSent(what: string, { sent, failed }: { sent: string[]; failed: string[] }) {
  if (sent.length || failed.length) console.log(`[jobs] ${what}: sent ${sent.length}, failed ${failed.length}`)
}

/**
 * Runs the lane's step unless it is running (a step still running when the next is due is not doubled); with
 * `again`, a step asked for while one runs runs once more after it (what the running one read may predate the ask).
 */
function runLane(l: Lane, { again = false } = {}): Promise<void> {
  if (l.running) {
    if (again) l.again = true
    return l.running
  }
  l.running = (async () => {
    do {
      l.again = false
      try {
        await l.step()
      } catch (error) {
        console.error(`[jobs] ${l.name} failed:`, error)
      }
    } while (l.again)
  })().finally(() => {
    l.running = null
  })
  return l.running
}

let timers: ReturnType<typeof setInterval>[] = []

/**
 * How often each instance looks for a live mock to close or publish. The sweep's own interval (minutes) suits
 * reminders, not an exam's close: learners wait for 'Results at 10:31', so the close runs within seconds of it.
 * When nothing is due the look is two indexed reads.
 */
export const LIVE_CLOSE_POLL_MS = 5000

/**
 * Starts the scheduled work in this process: each lane once now, then the close of live mocks every `livePollMs`
 * and the messages and the rank e-mails every JOBS_INTERVAL_SECONDS (server.js calls it after it listens; tests
 * run sweeps themselves, or start it with a shorter poll).
 */
export function startScheduledWork(
  intervalSeconds = getEnv().JOBS_INTERVAL_SECONDS,
  { livePollMs = LIVE_CLOSE_POLL_MS }: { livePollMs?: number } = {},
): void {
  if (timers.length) return
  for (const l of [lanes.close, lanes.mail, lanes.rank]) void runLane(l)
  const every = (ms: number, l: Lane) => {
    const t = setInterval(() => void runLane(l), ms)
    t.unref()
    timers.push(t)
  }
  every(livePollMs, lanes.close)
  every(intervalSeconds * 1000, lanes.mail)
  every(intervalSeconds * 1000, lanes.rank)
}

/** Stops what startScheduledWork started and waits for the steps running now (tests; the server runs it for life). */
export async function stopScheduledWork(): Promise<void> {
  for (const t of timers) clearInterval(t)
  timers = []
  await scheduledWorkIdle()
}

/** Resolves when no lane is running (tests); a step one lane starts in another (the rank e-mails) is waited for too. */
export async function scheduledWorkIdle(): Promise<void> {
  for (;;) {
    const running = Object.values(lanes).flatMap((l) => (l.running ? [l.running] : []))
    if (!running.length) return
    await Promise.all(running)
  }
}
