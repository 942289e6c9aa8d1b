import { PROFILE_IMAGE_MAX_BYTES } from '~/lib/constants'
import { hasControlCharacters } from '~/lib/text'
import { QUIZ_IMAGE_MAX_BYTES } from '~/lib/quiz/images'
import { COURSE_IMAGE_MAX_BYTES, MB, NOTE_MAX_BYTES, QUIZ_ZIP_MAX_BYTES } from '~/lib/uploads'
import { VIDEO_CHUNK_BYTES } from '~/lib/video/upload-rules'
import { apiErrorBody } from './api.server'
import { FORM_MAX_BYTES, JSON_MAX_BYTES } from './body.server'
import { getEnv, type Env } from './env.server'

// What server.js needs to know before a request reaches React Router, from the same sources the app reads:
// the parsed environment (env.server.ts), the upload limits (lib/uploads.ts), the v1 API's error shape
// (api.server.ts). server.js runs outside Vite's build and reaches this through the server build, as it reaches
// the page cache (app/entry.server.tsx re-exports `serverSettings`), so nothing here is parsed twice.

/** Any other body: the larger of a text form's and a JSON body's own limits. */
export const BODY_MAX_BYTES = Math.max(FORM_MAX_BYTES, JSON_MAX_BYTES)

/** Paths whose forms carry a course image or a note: both files of a course fit, with the form's text. */
export const UPLOAD_PATHS = [
  '/api/v1/courses/create-course',
  '/api/v1/courses/add-section',
  '/api/v1/courses/add-lecture',
  '/admin/create-course',
  '/admin/add-section',
  '/admin/add-lecture',
] as const
export const UPLOAD_BODY_MAX_BYTES = NOTE_MAX_BYTES + COURSE_IMAGE_MAX_BYTES

/**
 * Paths whose forms may carry a lecture's video file (docs/decisions/033-lecture-video.md): the video up to
 * VIDEO_MAX_MB, which the app streams to disk, plus a note and the text. With JavaScript a page's post goes to its
 * `.data` address (and carries a staged upload's id instead of the file, but may still carry the note).
 */
export const VIDEO_FORM_PATHS = [
  /^\/admin\/add-(section|lecture)(\.data)?$/,
  /^\/admin\/course-content\/[0-9a-f]{24}\/lecture\/[0-9a-f]{24}(\.data)?$/,
  /^\/api\/v1\/courses\/(add-section|add-lecture|lectures\/[0-9a-f]{24})$/,
] as const
export const videoFormBodyMaxBytes = (env: Env) => env.VIDEO_MAX_MB * 1024 * 1024 + UPLOAD_BODY_MAX_BYTES
/** A chunk of a resumable video upload: the raw bytes, at most one chunk. */
export const VIDEO_CHUNK_PATH = /^\/admin\/video-uploads\/[0-9a-f]{24}$/

/** Paths that take a profile photo: the photo and the profile's text fields. */
export const PHOTO_PATHS = ['/profile/edit', '/api/v1/users/update-user-profile-image'] as const
export const PHOTO_BODY_MAX_BYTES = PROFILE_IMAGE_MAX_BYTES + FORM_MAX_BYTES

/**
 * Paths that take a quiz image (the admin API's upload, the question bank's pages' figures) and the quiz editor's
 * pages, whose posts may carry an image or an import's ZIP. With JavaScript a page's post goes to its `.data` address.
 */
export const QUIZ_IMAGE_PATHS = [
  /^\/api\/v1\/admin\/quiz\/[0-9a-f]{24}\/images$/,
  /^\/admin\/questions\/(new|[0-9a-f]{24})(\.data)?$/,
] as const
export const QUIZ_IMAGE_BODY_MAX_BYTES = QUIZ_IMAGE_MAX_BYTES + FORM_MAX_BYTES
export const QUIZ_EDITOR_PATHS = [
  /^\/admin\/edit-quiz\/[0-9a-f]{24}(\.data)?$/,
  /^\/admin\/create-quiz(\.data)?$/,
] as const
export const QUIZ_EDITOR_BODY_MAX_BYTES = QUIZ_ZIP_MAX_BYTES + FORM_MAX_BYTES

/**
 * Paths that take a doubt or an answer with an image (docs/decisions/034-doubts.md): the staff inbox, the learner's
 * doubt pages and their API twins. Room for an image of twice the 1 MB limit, so one a little too large still reaches
 * the app and is refused beside its form with what was typed kept.
 */
