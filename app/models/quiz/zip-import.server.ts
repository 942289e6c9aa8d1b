import type { Kysely } from 'kysely'
import { z } from 'zod'
import type { Database } from '#db/schema'
import { parseQuestionsCsv, type CsvRowError } from '~/lib/csv'
import { MIME, sniffImage } from '~/lib/file-type'
import { imageRefs, renameImageRefs } from '~/lib/quiz/image-refs'
import { imageNameOf, QUIZ_IMAGE_ALT_MAX, QUIZ_IMAGES_MAX, uniqueImageName } from '~/lib/quiz/images'
import { readQuizZip, type ZipFile } from '~/lib/quiz/zip'
import { getStorage, isStagingKey, newKey } from '~/services/storage.server'
import { db } from '~/utils/db.server'
import { checkImage, insertImages, putImages, removeStoredFiles, type PutImage } from './images.server'
import type { QuestionDraft, StagedImage } from '~/lib/quiz/quiz-input'

// The CSV import's ZIP: one CSV and the images its questions name (`![alt](gel.png)`). Previewing it checks every
// image as an upload is checked (type from the bytes, at most 1 MB, alt text: taken from the markup that names it)
// and keeps the good ones in storage's staging folder; the editor carries the list through its posts, and the quiz's
// save stores them on the quiz in the save's own transaction (takeStagedImages, then insertImages), so a quiz never
// holds an image its questions were not saved with. A file whose name is taken on the quiz by another image, or
// is not one staff can type, gets a free name and the questions are rewritten to it; one identical to an image the
// quiz already has is that image.

