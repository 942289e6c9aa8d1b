import { Unzip, UnzipInflate } from 'fflate'
import { QUIZ_IMAGE_MAX_BYTES } from './images'

// A quiz import's ZIP read with fflate: one CSV and the images it names. Whatever the archive claims about itself is
// not trusted: entries are counted as they are found, and every byte is counted as it is inflated, so a "zip bomb"
// (a small archive that inflates to gigabytes, or whose headers understate sizes) is refused after at most a few
// megabytes of work. Folders are dropped from names (only the file name counts); nothing is written to disk here.

export const ZIP_LIMITS = {
  /** Entries in the archive, folders and skipped files included. */
  entries: 300,
  /** The CSV, inflated. */
  csvBytes: 512 * 1024,
  /** Each image, inflated. */
  imageBytes: QUIZ_IMAGE_MAX_BYTES,
  /** Everything kept, inflated. */
  totalBytes: 20 * 1024 * 1024,
} as const

/** Compressed bytes handed to the inflater at a time: what it can turn into before we count again is bounded. */
const STEP = 16 * 1024

export type ZipFile = { path: string; base: string; bytes: Uint8Array }
export type QuizZip = { ok: true; csv: ZipFile; images: ZipFile[] } | { ok: false; message: string }

const IMAGE_FILE = /\.(png|jpe?g|webp)$/i
// What archivers add beside the files: macOS resource forks, hidden files, Windows thumbnails.
const JUNK = (path: string, base: string) =>
  /(^|\/)__MACOSX\//.test(path) || base.startsWith('.') || /^(thumbs\.db|desktop\.ini)$/i.test(base)

const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`

/**
 * The CSV (exactly one `.csv`) and the image files (`.png`, `.jpg`, `.jpeg`, `.webp`, checked from their bytes later)
 * of a ZIP; other files are left unread. Refused as a whole, with a message for staff, when it breaks a limit, holds
 * two files of one name, or cannot be read.
 */
export function readQuizZip(zip: Uint8Array): QuizZip {
  let failure: string | null = null
  const fail = (message: string) => {
    failure ??= message
  }
  let entries = 0
  let total = 0
  const kept: Array<ZipFile & { parts: Uint8Array[]; size: number; done: boolean }> = []
  const unzip = new Unzip((file) => {
    if (failure) return
    if (++entries > ZIP_LIMITS.entries) return fail(`The ZIP holds more than ${ZIP_LIMITS.entries} files`)
    const path = file.name.replace(/\\/g, '/')
    const base = path.split('/').pop() ?? ''
    if (!base || JUNK(path, base)) return
    const csv = /\.csv$/i.test(base)
    if (!csv && !IMAGE_FILE.test(base)) return
    const limit = csv ? ZIP_LIMITS.csvBytes : ZIP_LIMITS.imageBytes
    const entry = { path, base, bytes: new Uint8Array(), parts: [] as Uint8Array[], size: 0, done: false }
    kept.push(entry)
    file.ondata = (error, chunk, final) => {
      if (failure) return
      if (error) return fail(`${path} could not be read from the ZIP`)
      entry.size += chunk.length
      total += chunk.length
      if (entry.size > limit)
        return fail(
          csv
            ? `${base} is larger than ${limit / 1024} KB`
            : `${base} is larger than ${mb(limit)} (an image may be at most ${mb(limit)})`,
        )
      if (total > ZIP_LIMITS.totalBytes) return fail(`The ZIP's files add up to more than ${mb(ZIP_LIMITS.totalBytes)}`)
      entry.parts.push(chunk)
      if (final) entry.done = true
    }
    try {
      file.start()
    } catch {
      fail(`${path} is stored in a way this import cannot read (use a plain ZIP: stored or deflated files)`)
    }
  })
  unzip.register(UnzipInflate)
  try {
    for (let at = 0; at < zip.length && !failure; at += STEP)
      unzip.push(zip.subarray(at, at + STEP), at + STEP >= zip.length)
  } catch {
    fail('The ZIP file could not be read')
  }
  if (failure) return { ok: false, message: failure }
  if (kept.some((e) => !e.done)) return { ok: false, message: 'The ZIP file could not be read (is it complete?)' }

  const files = kept.map(({ path, base, parts }) => ({ path, base, bytes: concat(parts) }))
  const seen = new Map<string, string>()
  for (const f of files) {
    const key = f.base.toLowerCase()
    const other = seen.get(key)
    if (other) return { ok: false, message: `The ZIP holds two files named ${f.base} (${other} and ${f.path})` }
    seen.set(key, f.path)
  }
  const csvs = files.filter((f) => /\.csv$/i.test(f.base))
  if (csvs.length === 0) return { ok: false, message: 'The ZIP holds no CSV file' }
  if (csvs.length > 1)
    return { ok: false, message: `The ZIP holds more than one CSV file (${csvs.map((f) => f.path).join(', ')})` }
  return { ok: true, csv: csvs[0]!, images: files.filter((f) => f !== csvs[0]) }
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/** Whether bytes are a ZIP archive (a local file header first, or an empty archive's end record). */
export const isZip = (bytes: Uint8Array) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5)
