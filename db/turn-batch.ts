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
import { PostgresAdapter, type Kysely } from 'kysely'
import type { Database } from './schema'

// TURN_BATCH=off runs every call alone, as before: the bench's side-by-side figure, and a way back if ever needed.
const batching = process.env.TURN_BATCH !== 'off'

export type TurnBatched<I, R> = (conn: Kysely<Database>, item: I) => Promise<R>

type Waiting<I, R> = { item: I; resolve: (result: R) => void; reject: (error: unknown) => void }

/**
 * `one` runs the statement for one item; `many` for several (two or more), answering one result per item in their
 * order. On PostgreSQL, outside a transaction, the calls of one turn are collected and run together at the end of it
 * (setImmediate: the event loop's check phase), at most `max` items per statement; a turn with a single call runs
 * `one`. A failed statement fails every call that was in it.
 */
export function turnBatched<I, R>({
  one,
  many,
  max = 256,
}: {
  one: (conn: Kysely<Database>, item: I) => Promise<R>
  many: (conn: Kysely<Database>, items: I[]) => Promise<R[]>
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
          if (results.length === part.length) return part.forEach((w, i) => w.resolve(results[i]!))
          const error = new Error(`turn batch: ${results.length} results for ${part.length} items`)
          part.forEach((w) => w.reject(error))
        },
        (error) => part.forEach((w) => w.reject(error)),
      )
    }
  }

  return (conn, item) => {
    if (!batching || conn.isTransaction || !(conn.getExecutor().adapter instanceof PostgresAdapter)) return one(conn, item)
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
