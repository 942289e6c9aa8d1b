import { describe, expect, it } from 'vitest'
import { safeRedirect } from './safe-redirect'

// Open redirects and the 500s on odd characters.
describe('safeRedirect', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeRedirect('/profile')).toBe('/profile')
    expect(safeRedirect('/checkout/gate-2027?coupon=WELCOME10')).toBe('/checkout/gate-2027?coupon=WELCOME10')
    expect(safeRedirect('/quiz/abc#q3')).toBe('/quiz/abc#q3')
    expect(safeRedirect('/a/../b')).toBe('/b')
  })

  it('refuses everything a browser would take off-site', () => {
    for (const evil of [
      '/\t/evil.example/', // %2F%09%2Fevil.example%2F, decoded: browsers strip the tab
      '/\n/evil.example/',
      '/\r\n/evil.example/',
      '//evil.example/',
      '/\\evil.example/',
      '\\/evil.example/',
      '/ /evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'evil.example',
      '/\u0000/evil.example',
      '/\u007f/evil.example',
    ]) {
      const out = safeRedirect(evil)
      expect(out, JSON.stringify(evil)).toBe('/')
      expect(new URL(out, 'https://biocoach.example').origin).toBe('https://biocoach.example')
    }
  })

  it('makes non-ASCII safe for a Location header instead of failing', () => {
    const out = safeRedirect('/courses/জীববিদ্যা')
    expect(out).toBe('/courses/' + encodeURIComponent('জীববিদ্যা'))
    expect(() => new Headers({ Location: out })).not.toThrow()
  })

  it('falls back for empty, non-string and oversized values', () => {
    expect(safeRedirect(null)).toBe('/')
    expect(safeRedirect('')).toBe('/')
    expect(safeRedirect(new File([], 'x'))).toBe('/')
    expect(safeRedirect('/' + 'a'.repeat(5000), '/quizzes')).toBe('/quizzes')
  })
})
