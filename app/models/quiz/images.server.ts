import type { Kysely } from 'kysely'
import type { Database } from '#db/schema'
import { isForeignKeyViolation, lockRow } from '#db/dialect'
import { BANK_QUIZ_ID } from '~/lib/bank/bank'
import { imageSize, MIME, sniffImage } from '~/lib/file-type'
import {
  IMAGE_MESSAGES,
  imageNameOf,
  imagesMaxOf,
  QUIZ_IMAGE_ALT_MAX,
  QUIZ_IMAGE_MAX_BYTES,
  quizImageUrl,
  uniqueImageName,
} from '~/lib/quiz/images'
import { recordAudit } from '~/models/audit/audit.server'
import { getStorage, newQuizImageKey } from '~/services/storage.server'
import { db } from '~/utils/db.server'
import { newId, nowIso } from '~/utils/ids.server'
import { imageUse } from './image-use.server'

// A quiz's images: staff upload them (the editor's images panel, the admin API, a ZIP import) and name them in
// question markup, `![alt](name)`. The bytes live in the storage service under the quiz; a row holds the name,
// the alt text and what the bytes are. Where an image is shown, and so who may fetch it, is image-use.server.ts.

/** What a refused upload names: the field at fault (the editor's `image` / `imageAlt`, the API's `image` / `alt`). */
export type ImageField = 'image' | 'alt'
export type ImageRefusal = { ok: false; field: ImageField; message: string }

/** An image file checked from its bytes, ready to store. */
export type CheckedImage = {
  bytes: Uint8Array
  type: 'png' | 'jpeg' | 'webp'
  /** The markup name the file's own name gives (made unique within the quiz when stored). */
  name: string
  alt: string
  width: number | null
  height: number | null
}

/** The checks every upload path shares: PNG, JPEG or WebP by its bytes, at most 1 MB, alt text given and bounded. */
export function checkImage(input: {
  bytes: Uint8Array | null
  fileName: string
  alt: string | null | undefined
}): { ok: true; image: CheckedImage } | ImageRefusal {
  const { bytes } = input
  if (!bytes || bytes.byteLength === 0) return { ok: false, field: 'image', message: IMAGE_MESSAGES.missing }
  if (bytes.byteLength > QUIZ_IMAGE_MAX_BYTES) return { ok: false, field: 'image', message: IMAGE_MESSAGES.tooBig }
  const type = sniffImage(bytes)
  if (!type) return { ok: false, field: 'image', message: IMAGE_MESSAGES.type }
  const alt = (input.alt ?? '').replace(/\s+/g, ' ').trim()
  if (!alt) return { ok: false, field: 'alt', message: IMAGE_MESSAGES.altMissing }
  if (alt.length > QUIZ_IMAGE_ALT_MAX) return { ok: false, field: 'alt', message: IMAGE_MESSAGES.altTooLong }
  const size = imageSize(bytes, type)
  return {
    ok: true,
    image: {
      bytes,
      type,
      name: imageNameOf(input.fileName, type),
      alt,
      width: size?.width ?? null,
      height: size?.height ?? null,
    },
  }
}

export type QuizImage = {
  id: string
  name: string
  url: string
  alt: string
  contentType: string
  byteSize: number
  width: number | null
  height: number | null
  createdAt: string
}

const imageColumns = [
  'id',
  'name',
  'alt',
  'content_type',
  'byte_size',
  'width',
  'height',
  'created_at',
  'storage_key',
] as const

type ImageRow = {
  id: string
  name: string
  alt: string
  content_type: string
  byte_size: number
  width: number | null
  height: number | null
  created_at: string
}

const quizImage = (r: ImageRow): QuizImage => ({
  id: r.id,
  name: r.name,
  url: quizImageUrl(r),
  alt: r.alt,
  contentType: r.content_type,
  byteSize: Number(r.byte_size),
  width: r.width === null ? null : Number(r.width),
  height: r.height === null ? null : Number(r.height),
  createdAt: r.created_at,
})

/** An image whose bytes are in storage under its quiz, waiting for its row (insertImages). */
export type PutImage = CheckedImage & { key: string }

