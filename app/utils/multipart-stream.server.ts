import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { withoutControlCharacters } from '~/lib/text'
import { BODY_MESSAGES, FORM_MAX_BYTES, parseForm } from './body.server'

// A multipart form whose one large file streams to disk as it arrives (a lecture's video, up to VIDEO_MAX_MB).
// body.server's parseForm reads through @remix-run/form-data-parser, whose parser gathers each part whole in memory
// before its handler sees it: right for a 20 MB note, not for a 2 GB video. This reader finds the boundaries itself
// and writes the disk file's bytes straight through (waiting on the disk when it is slower than the network), counts
// them against the file's limit and stops at the first byte past it, removing what it wrote. Text fields are cleaned
// as parseForm cleans them (docs/decisions/019-input-at-the-edge.md); small files stay in memory with their own limit.

export type StreamedFile = { path: string; fileName: string; bytes: number; contentType: string }

export type FileRule = {
  maxBytes: number
  /** The message when the file passes `maxBytes` (answered 413). */
  tooLarge: string
  /** Streams the file into a new file in this folder instead of keeping it in memory. */
  toDir?: string
}

export type StreamedForm =
  | { ok: true; form: FormData; files: Record<string, StreamedFile> }
  /** `form`: the text fields read before the refusal, to keep what was typed. */
  | { ok: false; status: 400 | 413; message: string; field?: string; form: FormData }

class Refusal extends Error {
  constructor(
    public status: 400 | 413,
    message: string,
    public field?: string,
  ) {
    super(message)
  }
}

const CRLF2 = Buffer.from('\r\n\r\n')
const MAX_HEADER_BYTES = 16 * 1024
const MAX_PARTS = 2000

/** A header parameter (`name="x"`, `filename=y`), unquoted. */
function param(header: string, name: string): string | undefined {
  const m = new RegExp(`(?:^|;)\\s*${name}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;]*))`, 'i').exec(header)
  if (!m) return undefined
  return m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2]!.trim()
}

type Sink = {
  write(bytes: Buffer): Promise<void>
  end(): Promise<void>
  abort(): Promise<void>
}

/**
 * Reads `request` (multipart or urlencoded). Each file field must be named in `rules` (any other is refused); a file
 * field left empty (no file chosen) is skipped. On any refusal every file written so far is removed.
 */
