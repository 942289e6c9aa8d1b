import { describe, expect, test } from 'vitest'
import { createUser } from '../../db/factories'
import { getUser, userFromCookieHeader } from '~/auth/session.server'
import { db } from '~/utils/db.server'
import { signedInCookie } from '../support/harness'

// Who a session cookie names: the session and the user are read in one query; an expired session is nobody and its
// row is deleted; a deleted user or a forged cookie is nobody. The pages (getUser) and server.js's exam lane
// (userFromCookieHeader) read it the same way.

const pageUser = (cookie: string) => getUser(new Request('http://localhost/', { headers: { Cookie: cookie } }))

describe('the signed-in user of a request', () => {
  test('a live session names its user, on both paths', async () => {
    const user = await createUser(db)
    const cookie = await signedInCookie(user.id)
    expect((await pageUser(cookie))?.id).toBe(user.id)
    expect((await userFromCookieHeader(cookie))?.id).toBe(user.id)
  })

  test('an expired session is nobody, and its row is deleted', async () => {
    const user = await createUser(db)
    const cookie = await signedInCookie(user.id)
    await db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute()
    expect(await userFromCookieHeader(cookie)).toBeNull()
    expect(await db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0)
    expect(await pageUser(cookie)).toBeNull()
  })

  test('a deleted user, a forged cookie or none is nobody', async () => {
    const user = await createUser(db)
    const cookie = await signedInCookie(user.id)
    await db.deleteFrom('sessions').where('user_id', '=', user.id).execute()
    expect(await pageUser(cookie)).toBeNull()
    expect(await userFromCookieHeader('__session=forged.value')).toBeNull()
    expect(await userFromCookieHeader(undefined)).toBeNull()
  })
})
