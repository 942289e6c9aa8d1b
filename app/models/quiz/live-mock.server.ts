import type { Kysely } from 'kysely'
import { prepared } from '#db/prepared'
import type { Database, Role } from '#db/schema'
import { isStaff } from '~/lib/roles'
import { learnerWindow, windowPhase, type LearnerWindow, type WindowPhase } from '~/lib/quiz/window'
import { db } from '~/utils/db.server'
import type { QuizRow } from './catalog.server'
import type { LearnerOverride } from './paper-memo.server'

// A live mock is a ranked paper with one window (migrations/0021_live_mocks.ts, docs/decisions/029-live-mocks.md).
// This file reads the window one learner sits (their override on top of the paper's) and keeps registrations. The
// rules themselves are pure, in app/lib/quiz/window.ts; the gate (./access.server.ts) and the start
// (./attempt.server.ts) ask here.

/** Where a viewer stands with a paper's window: null for an anytime paper. Staff always read the paper's own. */
export type WindowStanding = { window: LearnerWindow; phase: WindowPhase }

/** The learner's override of this paper, if staff set one. */
export async function overrideOf(quizId: string, userId: string, conn: Kysely<Database> = db) {
  return overrideQuery.first(conn, { quizId, userId })
}

// Every request of a live mock's learner reads it (the quiz gate): compiled once (#db/prepared).
const overrideQuery = prepared((conn, p: { quizId: string; userId: string }) =>
  conn
    .selectFrom('live_mock_overrides')
    .select(['extra_minutes', 'opens_at', 'closes_at'])
    .where('quiz_id', '=', p.quizId)
    .where('user_id', '=', p.userId),
)

/** The window this viewer sits and its phase now; null when the paper has no window. */
export async function windowStanding(
  quiz: Pick<QuizRow, 'id' | 'opens_at' | 'closes_at'>,
  viewer: { id: string; role: Role | string },
  now = new Date(),
  /** The quiz's overrides as its paper memo holds them (read with the same content version), when known. */
  overrides?: ReadonlyMap<string, LearnerOverride>,
): Promise<WindowStanding | null> {
  if (!quiz.opens_at || !quiz.closes_at) return null
  const override = isStaff(viewer.role)
    ? null
    : overrides
      ? overrides.get(viewer.id)
      : await overrideOf(quiz.id, viewer.id)
  const window = learnerWindow(quiz, override)
  return window && { window, phase: windowPhase(window, now) }
}

/** Registers the learner for the live mock (a second registration changes nothing). */
export async function register({ quizId, userId, now = new Date() }: { quizId: string; userId: string; now?: Date }) {
  await db
    .insertInto('live_mock_registrations')
    .values({ quiz_id: quizId, user_id: userId, registered_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['quiz_id', 'user_id']).doNothing())
    .execute()
}

export async function isRegistered(quizId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('live_mock_registrations')
    .select('user_id')
    .where('quiz_id', '=', quizId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return Boolean(row)
}

/** How many registered (shown to staff). */
export async function registrationCount(quizId: string): Promise<number> {
  const row = await db
    .selectFrom('live_mock_registrations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('quiz_id', '=', quizId)
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}
