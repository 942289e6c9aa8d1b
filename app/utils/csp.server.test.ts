import { describe, expect, it } from 'vitest'
import crypto from 'node:crypto'
import { SPECULATION_RULES, THEME_SCRIPT } from '~/lib/inline-scripts'
import { contentSecurityPolicy } from './csp.server'
import { parseEnv } from './env.server'

const directives = (policy: string) =>
  new Map(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)] as const))

describe('contentSecurityPolicy', () => {
  const hashOf = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`

  it('allows scripts only from our origin, with the nonce or by hash: no unsafe-inline, no unsafe-eval', () => {
    const csp = directives(contentSecurityPolicy('abc123', parseEnv({})))
    expect(csp.get('script-src')).toEqual(["'self'", "'nonce-abc123'", hashOf(THEME_SCRIPT), hashOf(SPECULATION_RULES)])
    expect(csp.get('object-src')).toEqual(["'none'"])
    expect(csp.get('base-uri')).toEqual(["'self'"])
    expect(csp.get('frame-ancestors')).toEqual(["'self'"])
    expect(csp.get('form-action')).toEqual(["'self'"])
    expect(csp.get('frame-src')).toEqual(['https://www.youtube.com', 'https://www.youtube-nocookie.com'])
    expect(csp.get('img-src')).toContain('https://i.ytimg.com')
  })

  it('a page without framework scripts has no nonce: only the two inline scripts of ours run, by their hash', () => {
    const csp = directives(contentSecurityPolicy(null, parseEnv({})))
    expect(csp.get('script-src')).toEqual(["'self'", hashOf(THEME_SCRIPT), hashOf(SPECULATION_RULES)])
    expect(csp.get('script-src')!.join(' ')).not.toContain('nonce')
  })

  it("with Razorpay keys, Razorpay's real hosts for checkout.js, the widget's frames and the hosted page", () => {
    const csp = directives(
      contentSecurityPolicy('n', parseEnv({ RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 's' })),
    )
    expect(csp.get('script-src')).toEqual([
      "'self'",
      "'nonce-n'",
      hashOf(THEME_SCRIPT),
      hashOf(SPECULATION_RULES),
      'https://checkout.razorpay.com',
    ])
    expect(csp.get('frame-src')).toEqual(
      expect.arrayContaining(['https://checkout.razorpay.com', 'https://api.razorpay.com']),
    )
    expect(csp.get('form-action')).toEqual(["'self'", 'https://checkout.razorpay.com', 'https://api.razorpay.com'])
    expect(csp.get('connect-src')).toContain('https://api.razorpay.com')
  })

  it('RAZORPAY_CHECKOUT_URL replaces those hosts with its origin (a stand-in)', () => {
    const env = parseEnv({
      RAZORPAY_KEY_ID: 'rzp_test_x',
      RAZORPAY_KEY_SECRET: 's',
      RAZORPAY_CHECKOUT_URL: 'http://localhost:3402/',
    })
    const csp = directives(contentSecurityPolicy('n', env))
    for (const name of ['script-src', 'connect-src', 'frame-src', 'form-action'])
      expect(csp.get(name)).toContain('http://localhost:3402')
    expect(contentSecurityPolicy('n', env)).not.toContain('razorpay.com')
  })
})
