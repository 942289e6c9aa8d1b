import crypto from 'node:crypto'
import { SPECULATION_RULES, THEME_SCRIPT } from '~/lib/inline-scripts'
import { getEnv, RAZORPAY_CHECKOUT, razorpayConfigured, type Env } from '~/utils/env.server'

// The Content-Security-Policy of every HTML response (docs/decisions/005-parsing-at-the-edge.md). Scripts run
// only from our origin or with this response's nonce (React Router's hydration scripts and the theme script
// carry it), so an injected <script> or on*= attribute does not run. The outside hosts are the ones the pages
// really use: YouTube for the lecture and hero videos, and Razorpay for checkout.

const YOUTUBE_FRAMES = ['https://www.youtube.com', 'https://www.youtube-nocookie.com']
const YOUTUBE_THUMBNAILS = 'https://i.ytimg.com'
// Razorpay's own hosts: checkout.js and the widget's frames live on checkout/api; the widget reports to
// lumberjack. The no-JS hosted checkout posts to them too.
const RAZORPAY_API = 'https://api.razorpay.com'
const RAZORPAY_LOGS = 'https://lumberjack.razorpay.com'

type RazorpayOrigins = { script: string[]; connect: string[]; frame: string[]; form: string[] }

/**
 * The browser-side Razorpay origins: none while the demo gateway runs (no keys), the origin of
 * RAZORPAY_CHECKOUT_URL when it is set (a stand-in serves checkout.js, the widget and the hosted page from one
 * host), else Razorpay's real hosts.
 */
export function razorpayOrigins(env: Env): RazorpayOrigins {
  if (!razorpayConfigured(env)) return { script: [], connect: [], frame: [], form: [] }
  if (env.RAZORPAY_CHECKOUT_URL) {
    const origin = new URL(env.RAZORPAY_CHECKOUT_URL).origin
    return { script: [origin], connect: [origin], frame: [origin], form: [origin] }
  }
  return {
    script: [RAZORPAY_CHECKOUT],
    connect: [RAZORPAY_CHECKOUT, RAZORPAY_API, RAZORPAY_LOGS],
    frame: [RAZORPAY_CHECKOUT, RAZORPAY_API],
    form: [RAZORPAY_CHECKOUT, RAZORPAY_API],
  }
}

/**
 * Where presigned video addresses point when the files are in a bucket (app/routes/video.ts answers a segment, the
 * MP4 and the poster with a redirect there): the S3 endpoint's origin, path-style as app/services/storage.server.ts
 * asks for. None for the local folder, whose files our own origin serves.
 */
export function storageOrigins(env: Env): string[] {
  if (!env.S3_BUCKET) return []
  const endpoint = env.S3_ENDPOINT ?? env.AWS_ENDPOINT_URL_S3
  try {
    return [endpoint ? new URL(endpoint).origin : `https://s3.${env.S3_REGION ?? 'us-east-1'}.amazonaws.com`]
  } catch {
    return []
  }
}

const sha256 = (text: string) => `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`
// Our two constant inline scripts (app/lib/inline-scripts.ts), allowed by the hash of their exact text.
const INLINE_SCRIPT_HASHES = [sha256(THEME_SCRIPT), sha256(SPECULATION_RULES)]

/**
 * The policy of one HTML response. `nonce` is the hydrating page's per-response nonce; a page that ships no
 * framework scripts passes null and runs nothing but the two hashed inline scripts.
 */
export function contentSecurityPolicy(nonce: string | null, env: Env = getEnv()): string {
  const razorpay = razorpayOrigins(env)
  const storage = storageOrigins(env)
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...(nonce ? [`'nonce-${nonce}'`] : []), ...INLINE_SCRIPT_HASHES, ...razorpay.script]],
    // Server-rendered style attributes (testimonial colours, score bars) and the checkout widget's overlay need
    // inline styles; styles cannot run code, so this is the accepted trade-off (ADR 005).
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', YOUTUBE_THUMBNAILS, ...storage]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...razorpay.connect, ...storage]],
    // The lecture video: hls.js plays through Media Source Extensions, whose buffer the <video> reads as a blob: URL.
    ['media-src', ["'self'", 'blob:', ...storage]],
    ['frame-src', [...YOUTUBE_FRAMES, ...razorpay.frame]],
    ['form-action', ["'self'", ...razorpay.form]],
    // As X-Frame-Options SAMEORIGIN (server.js): no other site frames our pages.
    ['frame-ancestors', ["'self'"]],
    ['base-uri', ["'self'"]],
    ['object-src', ["'none'"]],
  ]
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ')
}
