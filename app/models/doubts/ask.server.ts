import { lockRow } from '#db/dialect'
import { MIME, sniffImage, type ImageType } from '~/lib/file-type'
import { renderMarkup } from '~/lib/markup/render'
import { MB } from '~/lib/uploads'
import {
  DOUBT_MAX_CHARS,
  DOUBT_MESSAGES,
  DOUBTS_PER_HOUR,
  HOUR_MS,
  normaliseBody,
  parseVideoAt,
  type DoubtField,
} from '~/lib/doubts/rules'
import { getStorage, newKey } from '~/services/storage.server'
import { db } from '~/utils/db.server'
import { newId } from '~/utils/ids.server'
import type { DoubtTarget, Viewer } from './access.server'

// Asking a doubt (decision 034). The caller has checked access to the target (./access.server.ts). Every refusal
// names its field and a message the form shows beside what was typed; nothing is stored on a refusal.

/** A doubt's or an answer's image: PNG, JPEG or WebP by its bytes, at most 1 MB (the quiz images' rules). */
export const DOUBT_IMAGE_MAX_BYTES = MB

export type AskInput = { body: unknown; videoAt?: unknown; image?: Uint8Array | null }
export type AskRefusal = { ok: false; status: 400 | 429; field: DoubtField; message: string }
export type AskOutcome = { ok: true; doubtId: string } | AskRefusal

const refuse = (field: DoubtField, message: string, status: 400 | 429 = 400): AskRefusal => ({
  ok: false,
  status,
  field,
  message,
})

/** The markup of a doubt or an answer rendered as questions are (Markdown, LaTeX, chemistry; no figures by name). */
export function renderDoubtBody(body: string): { ok: true; html: string } | { ok: false; error: string } {
  const rendered = renderMarkup(body, { lazyImages: true })
  // The renderer's own word for a picture in the text names a quiz's uploads; a doubt has its image field instead.
  if (!rendered.ok && rendered.error.startsWith('unknown image'))
    return { ok: false, error: DOUBT_MESSAGES.imageInText }
  return rendered
}

/** An attached image checked from its bytes; null when none was attached (an empty file input sends 0 bytes). */
export function checkDoubtImage(
  bytes: Uint8Array | null | undefined,
): { ok: true; image: { bytes: Uint8Array; type: ImageType } | null } | { ok: false; message: string } {
  if (!bytes || bytes.byteLength === 0) return { ok: true, image: null }
  if (bytes.byteLength > DOUBT_IMAGE_MAX_BYTES) return { ok: false, message: DOUBT_MESSAGES.imageTooBig }
  const type = sniffImage(bytes)
  if (!type) return { ok: false, message: DOUBT_MESSAGES.imageType }
  return { ok: true, image: { bytes, type } }
}

/** Stores a checked image under doubts/ and returns its key. */
export async function storeDoubtImage(image: { bytes: Uint8Array; type: ImageType }): Promise<string> {
  const key = newKey('doubts', image.type)
  await getStorage().put(key, image.bytes, MIME[image.type])
  return key
}

/** How many doubts a learner has posted in the hour before `now`. */
async function postedInLastHour(userId: string, now: Date, conn = db): Promise<number> {
  const row = await conn
    .selectFrom('doubts')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', new Date(now.getTime() - HOUR_MS).toISOString())
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

/** Checks a learner's doubt and stores it, unanswered. At most DOUBTS_PER_HOUR in any hour, even when sent together. */
export async function askDoubt(input: {
  viewer: Viewer
  target: DoubtTarget
  doubt: AskInput
  now?: Date
}): Promise<AskOutcome> {
  const { viewer, target } = input
  const now = input.now ?? new Date()
  const body = normaliseBody(input.doubt.body)
  if (!body) return refuse('body', DOUBT_MESSAGES.bodyMissing)
  if (body.length > DOUBT_MAX_CHARS) return refuse('body', DOUBT_MESSAGES.bodyTooLong)
  const rendered = renderDoubtBody(body)
  if (!rendered.ok) return refuse('body', `Your doubt could not be shown: ${rendered.error}.`)
  // A time in the video belongs to a lecture only.
  const videoAt = target.kind === 'lecture' ? parseVideoAt(input.doubt.videoAt) : null
  if (videoAt === undefined) return refuse('videoAt', DOUBT_MESSAGES.videoAt)
  const checked = checkDoubtImage(input.doubt.image)
  if (!checked.ok) return refuse('image', checked.message)
  if ((await postedInLastHour(viewer.id, now)) >= DOUBTS_PER_HOUR) return refuse('body', DOUBT_MESSAGES.tooMany, 429)

  const imageKey = checked.image ? await storeDoubtImage(checked.image) : null
  const id = newId()
  const at = now.toISOString()
  const stored = await db.transaction().execute(async (trx) => {
    // The learner's row is the lock: two doubts sent at once are counted one after the other.
    await lockRow(trx, 'users', viewer.id)
    if ((await postedInLastHour(viewer.id, now, trx)) >= DOUBTS_PER_HOUR) return false
    await trx
      .insertInto('doubts')
      .values({
        id,
        user_id: viewer.id,
        course_id: target.kind === 'lecture' ? target.courseId : null,
        lecture_id: target.kind === 'lecture' ? target.lectureId : null,
        lecture_title: target.kind === 'lecture' ? target.lectureTitle : null,
        quiz_id: target.kind === 'question' ? target.quizId : null,
        question_id: target.kind === 'question' ? target.questionId : null,
        question_key: target.kind === 'question' ? target.questionKey : null,
        video_at: videoAt,
        created_at: at,
        updated_at: at,
      })
      .execute()
    await trx
      .insertInto('doubt_texts')
      .values({ doubt_id: id, user_id: viewer.id, body, body_html: rendered.html, image_key: imageKey })
      .execute()
    return true
  })
  if (!stored) {
    if (imageKey)
      await getStorage()
        .delete(imageKey)
        .catch(() => undefined)
    return refuse('body', DOUBT_MESSAGES.tooMany, 429)
  }
  return { ok: true, doubtId: id }
}