/**
 * Puts checked images' bytes in storage under quiz `quizId`, before the transaction that records them: a slow
 * bucket never holds the database's write lock. Each key is pushed to `stored` as soon as it exists, so a caller
 * whose transaction then fails removes them (removeStoredFiles).
 */
export async function putImages(quizId: string, images: CheckedImage[], stored: string[]): Promise<PutImage[]> {
  const out: PutImage[] = []
  for (const image of images) {
    const key = newQuizImageKey(quizId, image.type)
    await getStorage().put(key, image.bytes, MIME[image.type])
    stored.push(key)
    out.push({ ...image, key })
  }
  return out
}

/**
 * Records images already put in storage on a quiz, inside `trx` (the caller's transaction, so the rows land with
 * whatever else it writes, e.g. the questions that name them): each under a name unique within the quiz (a second
 * 'gel.png' becomes 'gel-2.png'), audited. Returns the images with their final names, in order.
 */
export async function insertImages(
  trx: Kysely<Database>,
  {
    actorId,
    quizId,
    images,
    exactNames = false,
  }: {
    actorId: string
    quizId: string
    images: PutImage[]
    /** An import's images, which its questions already name: a name taken meanwhile refuses instead of renaming. */
    exactNames?: boolean
  },
): Promise<
  | { ok: true; images: QuizImage[] }
  | { ok: false; reason: 'no-quiz' | 'too-many' }
  | { ok: false; reason: 'name-taken'; name: string }
> {
  if (!(await trx.selectFrom('quizzes').select('id').where('id', '=', quizId).executeTakeFirst()))
    return { ok: false, reason: 'no-quiz' }
  // Names are picked under the quiz's row lock: two uploads of 'gel.png' at once become gel.png and gel-2.png.
  await lockRow(trx, 'quizzes', quizId)
  const taken = new Set(
    (await trx.selectFrom('quiz_images').select('name').where('quiz_id', '=', quizId).execute()).map((r) => r.name),
  )
  if (taken.size + images.length > imagesMaxOf(quizId)) return { ok: false, reason: 'too-many' }
  const out: QuizImage[] = []
  const now = nowIso()
  for (const image of images) {
    if (exactNames && taken.has(image.name)) return { ok: false, reason: 'name-taken', name: image.name }
    const name = exactNames ? image.name : uniqueImageName(image.name, taken)
    taken.add(name)
    const row = {
      id: newId(),
      quiz_id: quizId,
      name,
      storage_key: image.key,
      alt: image.alt,
      content_type: MIME[image.type],
      byte_size: image.bytes.byteLength,
      width: image.width,
      height: image.height,
      created_at: now,
      created_by: actorId,
    }
    await trx.insertInto('quiz_images').values(row).execute()
    await recordAudit(
      {
        actorId,
        action: 'quiz_image.add',
        targetType: 'quiz',
        targetId: quizId,
        details: { name, alt: image.alt, bytes: row.byte_size, type: row.content_type },
      },
      trx,
    )
    out.push(quizImage(row))
  }
  return { ok: true, images: out }
}

/**
 * Removes files put in storage for a change that then failed (or for an import that was never saved). A failure is
 * logged, never raised: a file left behind is only space.
 */
export async function removeStoredFiles(keys: readonly string[]): Promise<void> {
  await Promise.all(
    keys.map((key) =>
      getStorage()
        .delete(key)
        .catch((error: unknown) => console.error(`[storage] could not delete ${key}:`, error)),
    ),
  )
}

export type AddImageResult =
  { ok: true; image: QuizImage } | ImageRefusal | { ok: false; field: 'quiz'; message: 'Quiz not found' }

const QUIZ_NOT_FOUND = { ok: false, field: 'quiz', message: 'Quiz not found' } as const

