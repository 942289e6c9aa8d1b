import { describe, expect, it } from 'vitest'
import { BODY_MESSAGES, bodyRejection, parseForm, parseJsonObject, readForm, readJsonObject } from './body.server'

const url = 'http://localhost/x'
const post = (body: BodyInit | null, type?: string) =>
  new Request(url, {
    method: 'POST',
    body,
    headers: type ? { 'Content-Type': type } : {},
    duplex: 'half',
  } as RequestInit)

/** A body with no declared length, sent in pieces (what a chunked request becomes). */
function streamed(chunks: string[], type: string) {
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(encoder.encode(c))
      controller.close()
    },
  })
  return post(body, type)
}

function multipart(parts: Array<{ name: string; value: string; filename?: string }>) {
  const boundary = 'b0undary'
  const body =
    parts
      .map(
        (p) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"\r\nContent-Type: application/octet-stream` : ''}\r\n\r\n${p.value}\r\n`,
      )
      .join('') + `--${boundary}--\r\n`
  return post(body, `multipart/form-data; boundary=${boundary}`)
}

describe('parseForm', () => {
  it('reads urlencoded and multipart forms, also when the body arrives in pieces', async () => {
    const a = await parseForm(post('email=a%40b.c&x=1', 'application/x-www-form-urlencoded'))
    expect(a.ok && a.form.get('email')).toBe('a@b.c')
    const b = await parseForm(multipart([{ name: 'title', value: 'Cell biology' }]))
    expect(b.ok && b.form.get('title')).toBe('Cell biology')
    const c = await parseForm(streamed(['the', 'me=da', 'rk'], 'application/x-www-form-urlencoded'))
    expect(c.ok && c.form.get('theme')).toBe('dark')
  })

  it('reads a multipart body however its writes were cut, also with the closing CRLF in a chunk of its own', async () => {
    const b = 'zz'
    const text = `--${b}\r\nContent-Disposition: form-data; name="theme"\r\n\r\ndark\r\n--${b}--\r\n`
    for (const size of [1, 2, 5, 7, 11, text.length - 2]) {
      const pieces = Array.from({ length: Math.ceil(text.length / size) }, (_, i) =>
        text.slice(i * size, (i + 1) * size),
      )
      const result = await parseForm(streamed(pieces, `multipart/form-data; boundary=${b}`))
      expect(result.ok && result.form.get('theme'), `writes of ${size} bytes`).toBe('dark')
    }
  })

  it('answers 400 with a clear message for a body that is not a form or cannot be read', async () => {
    for (const request of [post('{"a":1}', 'application/json'), post('x', 'text/plain'), post(null)]) {
      expect(await parseForm(request)).toMatchObject({
        ok: false,
        status: 400,
        reason: 'not-a-form',
        message: BODY_MESSAGES.notAForm,
      })
    }
    for (const request of [
      post('garbage', 'multipart/form-data; boundary=zz'),
      post('--zz\r\nno headers end', 'multipart/form-data; boundary=zz'),
      post('a', 'multipart/form-data'),
    ]) {
      expect(await parseForm(request)).toMatchObject({
        ok: false,
        status: 400,
        reason: 'malformed',
        message: BODY_MESSAGES.malformedForm,
      })
    }
  })

  it('refuses files in a text-only form and counts sizes while streaming (413)', async () => {
    expect(await parseForm(multipart([{ name: 'f', value: 'x', filename: 'a.txt' }]))).toMatchObject({
      ok: false,
      status: 400,
      reason: 'too-many-files',
    })
    const big = streamed(
      Array.from({ length: 20 }, () => 'a'.repeat(64 * 1024)),
      'application/x-www-form-urlencoded',
    )
    expect(await parseForm(big)).toMatchObject({ ok: false, status: 413, reason: 'too-large' })
    const file = multipart([{ name: 'note', value: 'x'.repeat(3000), filename: 'n.pdf' }])
    expect(await parseForm(file, { maxFiles: 1, maxFileSize: 2048 })).toMatchObject({
      ok: false,
      status: 413,
      reason: 'file-too-large',
      message: 'The file is too large (at most 2 KB)',
    })
    const fields = post(Array.from({ length: 30 }, (_, i) => `f${i}=1`).join('&'), 'application/x-www-form-urlencoded')
    expect(await parseForm(fields, { maxParts: 10 })).toMatchObject({
      ok: false,
      status: 413,
      reason: 'too-many-fields',
    })
  })

  it('keeps files within the limits and hands them to the upload handler', async () => {
    const names: string[] = []
    const result = await parseForm(
      multipart([
        { name: 'title', value: 'T' },
        { name: 'note', value: 'pdf bytes', filename: 'n.pdf' },
      ]),
      {
        maxFiles: 1,
        maxFileSize: 1024,
        onFile: (file) => {
          names.push(file.name)
          return file
        },
      },
    )
    expect(result.ok).toBe(true)
    expect(names).toEqual(['n.pdf'])
    if (result.ok) expect(await (result.form.get('note') as File).text()).toBe('pdf bytes')
  })

  it('a failing upload handler is the server’s fault, not the client’s: it is not turned into a 400', async () => {
    const request = multipart([{ name: 'note', value: 'x', filename: 'n.pdf' }])
    await expect(
      parseForm(request, { maxFiles: 1, onFile: () => Promise.reject(new Error('disk full')) }),
    ).rejects.toThrow('disk full')
  })
})

