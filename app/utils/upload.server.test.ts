import { describe, expect, it } from 'vitest'
import { MAX_QUESTIONS } from '~/schemas/admin-quiz'
import { parseUpload, UploadError } from './upload.server'

describe('parseUpload', () => {
  it('reads a quiz editor form of the largest quiz (about seven fields per question)', async () => {
    const fields = new URLSearchParams({
      title: 'T',
      description: 'D',
      category: 'free',
      timeLimit: '30',
      intent: 'save',
    })
    for (let i = 0; i < MAX_QUESTIONS; i++) {
      fields.append(`questions[${i}].questionText`, `Q${i}`)
      for (let j = 0; j < 4; j++) fields.append(`questions[${i}].options[${j}]`, `O${j}`)
      fields.append(`questions[${i}].correctOption`, '1')
      fields.append(`questions[${i}].explanation`, '')
    }
    const request = new Request('http://localhost/admin/create-quiz', {
      method: 'POST',
      body: fields,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    })
    const form = await parseUpload(request, { maxFileSize: 512 * 1024 })
    expect(form.get(`questions[${MAX_QUESTIONS - 1}].questionText`)).toBe(`Q${MAX_QUESTIONS - 1}`)
  })

  it('a broken multipart body is an UploadError (400) with the shared message, a wrong type 415', async () => {
    const broken = new Request('http://localhost/x', {
      method: 'POST',
      body: '--zz\r\nContent-Disposition: form-da',
      headers: { 'Content-Type': 'multipart/form-data; boundary=zz' },
    })
    await expect(parseUpload(broken, { maxFileSize: 1024 })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('could not be read'),
    })
    const json = new Request('http://localhost/x', {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    })
    const error = await parseUpload(json, { maxFileSize: 1024 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UploadError)
    expect((error as UploadError).status).toBe(415)
  })
})
