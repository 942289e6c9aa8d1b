import path from 'node:path'
import { expect, test } from '../../support/fixtures'
import { durabilityRound } from '../../support/durability'
import { E2E } from '../../support/e2e-env'

test('SIGKILL under 50 concurrent submitters loses no acknowledged submission and stores none twice', async () => {
  test.setTimeout(120_000)
  const result = await durabilityRound({ port: E2E.port + 21, dir: path.join(E2E.tmpDir, 'durability'), round: 1 })
  console.log('durability round:', result)
  expect(result.integrity).toBe('ok')
  expect(result.missing).toBe(0)
  expect(result.duplicates).toBe(0)
})