export const DOUBT_PATHS = [
  /^\/admin\/doubts(\.data)?$/,
  /^\/my-courses\/[0-9a-f]{24}\/doubts\/[0-9a-f]{24}(\.data)?$/,
  /^\/quiz\/result\/[0-9a-f]{24}\/doubts\/[0-9a-f]{24}(\.data)?$/,
  /^\/api\/v1\/lectures\/[0-9a-f]{24}\/doubts$/,
  /^\/api\/v1\/quiz\/[0-9a-f]{24}\/questions\/[0-9a-f]{24}\/doubts$/,
  /^\/api\/v1\/admin\/doubts\/[0-9a-f]{24}\/answer$/,
] as const
/** The largest image file a doubt form's parser reads: twice the 1 MB a doubt may have, so a file a little too big is
 * refused by the app beside the form. */
export const DOUBT_UPLOAD_MAX_BYTES = 2 * MB
/** A doubt form's body: that image and the form's text. */
export const DOUBT_BODY_MAX_BYTES = DOUBT_UPLOAD_MAX_BYTES + FORM_MAX_BYTES

/** Paths that accept posts from another site: Razorpay's hosted checkout posts the callback cross-site. */
export const CROSS_SITE_ALLOWED = ['/payments/razorpay/callback'] as const

export const ADDRESS_MESSAGES = {
  malformed: 'Bad Request: the address has a malformed percent-escape',
  control: 'Bad Request: the address holds a control character',
} as const

/**
 * Why an address (path and query, as the request line has it) cannot be served, or null. A percent-escape that
 * does not decode to UTF-8 cannot name any page; a control character (U+0000 above all, which PostgreSQL
 * refuses in text) is never part of a link anyone followed. Tab and line breaks are left to the pages, which
 * already read them safely (redirect targets). docs/decisions/019-input-at-the-edge.md.
 */
export function addressProblem(url: string): string | null {
  const q = url.indexOf('?')
  const pathname = q === -1 ? url : url.slice(0, q)
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return ADDRESS_MESSAGES.malformed
  }
  if (hasControlCharacters(decoded)) return ADDRESS_MESSAGES.control
  if (q !== -1) {
    for (const [name, value] of new URLSearchParams(url.slice(q + 1))) {
      if (hasControlCharacters(name) || hasControlCharacters(value)) return ADDRESS_MESSAGES.control
    }
  }
  return null
}

export type ServerSettings = ReturnType<typeof serverSettings>

/** server.js's settings, read from the parsed environment once at start-up. */
export function serverSettings(env: Env = getEnv()) {
  const uploads = new Set<string>(UPLOAD_PATHS)
  const photos = new Set<string>(PHOTO_PATHS)
  const videoForms = videoFormBodyMaxBytes(env)
  return {
    port: env.PORT,
    host: env.HOST,
    production: env.APP_ENV === 'production',
    /** Origins whose pages may call /api/v1 with credentials. */
    corsOrigins: env.CORS_ORIGINS,
    /** Fly's proxy sets Fly-Client-IP: trusted only when TRUST_PROXY=fly says the app runs behind it. */
    trustFly: env.TRUST_PROXY === 'fly',
    /** The host of APP_URL: a post whose Origin names it is our own, whatever Host header the proxy sends. */
    appUrlHost: env.APP_URL ? new URL(env.APP_URL).host : null,
    crossSiteAllowed: [...CROSS_SITE_ALLOWED] as string[],
    /** The most bytes a request body to this path may have (counted as they arrive). */
    bodyLimitFor: (path: string) =>
      VIDEO_FORM_PATHS.some((re) => re.test(path))
        ? videoForms
        : VIDEO_CHUNK_PATH.test(path)
          ? VIDEO_CHUNK_BYTES
          : uploads.has(path)
            ? UPLOAD_BODY_MAX_BYTES
            : photos.has(path)
              ? PHOTO_BODY_MAX_BYTES
              : QUIZ_IMAGE_PATHS.some((re) => re.test(path))
                ? QUIZ_IMAGE_BODY_MAX_BYTES
                : QUIZ_EDITOR_PATHS.some((re) => re.test(path))
                  ? QUIZ_EDITOR_BODY_MAX_BYTES
                  : DOUBT_PATHS.some((re) => re.test(path))
                    ? DOUBT_BODY_MAX_BYTES
                    : BODY_MAX_BYTES,
    /** The body of an error under /api/: the v1 API's own error shape. */
    apiErrorBody,
    addressProblem,
  }
}