describe('readForm', () => {
  it('throws the failure as a plain-text Response', async () => {
    const thrown = await readForm(post('x', 'text/plain')).catch((e: unknown) => e)
    expect(thrown).toBeInstanceOf(Response)
    const response = thrown as Response
    expect(response.status).toBe(400)
    expect(response.headers.get('Content-Type')).toContain('text/plain')
    expect(await response.text()).toBe(BODY_MESSAGES.notAForm)
    expect((await readForm(post('a=1', 'application/x-www-form-urlencoded'))).get('a')).toBe('1')
  })

  it('a body over the limit is a 413 Response', async () => {
    const response = (await readForm(
      post('a='.padEnd(1024 * 1024 + 10, 'x'), 'application/x-www-form-urlencoded'),
    ).catch((e: unknown) => e)) as Response
    expect(response.status).toBe(413)
    expect(response.statusText).toBe('Payload Too Large')
  })
})

describe('parseJsonObject', () => {
  it('reads a JSON object; an empty body is {}', async () => {
    expect(await parseJsonObject(post('{"a":1}', 'application/json; charset=utf-8'))).toEqual({
      ok: true,
      body: { a: 1 },
    })
    expect(await parseJsonObject(post('', 'application/json'))).toEqual({ ok: true, body: {} })
  })

  it('answers 400 for malformed JSON or a non-object, 415 for another Content-Type', async () => {
    expect(await parseJsonObject(post('{', 'application/json'))).toMatchObject({
      status: 400,
      message: BODY_MESSAGES.malformedJson,
    })
    for (const text of ['[1]', '"s"', 'null', '3']) {
      expect(await parseJsonObject(post(text, 'application/json'))).toMatchObject({
        status: 400,
        message: BODY_MESSAGES.jsonNotObject,
      })
    }
    expect(await parseJsonObject(post('a=1', 'application/x-www-form-urlencoded'))).toMatchObject({
      status: 415,
      message: BODY_MESSAGES.notJson,
    })
  })

  it('counts bytes as they stream and stops past the limit (413)', async () => {
    const request = streamed(['{"a":"', 'x'.repeat(600), 'x'.repeat(600), '"}'], 'application/json')
    expect(await parseJsonObject(request, 1000)).toMatchObject({
      ok: false,
      status: 413,
      message: BODY_MESSAGES.jsonTooLarge,
    })
    // Bytes, not characters: 400 two-byte characters are 800 bytes.
    expect(await parseJsonObject(post(JSON.stringify({ a: 'é'.repeat(400) }), 'application/json'), 700)).toMatchObject({
      status: 413,
    })
  })

  it('a body that breaks off mid-way is a 400, not a 500', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"a":'))
        controller.error(new Error('Request body too large'))
      },
    })
    expect(await parseJsonObject(post(body, 'application/json'))).toMatchObject({ ok: false, status: 400 })
    await expect(readJsonObject(post('[]', 'application/json'))).rejects.toBeInstanceOf(Response)
  })
})

describe('bodyRejection', () => {
  it('carries the status, a standard reason phrase and the message', async () => {
    const response = bodyRejection({
      ok: false,
      status: 413,
      reason: 'file-too-large',
      message: 'The file is too large (at most 5 MB)',
    })
    expect([response.status, response.statusText, await response.text()]).toEqual([
      413,
      'Payload Too Large',
      'The file is too large (at most 5 MB)',
    ])
  })
})

describe('control characters', () => {
  it('are taken out of every form field, name and value, urlencoded and multipart; tab and line breaks stay', async () => {
    const a = await parseForm(post('na%00me=A%00b%07c%1B&note=l1%0D%0Al2%09x%7F', 'application/x-www-form-urlencoded'))
    expect(a.ok && [...a.form]).toEqual([
      ['name', 'Abc'],
      ['note', 'l1\r\nl2\tx'],
    ])
    const b = await parseForm(
      multipart([
        { name: 'title', value: '\u0000=HYPERLINK("x")' },
        { name: 'note', value: 'pdf \u0000 bytes', filename: 'n.pdf' },
      ]),
      { maxFiles: 1 },
    )
    expect(b.ok && b.form.get('title')).toBe('=HYPERLINK("x")')
    // A file's bytes are its own: never edited.
    const file = b.ok ? b.form.get('note') : null
    expect(file).toBeInstanceOf(File)
    expect(await (file as File).text()).toBe('pdf \u0000 bytes')
    expect((file as File).name).toBe('n.pdf')
  })

  it('are taken out of every string of a JSON body, keys and nested values included; numbers stay numbers', async () => {
    const result = await parseJsonObject(
      post(
        JSON.stringify({ 'e\u0000mail': 'a\u0000@b.c', list: ['x\u0001', 2, { deep: '\u0007y' }], n: 1.5, ok: true }),
        'application/json',
      ),
    )
    expect(result).toEqual({
      ok: true,
      body: { email: 'a@b.c', list: ['x', 2, { deep: 'y' }], n: 1.5, ok: true },
    })
    const proto = await parseJsonObject(post('{"__proto__":{"admin":true}}', 'application/json'))
    expect(proto.ok && Object.getPrototypeOf(proto.body)).toBe(Object.prototype)
    expect(proto.ok && Object.keys(proto.body)).toEqual(['__proto__'])
  })
})
