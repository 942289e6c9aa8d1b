import { BANK_QUIZ_ID } from '~/lib/bank/bank'
import { MB } from '~/lib/uploads'

// The rules of a quiz image that pages, the API and the ZIP import share: its limits, the name staff type in
// markup (`![alt](name)`), and its address. Pure: the model (app/models/quiz/images.server.ts) stores and checks.

export const QUIZ_IMAGE_MAX_BYTES = MB
export const QUIZ_IMAGE_ALT_MAX = 300
export const QUIZ_IMAGE_NAME_MAX = 60
/** Images one quiz may hold: a paper has a few figures; the bound keeps a runaway import from filling storage. */
export const QUIZ_IMAGES_MAX = 200
/** Images the question bank may hold: the figures of every bank question, whatever paper they end up in. */
export const BANK_IMAGES_MAX = 5000
/** The most images quiz `quizId` may hold: the bank's own quiz (app/lib/bank/bank.ts) holds far more than a paper. */
export const imagesMaxOf = (quizId: string) => (quizId === BANK_QUIZ_ID ? BANK_IMAGES_MAX : QUIZ_IMAGES_MAX)

/** What a refused image is told, by its fault. */
export const IMAGE_MESSAGES = {
  missing: 'Choose an image file (PNG, JPEG or WebP)',
  type: 'The image must be a PNG, JPEG or WebP file',
  tooBig: 'The image is too large (at most 1 MB)',
  altMissing: 'Alt text is required: describe the image for learners who cannot see it',
  altTooLong: `Alt text is too long (at most ${QUIZ_IMAGE_ALT_MAX} characters)`,
  tooMany: `A quiz holds at most ${QUIZ_IMAGES_MAX} images`,
  bankTooMany: `The question bank holds at most ${BANK_IMAGES_MAX} images`,
} as const

const EXT: Record<'png' | 'jpeg' | 'webp', string> = { png: 'png', jpeg: 'jpg', webp: 'webp' }
const IMAGE_EXT = /\.(png|jpe?g|webp)$/

/**
 * The markup name of an uploaded file: its base name (any folder in a ZIP path dropped), lower case, each run of
 * characters other than a-z, 0-9, '.', '_' and '-' made one '-', with an image extension (the type's when it has
 * none). Markdown needs no escaping for such a name, and staff can type it: 'Gel Photo (2).PNG' -> 'gel-photo-2.png'.
 */
export function imageNameOf(fileName: string, type: 'png' | 'jpeg' | 'webp'): string {
  const base = fileName.split(/[\\/]/).pop() ?? ''
  let name = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/-*([._])-*/g, '$1')
    .replace(/-{2,}/g, '-')
    .replace(/^[-._]+|[-._]+$/g, '')
  if (!IMAGE_EXT.test(name)) name = `${name || 'image'}.${EXT[type]}`
  if (name.length > QUIZ_IMAGE_NAME_MAX) {
    const ext = IMAGE_EXT.exec(name)![0]
    name = name.slice(0, QUIZ_IMAGE_NAME_MAX - ext.length).replace(/[-._]+$/, '') + ext
  }
  return name
}

/** `name` itself if no image of the quiz has it, else the first free 'name-2.ext', 'name-3.ext', ... */
export function uniqueImageName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name
  const ext = IMAGE_EXT.exec(name)?.[0] ?? ''
  const stem = name.slice(0, name.length - ext.length)
  for (let n = 2; ; n++) {
    const candidate = `${stem.slice(0, QUIZ_IMAGE_NAME_MAX - ext.length - String(n).length - 1)}-${n}${ext}`
    if (!taken.has(candidate)) return candidate
  }
}

/**
 * Where a quiz image is served. The image's id is in the path, so the address changes whenever the bytes could
 * (a new upload is a new id): the response may be cached for a year. Nothing in it can be guessed from the quiz.
 */
export const quizImageUrl = (image: { id: string; name: string }) =>
  `/quiz-images/${image.id}/${encodeURIComponent(image.name)}`

/** The markup staff paste into a question to show the image. */
export const imageMarkup = (image: { name: string; alt: string }) =>
  `![${image.alt.replace(/[[\]\\]/g, (c) => `\\${c}`).replace(/\s+/g, ' ')}](${image.name})`

/** 'Question 3', 'Questions 2 and 5', 'Questions 1, 2 and 7': the questions a message names (1-based). */
export const questionList = (ns: readonly number[]) =>
  ns.length === 1 ? `Question ${ns[0]}` : `Questions ${ns.slice(0, -1).join(', ')} and ${ns.at(-1)}`
