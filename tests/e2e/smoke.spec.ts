import { expect, test } from '../support/fixtures'

test('health check and home page answer', async ({ page, request }) => {
  expect(await (await request.get('/healthz')).text()).toBe('ok')
  await page.goto('/')
  await expect(page).toHaveTitle(/BioCoach/)
})

test('a signed-in learner sees Sign Out', async ({ page, loginAs }) => {
  await loginAs('user')
  await page.goto('/')
  // Sign Out sits in the profile card the avatar opens (the top navigation).
  await page.getByLabel('Open profile card').click()
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible()
})
