import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { getEnv } from '~/utils/env.server'

// One storage interface for uploads: a local folder by default, an S3-compatible bucket
// (Tigris on Fly) when S3_BUCKET is set. Keys are random and made on the server: `<folder>/<24 hex>.<ext>`, and a
// quiz's images `quizzes/<quiz id>/<24 hex>.<ext>` (stored under their quiz, the question bank's under its quiz id
// 'question-bank' of app/lib/bank/bank.ts; served by their own route, which checks who may see them), and images
// of a quiz import awaiting its save `quiz-staging/<24 hex>.<ext>`.

export type StoredObject = { body: Uint8Array; contentType: string }

export interface Storage {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>
  get(key: string): Promise<StoredObject | null>
  delete(key: string): Promise<void>
}

export type Folder = 'profile' | 'courses' | 'notes' | 'quiz-staging'
const KEY_PATTERN =
  /^(profile|courses|notes|quiz-staging|quizzes\/(?:[0-9a-f]{24}|question-bank))\/[0-9a-f]{24}\.(png|jpeg|webp|pdf|docx|pptx)$/
/** The folders whose files anyone may fetch by their link (/uploads/...): profile photos and course images. */
const PUBLIC_KEY = /^(profile|courses)\//

export function newKey(folder: Folder, ext: string): string {
  return `${folder}/${crypto.randomBytes(12).toString('hex')}.${ext}`
}

/** A new key for an image of quiz `quizId` (a 24-hex id, or the bank's), in the quiz's own folder. */
export function newQuizImageKey(quizId: string, ext: string): string {
  return `quizzes/${quizId}/${crypto.randomBytes(12).toString('hex')}.${ext}`
}

/** Whether a key names a file anyone may fetch by its /uploads link (never notes, never quiz images). */
export const isPublicKey = (key: string) => isValidKey(key) && PUBLIC_KEY.test(key)

/** Whether a key is a staged quiz-import image (made by newKey('quiz-staging', ...)). */
export const isStagingKey = (key: string) => isValidKey(key) && key.startsWith('quiz-staging/')

/** Only keys we made can be read, so '../' or any other name never reaches a path or a bucket. */
export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key)
}

function localStorage(root: string): Storage {
  const file = (key: string) => {
    if (!isValidKey(key)) throw new Error('invalid storage key')
    return path.join(root, key)
  }
  return {
    async put(key, body, contentType) {
      const p = file(key)
      await fs.promises.mkdir(path.dirname(p), { recursive: true })
      await fs.promises.writeFile(p, body)
      await fs.promises.writeFile(`${p}.type`, contentType)
    },
    async get(key) {
      if (!isValidKey(key)) return null
      try {
        const [body, type] = await Promise.all([
          fs.promises.readFile(file(key)),
          fs.promises.readFile(`${file(key)}.type`, 'utf8'),
        ])
        return { body, contentType: type }
      } catch {
        return null
      }
    },
    async delete(key) {
      if (!isValidKey(key)) return
      await fs.promises.rm(file(key), { force: true })
      await fs.promises.rm(`${file(key)}.type`, { force: true })
    },
  }
}

export function s3Storage(options: {
  bucket: string
  endpoint?: string
  region?: string
  accessKeyId?: string
  secretAccessKey?: string
}): Storage {
  const client = new S3Client({
    region: options.region ?? 'auto',
    endpoint: options.endpoint,
    forcePathStyle: true,
    // Without these, S3-compatible servers see corrupted streamed uploads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
  })
  const Bucket = options.bucket
  return {
    async put(key, body, contentType) {
      if (!isValidKey(key)) throw new Error('invalid storage key')
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.byteLength,
        }),
      )
    },
    async get(key) {
      if (!isValidKey(key)) return null
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }))
        if (!out.Body) return null
        return {
          body: await out.Body.transformToByteArray(),
          contentType: out.ContentType ?? 'application/octet-stream',
        }
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null
        throw error
      }
    },
    async delete(key) {
      if (!isValidKey(key)) return
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }))
    },
  }
}

let storage: Storage | undefined
export function getStorage(): Storage {
  if (!storage) {
    const env = getEnv()
    storage = env.S3_BUCKET
      ? s3Storage({
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT ?? env.AWS_ENDPOINT_URL_S3,
          region: env.S3_REGION,
          accessKeyId: env.AWS_ACCESS_KEY_ID,
          secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
        })
      : localStorage(env.UPLOADS_DIR ?? path.join(path.dirname(path.resolve(env.DATABASE_PATH)), 'uploads'))
  }
  return storage
}

/** The public URL of a stored public file (profile photos, course images). Notes are served by their own route. */
export const publicUrl = (key: string) => `/uploads/${key}`

/** An image column holds a storage key ('profile/...', 'courses/...') or a URL; pages and the API get a URL. */
export const imageUrl = (value: string | null) =>
  !value ? null : /^(profile|courses)\//.test(value) ? publicUrl(value) : value

/**
 * The storage key behind a stored file's link ('/uploads/courses/<key>', 'notes/<key>'); null for anything else
 * (a picture in public/, an external link), which is not ours to remove.
 */
export function ownStorageKey(link: string | null): string | null {
  const key = link?.trim().replace(/^\/?uploads\//, '') ?? ''
  // A quiz's files are removed with their quiz image rows (app/models/quiz/images.server.ts), never through a link.
  return isValidKey(key) && !key.startsWith('quiz') ? key : null
}

/**
 * Removes files we stored once nothing refers to them: called after the commit that dropped them, so a rolled-back
 * change never loses a file in use. A failure is logged, never raised: the change is made, and a file left behind
 * is only space.
 */
export async function deleteOwnFiles(links: Array<string | null>): Promise<void> {
  const keys = links.map(ownStorageKey).filter((key): key is string => key !== null)
  await Promise.all(
    keys.map((key) =>
      getStorage()
        .delete(key)
        .catch((error: unknown) => console.error(`[storage] could not delete ${key}:`, error)),
    ),
  )
}
