import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, test } from 'vitest'
import { EnrolBodySchema, EnrolSchema } from './enrolment'

const form = (fields: Record<string, string>) => {
  const f = new FormData()
  for (const [k, v] of Object.entries(fields)) f.append(k, v)
  return f
}
const errorsOf = (fields: Record<string, string>) => {
  const submission = parseWithZod(form(fields), { schema: EnrolSchema })
  return submission.status === 'success' ? null : submission.error
}

describe('EnrolSchema (the page form)', () => {
  test('reads the e-mail as sign-in does and trims the note', () => {
    const submission = parseWithZod(form({ email: '  Lena@Example.TEST ', note: ' paid in cash, receipt 114 ' }), {
      schema: EnrolSchema,
    })
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && submission.value).toEqual({
      email: 'lena@example.test',
      note: 'paid in cash, receipt 114',
    })
  })

  test('both fields are required, each named in its message', () => {
    expect(errorsOf({ email: '', note: '' })).toEqual({ email: ['Email is required'], note: ['Note is required'] })
    expect(errorsOf({ email: 'a@b.test', note: '   ' })).toEqual({ note: ['Note is required'] })
  })

  test('a malformed e-mail and an over-long note are refused', () => {
    expect(errorsOf({ email: 'not-an-email', note: 'cash' })).toEqual({ email: ['Please enter a valid email address'] })
    expect(errorsOf({ email: 'a@b.test', note: 'x'.repeat(201) })).toEqual({
      note: ['Note is too long (at most 200 characters)'],
    })
    expect(errorsOf({ email: 'a@b.test', note: 'x'.repeat(200) })).toBeNull()
  })
})

describe('EnrolBodySchema (the API body)', () => {
  test('adds the course and refuses wrong types with the field named', () => {
    expect(EnrolBodySchema.safeParse({ email: 'a@b.test', note: 'cash', courseId: 'c1' }).success).toBe(true)
    const missing = EnrolBodySchema.safeParse({ email: 'a@b.test', note: 'cash' })
    expect(missing.error?.issues[0].message).toBe('courseId is required')
    const operator = EnrolBodySchema.safeParse({ email: { $ne: null }, note: 'cash', courseId: 'c1' })
    expect(operator.error?.issues[0].message).toBe('Email is required')
    const number = EnrolBodySchema.safeParse({ email: 'a@b.test', note: 7, courseId: 'c1' })
    expect(number.error?.issues[0].message).toBe('Note is required')
  })
})
