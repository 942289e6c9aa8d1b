import type { Kysely } from 'kysely'
import { z } from 'zod'
import type { Database } from '#db/schema'
import { windowInstant } from '~/lib/quiz/window-input'
import { isId } from '~/lib/ids'
import { isLiveMock, learnerWindow, windowProblem } from '~/lib/quiz/window'
import { resultsPublic, VISIBILITY_MESSAGES } from '~/lib/quiz/visibility'
import { recordAudit } from '~/models/audit/audit.server'
import { db } from '~/utils/db.server'
import { getQuiz, type QuizRow } from './catalog.server'
import { answersCloseAt } from '~/lib/quiz/clock'
import { latestClose, openRankedCount } from './live-close.server'
import { registrationCount } from './live-mock.server'
import { hasUncarriedCorrection, publishWithRescore } from './live-rescore.server'

// Staff controls of a live mock (/admin/quiz-result/{quizId} and POST /api/v1/admin/quiz/{quizId}/overrides), each
// audited: 'Publish results' now (held or not, once every learner's window has closed), 'Hold results' (the sweep
// does not publish a held mock; a published one is withdrawn until staff publish again), and a learner's override
// (extra minutes or a separate window). A learner with an override still sits the ranked attempt, so it ranks
// with everyone's.

/** What the staff results page shows of a live mock; null for an anytime paper. */
export async function liveMockStaffView(quiz: QuizRow, now = new Date()) {
  if (!isLiveMock(quiz)) return null
  const [registrations, open, close] = await Promise.all([
    registrationCount(quiz.id),
    openRankedCount(quiz.id),
    latestClose(quiz),
  ])
  const overrides = await db
    .selectFrom('live_mock_overrides as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['u.id', 'u.name', 'u.email', 'o.extra_minutes', 'o.opens_at', 'o.closes_at'])
    .where('o.quiz_id', '=', quiz.id)
    .orderBy('u.name')
    .execute()
  return {
    opensAt: quiz.opens_at,
    closesAt: quiz.closes_at,
    latestClose: close?.toISOString() ?? quiz.closes_at,
    closed: Boolean(close && now.getTime() > answersCloseAt(close)!.getTime()),
    registrations,
    openAttempts: open,
    correctionPending: await hasUncarriedCorrection(quiz.id),
    publishedAt: quiz.results_published_at,
    held: quiz.results_held === 1,
    overrides,
  }
}

export type StaffProblem = { field?: string; message: string }

/** Publishes now (e.g. after a correction): refused while a learner's window is still open. */
export async function publishNow({
  quizId,
  actorId,
  now = new Date(),
  conn = db,
}: {
  quizId: string
  actorId: string
  now?: Date
  conn?: Kysely<Database>
}) {
  const quiz = await getQuiz(quizId)
  if (!quiz || !isLiveMock(quiz)) return { ok: false as const, message: 'This paper is not a live mock.' }
  const close = await latestClose(quiz, conn)
  if (close && now.getTime() <= answersCloseAt(close)!.getTime())
    return { ok: false as const, message: 'Results can be published once every learner’s window has closed.' }
  // A key corrected since the attempts were scored: everyone re-scored and re-ranked once, in the publication's own
  // transaction, so no correction slips in between (./live-rescore.server.ts).
  const rescore = await publishWithRescore({ quizId, actorId, now, conn })
  return { ok: true as const, rescore }
}

/** Holds the results: the sweep does not publish them; a publication already made is withdrawn. */
export async function holdResults({ quizId, actorId }: { quizId: string; actorId: string }) {
  const quiz = await getQuiz(quizId)
  if (!quiz || !isLiveMock(quiz)) return { ok: false as const, message: 'This paper is not a live mock.' }
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('quizzes')
      .set({ results_held: 1, results_published_at: null })
      .where('id', '=', quizId)
      .execute()
    await recordAudit(
      {
        actorId,
        action: 'live_mock.hold',
        targetType: 'quiz',
        targetId: quizId,
        details: { wasPublishedAt: quiz.results_published_at },
      },
      trx,
    )
  })
  return { ok: true as const }
}

