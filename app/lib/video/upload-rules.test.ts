import { describe, expect, it } from 'vitest'
import { megabytesLabel, parseContentRange, retryDelayMs, VIDEO_MESSAGES } from './upload-rules'

describe('upload rules', () => {
  it('words the limits as people read them', () => {
    expect(VIDEO_MESSAGES.tooLarge(2048)).toBe('The video is too large (at most 2 GB)')
    expect(megabytesLabel(500)).toBe('500 MB')
    expect(VIDEO_MESSAGES.tooLong).toBe('The video is too long (at most 6 hours)')
  })

  it('reads a Content-Range and refuses a malformed or inverted one', () => {
    expect(parseContentRange('bytes 0-99/1000')).toEqual({ start: 0, end: 99, size: 1000 })
    expect(parseContentRange('bytes 900-999/1000')).toEqual({ start: 900, end: 999, size: 1000 })
    expect(parseContentRange('bytes 10-5/1000')).toBeNull()
    expect(parseContentRange('bytes 0-1000/1000')).toBeNull()
    expect(parseContentRange('bytes */1000')).toBeNull()
    expect(parseContentRange(null)).toBeNull()
  })

  it('backs off from 1 s to at most 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000])
  })
})
