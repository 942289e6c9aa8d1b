import { describe, expect, it, vi } from 'vitest'

// A mail that cannot be sent gives a clear message, never a raw error. SMTP points at a closed port.
vi.hoisted(() => {
  process.env.SMTP_URL = 'smtp://127.0.0.1:9'
})

import { db } from '~/utils/db.server'
import { action as signupAction } from '~/routes/auth/signup'
import * as users from '~/routes/api/users'
import { callApi, callRoute } from '../support/harness'

const CLEAR = 'We could not send the e-mail right now. Please try again in a few minutes.'

describe('mail failures', () => {
  it('the sign-up page shows a clear message and keeps no half-made state', async () => {
    const email = `mailfail-${Date.now()}@example.test`
    const r = await callRoute(signupAction, '/signup', {
      form: { intent: 'signup', name: 'M', email, password: 'Str0ng!pass' },
    })
    expect(r.status).toBe(503)
    expect(r.data?.result).toMatchObject({ error: { '': [CLEAR] } })
    expect(
      await db.selectFrom('verifications').select('id').where('email', '=', email).executeTakeFirst(),
    ).toBeUndefined()
    // Nothing recorded, so the user may retry at once (no 15 s wait for a mail that never left).
    const again = await callRoute(signupAction, '/signup', {
      form: { intent: 'signup', name: 'M', email, password: 'Str0ng!pass' },
    })
    expect(again.status).toBe(503)
  })

  it('the API answers JSON with the same message', async () => {
    const res = await callApi(users, 'POST', '/api/v1/users/register', {
      json: { name: 'M', email: `mailfail-api-${Date.now()}@example.test`, password: 'Str0ng!pass' },
    })
    expect(res.status).toBe(500)
    expect(res.body.message).toBe(CLEAR)
  })
})
