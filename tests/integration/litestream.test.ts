// The Litestream drill with the binary from @flydotio/litestream and a file replica.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { describe, expect, test } from 'vitest'
import { litestreamBin, restore, sleep, startReplicate, startWriter, stop, writeConfig } from '../support/litestream'

function stats(file: string) {
  const db = new SQLite(file, { readonly: true })
  const row = db.prepare('select count(*) as n, max(at) as last from writes').get() as { n: number; last: number }
  const integrity = db.pragma('integrity_check', { simple: true })
  db.close()
  return { ...row, integrity }
}

describe('litestream drill', () => {
  test('the binary from the npm package runs', () => {
    expect(fs.existsSync(litestreamBin)).toBe(true)
  })

  test('replicate under write load, stop, restore: equal rows and a clean integrity_check', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'litestream-'))
    const dbPath = path.join(dir, 'app.db')
    const config = writeConfig(dir, dbPath, path.join(dir, 'replica'))
    const writer = startWriter(dbPath)
    await sleep(500)
    const replicate = startReplicate(config)
    await sleep(3000)
    await stop(writer)
    await sleep(1500) // let the last WAL frames reach the replica
    await stop(replicate)
    const restored = path.join(dir, 'restored.db')
    await restore(config, dbPath, restored)
    const original = stats(dbPath)
    const copy = stats(restored)
    expect(original.n).toBeGreaterThan(1000)
    expect(copy.integrity).toBe('ok')
    expect(copy.n).toBe(original.n)
  }, 30_000)

  test('SIGKILL mid-write loses at most 1 s of writes', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'litestream-kill-'))
    const dbPath = path.join(dir, 'app.db')
    const config = writeConfig(dir, dbPath, path.join(dir, 'replica'))
    const writer = startWriter(dbPath)
    await sleep(500)
    const replicate = startReplicate(config)
    await sleep(3000 + Math.random() * 1000)
    // The machine dies: both the app and Litestream stop at once, mid-write.
    await Promise.all([stop(writer, 'SIGKILL'), stop(replicate, 'SIGKILL')])
    const restored = path.join(dir, 'restored.db')
    await restore(config, dbPath, restored)
    const original = stats(dbPath)
    const copy = stats(restored)
    expect(copy.integrity).toBe('ok')
    const lostMs = original.last - copy.last
    console.log(`litestream SIGKILL drill: ${original.n - copy.n} rows / ${lostMs} ms of writes lost`)
    expect(lostMs).toBeLessThanOrEqual(1000)
  }, 30_000)
})
