import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { getEnv } from '~/utils/env.server'

// One storage interface for uploads: a local folder by default, an S3-compatible bucket
// (Tigris on Fly) when S3_BUCKET is set. Keys are random and made on the server: `<folder>/<24 hex>.<ext>`, and a
// quiz's images `quizzes/<quiz id>/<24 hex>.<ext>` (stored under their quiz, the question bank's under its quiz id
// 'question-bank' of app/lib/bank/bank.ts; served by their own route, which checks who may see them), and images
// of a quiz import awaiting its save `quiz-staging/<24 hex>.<ext>`. A lecture's video lives under
// `videos/<video id>/` (the upload as `source.<ext>`, the HLS ladder under `hls/`, `small.mp4`, `poster.jpg`):
// large files, so they are written from a file on disk and read as streams, by ranges, never whole in memory.

export type StoredObject = { body: Uint8Array; contentType: string }

/** A stored file opened for reading: `size` is the whole file's, `start`..`end` (inclusive) the bytes streamed. */
export type StoredStream = { stream: Readable; size: number; start: number; end: number; contentType: string }

/** A byte range asked for: `end` inclusive, or undefined for the rest of the file. */
export type ByteRange = { start: number; end?: number }

export interface Storage {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>
  get(key: string): Promise<StoredObject | null>
  delete(key: string): Promise<void>
  /** Stores the file at `filePath` under `key`, streamed (a video's files). */
  putFile(key: string, filePath: string, contentType: string): Promise<void>
  /** Opens `key` (all of it, or `range` of it, clamped to the file), or null when it is not there. */
  read(key: string, range?: ByteRange): Promise<StoredStream | null>
  /** The keys under a video's folder, for listing and deleting every file of it ('videos/<id>/'). */
  list(prefix: string): Promise<string[]>
  /**
   * A presigned GET address of `key` valid for `seconds` (S3 only: null for the local folder, whose files our own
   * route serves). `download` names the file for a `Content-Disposition: attachment` answer.
   */
  presign(key: string, seconds: number, download?: string): Promise<string | null>
}

/** `doubts`: the images of doubts and their answers, served only through the doubt's own access check. */
export type Folder = 'profile' | 'courses' | 'notes' | 'quiz-staging' | 'doubts'
const KEY_PATTERN =
  /^(profile|courses|notes|quiz-staging|doubts|quizzes\/(?:[0-9a-f]{24}|question-bank))\/[0-9a-f]{24}\.(png|jpeg|webp|pdf|docx|pptx)$/
/**
 * A video's files: the upload, the ladder (a master playlist, and per rung its playlist, an fMP4 init segment and
 * numbered segments), the small MP4 and the poster. Nothing else, so no name from a playlist or a URL reaches a path.
 */
export const VIDEO_KEY_PATTERN =
  /^videos\/[0-9a-f]{24}\/(source\.(mp4|mov|mkv|webm)|small\.mp4|poster\.jpg|hls\/(master\.m3u8|(audio|144p|240p|360p|720p)\/(index\.m3u8|init\.mp4|seg_\d{1,6}\.(m4s|ts|aac))))$/
const VIDEO_PREFIX = /^videos\/[0-9a-f]{24}\/$/

const VIDEO_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  m4s: 'video/iso.segment',
  ts: 'video/mp2t',
  aac: 'audio/aac',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  mkv: 'video/x-matroska',
  webm: 'video/webm',
  jpg: 'image/jpeg',
}

/** The content type of a video file, from its name (the ladder's names are ours). */
export const videoContentType = (key: string) =>
  VIDEO_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream'

/** The folder of video `videoId` in storage ('videos/<id>/'). */
export const videoPrefix = (videoId: string) => `videos/${videoId}/`
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
  return KEY_PATTERN.test(key) || VIDEO_KEY_PATTERN.test(key)
}

/** Clamps a range to a file of `size` bytes: null when it starts past the end (a 416). */
export function clampRange(size: number, range?: ByteRange): { start: number; end: number } | null {
  if (!range) return { start: 0, end: Math.max(0, size - 1) }
  const end = Math.min(range.end ?? size - 1, size - 1)
  if (range.start >= size || range.start > end) return null
  return { start: range.start, end }
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
    async putFile(key, filePath) {
      const p = file(key)
      await fs.promises.mkdir(path.dirname(p), { recursive: true })
      // Written beside and renamed, so a reader never sees half a file.
      const partial = `${p}.${crypto.randomBytes(4).toString('hex')}.part`
      await fs.promises.copyFile(filePath, partial)
      await fs.promises.rename(partial, p)
    },
    async read(key, range) {
      if (!isValidKey(key)) return null
      let size: number
      try {
        const stat = await fs.promises.stat(file(key))
        if (!stat.isFile()) return null
        size = stat.size
      } catch {
        return null
      }
      const span = clampRange(size, range)
      if (!span) return { stream: Readable.from([]), size, start: size, end: size - 1, contentType: '' }
      const contentType = VIDEO_KEY_PATTERN.test(key)
        ? videoContentType(key)
        : await fs.promises.readFile(`${file(key)}.type`, 'utf8').catch(() => 'application/octet-stream')
      const stream = size === 0 ? Readable.from([]) : fs.createReadStream(file(key), span)
      return { stream, size, ...span, contentType }
    },
    async list(prefix) {
      if (!VIDEO_PREFIX.test(prefix)) return []
      const dir = path.join(root, prefix)
      const entries = await fs.promises.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
      return entries
        .filter((e) => e.isFile())
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
        .filter((key) => isValidKey(key))
        .sort()
    },
    async presign() {
      return null
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
    async putFile(key, filePath, contentType) {
      if (!isValidKey(key)) throw new Error('invalid storage key')
      const { size } = await fs.promises.stat(filePath)
      // One PUT streamed from disk (S3 takes up to 5 GB so), with its length known, so nothing is buffered.
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: fs.createReadStream(filePath),
          ContentType: contentType,
          ContentLength: size,
        }),
      )
    },
    async read(key, range) {
      if (!isValidKey(key)) return null
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }))
        const size = Number(head.ContentLength ?? 0)
        const span = clampRange(size, range)
        const contentType = head.ContentType ?? videoContentType(key)
        if (!span || size === 0)
          return { stream: Readable.from([]), size, start: span ? 0 : size, end: size - 1, contentType }
        const out = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: `bytes=${String(span.start)}-${String(span.end)}` }),
        )
        if (!out.Body) return null
        return { stream: out.Body as Readable, size, ...span, contentType }
      } catch (error) {
        const name = (error as { name?: string }).name
        if (name === 'NoSuchKey' || name === 'NotFound') return null
        throw error
      }
    },
    async list(prefix) {
      if (!VIDEO_PREFIX.test(prefix)) return []
      const keys: string[] = []
      let token: string | undefined
      do {
        const out = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }))
        for (const o of out.Contents ?? []) if (o.Key && isValidKey(o.Key)) keys.push(o.Key)
        token = out.IsTruncated ? out.NextContinuationToken : undefined
      } while (token)
      return keys.sort()
    },
    async presign(key, seconds, download) {
      if (!isValidKey(key)) return null
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: key,
          ResponseContentDisposition: download
            ? `attachment; filename="${download.replace(/["\\\r\n]/g, '')}"`
            : undefined,
        }),
        { expiresIn: seconds },
      )
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

/** Deletes every file of video `videoId` from storage (its upload, ladder, MP4 and poster). */
export async function deleteVideoFiles(videoId: string, storage: Storage = getStorage()): Promise<void> {
  const keys = await storage.list(videoPrefix(videoId))
  for (const key of keys) await storage.delete(key)
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