export async function parseStreamedForm(request: Request, rules: Record<string, FileRule>): Promise<StreamedForm> {
  const type = request.headers.get('Content-Type') ?? ''
  if (!/^multipart\/form-data/i.test(type)) {
    const plain = await parseForm(request)
    return plain.ok
      ? { ok: true, form: plain.form, files: {} }
      : { ok: false, status: plain.status === 413 ? 413 : 400, message: plain.message, form: new FormData() }
  }
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(type)
  if (!request.body || !boundary)
    return { ok: false, status: 400, message: BODY_MESSAGES.malformedForm, form: new FormData() }
  const delimiter = Buffer.from(`\r\n--${(boundary[1] ?? boundary[2])!.trim()}`)
  const form = new FormData()
  const files: Record<string, StreamedFile> = {}
  const written: string[] = []
  let textBytes = 0
  let parts = 0

  /** Where the current part's bytes go. */
  function open(headers: string): Sink {
    const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? ''
    const name = withoutControlCharacters(param(disposition, 'name') ?? '')
    const fileName = param(disposition, 'filename')
    const contentType = /^content-type:\s*(.*)$/im.exec(headers)?.[1]?.trim() || 'application/octet-stream'
    if (++parts > MAX_PARTS) throw new Refusal(413, BODY_MESSAGES.tooManyFields)
    const chunks: Buffer[] = []
    let size = 0
    if (fileName === undefined) {
      return {
        async write(bytes) {
          textBytes += bytes.length
          if (textBytes > FORM_MAX_BYTES) throw new Refusal(413, BODY_MESSAGES.formTooLarge)
          chunks.push(bytes)
        },
        async end() {
          if (name) form.append(name, withoutControlCharacters(Buffer.concat(chunks).toString('utf8')))
        },
        async abort() {},
      }
    }
    const rule = rules[name]
    const count = (bytes: Buffer) => {
      size += bytes.length
      if (!rule) {
        // A part with a file name but no bytes is a file input left empty: only a real file is refused.
        if (size > 0) throw new Refusal(400, BODY_MESSAGES.tooManyFiles, name)
        return
      }
      if (size > rule.maxBytes) throw new Refusal(413, rule.tooLarge, name)
    }
    const label = path.basename(withoutControlCharacters(fileName)).slice(0, 200)
    if (!rule?.toDir) {
      return {
        async write(bytes) {
          count(bytes)
          chunks.push(bytes)
        },
        async end() {
          if (rule && (size > 0 || label))
            form.append(name, new File([new Uint8Array(Buffer.concat(chunks))], label, { type: contentType }))
        },
        async abort() {},
      }
    }
    const dir = rule.toDir
    const filePath = path.join(dir, `upload-${crypto.randomBytes(12).toString('hex')}.part`)
    let out: fs.WriteStream | null = null
    const stream = () => {
      if (!out) {
        fs.mkdirSync(dir, { recursive: true })
        written.push(filePath)
        out = fs.createWriteStream(filePath)
      }
      return out
    }
    return {
      async write(bytes) {
        count(bytes)
        const ws = stream()
        if (!ws.write(bytes))
          await new Promise<void>((resolve, reject) => {
            ws.once('drain', resolve)
            ws.once('error', reject)
          })
      },
      async end() {
        if (size === 0 && !label) return
        const ws = stream()
        await new Promise<void>((resolve, reject) =>
          ws.end((error?: Error | null) => (error ? reject(error) : resolve())),
        )
        files[name] = { path: filePath, fileName: label, bytes: size, contentType }
      },
      async abort() {
        out?.destroy()
      },
    }
  }

  const reader = request.body.getReader()
  // The first boundary has no CRLF before it: one is put there, so every delimiter reads the same.
  let buf: Buffer = Buffer.from('\r\n')
  let state: 'preamble' | 'after' | 'headers' | 'body' | 'done' = 'preamble'
  let sink: Sink | null = null
  try {
    for (;;) {
      // Parse what the buffer holds; then read more (or stop at the end).
      for (;;) {
        if (state === 'preamble') {
          const at = buf.indexOf(delimiter)
          if (at === -1) {
            if (buf.length > MAX_HEADER_BYTES) throw new Refusal(400, BODY_MESSAGES.malformedForm)
            break
          }
          buf = buf.subarray(at + delimiter.length)
          state = 'after'
        } else if (state === 'after') {
          if (buf.length < 2) break
          if (buf[0] === 0x2d && buf[1] === 0x2d) {
            state = 'done'
            break
          }
          if (buf[0] !== 0x0d || buf[1] !== 0x0a) throw new Refusal(400, BODY_MESSAGES.malformedForm)
          buf = buf.subarray(2)
          state = 'headers'
        } else if (state === 'headers') {
          const at = buf.indexOf(CRLF2)
          if (at === -1) {
            if (buf.length > MAX_HEADER_BYTES) throw new Refusal(413, BODY_MESSAGES.tooManyFields)
            break
          }
          sink = open(buf.subarray(0, at).toString('utf8'))
          buf = buf.subarray(at + 4)
          state = 'body'
        } else if (state === 'body') {
          const at = buf.indexOf(delimiter)
          if (at === -1) {
            // Everything but a tail that could be the start of the delimiter is this part's.
            const keep = Math.min(buf.length, delimiter.length - 1)
            if (buf.length > keep) await sink!.write(Buffer.from(buf.subarray(0, buf.length - keep)))
            buf = Buffer.from(buf.subarray(buf.length - keep))
            break
          }
          if (at > 0) await sink!.write(Buffer.from(buf.subarray(0, at)))
          await sink!.end()
          sink = null
          buf = buf.subarray(at + delimiter.length)
          state = 'after'
        } else break
      }
      if (state === 'done') break
      let next: ReadableStreamReadResult<Uint8Array>
      try {
        next = await reader.read()
      } catch {
        // A body cut off mid-way (the client went away, server.js stopped it at its limit).
        throw new Refusal(400, BODY_MESSAGES.malformedForm)
      }
      const { done, value } = next
      if (done) break
      buf = buf.length ? Buffer.concat([buf, value]) : Buffer.from(value)
    }
    if (state !== 'done') throw new Refusal(400, BODY_MESSAGES.malformedForm)
    // Whatever follows the closing delimiter (the epilogue) is not read.
    await reader.cancel().catch(() => {})
    return { ok: true, form, files }
  } catch (error) {
    await sink?.abort()
    await reader.cancel().catch(() => {})
    await Promise.all(written.map((p) => fs.promises.rm(p, { force: true })))
    if (error instanceof Refusal)
      return { ok: false, status: error.status, message: error.message, field: error.field, form }
    throw error
  }
}

/** Removes the files a parse wrote (after they were stored, or when the form is refused). */
export async function removeStreamedFiles(files: Record<string, StreamedFile>): Promise<void> {
  await Promise.all(Object.values(files).map((f) => fs.promises.rm(f.path, { force: true })))
}
