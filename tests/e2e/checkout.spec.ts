import crypto from 'node:crypto'
import type { Page } from '@playwright/test'
import type { DB } from '../../db/client'
import { createCoupon, createCourse, createUser } from '../../db/factories'
import { expect, test } from '../support/fixtures'
import { signInOn, startDemoGatewayApp, type PrivateApp } from '../support/private-app'

// Purchase flows, each with JS on and off: through the Razorpay-shaped stand-in (the main e2e
// server has its keys: widget with JS, hosted page without) and through the demo gateway (a second app server
// started without keys).

const nojs = () => test.info().project.name === 'nojs'
const unique = () => crypto.randomBytes(4).toString('hex')

async function enrolmentCount(db: DB, userId: string, courseId: string) {
  return (
    await db
      .selectFrom('enrollments')
      .select('id')
      .where('user_id', '=', userId)
      .where('course_id', '=', courseId)
      .where('is_active', '=', 1)
      .execute()
  ).length
}

async function payThroughRazorpay(page: Page) {
  if (nojs()) {
    await page.getByRole('button', { name: /^Pay ₹.* with Razorpay$/ }).click()
    await expect(page.getByRole('heading', { name: 'Razorpay hosted checkout (stand-in)' })).toBeVisible()
    await page.getByRole('button', { name: 'Pay now' }).click()
  } else {
    const widget = page.getByRole('dialog', { name: 'Razorpay Checkout (stand-in)' })
    await expect(widget).toBeVisible()
    await widget.getByRole('button', { name: 'Pay now' }).click()
  }
}