/** Adds one uploaded image to a quiz (the editor's panel, the admin API): checked, stored, audited. */
export async function addQuizImage(input: {
  actorId: string
  quizId: string
  bytes: Uint8Array | null
  fileName: string
  alt: string | null | undefined
}): Promise<AddImageResult> {
  const checked = checkImage(input)
  if (!checked.ok) return checked
  if (!(await db.selectFrom('quizzes').select('id').where('id', '=', input.quizId).executeTakeFirst()))
    return QUIZ_NOT_FOUND
  const stored: string[] = []
  try {
    const [put] = await putImages(input.quizId, [checked.image], stored)
    const result = await db
      .transaction()
      .execute((trx) => insertImages(trx, { actorId: input.actorId, quizId: input.quizId, images: [put!] }))
    if (result.ok) return { ok: true, image: result.images[0]! }
    await removeStoredFiles(stored)
    if (result.reason === 'no-quiz') return QUIZ_NOT_FOUND
    const tooMany = input.quizId === BANK_QUIZ_ID ? IMAGE_MESSAGES.bankTooMany : IMAGE_MESSAGES.tooMany
    return { ok: false, field: 'image', message: tooMany }
  } catch (error) {
    await removeStoredFiles(stored)
    // The quiz was deleted between the check and the insert.
    if (isForeignKeyViolation(error)) return QUIZ_NOT_FOUND
    throw error
  }
}

/** A quiz's images, oldest first (the editor's panel). */
export async function listQuizImages(quizId: string, conn: Kysely<Database> = db): Promise<QuizImage[]> {
  const rows = await conn
    .selectFrom('quiz_images')
    .select(imageColumns)
    .where('quiz_id', '=', quizId)
    .orderBy('created_at')
    .orderBy('name')
    .execute()
  return rows.map(quizImage)
}

/** What the markup renderer resolves `![alt](name)` with: each image's name -> its address, alt text and size. */
export async function quizImageMap(
  quizId: string,
  conn: Kysely<Database> = db,
): Promise<Map<string, { url: string; alt: string; width?: number; height?: number }>> {
  const images = await listQuizImages(quizId, conn)
  return new Map(
    images.map((i) => [
      i.name,
      { url: i.url, alt: i.alt, ...(i.width && i.height ? { width: i.width, height: i.height } : {}) },
    ]),
  )
}

export type DeleteImageResult =
  | { ok: true; image: QuizImage }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'in-use'; questions: number[]; bankQuestions?: string[] }

/**
 * Deletes an image of a quiz, refused while a current question names it (its page would show a missing figure and
 * the next save of that question would be refused): for the bank's own quiz, a bank question whose current version
 * names it (imageUse's `bankQuestions`). Earlier versions kept for attempts' reviews do not stop it: the
 * confirmation says how many name it, and those reviews then show the alt text. The file goes after the commit.
 */
export async function deleteQuizImage({
  actorId,
  quizId,
  imageId,
}: {
  actorId: string
  quizId: string
  imageId: string
}): Promise<DeleteImageResult> {
  const result = await db.transaction().execute(async (trx): Promise<DeleteImageResult & { key?: string }> => {
    const row = await trx
      .selectFrom('quiz_images')
      .select(imageColumns)
      .where('id', '=', imageId)
      .where('quiz_id', '=', quizId)
      .executeTakeFirst()
    if (!row) return { ok: false, reason: 'not-found' }
    // Under the quiz's lock, no save of its questions can start naming the image between this check and the delete.
    await lockRow(trx, 'quizzes', quizId)
    const use = await imageUse(quizId, row.id, trx)
    if (use.current.length || use.bankQuestions?.length)
      return { ok: false, reason: 'in-use', questions: use.current, bankQuestions: use.bankQuestions }
    await trx.deleteFrom('quiz_images').where('id', '=', imageId).execute()
    await recordAudit(
      {
        actorId,
        action: 'quiz_image.delete',
        targetType: 'quiz',
        targetId: quizId,
        details: { name: row.name, earlierVersions: use.archived },
      },
      trx,
    )
    return { ok: true, image: quizImage(row), key: row.storage_key }
  })
  if (result.ok && result.key) await removeStoredFiles([result.key])
  if (!result.ok) return result
  return { ok: true, image: result.image }
}

/** The storage keys of a quiz's images (read before the quiz is deleted, removed after its commit). */
export async function quizImageKeys(quizId: string, conn: Kysely<Database> = db): Promise<string[]> {
  const rows = await conn.selectFrom('quiz_images').select('storage_key').where('quiz_id', '=', quizId).execute()
  return rows.map((r) => r.storage_key)
}
