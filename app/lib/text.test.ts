import { describe, expect, test } from 'vitest'
import { isTruncated, truncate } from './text'

describe('truncate (testimonials are cut after 210 characters)', () => {
  test('leaves text of at most 210 characters unchanged', () => {
    const exact = 'a'.repeat(210)
    expect(truncate(exact)).toBe(exact)
    expect(truncate('short')).toBe('short')
    expect(truncate('')).toBe('')
    expect(isTruncated(exact)).toBe(false)
  })

  test('cuts after 210 characters and adds an ellipsis', () => {
    const long = 'b'.repeat(211)
    expect(truncate(long)).toBe('b'.repeat(210) + '...')
    expect(isTruncated(long)).toBe(true)
  })

  test('honours a custom limit and drops trailing spaces before the ellipsis', () => {
    expect(truncate('hello world again', 6)).toBe('hello...')
    expect(truncate('hello world again', 5)).toBe('hello...')
  })

  test('never splits a character made of two UTF-16 units', () => {
    const text = '🧬'.repeat(5)
    expect(truncate(text, 3)).toBe('🧬🧬🧬...')
  })
})