test.describe('checkout through Razorpay (stand-in)', () => {
  test('apply a coupon, pay, land on payment success, enrolled once at the coupon price', async ({
    page,
    db,
    loginAs,
  }) => {
    const link = `buy-${unique()}`
    const course = await createCourse(db, {
      linkAddress: link,
      courseTitle: `Genetics ${link}`,
      actualPrice: 4999,
      discountedPrice: 3000,
    })
    await createCoupon(db, { courseId: course.id, code: 'save10', discount: 10 })
    const user = await loginAs('user')
    await page.goto(`/checkout/${link}`)
    await expect(page.getByRole('heading', { name: `Genetics ${link}` })).toBeVisible()
    await expect(page.getByTestId('payable-price')).toHaveText('₹3,000')

    await page.getByLabel('Coupon code').fill('save10')
    if (!nojs()) await expect(page.getByLabel('Coupon code')).toHaveValue('SAVE10')
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(page.getByText('Coupon applied! You got 10% off').first()).toBeVisible()
    await expect(page.getByTestId('payable-price')).toHaveText('₹2,700')

    await page.getByLabel('WhatsApp number').fill('9876543210')
    await page.getByRole('button', { name: 'Proceed to Payment' }).click()
    await payThroughRazorpay(page)

    await expect(page.getByRole('heading', { name: 'Woohooo!' })).toBeVisible()
    await expect(page.getByText('Your course purchase was successful.')).toBeVisible()
    await expect(page.getByTestId('payment-id')).toHaveText(/^pay_[A-Za-z0-9]{14}$/)
    // CSS confetti (the page ships no script), with JavaScript on and off alike.
    await expect(page.getByTestId('confetti').locator('i')).toHaveCount(10)
    await expect(page.getByRole('link', { name: 'Start Learning' })).toHaveAttribute('href', '/profile')

    expect(await enrolmentCount(db, user.id, course.id)).toBe(1)
    const order = await db
      .selectFrom('orders')
      .select(['amount_paise', 'status', 'coupon_id'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(order).toMatchObject({ amount_paise: 270000, status: 'paid' })
    expect(order.coupon_id).not.toBeNull()

    await page.goto(`/checkout/${link}`)
    await expect(page.getByRole('link', { name: 'Go to My Course' })).toHaveAttribute(
      'href',
      `/my-courses/${course.id}`,
    )
  })

  test('coupon and phone messages; a failed apply resets the price', async ({ page, db, loginAs }) => {
    const link = `msg-${unique()}`
    const course = await createCourse(db, { linkAddress: link, actualPrice: 4999, discountedPrice: 2000 })
    await createCoupon(db, { courseId: course.id, code: 'half', discount: 50 })
    await loginAs('user')
    await page.goto(`/checkout/${link}`)
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(page.getByText('Enter a coupon code first')).toBeVisible()

    await page.getByLabel('Coupon code').fill('half')
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(page.getByTestId('payable-price')).toHaveText('₹1,000')
    await page.getByLabel('Coupon code').fill('WRONG')
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(page.getByText('Invalid coupon code.')).toBeVisible()
    await expect(page.getByTestId('payable-price')).toHaveText('₹2,000')

    await page.getByLabel('WhatsApp number').fill('12345')
    await page.getByRole('button', { name: 'Proceed to Payment' }).click()
    await expect(page.getByText('Enter a valid phone number')).toBeVisible()
  })

  test('signed out -> login with a message; unknown course -> Course not found', async ({ page, loginAs }) => {
    await page.goto('/checkout/some-course')
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcheckout%2Fsome-course/)
    await expect(page.getByText('Please login to enroll')).toBeVisible()
    await loginAs('user')
    await page.goto(`/checkout/missing-${unique()}`)
    await expect(page.getByRole('heading', { name: 'Course not found' })).toBeVisible()
  })

  test('cancelling the payment says Payment cancelled by user', async ({ page, db, loginAs }) => {
    const link = `cancel-${unique()}`
    const course = await createCourse(db, { linkAddress: link })
    const user = await loginAs('user')
    await page.goto(`/checkout/${link}`)
    await page.getByLabel('WhatsApp number').fill('9876543210')
    await page.getByRole('button', { name: 'Proceed to Payment' }).click()
    if (nojs()) {
      await page.getByRole('button', { name: /^Pay ₹.* with Razorpay$/ }).click()
      await page.getByRole('link', { name: 'Cancel payment' }).click()
      await expect(page).toHaveURL(new RegExp(`/checkout/${link}\\?cancelled=1$`))
    } else {
      await page
        .getByRole('dialog', { name: 'Razorpay Checkout (stand-in)' })
        .getByRole('button', { name: 'Cancel payment' })
        .click()
    }
    await expect(page.getByText('Payment cancelled by user').first()).toBeVisible()
    await expect(page.getByRole('button', { name: 'Proceed to Payment' })).toBeEnabled()
    expect(await enrolmentCount(db, user.id, course.id)).toBe(0)
  })

  test('quiz bundle from the unlock page', async ({ page, db, loginAs }) => {
    await page.goto('/quizzes/unlock')
    await expect(page.getByRole('heading', { name: 'Unlock Premium Quizzes' })).toBeVisible()
    await page.getByRole('button', { name: 'Enroll Now' }).click()
    await expect(page.getByText('Please login to continue!')).toBeVisible()
    const user = await loginAs('user')
    await page.goto('/quizzes/unlock')
    await page.getByRole('button', { name: 'Enroll Now' }).click()
    await payThroughRazorpay(page)
    await expect(page.getByRole('heading', { name: 'Woohooo!' })).toBeVisible()
    const u = await db
      .selectFrom('users')
      .select('has_access_to_quizzes')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(u.has_access_to_quizzes).toBe(1)
    await page.goto('/quizzes/unlock')
    await page.getByRole('button', { name: 'Enroll Now' }).click()
    await expect(page.getByText('You have already purchased mock test series').first()).toBeVisible()
  })
})

// The demo gateway runs only without Razorpay keys, so it gets its own app server (own port and database).
test.describe('checkout through the demo gateway', () => {
  test.describe.configure({ mode: 'serial' })
  let demo: PrivateApp

  test.beforeAll(async () => {
    demo = await startDemoGatewayApp('demo-gateway', 8)
  })
  test.afterAll(() => demo?.close())

  test('coupon, demo payment, payment success, then the course player', async ({ page }) => {
    const link = `demo-${unique()}`
    const course = await createCourse(demo.db, {
      linkAddress: link,
      courseTitle: `Ecology ${link}`,
      discountedPrice: 1000,
      actualPrice: 2000,
    })
    await createCoupon(demo.db, { courseId: course.id, code: 'quarter', discount: 25 })
    const { createSection, createLecture } = await import('../../db/factories')
    const section = await createSection(demo.db, { courseId: course.id, title: 'Populations' })
    await createLecture(demo.db, {
      sectionId: section.id,
      title: 'Growth curves',
      videoURL: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
    })
    const user = await createUser(demo.db)
    await signInOn(page, demo, user.id)

    await page.goto(`${demo.baseURL}/checkout/${link}`)
    await page.getByLabel('Coupon code').fill('QUARTER')
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(page.getByTestId('payable-price')).toHaveText('₹750')
    await page.getByLabel('WhatsApp number').fill('9876543210')
    await page.getByRole('button', { name: 'Proceed to Payment' }).click()
    await expect(page.getByText('Demo payment gateway')).toBeVisible()
    await page.getByRole('button', { name: 'Pay ₹750' }).click()
    await expect(page.getByRole('heading', { name: 'Woohooo!' })).toBeVisible()
    await expect(page.getByTestId('payment-id')).toHaveText(/^pay_demo/)

    await page.goto(`${demo.baseURL}/my-courses/${course.id}`)
    await expect(page.getByRole('heading', { name: `Ecology ${link}` })).toBeVisible()
    await expect(page.getByText('Section 1: Populations')).toBeVisible()
    await expect(page.getByRole('link', { name: '1. Growth curves' })).toBeVisible()
    const order = await demo.db
      .selectFrom('orders')
      .select(['amount_paise', 'status', 'provider'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(order).toEqual({ amount_paise: 75000, status: 'paid', provider: 'demo' })
  })
})

test('a premium quiz opens Unlock Premium Quizzes (the page from the list; a dialog on the quiz page with JS) and buys the bundle', async ({
  page,
  db,
  loginAs,
}) => {
  const { createQuiz } = await import('../../db/factories')
  const premium = await createQuiz(db, { category: 'paid', title: `Premium ${unique()}` })
  const user = await loginAs('user')
  // The list ships no script: its card links to the offer's page, JS on or off.
  await page.goto('/quizzes')
  await expect(page.getByRole('link', { name: 'Unlock Premium Test' }).first()).toHaveAttribute(
    'href',
    '/quizzes/unlock',
  )
  // The quiz page hydrates: there, with JS, the same offer opens in a dialog (a button, once the dialog's script
  // has loaded: until then it is the link); without JS it is the link.
  await page.goto(`/quiz/${premium.id}`)
  await page.getByRole(nojs() ? 'link' : 'button', { name: 'Unlock Premium Test' }).click()
  if (nojs()) {
    await expect(page).toHaveURL(/\/quizzes\/unlock$/)
  } else {
    const dialog = page.getByRole('dialog', { name: 'Unlock Premium Quizzes' })
    await expect(dialog.getByRole('heading', { name: 'Unlock Premium Quizzes' })).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible()
    await expect(dialog.getByText(/% OFF$/)).toBeVisible()
  }
  const scope = nojs() ? page.locator('main') : page.getByRole('dialog', { name: 'Unlock Premium Quizzes' })
  await scope.getByRole('button', { name: 'Enroll Now' }).click()
  await payThroughRazorpay(page)
  await expect(page.getByRole('heading', { name: 'Woohooo!' })).toBeVisible()
  const u = await db
    .selectFrom('users')
    .select('has_access_to_quizzes')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow()
  expect(u.has_access_to_quizzes).toBe(1)
})
