import { describe, expect, it, test } from 'vitest'
import {
  bytesLabel,
  megabytesLabel,
  parseContentRange,
  parseSha256,
  retryDelayMs,
  stagingQuotaMb,
  VIDEO_MESSAGES,
} from './upload-rules'

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

describe('staging quotas and checksums', () => {
  test('the quotas default to twice and four times the largest upload, each settable', () => {
    expect(stagingQuotaMb({ VIDEO_MAX_MB: 2048 })).toEqual({ staffMb: 4096, totalMb: 8192 })
    expect(stagingQuotaMb({ VIDEO_MAX_MB: 2048, VIDEO_STAGING_STAFF_MB: 3000, VIDEO_STAGING_TOTAL_MB: 9000 })).toEqual({
      staffMb: 3000,
      totalMb: 9000,
    })
  })

  test('words what uploads hold', () => {
    expect(bytesLabel(1536 * 1024 * 1024)).toBe('1.5 GB')
    expect(bytesLabel(300 * 1024 * 1024)).toBe('300 MB')
    expect(bytesLabel(12_000)).toBe('12 KB')
    expect(VIDEO_MESSAGES.totalQuota(8192)).toBe(
      "The server's space for video uploads (8 GB) is full: try again once other uploads finish",
    )
  })

  test('a declared SHA-256 is 64 hex digits, read in lower case', () => {
    expect(parseSha256('A'.repeat(64))).toBe('a'.repeat(64))
    expect(parseSha256('abc')).toBeNull()
    expect(parseSha256('g'.repeat(64))).toBeNull()
    expect(parseSha256(42)).toBeNull()
  })
})
