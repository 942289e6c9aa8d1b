// The operator commands `npm run user` and `npm run db:backup` (README), run as an operator would.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { describe, expect, test } from 'vitest'
import { verifyPassword } from '~/lib/password.server'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'biocoach-scripts-'))
const dbPath = path.join(dir, 'app.db')
const run = (script: string, args: string[]) =>
  spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', script, ...args], {
    env: { ...process.env, DATABASE_PATH: dbPath },
    encoding: 'utf8',
  })

describe('npm run user', () => {
  test('creates a verified account with the role and prints its id; a second run updates it', async () => {
    const first = run('scripts/user.ts', [
      '--email',
      'Ops@Example.test',
      '--password',
      'Strong#Pass1',
      '--name',
      'Ops',
      '--role',
      'admin',
    ])
    expect(first.status).toBe(0)
    const id = first.stdout.trim()
    expect(id).toMatch(/^[0-9a-f]{24}$/)
    const again = run('scripts/user.ts', [
      '--email',
      'ops@example.test',
      '--password',
      'Other#Pass2',
      '--name',
      'Ops Two',
      '--role',
      'instructor',
    ])
    expect(again.status).toBe(0)
    expect(again.stdout.trim()).toBe(id)
    const db = new SQLite(dbPath, { readonly: true })
    const row = db.prepare('select name, role, email, password_hash from users where id = ?').get(id) as Record<
      string,
      string
    >
    db.close()
    expect(row).toMatchObject({ name: 'Ops Two', role: 'instructor', email: 'ops@example.test' })
    expect(await verifyPassword('Other#Pass2', row.password_hash)).toBe(true)
  })

  test('bad input exits non-zero with a clear message', () => {
    const bad = run('scripts/user.ts', ['--email', 'nope', '--password', 'weak', '--name', 'X', '--role', 'king'])
    expect(bad.status).not.toBe(0)
    expect(bad.stderr).toMatch(/--email must be an e-mail address/)
    expect(bad.stderr).toMatch(/--role must be admin, instructor or user/)
    expect(bad.stderr).toMatch(/Password must be at least 8 characters long\./)
  })
})

describe('npm run db:backup', () => {
  test('writes a consistent copy', () => {
    const target = path.join(dir, 'backup', 'copy.db')
    const res = run('scripts/db-backup.ts', [target])
    expect(res.status).toBe(0)
    const copy = new SQLite(target, { readonly: true })
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok')
    expect((copy.prepare('select count(*) as n from users').get() as { n: number }).n).toBeGreaterThan(0)
    copy.close()
  })

  test('without a target it explains the usage', () => {
    const res = run('scripts/db-backup.ts', [])
    expect(res.status).not.toBe(0)
    expect(res.stderr).toMatch(/Usage: npm run db:backup -- <file>/)
  })
})
