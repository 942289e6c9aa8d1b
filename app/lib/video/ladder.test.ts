import { describe, expect, it } from 'vitest'
import { clockOf, isRungName, rungsFor } from './ladder'

describe('rungsFor', () => {
  it('offers audio and every video rung up to the source, never above it', () => {
    expect(rungsFor(1080).map((r) => r.name)).toEqual(['audio', '144p', '240p', '360p', '720p'])
    expect(rungsFor(720).map((r) => r.name)).toEqual(['audio', '144p', '240p', '360p', '720p'])
    expect(rungsFor(480).map((r) => r.name)).toEqual(['audio', '144p', '240p', '360p'])
    expect(rungsFor(240).map((r) => r.name)).toEqual(['audio', '144p', '240p'])
  })

  it('scales a source under 144 lines to the lowest video rung rather than offering audio only', () => {
    expect(rungsFor(120).map((r) => r.name)).toEqual(['audio', '144p'])
  })
})

describe('clockOf', () => {
  it("writes 'Continue at' times as m:ss, and h:mm:ss past an hour", () => {
    expect(clockOf(0)).toBe('0:00')
    expect(clockOf(754.9)).toBe('12:34')
    expect(clockOf(3600)).toBe('1:00:00')
    expect(clockOf(3723)).toBe('1:02:03')
    expect(clockOf(-5)).toBe('0:00')
  })
})

it('knows the ladder names and nothing else', () => {
  expect(['audio', '144p', '720p'].every(isRungName)).toBe(true)
  expect(isRungName('1080p')).toBe(false)
  expect(isRungName('source')).toBe(false)
})
