// A file name with '../' never reaches a path; uploads are stored under random server-made keys.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createUser } from '../../db/factories'
import { loader as uploadsLoader } from '~/routes/system/uploads'
import { db } from '~/utils/db.server'
import * as users from '~/routes/api/users'
import { callApi, callRoute, CookieJar } from '../support/harness'

const png = () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82])
const uploadsDir = process.env.UPLOADS_DIR!

function allFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? allFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]))
}

describe('upload file names', () => {
  it("a '../' file name is ignored: the photo lands under a random key inside the uploads folder", async () => {
    const user = await createUser(db, { email: `traversal-${Date.now()}@example.test` })
    const jar = new CookieJar()
    await callApi(users, 'POST', '/api/v1/users/login', {
      json: { email: user.email, password: user.password },
      cookie: jar,
    })
    const form = new FormData()
    form.set('profileImage', new File([png()], '../../../../tmp/evil-traversal.png', { type: 'image/png' }))
    const res = await callApi(users, 'POST', '/api/v1/users/update-user-profile-image', {
      multipart: form,
      cookie: jar,
    })
    expect(res.status).toBe(200)
    const row = await db.selectFrom('users').select('profile_image').where('id', '=', user.id).executeTakeFirstOrThrow()
    expect(row.profile_image).toMatch(/^\/uploads\/profile\/[0-9a-f]{24}\.png$/)
    expect(fs.existsSync('/tmp/evil-traversal.png')).toBe(false)
    for (const file of allFiles(uploadsDir)) {
      expect(path.resolve(file).startsWith(path.resolve(uploadsDir))).toBe(true)
      expect(path.basename(file)).not.toContain('evil')
    }
  })

  it("the uploads route never turns '../' into a path", async () => {
    for (const key of [
      '../../etc/passwd',
      'profile/../../app.db',
      '..%2F..%2Fapp.db',
      'notes/0123456789abcdef01234567.pdf',
    ]) {
      const res = await callRoute(uploadsLoader, `/uploads/${key}`, { params: { '*': key } })
      expect(res.status, key).toBe(404)
    }
  })
})
