import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import type { ZodType } from 'zod'
import { PROFILE_IMAGE_MAX_BYTES } from '~/lib/constants'
import { IMAGE_MESSAGES, QUIZ_IMAGE_MAX_BYTES } from '~/lib/quiz/images'
import { NOTE_MAX_BYTES, UploadError } from '~/lib/uploads'
import { PHOTO_TOO_BIG } from '~/schemas/profile'
import { parseForm } from '~/utils/body.server'

// Multipart parsing with limits (docs/legacy-api.md §5 #12): a file over the limit is a clear 400/413, never a 500. The
// reading itself is body.server's parseForm (ADR 005); this adds the upload routes' error type and helpers.

export { COURSE_IMAGE_MAX_BYTES, CSV_MAX_BYTES, NOTE_MAX_BYTES, UploadError } from '~/lib/uploads'

/**
 * Parses a multipart (or urlencoded) form, keeping at most `maxFiles` files of at most `maxFileSize` bytes in
 * memory. A body that cannot be read or is over a limit is an UploadError (400/413) the route shows as a form
 * error; the quiz editor posts about seven fields per question, hence the room for fields.
 */
export async function parseUpload(
  request: Request,
  { maxFileSize, maxFiles = 1 }: { maxFileSize: number; maxFiles?: number },
): Promise<FormData> {
  const type = request.headers.get('Content-Type') ?? ''
  if (!type.includes('multipart/form-data') && !type.includes('application/x-www-form-urlencoded')) {
    throw new UploadError('The form must be sent as multipart/form-data', 415)
  }
  const result = await parseForm(request, { maxFileSize, maxFiles, maxParts: 2000 })
  if (!result.ok) throw new UploadError(result.message, result.status)
  return result.form
}

/** The chosen file of a field, or null when the field is missing or no file was picked (empty part). */
export function fileOf(form: FormData, name: string): File | null {
  const value = form.get(name)
  if (!value || typeof value === 'string') return null
  if (value.size === 0 && !value.name) return null
  return value
}

/** The string fields of a form as a plain object (files left out), for schemas shared with the API. */
export function textFields(form: FormData): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of form.entries()) if (typeof v === 'string' && !(k in out)) out[k] = v
  return out
}

/** The same form without its files (for Conform's parse/reply, which must not echo file contents). */
export function withoutFiles(form: FormData): FormData {
  const out = new FormData()
  for (const [k, v] of form.entries()) if (typeof v === 'string') out.append(k, v)
  return out
}

/**
 * The shared first half of the Add Section and Add Lecture actions: parse the multipart body (the note file
 * limited while streaming), validate the text fields with `schema`. Either the valid submission and the note
 * file, or the 400 reply to return (an upload error is shown as a form error).
 */
export async function parseNoteForm<Schema extends ZodType>(request: Request, schema: Schema) {
  let form: FormData
  try {
    form = await parseUpload(request, { maxFileSize: NOTE_MAX_BYTES })
  } catch (error) {
    if (!(error instanceof UploadError)) throw error
    return {
      reply: data(
        { result: parseWithZod(new FormData(), { schema }).reply({ formErrors: [error.message] }) },
        { status: 400 },
      ),
    } as const
  }
  const submission = parseWithZod(withoutFiles(form), { schema })
  if (submission.status !== 'success') return { reply: data({ result: submission.reply() }, { status: 400 }) } as const
  return { submission, note: fileOf(form, 'noteURL') } as const
}

export type PhotoUpload =
  { ok: true; formData: FormData; bytes: Uint8Array | null } | { ok: false; status: 400 | 413; message: string }

/**
 * Reads a multipart photo post through body.server's parseForm (ADR 005). The 1 MB limit is enforced while the
 * body streams in, so a big upload is cut off early instead of being buffered. Only the
 * `profileImage` file is kept.
 */
export async function parsePhotoUpload(request: Request): Promise<PhotoUpload> {
  let bytes: Uint8Array | null = null
  const result = await parseForm(request, {
    maxFiles: 1,
    maxFileSize: PROFILE_IMAGE_MAX_BYTES,
    onFile: async (file) => {
      if (file.fieldName === 'profileImage' && file.size > 0) bytes = new Uint8Array(await file.arrayBuffer())
      return null
    },
  })
  if (result.ok) return { ok: true, formData: result.form, bytes }
  if (result.reason === 'file-too-large') return { ok: false, status: 413, message: PHOTO_TOO_BIG }
  if (result.status === 413) return { ok: false, status: 413, message: result.message }
  return { ok: false, status: 400, message: 'The upload could not be read. Please try again.' }
}

export type QuizImageUpload =
  | { ok: true; form: FormData; image: { bytes: Uint8Array; fileName: string } | null }
  | { ok: false; status: 400 | 413 | 415; message: string; field?: 'image' }

/**
 * Reads a multipart post carrying one quiz image in the field `image` (the editor's images panel, the admin API):
 * a file over the 1 MB limit is cut off while it streams in and named as the image's fault.
 */
export async function parseQuizImageUpload(request: Request): Promise<QuizImageUpload> {
  const type = request.headers.get('Content-Type') ?? ''
  if (!type.includes('multipart/form-data'))
    return { ok: false, status: 415, message: 'The form must be sent as multipart/form-data' }
  const result = await parseForm(request, { maxFiles: 1, maxFileSize: QUIZ_IMAGE_MAX_BYTES, maxParts: 50 })
  if (!result.ok) {
    if (result.reason === 'file-too-large')
      return { ok: false, status: 413, message: IMAGE_MESSAGES.tooBig, field: 'image' }
    return { ok: false, status: result.status === 413 ? 413 : 400, message: result.message }
  }
  const file = fileOf(result.form, 'image')
  return {
    ok: true,
    form: result.form,
    image: file ? { bytes: new Uint8Array(await file.arrayBuffer()), fileName: file.name } : null,
  }
}
