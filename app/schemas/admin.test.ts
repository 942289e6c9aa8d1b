import { describe, expect, test } from 'vitest'
import { accessDaysField, courseSchema, courseUpdateSchema, fromCourseForm, publishedField } from '~/schemas/admin'

const RULE = 'Access days must be a whole number from 1 to 3660, or empty for good'

describe('accessDays: whole days from 1 to 3660, or null for good', () => {
  test.each([
    [1, 1],
    [3660, 3660],
    ['30', 30],
    [' 365 ', 365],
    [null, null],
    ['', null],
    ['   ', null],
  ])('%o reads as %o', (input, read) => {
    expect(accessDaysField.parse(input)).toBe(read)
  })

  test.each([0, -1, 3661, 1.5, '0', '3661', '2.5', '1e2', '0x10', 'thirty', true, {}])('%o is refused', (input) => {
    const result = accessDaysField.safeParse(input)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0].message).toBe(RULE)
  })
})

describe('published: a JSON boolean or a form value', () => {
  test.each([
    [true, true],
    [false, false],
    ['on', true],
    ['true', true],
    ['false', false],
  ])('%o reads as %o', (input, read) => {
    expect(publishedField.parse(input)).toBe(read)
  })

  test.each(['yes', 'off', '1', 1, 0, null, ''])('%o is refused, not guessed', (input) => {
    const result = publishedField.safeParse(input)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0].message).toBe('Published must be true or false')
  })
})

const complete = {
  cardTitle: 'Card',
  subTitle: 'Sub',
  courseTag: 'M.Sc Entrance',
  mode: 'Live',
  language: 'English',
  actualPrice: '5000',
  discountedPrice: '3000',
  courseTitle: 'Title',
  courseDescription: 'About',
  whatsappLink: 'https://chat.whatsapp.com/x',
}

describe('the course schemas', () => {
  test('create: an older client that sends neither new field leaves both unset (published, for good)', () => {
    const value = courseSchema.parse(complete)
    expect(value.published).toBeUndefined()
    expect(value.accessDays).toBeUndefined()
    expect(courseSchema.parse({ ...complete, published: 'false', accessDays: '90' })).toMatchObject({
      published: false,
      accessDays: 90,
    })
  })

  test('the course form: an unticked box and an empty access days mean off and for good', () => {
    expect(fromCourseForm(courseSchema.parse(complete))).toMatchObject({
      published: false,
      grantsQuizAccess: false,
      accessDays: null,
    })
    expect(
      fromCourseForm(courseSchema.parse({ ...complete, published: 'on', grantsQuizAccess: 'on', accessDays: '30' })),
    ).toMatchObject({ published: true, grantsQuizAccess: true, accessDays: 30 })
  })

  test('update: every field optional; what is sent is checked, what is absent stays absent', () => {
    expect(courseUpdateSchema.parse({})).toEqual({})
    expect(courseUpdateSchema.parse({ courseTitle: ' New ', accessDays: null })).toEqual({
      courseTitle: 'New',
      accessDays: null,
    })
    expect(courseUpdateSchema.parse({ published: false })).toEqual({ published: false })
    const refused = (body: unknown) => courseUpdateSchema.safeParse(body).error?.issues[0].message
    expect(refused({ cardTitle: '' })).toBe('Card title is required')
    expect(refused({ actualPrice: '1e3' })).toBe('Actual price must be a number')
    expect(refused({ accessDays: 4000 })).toBe(RULE)
    expect(refused({ published: 'maybe' })).toBe('Published must be true or false')
    // Both prices sent: checked here; one alone is checked by the model against the stored other one.
    expect(refused({ actualPrice: 100, discountedPrice: 200 })).toBe(
      'Discounted price cannot be more than the actual price',
    )
    expect(courseUpdateSchema.safeParse({ discountedPrice: 200 }).success).toBe(true)
  })
})
