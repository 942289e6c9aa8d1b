import crypto from 'node:crypto'
import { isId } from '~/lib/ids'
import { sessionSecrets } from '~/utils/env.server'

// A video address names its learner (docs/decisions/033-lecture-video.md): `/video/<token>/...`, where the token is
// base64url of 12 bytes of video id, 12 bytes of user id, 4 bytes of expiry (Unix seconds) and the first 16 bytes of
// an HMAC-SHA256 of those 28 bytes with the session secret (app/utils/env.server.ts `sessionSecrets`: the first signs,
// any verifies, so rotating SESSION_SECRET keeps addresses made just before it working). 59 characters, no dot, so
// the path stays a path and the ladder's relative URIs (`144p/index.m3u8`, `seg_00001.m4s`) resolve under it.
//
// Lifetime: 4 hours. A lecture is at most 2-3 hours, and a learner who pauses for lunch must be able to press play
// again without reloading; after that, reloading the page makes a new address (the route says so in its 403). The
// expiry is rounded up to the next quarter hour, so reloading the page soon after gives the same addresses and the
// browser's cache (Cache-Control private) still answers for the segments it already has: data saved on 2G.

export const VIDEO_TOKEN_SECONDS = 4 * 60 * 60
const ROUND_SECONDS = 15 * 60
const MAC_BYTES = 16
const PAYLOAD_BYTES = 28

const mac = (secret: string, payload: Buffer) =>
  crypto.createHmac('sha256', secret).update(payload).digest().subarray(0, MAC_BYTES)

/** The token for `userId` watching video `videoId`, valid about VIDEO_TOKEN_SECONDS from `now`. */
export function makeVideoToken(videoId: string, userId: string, now = new Date()): string {
  if (!isId(videoId) || !isId(userId)) throw new Error('video tokens are made for 24-hex ids only')
  const expires = Math.ceil((now.getTime() / 1000 + VIDEO_TOKEN_SECONDS) / ROUND_SECONDS) * ROUND_SECONDS
  const payload = Buffer.alloc(PAYLOAD_BYTES)
  payload.write(videoId, 0, 'hex')
  payload.write(userId, 12, 'hex')
  payload.writeUInt32BE(expires, 24)
  return Buffer.concat([payload, mac(sessionSecrets()[0]!, payload)]).toString('base64url')
}

export type VideoToken = { videoId: string; userId: string; expiresAt: Date }

/**
 * What a token says, when our secret signed it: 'expired' past its expiry, null when it is not one of ours (forged,
 * cut, altered). Compared in constant time.
 */
export function readVideoToken(token: string, now = new Date()): VideoToken | 'expired' | null {
  if (!/^[A-Za-z0-9_-]{59}$/.test(token)) return null
  const bytes = Buffer.from(token, 'base64url')
  if (bytes.length !== PAYLOAD_BYTES + MAC_BYTES) return null
  const payload = bytes.subarray(0, PAYLOAD_BYTES)
  const given = bytes.subarray(PAYLOAD_BYTES)
  if (!sessionSecrets().some((secret) => crypto.timingSafeEqual(mac(secret, payload), given))) return null
  const expiresAt = new Date(payload.readUInt32BE(24) * 1000)
  if (expiresAt.getTime() <= now.getTime()) return 'expired'
  return {
    videoId: payload.subarray(0, 12).toString('hex'),
    userId: payload.subarray(12, 24).toString('hex'),
    expiresAt,
  }
}
