import type { Kysely } from 'kysely'
import type { Database } from '#db/schema'
import { formatIndiaDateTime } from '~/lib/dates'
import { isLiveMock, windowPhase } from '~/lib/quiz/window'

// Changing a live mock's window once it has opened (docs/decisions/029-live-mocks.md). Before the opening staff may
// move or remove the window freely. Once it has opened and someone has started the paper:
// - the opening stays: the attempts already begun were started, and their deadlines set, inside that window, and
//   moving it (or removing the window) would rank them against a window they did not sit;
// - the close may move later (a disruption: everyone gets longer), never earlier: attempts already running got their
//   deadlines from the close when they started, and an earlier close would cut learners off mid-paper;
// - once it has closed, the window no longer changes: the close submitted every attempt and the ranks follow it.
// With nobody started, an opened window may still be changed (a mistake found in time).

/** A window staff may not set, naming the field (the editor shows it there; the API's message names it). */
export type WindowRefusal = { field: 'opensAt' | 'closesAt'; message: string }

/** The window being saved: stored instants (ISO, UTC), both null for an anytime paper. */
export type WindowChange = { opensAt: string | null; closesAt: string | null }

/** The same instant to the second (windows are kept to the second). */
const sameInstant = (a: string | null, b: string | null) =>
  a === null || b === null ? a === b : Math.floor(Date.parse(a) / 1000) === Math.floor(Date.parse(b) / 1000)

/** Why this window cannot replace the paper's now; null when it can. */
export async function windowChangeRefusal(
  conn: Kysely<Database>,
  quizId: string,
  next: WindowChange,
  now = new Date(),
): Promise<WindowRefusal | null> {
  const quiz = await conn
    .selectFrom('quizzes')
    .select(['opens_at', 'closes_at'])
    .where('id', '=', quizId)
    .executeTakeFirst()
  if (!quiz || !isLiveMock(quiz)) return null
  if (sameInstant(next.opensAt, quiz.opens_at) && sameInstant(next.closesAt, quiz.closes_at)) return null
  const phase = windowPhase({ opensAt: new Date(quiz.opens_at), closesAt: new Date(quiz.closes_at) }, now)
  if (phase === 'before') return null
  const started = await conn
    .selectFrom('attempts')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('quiz_id', '=', quizId)
    // A practice set drawn from the paper is not a sitting of it.
    .where('practice_set_id', 'is', null)
    .executeTakeFirst()
  const n = Number(started?.n ?? 0)
  if (n === 0) return null
  const who = n === 1 ? '1 learner has' : `${n} learners have`
  const opened = formatIndiaDateTime(quiz.opens_at)
  const closes = formatIndiaDateTime(quiz.closes_at)
  if (phase === 'closed')
    return {
      field: sameInstant(next.opensAt, quiz.opens_at) ? 'closesAt' : 'opensAt',
      message: `This live mock closed at ${closes} and ${who} sat it, so its window can no longer change.`,
    }
  if (!sameInstant(next.opensAt, quiz.opens_at))
    return {
      field: 'opensAt',
      message:
        `This live mock opened at ${opened} and ${who} already started it, so the opening cannot move and the ` +
        'window cannot be removed. The close can still move later.',
    }
  if (next.closesAt && Date.parse(next.closesAt) < Date.parse(quiz.closes_at))
    return {
      field: 'closesAt',
      message: `${who.charAt(0).toUpperCase()}${who.slice(1)} already started this live mock, so it cannot close earlier than ${closes}; it can close later.`,
    }
  return null
}
