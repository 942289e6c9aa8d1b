// A formula cannot reach users.csv behind an invisible lead-in (app/lib/csv-write.ts guards on the first visible
// character), and control characters never get into profile text at all: the edge removes them from every
// body (docs/decisions/019-input-at-the-edge.md).
import Papa from 'papaparse'
import { describe, expect, test } from 'vitest'
import { createUser } from '../../db/factories'
import * as usersCsv from '~/routes/admin/export/users-csv'
import * as users from '~/routes/api/users'
import { db } from '~/utils/db.server'
import { callApi, callRoute, CookieJar, signedInUser } from '../support/harness'

const FORMULA = '=HYPERLINK("http://x.example","y")'

async function namesInCsv(cookie: string, q: string) {
  const res = await callRoute(usersCsv.loader, `/admin/export/users.csv?q=${encodeURIComponent(q)}`, { cookie })
  const text = (await res.response!.text()).replace(/^\uFEFF/, '')
  return Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data.map((r) => r.name)
}

describe('users.csv and names that hide a formula', () => {
  test('zero-width, BOM, bell and full-width lead-ins all reach the file as text', async () => {
    const admin = await signedInUser('admin')
    const names = [
      `\u200B${FORMULA} guard-a`,
      `\uFEFF${FORMULA} guard-b`,
      `\u0007${FORMULA} guard-c`,
      `\uFF1DHYPERLINK("http://x.example","y") guard-d`,
      `\u200B \uFF0BSUM(1) guard-e`,
    ]
    for (const name of names) await createUser(db, { name })
    const written = await namesInCsv(admin.cookie, 'guard-')
    expect(written.sort()).toEqual(names.map((n) => `'${n}`).sort())
  })

  test('a control character sent as profile text is removed at the edge; the formula behind it is guarded', async () => {
    const admin = await signedInUser('admin')
    const user = await createUser(db, { name: 'Plain' })
    const jar = new CookieJar()
    await callApi(users, 'POST', '/api/v1/users/login', {
      json: { email: user.email, password: user.password },
      cookie: jar,
    })
    const res = await callApi(users, 'POST', '/api/v1/users/update-user-details', {
      json: { name: `\u0007\u0000${FORMULA} edge-z`, instituteName: 'Coll\u0000ege\u001b' },
      cookie: jar,
    })
    expect(res.status).toBe(200)
    const row = await db
      .selectFrom('users')
      .select(['name', 'institute_name'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ name: `${FORMULA} edge-z`, institute_name: 'College' })
    expect(await namesInCsv(admin.cookie, 'edge-z')).toEqual([`'${FORMULA} edge-z`])
  })
})
