// 10 durability rounds for `npm run bench`; the test suite runs 1.
import os from 'node:os'
import path from 'node:path'
import fs from 'node:fs'
import { durabilityRound } from '../tests/support/durability.ts'

const rounds = Number(process.env.DURABILITY_ROUNDS ?? 10)
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'biocoach-durability-'))
let bad = 0
for (let round = 1; round <= rounds; round++) {
  const r = await durabilityRound({
    port: Number(process.env.DURABILITY_PORT ?? 3950),
    dir: path.join(dir, `round-${round}`),
    round,
  })
  const ok = r.missing === 0 && r.duplicates === 0 && r.integrity === 'ok'
  if (!ok) bad++
  console.log(
    `round ${round}: killed after ${r.killedAfterMs} ms, ${r.acknowledged} acknowledged, ${r.stored} stored, ${r.missing} missing, ${r.duplicates} twice, integrity ${r.integrity} ${ok ? 'ok' : 'FAILED'}`,
  )
}
process.exit(bad ? 1 : 0)
