import crypto from 'node:crypto'
import type { Page } from '@playwright/test'
import { expect, expectToast, mailDir, test } from '../support/fixtures'
import { codeFrom, waitForMail } from '../support/smtp-sink'

// Every account flow with JavaScript on and off; codes are read from the real SMTP sink.
const js = () => test.info().project.name === 'js'
const uniqueEmail = (tag: string) => `${tag}-${crypto.randomBytes(5).toString('hex')}@example.test`

async function enterCode(page: Page, code: string) {
  const boxes = page.locator('input[name="otp"]')
  await expect(boxes).toHaveCount(6)
  if (js()) {
    // With JS typing moves from box to box on its own.
    await boxes.first().click()
    await page.keyboard.type(code)
    await expect(boxes.last()).toHaveValue(code[5])
  } else {
    for (let i = 0; i < 6; i++) await boxes.nth(i).fill(code[i])
  }
  await page.getByRole('button', { name: 'Verify' }).click()
}

/** Signed in: the header shows the avatar that opens the profile card. */
const avatar = (page: Page) => page.getByLabel('Open profile card')

async function signOut(page: Page) {
  await avatar(page).click()
  await page.getByRole('button', { name: 'Sign Out' }).first().click()
  await expect(avatar(page)).toHaveCount(0)
}

async function signUp(page: Page, email: string, password = 'Str0ng!pass') {
  await page.goto('/signup')
  await page.getByLabel('Name').fill('Asha Roy')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  const since = Date.now()
  await page.getByRole('button', { name: 'Sign Up' }).click()
  await expect(page).toHaveURL(/\/signup\?step=verify/)
  return codeFrom(await waitForMail(mailDir, email, since))
}

test('sign up, verify the code, sign out, log back in', async ({ page, db }) => {
  const email = uniqueEmail('signup')
  const code = await signUp(page, email)
  // The account does not exist until the code verifies.
  expect(await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined()
  await expectToast(page, 'OTP send to your email')
  await enterCode(page, code)
  await expect(page.getByText('Account created successfully').first()).toBeVisible()
  await expect(page).toHaveURL('/', { timeout: 5000 })
  await expect(avatar(page)).toBeVisible()
  expect(await db.selectFrom('users').select('name').where('email', '=', email).executeTakeFirst()).toEqual({
    name: 'Asha Roy',
  })

  await signOut(page)
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('Str0ng!pass')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL('/')
  await expect(avatar(page)).toBeVisible()
})

test('sign-up form: every password rule listed together, existing e-mail refused', async ({ page, makeUser }) => {
  await page.goto('/signup')
  await page.getByLabel('Name').fill('Weak Pw')
  await page.getByLabel('Email').fill(uniqueEmail('weak'))
  await page.getByLabel('Password').fill('abc')
  await page.getByRole('button', { name: 'Sign Up' }).click()
  for (const m of [
    'Password must be at least 8 characters long.',
    'Password must contain at least one special character.',
    'Password must contain at least one uppercase letter.',
    'Password must contain at least one digit.',
  ]) {
    await expect(page.getByText(m)).toBeVisible()
  }
  await expect(page.getByText('Password must contain at least one lowercase letter.')).toHaveCount(0)

  const existing = await makeUser('user')
  await page.getByLabel('Email').fill(existing.email)
  await page.getByLabel('Password').fill('Str0ng!pass')
  await page.getByRole('button', { name: 'Sign Up' }).click()
  await expect(page.getByText('User with this email already exists')).toBeVisible()
})

test('code step: missing digits, a wrong code, resend after the countdown', async ({ page }) => {
  const email = uniqueEmail('otp')
  const code = await signUp(page, email)
  const boxes = page.locator('input[name="otp"]')
  await boxes.nth(0).fill(code[0])
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByText('Please enter all digits of the OTP.')).toBeVisible()

  const wrong = code === '000000' ? '111111' : '000000'
  await enterCode(page, wrong)
  await expect(page.getByText('Invalid OTP')).toBeVisible()

  if (js()) {
    await expect(page.getByText(/Resend code in \d+s/)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Resend Code' })).toBeVisible({ timeout: 20_000 })
  } else {
    // Without JS the link is always there; the server holds the 15 s.
    await page.getByRole('button', { name: 'Resend Code' }).click()
    await expect(page.getByText(/Please wait \d+ seconds before requesting a new code/)).toBeVisible()
    await page.waitForTimeout(15_500)
  }
  const since = Date.now()
  await page.getByRole('button', { name: 'Resend Code' }).click()
  await expectToast(page, 'OTP resend to your email')
  const fresh = codeFrom(await waitForMail(mailDir, email, since))
  await enterCode(page, fresh)
  await expect(page).toHaveURL('/', { timeout: 5000 })
})

test('login: unknown user, wrong password, safe redirectTo', async ({ page, makeUser }) => {
  const user = await makeUser('user')
  await page.goto('/login')
  await page.getByLabel('Email').fill(uniqueEmail('nobody'))
  await page.getByLabel('Password').fill('whatever1')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByText('User does not exist')).toBeVisible()

  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password').fill('Wrong-pass1')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByText('Invalid Credentials')).toBeVisible()

  await page.goto('/login?redirectTo=//evil.example/x')
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL('/')
})