export type ZipPreview = {
  fileName: string
  questions: QuestionDraft[]
  /** The CSV line of each question. */
  lines: number[]
  errors: CsvRowError[]
  /** New images, staged, that the questions name. */
  images: StagedImage[]
  /** Images of the ZIP identical to ones the quiz already has: the questions use those. */
  reused: string[]
  /** Images of the ZIP no question names: left out. */
  unused: string[]
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && Buffer.from(a).equals(Buffer.from(b))

/** The fields of a question that may hold markup. */
const markupOf = (q: QuestionDraft) => [q.questionText, ...q.options, q.explanation ?? '']

export async function previewQuizZip({
  bytes,
  fileName,
  quizId,
}: {
  bytes: Uint8Array
  fileName: string
  /** The quiz being edited (its images may be named, and names it holds are taken); none while creating. */
  quizId?: string
}): Promise<ZipPreview> {
  const empty = { fileName, questions: [], lines: [], images: [], reused: [], unused: [] }
  const zip = readQuizZip(bytes)
  if (!zip.ok) return { ...empty, errors: [{ line: 0, message: zip.message }] }
  const csv = parseQuestionsCsv(new TextDecoder().decode(zip.csv.bytes))
  const existing = quizId
    ? await db
        .selectFrom('quiz_images')
        .select(['name', 'byte_size', 'storage_key'])
        .where('quiz_id', '=', quizId)
        .execute()
    : []
  const existingByName = new Map(existing.map((e) => [e.name, e]))

  // Which file of the ZIP a name in the markup means: its file name as written, or the name it becomes.
  const fileFor = (ref: string): ZipFile | undefined => {
    const base = ref.split('/').pop() ?? ''
    return zip.images.find((f) => {
      if (f.base === base) return true
      const type = sniffImage(f.bytes)
      return type !== null && imageNameOf(f.base, type) === base
    })
  }

  const errors: CsvRowError[] = [...csv.errors]
  const used = new Map<ZipFile, { alts: string[]; refs: Set<string>; questions: Set<number> }>()
  const refused = new Set<number>()
  csv.questions.forEach((q, i) => {
    for (const ref of markupOf(q).flatMap(imageRefs)) {
      const file = fileFor(ref.name)
      if (file) {
        const use = used.get(file) ?? { alts: [], refs: new Set(), questions: new Set() }
        use.alts.push(ref.alt)
        use.refs.add(ref.name)
        use.questions.add(i)
        used.set(file, use)
      } else if (!existingByName.has(ref.name)) {
        errors.push({ line: csv.lines[i]!, message: `image ${ref.name} is not in the ZIP` })
        refused.add(i)
      }
    }
  })

  const taken = new Set(existingByName.keys())
  const renames = new Map<string, string>()
  const staging: Array<{ name: string; alt: string; file: ZipFile }> = []
  const reused: string[] = []
  const checkedFiles: Array<{ file: ZipFile; image: ReturnType<typeof checkImage> }> = []
  for (const [file, use] of used) {
    const alt = use.alts.find((a) => a.trim()) ?? ''
    const checked = checkImage({ bytes: file.bytes, fileName: file.base, alt })
    checkedFiles.push({ file, image: checked })
    if (!checked.ok) {
      const why =
        checked.field === 'alt' && !alt.trim()
          ? `no alt text: write what it shows in the markup, ![what it shows](${[...use.refs][0]})`
          : checked.message
      const lines = [...use.questions].map((i) => csv.lines[i]!)
      errors.push({
        line: 0,
        message: `Image ${file.base}: ${why} (skipped with the question${lines.length === 1 ? '' : 's'} on line${lines.length === 1 ? '' : 's'} ${lines.join(', ')})`,
      })
      for (const i of use.questions) refused.add(i)
      continue
    }
    let name = checked.image.name
    const same = existingByName.get(name)
    if (same && Number(same.byte_size) === file.bytes.length) {
      const stored = await getStorage().get(same.storage_key)
      if (stored && sameBytes(stored.body, file.bytes)) {
        reused.push(name)
        for (const ref of use.refs) renames.set(ref, name)
        continue
      }
    }
    name = uniqueImageName(name, taken)
    taken.add(name)
    for (const ref of use.refs) renames.set(ref, name)
    staging.push({ name, alt: checked.image.alt, file })
  }
  if (taken.size > QUIZ_IMAGES_MAX)
    return { ...empty, errors: [...errors, { line: 0, message: `A quiz holds at most ${QUIZ_IMAGES_MAX} images` }] }

  const kept = csv.questions.flatMap((q, i) => (refused.has(i) ? [] : [{ q, line: csv.lines[i]! }]))
  const questions = kept.map(({ q }) => ({
    ...q,
    questionText: renameImageRefs(q.questionText, renames),
    options: q.options.map((o) => renameImageRefs(o, renames)),
    ...(q.explanation === undefined ? {} : { explanation: renameImageRefs(q.explanation, renames) }),
  }))
  // Only images some kept question still names are staged.
  const named = new Set(questions.flatMap((q) => markupOf(q).flatMap(imageRefs)).map((r) => r.name))
  const images: StagedImage[] = []
  for (const s of staging) {
    if (!named.has(s.name)) continue
    const checked = checkedFiles.find((c) => c.file === s.file)!.image
    if (!checked.ok) continue
    const key = newKey('quiz-staging', checked.image.type)
    await getStorage().put(key, s.file.bytes, MIME[checked.image.type])
    images.push({ name: s.name, key, alt: s.alt, byteSize: s.file.bytes.length })
  }
  return {
    fileName,
    questions,
    lines: kept.map((k) => k.line),
    errors: errors.sort((a, b) => a.line - b.line),
    images,
    reused,
    unused: zip.images.filter((f) => !used.has(f)).map((f) => f.base),
  }
}

/** The staged list as the editor posts it back (a JSON field): checked again, never trusted. */
export const stagedImagesSchema = z
  .array(
    z.object({
      name: z.string().regex(/^[a-z0-9][a-z0-9._-]{0,59}$/),
      key: z.string().refine(isStagingKey),
      alt: z.string().trim().min(1).max(QUIZ_IMAGE_ALT_MAX),
      byteSize: z.number().int().nonnegative(),
    }),
  )
  .max(QUIZ_IMAGES_MAX)

/** The staged images a form field names, or null when it holds none or something else. */
export function readStagedImages(field: unknown): StagedImage[] | null {
  if (typeof field !== 'string' || !field.trim()) return null
  try {
    const parsed = stagedImagesSchema.safeParse(JSON.parse(field))
    return parsed.success && parsed.data.length ? parsed.data : null
  } catch {
    return null
  }
}

/** A save whose staged images cannot be stored: the message to show, nothing written. */
export class StagedImagesError extends Error {}

export const STAGED_GONE = 'The imported images are no longer available: import the ZIP again'

/**
 * Puts staged images under quiz `quizId` before the save's transaction (each checked again from its bytes), pushing
 * every new key to `stored` so a failed save removes them. The staged files themselves are removed by
 * removeStoredFiles(staged keys) once the save has committed.
 */
export async function takeStagedImages(quizId: string, staged: StagedImage[], stored: string[]): Promise<PutImage[]> {
  const checked = []
  for (const s of staged) {
    const object = isStagingKey(s.key) ? await getStorage().get(s.key) : null
    if (!object) throw new StagedImagesError(STAGED_GONE)
    const c = checkImage({ bytes: object.body, fileName: s.name, alt: s.alt })
    if (!c.ok) throw new StagedImagesError(`Image ${s.name}: ${c.message}`)
    checked.push({ ...c.image, name: s.name })
  }
  return putImages(quizId, checked, stored)
}

/**
 * A save's staged images (none: a no-op): their bytes put under the quiz before the save's transaction, `store(trx)`
 * to record them inside it (before the questions that name them are rendered), and `settle(saving)` after it: the
 * staging files go once the save has committed; what was put goes if it did not.
 */
export async function stagedImagesFor(actorId: string, quizId: string, staged: StagedImage[] | undefined) {
  const stored: string[] = []
  const put = staged?.length ? await takeStagedImages(quizId, staged, stored) : []
  return {
    async store(trx: Kysely<Database>) {
      if (!put.length) return
      const result = await insertImages(trx, { actorId, quizId, images: put, exactNames: true })
      if (!result.ok)
        throw new StagedImagesError(
          result.reason === 'name-taken'
            ? `The quiz now has another image named ${result.name}: import the ZIP again`
            : result.reason === 'too-many'
              ? `A quiz holds at most ${QUIZ_IMAGES_MAX} images`
              : 'Quiz not found',
        )
    },
    /** Waits for the save; `saved(result)` says whether it was made (not refused): then the staging files go, else what was put. */
    async settle<T>(saving: Promise<T>, saved: (result: T) => boolean): Promise<T> {
      let result: T
      try {
        result = await saving
      } catch (error) {
        await removeStoredFiles(stored)
        throw error
      }
      await removeStoredFiles(saved(result) ? (staged ?? []).map((s) => s.key) : stored)
      return result
    },
  }
}
