// Statements of one kind that requests run in the same turn of the event loop, sent to PostgreSQL as one
// (docs/decisions/038-turn-batches.md).
//
// At a live mock's opening thousands of learners press Start within seconds, and every Start runs the same few
// statements, each one row: the session's user, the attempt's insert, the first question marked visited. On
// PostgreSQL each is a round trip: a pooled connection, a socket write that wakes a server process, its answer
// parsed. The requests that server.js lets in together (app/utils/app-slots.server.ts grants a few per turn) reach
// the same statement in the same turn, so the statement of the whole group goes as one, over arrays of values, and
// each request gets its own row back. SQLite runs each statement synchronously inside the process, where a batch
// would save nothing: there, and inside a transaction (whose statements must stay on its connection, in order), a
// call runs its own statement at once.
//
// A batch fails only for what fails every call in it (a lost connection, the statement timeout). When it fails
// because of one row (a deadlock with another transaction's locks, a value or constraint a row breaks), each call is
// run again alone, so a caller gets the error of its own statement, never its neighbour's
// (docs/decisions/041-live-mock-close-and-mail.md).
import { PostgresAdapter, type Kysely } from 'kysely'
import type { Database } from './schema'

// TURN_BATCH=off runs every call alone, as before: the bench's side-by-side figure, and a way back if ever needed.
const batching = process.env.TURN_BATCH !== 'off'

export type TurnBatched<I, R> = (conn: Kysely<Database>, item: I) => Promise<R>

type Waiting<I, R> = { item: I; resolve: (result: R) => void; reject: (error: unknown) => void }

/** What `many` answers for a call whose own statement failed, beside the others' results: that caller gets `error`. */
export class CallFailed {
  constructor(readonly error: unknown) {}
}

/**
 * Whether a failed batch failed because of some row rather than for everyone (PostgreSQL SQLSTATE): a deadlock
 * (40P01) or a serialization failure (40001) with another transaction's locks, a data exception (class 22) or an
 * integrity violation (class 23) of one row's values. Then its calls are run one at a time.
 */
export function failedOnARow(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code !== 'string') return false
  return code === '40P01' || code === '40001' || code.startsWith('22') || code.startsWith('23')
}

/**
 * `one` runs the statement for one item; `many` for several (two or more), answering one result per item in their
 * order. On PostgreSQL, outside a transaction, the calls of one turn are collected and run together at the end of it
 * (setImmediate: the event loop's check phase), at most `max` items per statement; a turn with a single call runs
 * `one`. A failed `many` fails every call that was in it, unless it failed on a row (failedOnARow): then each call
 * runs `one` alone and gets its own answer or error. So a `many` that throws must have written nothing (one
 * statement, or statements in one transaction); one that ran several statements and failed after the first answers
 * the calls whose statement failed with CallFailed instead.
 */
export function turnBatched<I, R>({
  one,
  many,
  max = 256,
}: {
  one: (conn: Kysely<Database>, item: I) => Promise<R>
  many: (conn: Kysely<Database>, items: I[]) => Promise<(R | CallFailed)[]>
  max?: number
}): TurnBatched<I, R> {
  const queues = new Map<Kysely<Database>, Waiting<I, R>[]>()

  function flush(conn: Kysely<Database>) {
    const waiting = queues.get(conn) ?? []
    queues.delete(conn)
    for (let from = 0; from < waiting.length; from += max) {
      const part = waiting.slice(from, from + max)
      const run =
        part.length === 1
          ? one(conn, part[0]!.item).then((result) => [result])
          : many(
              conn,
              part.map((w) => w.item),
            )
      run.then(
        (results) => {
          if (results.length === part.length)
            return part.forEach((w, i) => {
              const result = results[i]!
              if (result instanceof CallFailed) w.reject(result.error)
              else w.resolve(result)
            })
          const error = new Error(`turn batch: ${results.length} results for ${part.length} items`)
          part.forEach((w) => w.reject(error))
        },
        (error) => {
          if (part.length > 1 && failedOnARow(error)) return alone(conn, part)
          part.forEach((w) => w.reject(error))
        },
      )
    }
  }

  // One call after another, in their order (two saves of one question keep their order), each settled by its own.
  async function alone(conn: Kysely<Database>, part: Waiting<I, R>[]) {
    for (const w of part) await one(conn, w.item).then(w.resolve, w.reject)
  }

  return (conn, item) => {
    if (!batching || conn.isTransaction || !(conn.getExecutor().adapter instanceof PostgresAdapter))
      return one(conn, item)
    return new Promise<R>((resolve, reject) => {
      let queue = queues.get(conn)
      if (!queue) {
        queue = []
        queues.set(conn, queue)
        setImmediate(flush, conn)
      }
      queue.push({ item, resolve, reject })
    })
  }
}
