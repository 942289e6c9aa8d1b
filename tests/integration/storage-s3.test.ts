import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
// @ts-expect-error s3rver ships no type declarations (test-only stand-in)
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newKey, s3Storage, type Storage } from '~/services/storage.server'

// The S3 adapter against a local S3-compatible server (checksum settings, path style).
let server: { run(): Promise<unknown>; close(): Promise<void> }
let storage: Storage
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'biocoach-s3rver-'))

beforeAll(async () => {
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'uploads', configs: [] }],
  })
  const address = (await server.run()) as { port: number }
  storage = s3Storage({
    bucket: 'uploads',
    endpoint: `http://127.0.0.1:${address.port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  })
})

afterAll(async () => {
  await server.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('s3Storage', () => {
  it('puts, gets (same bytes and type) and deletes an object', async () => {
    const key = newKey('profile', 'png')
    const body = new Uint8Array(200_000).map((_, i) => (i * 31) % 256)
    body.set([0x89, 0x50, 0x4e, 0x47])
    await storage.put(key, body, 'image/png')
    const got = await storage.get(key)
    expect(got?.contentType).toBe('image/png')
    expect(Buffer.from(got!.body).equals(Buffer.from(body))).toBe(true)
    await storage.delete(key)
    expect(await storage.get(key)).toBeNull()
  })

  it('answers null for a missing object and refuses keys it did not make', async () => {
    expect(await storage.get(newKey('profile', 'png'))).toBeNull()
    expect(await storage.get('../etc/passwd')).toBeNull()
    await expect(storage.put('profile/evil.html', new Uint8Array([1]), 'text/html')).rejects.toThrow(
      /invalid storage key/,
    )
  })
})
