import { LADDER, type RungName } from '~/lib/video/ladder'
import { isId } from '~/lib/ids'
import { courseAccess } from '~/models/enrolment/access.server'
import { db } from '~/utils/db.server'
import type { Role } from '#db/schema'
import { dataSaverOf, positionOf } from './positions.server'
import { makeVideoToken } from './tokens.server'
import { parseRungs } from './video.server'

// Who may watch a lecture's own video (docs/decisions/033-lecture-video.md), and the signed addresses the player
// gets. The rule is the course's (`courseAccess`: an open enrolment, or staff) plus the video being ready; it is read
// when the page is made AND again on every request of an address (app/routes/video.ts through `streamPermit`), so a
// revoked or ended enrolment stops the stream too, not only the next page.

type Viewer = { id: string; role: Role }

export type WatchableVideo = {
  videoId: string
  lectureId: string
  lectureTitle: string
  rungs: RungName[]
  durationSeconds: number | null
}

/** A ready video with its lecture and course, by the video's or the lecture's id. */
function readyVideo(by: 'videos.id' | 'videos.lecture_id', id: string) {
  return db
    .selectFrom('videos')
    .innerJoin('lectures', 'lectures.id', 'videos.lecture_id')
    .innerJoin('sections', 'sections.id', 'lectures.section_id')
    .select([
      'videos.id as videoId',
      'videos.rungs',
      'videos.duration_seconds',
      'lectures.id as lectureId',
      'lectures.title',
      'sections.course_id as courseId',
    ])
    .where(by, '=', id)
    .where('videos.status', '=', 'ready')
    .executeTakeFirst()
}

async function watchable(user: Viewer, row: Awaited<ReturnType<typeof readyVideo>>, now: Date) {
  if (!row) return null
  const access = await courseAccess(user, row.courseId, now)
  if (!access.ok) return null
  return {
    videoId: row.videoId,
    lectureId: row.lectureId,
    lectureTitle: row.title,
    rungs: parseRungs(row.rungs),
    durationSeconds: row.duration_seconds === null ? null : Number(row.duration_seconds),
  } satisfies WatchableVideo
}

/**
 * The lecture's video when `user` may watch it now: the course's access rule (staff always, so they preview any
 * ready video) and the video ready. Null otherwise: no video, not ready, or no access.
 */
export async function videoAccess(user: Viewer, lectureId: string, now = new Date()): Promise<WatchableVideo | null> {
  if (!isId(lectureId)) return null
  return watchable(user, await readyVideo('videos.lecture_id', lectureId), now)
}

/** `videoAccess` by the video's id (the address names the video, not the lecture). */
export async function videoAccessById(user: Viewer, videoId: string, now = new Date()) {
  if (!isId(videoId)) return null
  return watchable(user, await readyVideo('videos.id', videoId), now)
}

export type PlayerSources = {
  videoId: string
  /** The adaptive ladder (JS on, or a browser that plays HLS itself). */
  master: string
  /** The audio-only rung's playlist ('Audio only'). */
  audio: string
  /** The small MP4 (JS off without native HLS, and the download). */
  mp4: string
  poster: string
  /** The small MP4 as an attachment named after the lecture. */
  download: string
  /** The video rungs, lowest first, each with its own playlist (the quality menu, and data saver without JS). */
  rungs: Array<{ name: RungName; label: string; src: string }>
  /** Where the learner stopped, when worth offering ('Continue at 12:34'); null otherwise. */
  continueAt: number | null
  dataSaver: boolean
  durationSeconds: number | null
}

/** The base of `user`'s addresses of video `videoId` (app/routes/video.ts serves them). */
export const videoBase = (videoId: string, userId: string, now = new Date()) =>
  `/video/${makeVideoToken(videoId, userId, now)}`

/** A position is offered past the first 10 s and before the last 10 s (earlier or later, starting over is as good). */
const worthContinuing = (seconds: number | null, duration: number | null) =>
  seconds !== null && seconds >= 10 && (duration === null || seconds < duration - 10)

/**
 * The addresses the player of `lecture` gets for `user`: null when the lecture has no ready video or the user may
 * not watch it (so no address is ever made for someone without access).
 */
export async function playerSources(
  user: Viewer,
  lecture: { id: string },
  now = new Date(),
): Promise<PlayerSources | null> {
  const video = await videoAccess(user, lecture.id, now)
  if (!video) return null
  const base = videoBase(video.videoId, user.id, now)
  const [position, dataSaver] = await Promise.all([positionOf(user.id, lecture.id), dataSaverOf(user.id)])
  const videoRungs = LADDER.filter((r) => r.height > 0 && video.rungs.includes(r.name))
  return {
    videoId: video.videoId,
    master: `${base}/hls/master.m3u8`,
    audio: `${base}/hls/audio/index.m3u8`,
    mp4: `${base}/small.mp4`,
    poster: `${base}/poster.jpg`,
    download: `${base}/download`,
    rungs: videoRungs.map((r) => ({ name: r.name, label: r.label, src: `${base}/hls/${r.name}/index.m3u8` })),
    continueAt: worthContinuing(position, video.durationSeconds) ? position : null,
    dataSaver,
    durationSeconds: video.durationSeconds,
  }
}

/** The name a downloaded lecture is saved under: its title, without characters file systems refuse. */
export function downloadName(title: string): string {
  const clean = title
    .replace(/[\\/:*?"<>|\u0000-\u001f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120)
  return `${clean || 'lecture'}.mp4`
}

// The route answers many requests per minute per learner (a 2-second segment each, for every rung it tries), so
// its decision is remembered for a few seconds per (session, token's user, video): the access rule is read again
// at most every PERMIT_MS, and a revoked enrolment or a signed-out session stops the stream within that time.
// Bounded, oldest first, like the verified session cookies (app/utils/session-cookie.server.ts).
const PERMIT_MS = 5_000
const PERMITS_MAX = 10_000
type Permit = { until: number; answer: StreamAnswer }
const permits = new Map<string, Permit>()

export type StreamAnswer =
  { ok: true; lectureTitle: string } | { ok: false; reason: 'signed-out' | 'foreign' | 'no-access' }

/**
 * Whether the request's session may stream video `videoId` from an address made for `tokenUserId`: signed in,
 * as that user, with access now. `loadUser` reads the session's user (only on a miss of the memo).
 */
export async function streamPermit(
  sessionId: string | null,
  tokenUserId: string,
  videoId: string,
  loadUser: () => Promise<Viewer | null>,
  now = new Date(),
): Promise<StreamAnswer> {
  if (!sessionId) return { ok: false, reason: 'signed-out' }
  const key = `${sessionId}|${tokenUserId}|${videoId}`
  const kept = permits.get(key)
  if (kept && kept.until > now.getTime()) return kept.answer
  const user = await loadUser()
  let answer: StreamAnswer
  if (!user) answer = { ok: false, reason: 'signed-out' }
  else if (user.id !== tokenUserId) answer = { ok: false, reason: 'foreign' }
  else {
    const video = await videoAccessById(user, videoId, now)
    answer = video ? { ok: true, lectureTitle: video.lectureTitle } : { ok: false, reason: 'no-access' }
  }
  permits.delete(key)
  if (permits.size >= PERMITS_MAX) permits.delete(permits.keys().next().value!)
  permits.set(key, { until: now.getTime() + PERMIT_MS, answer })
  return answer
}

/** Forgets every remembered decision (tests that change access and ask again at once). */
export const forgetStreamPermits = () => permits.clear()
