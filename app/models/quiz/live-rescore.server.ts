import type { Kysely, Transaction } from 'kysely'
import type { Database } from '#db/schema'
import { MARKS_UNIT } from '~/lib/quiz/marks'
import { recordAudit } from '~/models/audit/audit.server'
import { db } from '~/utils/db.server'
import { lockForPublication } from './live-close.server'
import { carryCorrectedKeys, hasUncarriedCorrection, rankedMarks } from './live-paper.server'

// A live mock's key correction re-scores and re-ranks everyone ONCE (docs/decisions/029-live-mocks.md). Staff correct
// the key in the editor (a new question version, decision 002); 'Publish results' on the staff results page
// (app/models/quiz/live-staff.server.ts) then publishes through publishWithRescore: in ONE transaction that first
// locks the quiz as the sweep's publication does (./live-close.server.ts lockForPublication), so no correction can
// be saved between the re-score and the publication (docs/decisions/041-live-mock-close-and-mail.md), a pending
// correction is carried to the versions the attempts were shown (so the review, the statistics and the stored score
// agree), every submitted ranked attempt is marked again in one pass (rankedMarks, the marking its submit and the
// section table use) and only the changed scores are written; the per-score counts follow by their triggers, so the
// ranks are re-ranked with them. Audited with the counts. A second run finds nothing pending and changes nothing. The
// sweep does not publish a mock with a correction pending (./live-close.server.ts publishResults): staff publish it,
// so the re-score runs exactly once, from one request.

export { hasUncarriedCorrection }

/**
 * Publishes a live mock's results now (held or not), audited, after re-scoring everyone if a key correction is
 * pending; the re-score's counts, or null when nothing was pending.
 */
export async function publishWithRescore({
  quizId,
  actorId,
  now,
  conn = db,
}: {
  quizId: string
  actorId: string | null
  now: Date
  conn?: Kysely<Database>
}): Promise<{ corrected: number; rescored: number } | null> {
  return conn.transaction().execute(async (trx) => {
    await lockForPublication(trx, quizId)
    const rescore = await rescoreIn(trx, quizId, actorId)
    await trx
      .updateTable('quizzes')
      .set({ results_published_at: now.toISOString(), results_held: 0 })
      .where('id', '=', quizId)
      .execute()
    await recordAudit({ actorId, action: 'live_mock.publish', targetType: 'quiz', targetId: quizId }, trx)
    return rescore
  })
}

/** Carries a pending correction and re-scores the ranked attempts, inside the publication's transaction. */
async function rescoreIn(trx: Transaction<Database>, quizId: string, actorId: string | null) {
  const corrected = await carryCorrectedKeys(trx, quizId)
  if (corrected === 0) return null
  const stored = new Map(
    (
      await trx
        .selectFrom('attempts')
        .select(['id', 'score_units'])
        .where('quiz_id', '=', quizId)
        .where('mode', '=', 'ranked')
        .where('submitted_at', 'is not', null)
        .execute()
    ).map((a) => [a.id, Number(a.score_units)]),
  )
  let rescored = 0
  for await (const { id: attemptId, total: units } of rankedMarks(quizId, trx)) {
    if (stored.get(attemptId) === units) continue
    await trx
      .updateTable('attempts')
      .set({ score_units: units, score: units / MARKS_UNIT })
      .where('id', '=', attemptId)
      .execute()
    rescored += 1
  }
  await recordAudit(
    { actorId, action: 'live_mock.rescore', targetType: 'quiz', targetId: quizId, details: { corrected, rescored } },
    trx,
  )
  return { corrected, rescored }
}