/** An override's end as the API sends it (ISO with a zone) or the form (India time); null when left out. */
function readInstant(value: unknown): string | null | undefined {
  if (value === undefined || value === null || value === '') return null
  return typeof value === 'string' ? windowInstant(value) : undefined
}

const extraMinutesSchema = z.coerce
  .number()
  .int()
  .min(0)
  .max(24 * 60)

/** Reads an override from the API's JSON or the form's fields; a problem names the field. */
export function readOverride(
  raw: Record<string, unknown>,
):
  | { ok: true; value: { userId: string; extraMinutes: number; opensAt: string | null; closesAt: string | null } }
  | ({ ok: false } & Required<StaffProblem>) {
  const userId = typeof raw.userId === 'string' ? raw.userId.trim() : ''
  if (!isId(userId)) return { ok: false, field: 'userId', message: 'No learner has this id or e-mail (userId).' }
  const extraRaw = raw.extraMinutes === undefined || raw.extraMinutes === '' ? 0 : raw.extraMinutes
  const extra = extraMinutesSchema.safeParse(extraRaw)
  if (!extra.success || typeof extraRaw === 'boolean')
    return { ok: false, field: 'extraMinutes', message: 'Extra minutes must be a whole number from 0 to 1440.' }
  const opensAt = readInstant(raw.opensAt)
  if (opensAt === undefined)
    return { ok: false, field: 'opensAt', message: 'Enter the opening as a date and time (India time).' }
  const closesAt = readInstant(raw.closesAt)
  if (closesAt === undefined)
    return { ok: false, field: 'closesAt', message: 'Enter the close as a date and time (India time).' }
  return { ok: true, value: { userId, extraMinutes: extra.data, opensAt, closesAt } }
}

/** The staff form takes the learner's e-mail as well as their id: the id of the user with this e-mail, if any. */
export async function learnerIdOf(idOrEmail: string): Promise<string> {
  const value = idOrEmail.trim()
  if (!value.includes('@')) return value
  const row = await db.selectFrom('users').select('id').where('email', '=', value.toLowerCase()).executeTakeFirst()
  return row?.id ?? value
}

/** Sets (or replaces) a learner's override of a live mock, audited. */
export async function setOverride({
  quizId,
  actorId,
  input,
  now = new Date(),
}: {
  quizId: string
  actorId: string
  input: { userId: string; extraMinutes: number; opensAt: string | null; closesAt: string | null }
  now?: Date
}): Promise<{ ok: true } | ({ ok: false; status: 400 | 404 } & StaffProblem)> {
  const quiz = isId(quizId) ? await getQuiz(quizId) : undefined
  if (!quiz) return { ok: false, status: 404, message: 'Quiz not found' }
  if (!isLiveMock(quiz)) return { ok: false, status: 400, message: 'This paper is not a live mock: it has no window.' }
  if (resultsPublic(quiz)) return { ok: false, status: 400, message: VISIBILITY_MESSAGES.noOverrideAfterPublication }
  const user = await db.selectFrom('users').select('id').where('id', '=', input.userId).executeTakeFirst()
  if (!user) return { ok: false, status: 400, field: 'userId', message: 'No learner has this userId.' }
  const problem = windowProblem(input.opensAt ?? quiz.opens_at, input.closesAt ?? quiz.closes_at, quiz.time_limit)
  if (problem) return { ok: false, status: 400, ...problem }
  const window = learnerWindow(quiz, {
    extra_minutes: input.extraMinutes,
    opens_at: input.opensAt,
    closes_at: input.closesAt,
  })
  const values = {
    extra_minutes: input.extraMinutes,
    opens_at: input.opensAt,
    closes_at: input.closesAt,
    set_by: actorId,
    set_at: now.toISOString(),
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('live_mock_overrides')
      .values({ quiz_id: quizId, user_id: input.userId, ...values })
      .onConflict((oc) => oc.columns(['quiz_id', 'user_id']).doUpdateSet(values))
      .execute()
    await recordAudit(
      {
        actorId,
        action: 'live_mock.override',
        targetType: 'quiz',
        targetId: quizId,
        details: { ...input, closesWithExtra: window?.closesAt.toISOString() },
      },
      trx,
    )
  })
  return { ok: true }
}
