// The pure rules of a doubt (app/lib/doubts/rules.ts): the time in the video as typed and as shown, the stored
// body, the page and inbox filters read from an address, and the words the pages use.
import { describe, expect, test } from 'vitest'
import { MAX_MARKUP_LENGTH } from '~/lib/markup/render'
import {
  answeredCountText,
  DOUBT_MAX_CHARS,
  DOUBT_MESSAGES,
  DOUBTS_PER_HOUR,
  inboxStatusOf,
  INBOX_STATUSES,
  INBOX_STATUS_LABELS,
  MAX_VIDEO_AT,
  normaliseBody,
  pageOf,
  parseVideoAt,
  videoClock,
} from './rules'

describe('parseVideoAt', () => {
  test('seconds, minutes:seconds and hours:minutes:seconds', () => {
    expect(parseVideoAt('754')).toBe(754)
    expect(parseVideoAt(754)).toBe(754)
    expect(parseVideoAt('12:34')).toBe(754)
    expect(parseVideoAt(' 0:05 ')).toBe(5)
    expect(parseVideoAt('90:00')).toBe(5400)
    expect(parseVideoAt('1:02:03')).toBe(3723)
    expect(parseVideoAt('0')).toBe(0)
  })

  test('empty is no time', () => {
    expect(parseVideoAt('')).toBeNull()
    expect(parseVideoAt('   ')).toBeNull()
    expect(parseVideoAt(null)).toBeNull()
    expect(parseVideoAt(undefined)).toBeNull()
  })

  test('anything else, or past 24 hours, is refused (undefined)', () => {
    for (const bad of ['12:60', '12:5', '1:60:00', 'abc', '12.5', '-3', '1:2:3:4', ':30', '12:34 pm', '123456'])
      expect(parseVideoAt(bad), bad).toBeUndefined()
    expect(parseVideoAt(String(MAX_VIDEO_AT))).toBe(MAX_VIDEO_AT)
    expect(parseVideoAt(String(MAX_VIDEO_AT + 1))).toBeUndefined()
    expect(parseVideoAt('24:00:01')).toBeUndefined()
    expect(parseVideoAt(1.5)).toBeUndefined()
    expect(parseVideoAt(-1)).toBeUndefined()
    expect(parseVideoAt({})).toBeUndefined()
    expect(parseVideoAt(['12:34'])).toBeUndefined()
  })

  test('videoClock shows what parseVideoAt reads back', () => {
    expect(videoClock(754)).toBe('12:34')
    expect(videoClock(5)).toBe('0:05')
    expect(videoClock(3723)).toBe('1:02:03')
    expect(videoClock(3600)).toBe('1:00:00')
    for (const s of [0, 59, 60, 754, 3599, 3600, 3723, MAX_VIDEO_AT]) expect(parseVideoAt(videoClock(s))).toBe(s)
  })
})

describe('normaliseBody', () => {
  test('line ends made \\n, outer space trimmed; anything not text is empty', () => {
    expect(normaliseBody('  a\r\nb\rc \n')).toBe('a\nb\nc')
    expect(normaliseBody('   ')).toBe('')
    expect(normaliseBody(undefined)).toBe('')
    expect(normaliseBody(42)).toBe('')
    expect(normaliseBody(['x'])).toBe('')
  })
})

describe('pageOf and inboxStatusOf', () => {
  test('a page is a whole number from 1; anything else is page 1', () => {
    expect(pageOf('3')).toBe(3)
    for (const bad of [null, undefined, '', '0', '-2', '1.5', 'two', '100001', '1e3x'])
      expect(pageOf(bad), String(bad)).toBe(1)
    expect(pageOf('100000')).toBe(100_000)
  })

  test('an unknown status is all (unanswered first)', () => {
    for (const s of INBOX_STATUSES) expect(inboxStatusOf(s)).toBe(s)
    expect(inboxStatusOf('OPEN')).toBe('all')
    expect(inboxStatusOf(null)).toBe('all')
    expect(inboxStatusOf('constructor')).toBe('all')
    expect(Object.keys(INBOX_STATUS_LABELS)).toEqual([...INBOX_STATUSES])
  })
})

describe('the words', () => {
  test('counts and limits as the pages say them', () => {
    expect(answeredCountText(0)).toBe('0 doubts answered')
    expect(answeredCountText(1)).toBe('1 doubt answered')
    expect(answeredCountText(2)).toBe('2 doubts answered')
    expect(answeredCountText(100_000)).toBe('1,00,000 doubts answered')
    expect(DOUBT_MAX_CHARS).toBe(5_000)
    expect(DOUBT_MESSAGES.bodyTooLong).toContain('5,000 characters')
    expect(DOUBT_MESSAGES.answerTooLong).toContain('5,000 characters')
    expect(DOUBT_MESSAGES.tooMany).toContain(`${DOUBTS_PER_HOUR} doubts an hour`)
  })
})

test("a doubt's limit is the question renderer's own", () => {
  expect(DOUBT_MAX_CHARS).toBe(MAX_MARKUP_LENGTH)
})
