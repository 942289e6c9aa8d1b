import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
  type FileUploadHandler,
} from '@remix-run/form-data-parser'
import { withoutControlCharacters } from '~/lib/text'

// Request bodies are parsed at the edge (docs/decisions/005-parsing-at-the-edge.md):
// every action reads its body through these helpers, which turn a body they cannot read into a 400 and a body
// over a limit into a 413, each with a message a person can act on. Nothing downstream has to guess from an
// error's name whether a 500 was really the client's fault. The parse* functions return the failure (for forms
// that show it inline); the read* functions throw it as a Response (for everything else).
//
// Text is cleaned here too (docs/decisions/019-input-at-the-edge.md): every string a form or a JSON
// body carries, names included, comes out without control characters (tab, line feed and carriage return stay),
// so no U+0000 reaches a query (PostgreSQL refuses it) and no profile text hides a formula behind one. Files and
// the raw bytes a signature is checked over (the payment webhook reads its own body) are left alone.
//
// server.js enforces the same limits on the raw bytes (bodyLimitFor, app/utils/server-settings.server.ts); the
// limits here are the ones the parsed content must meet, counted while the body streams in, so nothing past them
// is buffered.

const KB = 1024
const MB = 1024 * KB
/** A text-only form's whole body (server.js allows 1 MB on those paths too). */
export const FORM_MAX_BYTES = MB
/** A JSON body (docs/legacy-api.md §5 #14). */
export const JSON_MAX_BYTES = MB

export type BodyFailure = {
  ok: false
  status: 400 | 413 | 415
  /** What was wrong, for callers that word it their own way (the profile photo's 'too big' message). */
  reason:
    'not-a-form' | 'not-json' | 'malformed' | 'file-too-large' | 'too-large' | 'too-many-files' | 'too-many-fields'
  message: string
}
export type FormResult = { ok: true; form: FormData } | BodyFailure
export type JsonResult = { ok: true; body: Record<string, unknown> } | BodyFailure

export const BODY_MESSAGES = {
  notAForm: 'This request must be sent as a form (application/x-www-form-urlencoded or multipart/form-data).',
  malformedForm: 'The form could not be read. Please reload the page and try again.',
  formTooLarge: 'The form is too large.',
  tooManyFields: 'The form has too many fields.',
  noFiles: 'This form does not take files.',
  tooManyFiles: 'Too many files in one form',
  // The JSON wording matches the v1 API's (docs/legacy-api.md §5 #11/#13), so its readJsonBody can adopt
  // parseJsonObject.
  jsonTooLarge: 'Request body too large',
  notJson: 'Content-Type must be application/json',
  malformedJson: 'Malformed JSON body',
  jsonNotObject: 'JSON body must be an object',
} as const

const fail = (status: BodyFailure['status'], reason: BodyFailure['reason'], message: string): BodyFailure => ({
  ok: false,
  status,
  reason,
  message,
})

/** "512 KB", "5 MB": limits as people read them. */
export const sizeLabel = (bytes: number) =>
  bytes < MB ? `${Math.round(bytes / KB)} KB` : `${Math.round(bytes / MB)} MB`

const STATUS_TEXT = { 400: 'Bad Request', 413: 'Payload Too Large', 415: 'Unsupported Media Type' } as const

/**
 * The answer to a body the server will not read: plain text with the message, so it works thrown from a page
 * action (the root ErrorBoundary shows the message), a data request or a resource route alike.
 */
