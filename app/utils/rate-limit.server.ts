import type { RouterContextProvider } from 'react-router'
import { clientAddressContext } from './request-context'
import { db } from './db.server'
import { rateLimitsOn } from './env.server'

const windowStartOf = (now: number, windowMs: number) => now - (now % windowMs)

/**
 * A fixed-window counter kept in SQLite, so limits survive a restart and hold for both the pages and the API.
 * Returns true when this hit is within the limit. RATE_LIMIT=off turns every limit off (load tests).
 */
export async function hit(key: string, limit: number, windowMs: number, now = Date.now()): Promise<boolean> {
  return (await increment(key, windowMs, now)) <= limit
}

/**
 * Counts one hit on `key` and returns the count of its current window, for callers that act on reaching an exact
 * count (once per window, even under concurrent hits). Stores nothing and returns 0 with RATE_LIMIT=off.
 */
export async function increment(key: string, windowMs: number, now = Date.now()): Promise<number> {
  if (!rateLimitsOn()) return 0
  const windowStart = windowStartOf(now, windowMs)
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: windowStart, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        count: eb
          .case()
          .when('rate_limits.window_start', '=', windowStart)
          .then(eb('rate_limits.count', '+', 1))
          .else(1)
          .end(),
        window_start: windowStart,
      })),
    )
    .returning('count')
    .executeTakeFirstOrThrow()
  return row.count
}

/** How many hits a key has in its current window, without counting one. */
export async function count(key: string, windowMs: number, now = Date.now()): Promise<number> {
  const windowStart = windowStartOf(now, windowMs)
  const row = await db
    .selectFrom('rate_limits')
    .select(['count', 'window_start'])
    .where('key', '=', key)
    .executeTakeFirst()
  return row && row.window_start === windowStart ? row.count : 0
}

/** Forgets a key's hits (e.g. a success that should not carry earlier failures forward). */
export async function clearHits(key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute()
}

/** The end of the fixed window `now` falls in: when a limit reached now lifts by itself. */
export function windowEnd(windowMs: number, now = Date.now()): number {
  return windowStartOf(now, windowMs) + windowMs
}

/** The client's address server.js put in the request context ('unknown' when there is none). */
export function clientAddress(context: Readonly<RouterContextProvider> | undefined): string {
  return context?.get(clientAddressContext) || 'unknown'
}

export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a minute and try again.'

/** At most 30 auth posts per minute per client address (pages and API together). */
export const AUTH_POSTS_PER_MINUTE = 30
export async function allowAuthPost(context: Readonly<RouterContextProvider> | undefined): Promise<boolean> {
  return hit(`auth:${clientAddress(context)}`, AUTH_POSTS_PER_MINUTE, 60_000)
}