test('guards: protected pages send guests to login and back; guest pages send members home; admin is staff-only', async ({
  page,
  loginAs,
}) => {
  await page.goto('/profile')
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile/)
  const user = await loginAs('user')
  for (const path of ['/login', '/signup', '/forgot-password']) {
    await page.goto(path)
    await expect(page).toHaveURL('/')
  }
  await page.goto('/admin/dashboard')
  await expect(page).toHaveURL('/')
  await page.goto('/profile')
  await expect(page.getByRole('heading', { name: 'Test user' })).toBeVisible()
  expect(user.email).toContain('@')
})

test('login returns to the page that asked for it', async ({ page, makeUser }) => {
  const user = await makeUser('user')
  await page.goto('/profile')
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL('/profile')
})

test('forgot password: unknown e-mail, code, mismatch, reset, log in with the new password', async ({
  page,
  makeUser,
}) => {
  await page.goto('/forgot-password')
  await page.getByLabel('Email').fill(uniqueEmail('ghost'))
  await page.getByRole('button', { name: 'Send OTP' }).click()
  await expect(page.getByText('User does not exist')).toBeVisible()

  const user = await makeUser('user')
  await page.getByLabel('Email').fill(user.email)
  const since = Date.now()
  await page.getByRole('button', { name: 'Send OTP' }).click()
  await expect(page).toHaveURL(/step=verify/)
  await enterCode(page, codeFrom(await waitForMail(mailDir, user.email, since)))
  await expect(page).toHaveURL(/step=reset/)
  await expectToast(page, 'OTP verified successfully')

  const pw = page.getByLabel('New Password', { exact: true })
  const confirm = page.getByLabel('Confirm Password', { exact: true })
  if (js()) await expect(page.getByRole('button', { name: /show new password/i })).toHaveCount(0)
  await pw.fill('N3w!password')
  await confirm.fill('N3w!passwore')
  if (js()) {
    // The toggle appears once text is entered, and shows the text.
    await page.getByRole('button', { name: /show new password/i }).click()
    await expect(pw).toHaveAttribute('type', 'text')
  }
  await page.getByRole('button', { name: 'Reset Password' }).click()
  await expect(page.getByText('Password and confirm password must be same')).toBeVisible()

  await pw.fill('N3w!password')
  await confirm.fill('N3w!password')
  await page.getByRole('button', { name: 'Reset Password' }).click()
  await expect(page.getByText('Password reset successfully').first()).toBeVisible()
  await expect(page).toHaveURL('/login', { timeout: 5000 })

  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password').fill('N3w!password')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL('/')
})

test('the reset form is not offered without a verified code', async ({ page }) => {
  await page.goto('/forgot-password?step=reset')
  await expect(page.getByLabel('New Password', { exact: true })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Send OTP' })).toBeVisible()
})

// A second browser's sign-up for the same e-mail used to replace the pending name and password, so
// the owner's code created the account with the attacker's password.
test('another browser signing up with my e-mail cannot take over my sign-up', async ({ page, browser, db }) => {
  const email = uniqueEmail('hijack')
  const ownerCode = await signUp(page, email, 'Owner!pass1')
  // The attacker waits out the resend cooldown (here: the row is backdated) and signs up in their own browser.
  await db
    .updateTable('verifications')
    .set({ last_sent_at: new Date(Date.now() - 60_000).toISOString() })
    .where('email', '=', email)
    .execute()
  const attackerContext = await browser.newContext({ javaScriptEnabled: js() })
  const attacker = await attackerContext.newPage()
  await attacker.goto('/signup')
  await attacker.getByLabel('Name').fill('Attacker')
  await attacker.getByLabel('Email').fill(email)
  await attacker.getByLabel('Password').fill('Attack!pass1')
  await attacker.getByRole('button', { name: 'Sign Up' }).click()
  await expect(attacker).toHaveURL(/\/signup\?step=verify/)
  await attackerContext.close()

  // The owner enters the code mailed for their own sign-up: the account is theirs, with their password.
  await enterCode(page, ownerCode)
  await expect(page.getByText('Account created successfully').first()).toBeVisible()
  expect(await db.selectFrom('users').select('name').where('email', '=', email).executeTakeFirst()).toEqual({
    name: 'Asha Roy',
  })
  await signOut(page)
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('Attack!pass1')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByText('Invalid Credentials')).toBeVisible()
  await page.getByLabel('Password').fill('Owner!pass1')
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL('/')
  await expect(avatar(page)).toBeVisible()
})

// '/\t/evil.example/' passed the old check; the browser strips the tab and leaves the site.
test("login with the review's redirectTo stays on the site", async ({ page, makeUser }) => {
  const user = await makeUser('user')
  await page.goto('/login?redirectTo=%2F%09%2Fevil.example%2F')
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL('/')
  expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host)
})
