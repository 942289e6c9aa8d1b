import type { Kysely } from 'kysely'
import { sendMail, type Mail } from '~/services/mail.server'
import type { Database } from '#db/schema'
import type { Job } from './job'

// Sending a message once (decision 022), for the scheduled sweep (app/models/sweep/sweep.server.ts) and for
// fulfilment's purchase mail. Each message has a unique key naming what it is for
// ('reminder:{enrollmentId}:{periodEnd}:3days', 'class:{classId}:scheduled:{userId}', ...) and is claimed by
// inserting that key into `job_claims` before it is sent: of several sweeps at once (one process, or several
// instances on one PostgreSQL) exactly one inserts it and sends; the others skip it. The claim is marked sent
// after the send; a claim never marked (the sender crashed, or the mail server refused) is taken over by a later
// sweep after CLAIM_RETRY_MINUTES, so a message may be repeated only when a send did happen but was not recorded.
// Each claim is stamped with the clock read when it is made, not the sweep's start: a sweep held up by a slow
// mail server may claim its last message long after it began, and a claim stamped with the start would look
// stale to another instance at once and be sent twice.

/** A claimed message not marked sent after this long is sent again by the next sweep. */
export const CLAIM_RETRY_MINUTES = 10

/** A clock: read afresh for each claim, so its stamp is the moment the claim is made. */
export type Clock = () => Date

/**
 * Claims `key` at `now`, the moment the claim is made: true when this sweep inserted it, or took over a claim left
 * unsent for CLAIM_RETRY_MINUTES. Both are single statements the database settles, so two sweeps never both win.
 */
export async function claim(conn: Kysely<Database>, key: string, now: Date): Promise<boolean> {
  const at = now.toISOString()
  const inserted = await conn
    .insertInto('job_claims')
    .values({ key, claimed_at: at, sent_at: null })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst()
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return true
  const stale = new Date(now.getTime() - CLAIM_RETRY_MINUTES * 60_000).toISOString()
  const taken = await conn
    .updateTable('job_claims')
    .set({ claimed_at: at })
    .where('key', '=', key)
    .where('sent_at', 'is', null)
    .where('claimed_at', '<=', stale)
    .executeTakeFirst()
  return Number(taken.numUpdatedRows) === 1
}

/**
 * The keys among `keys` already sent, read in chunks: a class announced to many learners stays due until it
 * starts, so each sweep skips what went before with a few reads instead of one claim attempt per message.
 */
export async function sentKeys(conn: Kysely<Database>, keys: string[]): Promise<Set<string>> {
  const sent = new Set<string>()
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await conn
      .selectFrom('job_claims')
      .select('key')
      .where('key', 'in', keys.slice(i, i + 500))
      .where('sent_at', 'is not', null)
      .execute()
    for (const r of rows) sent.add(r.key)
  }
  return sent
}

/**
 * Sends one message once: claims its key, re-checks that it is still due, sends it and marks it sent. 'taken':
 * another sender has it (or it is no longer due); 'failed': the send failed and the claim is left for a later sweep.
 * The sweep's step for each message, and what fulfilment calls to send a purchase mail at once. `clock` is read
 * when the claim is made (a Date: the claim is made now, at that moment).
 */
export async function deliver(
  conn: Kysely<Database>,
  job: Job,
  clock: Date | Clock,
  send: (mail: Mail) => Promise<void> = sendMail,
): Promise<'sent' | 'taken' | 'failed'> {
  const read = typeof clock === 'function' ? clock : () => clock
  if (!(await claim(conn, job.key, read()))) return 'taken'
  if (job.stillDue && !(await job.stillDue(conn))) {
    await conn.deleteFrom('job_claims').where('key', '=', job.key).execute()
    return 'taken'
  }
  try {
    await send(job.mail)
  } catch (error) {
    // Left claimed and unsent: retried after CLAIM_RETRY_MINUTES.
    console.error(`[jobs] ${job.key} not sent:`, error instanceof Error ? error.message : error)
    return 'failed'
  }
  const sentAt = typeof clock === 'function' ? clock() : new Date()
  await conn.updateTable('job_claims').set({ sent_at: sentAt.toISOString() }).where('key', '=', job.key).execute()
  return 'sent'
}
