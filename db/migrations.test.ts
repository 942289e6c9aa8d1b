import fs from 'node:fs'
import { describe, expect, test } from 'vitest'
import { migrations } from './migrations'

describe('migration list', () => {
  test('every file in migrations/ is registered in db/migrations.ts', () => {
    const files = fs
      .readdirSync('migrations')
      .filter((f) => f.endsWith('.ts'))
      .map((f) => f.replace(/\.ts$/, ''))
      .sort()
    expect(Object.keys(migrations).sort()).toEqual(files)
  })
})