export function bodyRejection(failure: BodyFailure): Response {
  return new Response(failure.message, {
    status: failure.status,
    statusText: STATUS_TEXT[failure.status],
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}

export type FormLimits = {
  /** How many files the form may carry; 0 (the default) makes it a text-only form that refuses file parts. */
  maxFiles?: number
  /** The largest file, in bytes. */
  maxFileSize?: number
  /** How many fields (parts) the form may have. */
  maxParts?: number
  /** Where each file goes: kept in memory as a File unless a handler streams it elsewhere (null drops it). */
  onFile?: FileUploadHandler
}

const isForm = (type: string) =>
  type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data')

/**
 * Reads an urlencoded or multipart form. Sizes are counted while the body streams in (the parser stops at the
 * first byte past a limit), so a large body is refused without being buffered.
 */
export async function parseForm(request: Request, limits: FormLimits = {}): Promise<FormResult> {
  const { maxFiles = 0, maxFileSize = MB, maxParts = 1000, onFile = (file) => file } = limits
  if (!isForm((request.headers.get('Content-Type') ?? '').toLowerCase()))
    return fail(400, 'not-a-form', BODY_MESSAGES.notAForm)
  try {
    const form = await parseFormData(
      keepEpilogueTogether(request),
      { maxFiles, maxFileSize, maxParts, maxTotalSize: maxFiles * maxFileSize + FORM_MAX_BYTES },
      onFile,
    )
    return { ok: true, form: cleanForm(form) }
  } catch (error) {
    // The parser's own errors are the client's; anything else (an upload handler failing to store a file)
    // is ours and stays a 500.
    if (error instanceof MaxFileSizeExceededError)
      return fail(413, 'file-too-large', `The file is too large (at most ${sizeLabel(maxFileSize)})`)
    if (error instanceof MaxTotalSizeExceededError) return fail(413, 'too-large', BODY_MESSAGES.formTooLarge)
    if (error instanceof MaxPartsExceededError || error instanceof MaxHeaderSizeExceededError)
      return fail(413, 'too-many-fields', BODY_MESSAGES.tooManyFields)
    if (error instanceof MaxFilesExceededError)
      return fail(400, 'too-many-files', maxFiles === 0 ? BODY_MESSAGES.noFiles : BODY_MESSAGES.tooManyFiles)
    // Broken multipart, a body cut off mid-way (server.js stops a body past its limit), bytes that are not a form.
    if (error instanceof FormDataParseError || error instanceof MultipartParseError)
      return fail(400, 'malformed', BODY_MESSAGES.malformedForm)
    throw error
  }
}

/** The form with every text field's name and value cleaned; files pass as they are. */
function cleanForm(form: FormData): FormData {
  const clean = new FormData()
  for (const [name, value] of form) {
    const key = withoutControlCharacters(name)
    if (typeof value === 'string') clean.append(key, withoutControlCharacters(value))
    else clean.append(key, value)
  }
  return clean
}

/** A parsed JSON value with every string (keys included) cleaned. */
function cleanJson(value: unknown): unknown {
  if (typeof value === 'string') return withoutControlCharacters(value)
  if (Array.isArray(value)) return value.map(cleanJson)
  if (value && typeof value === 'object') {
    const clean: Record<string, unknown> = {}
    for (const [key, inner] of Object.entries(value)) {
      // defineProperty, not assignment: a "__proto__" key stays a plain own property, as JSON.parse made it.
      Object.defineProperty(clean, withoutControlCharacters(key), {
        value: cleanJson(inner),
        enumerable: true,
        writable: true,
        configurable: true,
      })
    }
    return clean
  }
  return value
}

// @remix-run/multipart-parser 0.16 refuses any bytes written after the closing boundary's `--`, so the
// standard epilogue (the CRLF browsers send after it) fails the whole form when it arrives in a read of its own.
// With chunked bodies that is a matter of where the sender's writes fall. Holding back the last bytes of the
// stream until its end keeps the closing delimiter and the epilogue in one chunk.
const EPILOGUE_ROOM = 256

function keepEpilogueTogether(request: Request): Request {
  if (!request.body || !(request.headers.get('Content-Type') ?? '').toLowerCase().startsWith('multipart/'))
    return request
  let tail: Uint8Array = new Uint8Array(0)
  const body = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const all = tail.length ? Buffer.concat([tail, chunk]) : chunk
        const cut = all.length - EPILOGUE_ROOM
        if (cut > 0) controller.enqueue(all.subarray(0, cut))
        tail = cut > 0 ? all.slice(cut) : all
      },
      flush(controller) {
        if (tail.length) controller.enqueue(tail)
      },
    }),
  )
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body,
    signal: request.signal,
    duplex: 'half',
  } as RequestInit)
}

/** parseForm for actions that have no better answer than a 400/413 page: the failure is thrown as a Response. */
export async function readForm(request: Request, limits?: FormLimits): Promise<FormData> {
  const result = await parseForm(request, limits)
  if (!result.ok) throw bodyRejection(result)
  return result.form
}

/** The body as text, or null past `maxBytes` (counted as it streams; the rest is not read). */
async function readText(request: Request, maxBytes: number): Promise<string | null> {
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => {})
      return null
    }
    chunks.push(value)
  }
  return new TextDecoder().decode(Buffer.concat(chunks))
}

/**
 * Reads a JSON object body (docs/legacy-api.md §5 #11/#13): an empty body is {}, anything but a plain object is a 400,
 * the wrong Content-Type a 415, past `maxBytes` a 413. Same answers as the v1 API's readJsonBody.
 */
export async function parseJsonObject(request: Request, maxBytes = JSON_MAX_BYTES): Promise<JsonResult> {
  let text: string | null
  try {
    text = await readText(request, maxBytes)
  } catch {
    return fail(400, 'malformed', BODY_MESSAGES.malformedJson)
  }
  return jsonObjectFromText(text, request.headers.get('Content-Type'))
}

/**
 * parseJsonObject's rules on a body already read (null: it passed the limit), for server.js's exam lane
 * (app/routes/exam-lane.server.ts), which reads the bytes from the socket without a fetch Request.
 */
export function jsonObjectFromText(text: string | null, contentType: string | null | undefined): JsonResult {
  if (text === null) return fail(413, 'too-large', BODY_MESSAGES.jsonTooLarge)
  if (text.trim() === '') return { ok: true, body: {} }
  if (!(contentType ?? '').toLowerCase().includes('application/json'))
    return fail(415, 'not-json', BODY_MESSAGES.notJson)
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return fail(400, 'malformed', BODY_MESSAGES.malformedJson)
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return fail(400, 'malformed', BODY_MESSAGES.jsonNotObject)
  return { ok: true, body: cleanJson(body) as Record<string, unknown> }
}

/** parseJsonObject, the failure thrown as a plain-text Response. */
export async function readJsonObject(request: Request, maxBytes?: number): Promise<Record<string, unknown>> {
  const result = await parseJsonObject(request, maxBytes)
  if (!result.ok) throw bodyRejection(result)
  return result.body
}
