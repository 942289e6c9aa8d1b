// The rules of a doubt that need no database (docs/decisions/034-doubts.md): what a learner may type, the time in the
// video, how many an hour, how many a page. The models (app/models/doubts/) and the forms read them from here, so
// this module imports nothing: components bundle it for the browser.

/**
 * The longest doubt or answer: the question renderer's own limit (MAX_MARKUP_LENGTH, app/lib/markup/render.ts, held
 * equal by rules.test.ts), so everything accepted also renders.
 */
export const DOUBT_MAX_CHARS = 5_000
/** Doubts a learner may post in any 60 minutes (counted from their doubts' own rows, not a counter). */
export const DOUBTS_PER_HOUR = 10
export const HOUR_MS = 60 * 60 * 1000
/** Answered doubts shown under a lecture or a question, and on each further page. */
export const DOUBTS_PAGE_SIZE = 10
/** Doubts per page of the staff inbox and of a learner's own list. */
export const INBOX_PAGE_SIZE = 20
/** The latest time in a video a doubt may name: 24 hours (no lecture is longer). */
export const MAX_VIDEO_AT = 24 * 60 * 60

export const DOUBT_MESSAGES = {
  bodyMissing: 'Please write your doubt.',
  bodyTooLong: `Your doubt is too long: at most ${DOUBT_MAX_CHARS.toLocaleString('en-IN')} characters.`,
  answerMissing: 'Please write the answer.',
  answerTooLong: `The answer is too long: at most ${DOUBT_MAX_CHARS.toLocaleString('en-IN')} characters.`,
  videoAt: 'Give the time in the video as minutes:seconds (12:34) or as seconds.',
  imageTooBig: 'The image is larger than 1 MB. Please choose a smaller one.',
  imageType: 'The image must be a PNG, JPEG or WebP file.',
  tooMany: `You can ask at most ${DOUBTS_PER_HOUR} doubts an hour. Please try again later.`,
  notFound: 'That doubt was not found.',
  noAccess: 'You can ask and read doubts of this course only while you have access to it.',
  notSubmitted: 'Doubts on a question open once you have submitted the test.',
  lectureGone: 'That lecture is no longer in this course.',
  questionGone: 'That question is not in this test.',
  notAnswered: 'Only answered doubts can be marked as helpful.',
  ownDoubt: 'This is your own doubt.',
  /** Why markup with a picture in the text is refused (the question markup's figures are a quiz's own uploads). */
  imageInText: 'a picture cannot be placed in the text; attach it with the image field',
} as const

export type DoubtField = 'body' | 'videoAt' | 'image'

/**
 * The time in the video a learner typed: seconds ("754"), minutes:seconds ("12:34") or hours:minutes:seconds
 * ("1:02:03"). Empty is no time (null); anything else, or past MAX_VIDEO_AT, is a refusal (undefined).
 */
export function parseVideoAt(value: unknown): number | null | undefined {
  if (value === null || value === undefined) return null
  const text = (typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '').trim()
  if (typeof value !== 'number' && typeof value !== 'string') return undefined
  if (text === '') return null
  let seconds: number
  if (/^\d{1,5}$/.test(text)) seconds = Number(text)
  else {
    const parts = /^(?:(\d{1,2}):)?(\d{1,3}):(\d{2})$/.exec(text)
    if (!parts) return undefined
    const [, h, m, s] = parts
    if (Number(s) > 59 || (h !== undefined && Number(m) > 59)) return undefined
    seconds = Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s)
  }
  return seconds <= MAX_VIDEO_AT ? seconds : undefined
}

/** '12:34' or '1:02:03': a time in a video as the doubt shows it ('at 12:34'). */
export function videoClock(seconds: number): string {
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = String(seconds % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

/** A doubt's or an answer's text as stored: line ends made \n, trailing space gone; empty stays empty. */
export const normaliseBody = (value: unknown): string =>
  typeof value === 'string' ? value.replace(/\r\n?/g, '\n').trim() : ''

/** The 1-based page asked for in `?page=`; anything else is page 1. */
export function pageOf(value: string | null | undefined): number {
  const n = Number(value)
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1
}

/** Staff inbox filter by state; 'all' lists unanswered first. */
export const INBOX_STATUSES = ['all', 'open', 'answered', 'resolved', 'hidden'] as const
export type InboxStatus = (typeof INBOX_STATUSES)[number]
export const INBOX_STATUS_LABELS: Record<InboxStatus, string> = {
  all: 'All (unanswered first)',
  open: 'Unanswered',
  answered: 'Answered',
  resolved: 'Resolved',
  hidden: 'Hidden',
}
export const inboxStatusOf = (value: string | null | undefined): InboxStatus =>
  (INBOX_STATUSES as readonly string[]).includes(value ?? '') ? (value as InboxStatus) : 'all'

/** "2 doubts answered" on the profile. */
export const answeredCountText = (n: number) => `${n.toLocaleString('en-IN')} ${n === 1 ? 'doubt' : 'doubts'} answered`
