import { db } from '~/utils/db.server'

// Where a learner stopped in a lecture's video ('Continue at 12:34') and their 'Data saver' choice
// (migrations/0023_lecture_videos.ts). Who may write them is checked by the caller (app/routes/learn/video-prefs.ts
// asks app/models/video/watch.server.ts first).

/** Longest position kept: a day, so a garbage number never lands in the column. */
const MAX_SECONDS = 24 * 60 * 60

export async function savePosition(userId: string, lectureId: string, seconds: number, now = new Date()) {
  const at = now.toISOString()
  const s = Math.min(MAX_SECONDS, Math.max(0, Math.floor(seconds)))
  await db
    .insertInto('lecture_positions')
    .values({ user_id: userId, lecture_id: lectureId, seconds: s, updated_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'lecture_id']).doUpdateSet({ seconds: s, updated_at: at }))
    .execute()
}

/** The stored position of a learner in a lecture, in whole seconds; null when none. */
export async function positionOf(userId: string, lectureId: string): Promise<number | null> {
  const row = await db
    .selectFrom('lecture_positions')
    .select('seconds')
    .where('user_id', '=', userId)
    .where('lecture_id', '=', lectureId)
    .executeTakeFirst()
  return row ? Number(row.seconds) : null
}

export async function dataSaverOf(userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('video_data_saver').where('id', '=', userId).executeTakeFirst()
  return Number(row?.video_data_saver ?? 0) === 1
}

export async function setDataSaver(userId: string, on: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ video_data_saver: on ? 1 : 0 })
    .where('id', '=', userId)
    .execute()
}
