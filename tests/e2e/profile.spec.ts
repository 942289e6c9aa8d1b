import crypto from 'node:crypto'
import { createCourse, enrol } from '../../db/factories'
import { expect, expectToast, test } from '../support/fixtures'

// Profile and Edit profile, with JavaScript on and off.
const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0,
  0x1f, 0x15, 0xc4, 0x89, 0, 0, 0, 0, 73, 69, 78, 68, 0xae, 0x42, 0x60, 0x82,
])

test('profile shows the details, badge, enrolled courses and the Mock Test Series link', async ({
  page,
  db,
  loginAs,
}) => {
  const title = `Genetics ${crypto.randomBytes(3).toString('hex')}`
  const user = await loginAs('user', {
    name: 'Priya Sen',
    mobileNumber: '9876543210',
    instituteName: 'Presidency University',
    presentCourseOfStudy: 'B.Sc Microbiology',
    isPremiumMember: true,
    hasAccessToQuizzes: true,
  })
  const course = await createCourse(db, { courseTitle: title, cardTitle: title })
  await enrol(db, { userId: user.id, courseId: course.id })
  await page.goto('/profile')
  await expect(page.getByRole('heading', { name: 'Priya Sen' })).toBeVisible()
  await expect(page.getByText('Premium Member')).toBeVisible()
  await expect(page.getByText(/Member since [A-Z][a-z]+ \d{4}/)).toBeVisible()
  for (const text of [user.email, '9876543210', 'Presidency University', 'B.Sc Microbiology'])
    await expect(page.getByText(text)).toBeVisible()
  await expect(page.getByRole('link', { name: title })).toHaveAttribute('href', `/my-courses/${course.id}`)
  await expect(page.getByRole('link', { name: 'Mock Test Series' })).toHaveAttribute('href', '/quizzes')
  await page.getByRole('link', { name: 'Edit Profile' }).click()
  await expect(page).toHaveURL('/profile/edit')
})

test('no Mock Test Series link or badge without access', async ({ page, loginAs }) => {
  await loginAs('user', { name: 'Plain Learner' })
  await page.goto('/profile')
  await expect(page.getByRole('heading', { name: 'Plain Learner' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Mock Test Series' })).toHaveCount(0)
  await expect(page.getByText('Premium Member')).toHaveCount(0)
})

test('edit details: 10-digit mobile rule, read-only e-mail, saved with a toast', async ({ page, loginAs }) => {
  const user = await loginAs('user', { name: 'Old Name' })
  await page.goto('/profile/edit')
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(user.email)
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('readonly', '')
  await page.getByLabel('Full Name').fill('New Name')
  await page.getByLabel('Mobile Number').fill('12345')
  await page.getByRole('button', { name: 'Update Profile' }).click()
  await expect(page.getByText('Mobile number must be exactly 10 digits')).toBeVisible()
  await page.getByLabel('Mobile Number').fill('9123456789')
  await page.getByLabel('Institute Name').fill('St. Xavier’s College')
  await page.getByLabel('Present Course of Study').fill('M.Sc')
  await page.getByRole('button', { name: 'Update Profile' }).click()
  await expectToast(page, 'User info updated')
  await expect(page).toHaveURL('/profile')
  await expect(page.getByRole('heading', { name: 'New Name' })).toBeVisible()
  await expect(page.getByText('9123456789')).toBeVisible()
  await page.goto('/profile/edit')
  await page.getByRole('link', { name: /Back to Profile/ }).click()
  await expect(page).toHaveURL('/profile')
})

test('photo: no file, wrong type, too big, then a real PNG used by the nav avatar', async ({
  page,
  loginAs,
  request,
}) => {
  await loginAs('user', { name: 'Photo Learner' })
  await page.goto('/profile/edit')
  const upload = page.getByRole('button', { name: 'Upload' })
  await upload.click()
  await expect(page.getByText('Please select an image').first()).toBeVisible()

  await page.getByLabel('Profile Photo').setInputFiles({
    name: 'evil.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<html><script>alert(1)</script></html>'),
  })
  await upload.click()
  await expect(page.getByText(/Upload failed/).first()).toBeVisible()
  await expect(page.getByText('Only PNG, JPG/JPEG or WebP images are allowed').first()).toBeVisible()

  const big = Buffer.alloc(1024 * 1024 + 1)
  PNG.copy(big)
  await page.getByLabel('Profile Photo').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big })
  await upload.click()
  await expect(page.getByText(/larger than 1 MB/).first()).toBeVisible()

  await page.getByLabel('Profile Photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG })
  await upload.click()
  await expectToast(page, 'Image Uploaded Successfully')
  const src = await page.getByAltText("Photo Learner's avatar").getAttribute('src')
  expect(src).toMatch(/^\/uploads\/profile\/[0-9a-f]{24}\.png$/)
  await expect(page.getByLabel('Open profile card').locator('img')).toHaveAttribute('src', src!)
  const res = await request.get(src!)
  expect(res.status()).toBe(200)
  expect(res.headers()['content-type']).toBe('image/png')
  // server.js and the uploads route both set it; the header's first value is what browsers read.
  expect(res.headers()['x-content-type-options']).toMatch(/^nosniff\b/)
})
