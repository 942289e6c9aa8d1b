import zlib from 'node:zlib'
import { enrol } from '../../db/factories'
import { expect, test } from '../support/fixtures'

// The public site, run with JavaScript on (project js) and off (project nojs).
// Uses the demo seed's courses; never depends on global counts.
const JAM = 'iit-jam-biotechnology-live'
const isNoJs = () => test.info().project.name === 'nojs'

const PAGES: { path: string; title: RegExp; heading: string | RegExp; text: (string | RegExp)[] }[] = [
  {
    path: '/',
    title: /BioCoach/,
    heading: /Crack your M\.Sc entrance/,
    text: [
      'About BioCoach',
      'Join Us',
      'Signup and Enroll',
      'Access Courses and Materials',
      'Join Live Classes Anytime',
      'IIT JAM Biotechnology Live Batch',
      'B.Sc Hons. Microbiology',
      'Meet Our Instructors',
      'Dr. Rahul Ghosh (sample)',
      'What Our Students Say',
      'Get In Touch',
      'Serampore, Kolkata',
    ],
  },
  {
    path: '/courses',
    title: /Courses Offered/,
    heading: 'Courses Offered',
    text: [
      'IIT JAM Biotechnology Live Batch',
      'GATE Biotechnology Live Batch',
      'GAT-B Recorded Course',
      'CUET PG Life Sciences Course',
      'B.Sc Hons. Microbiology',
      '₹1,500',
    ],
  },
  {
    path: '/courses/bsc-hons-batch',
    title: /Semester Batches/,
    heading: /Semester Batches/,
    text: ['B.Sc Hons Microbiology Semester I', 'B.Sc Hons Microbiology Semester VI', 'BENGALI'],
  },
  {
    path: '/courses/bsc-hons-batch/semester-iii',
    title: /Semester III/,
    heading: 'B.Sc Hons Microbiology Semester III',
    text: ['Microbial Physiology', 'Cell Biology', 'LIVE BATCH', '(monthly)', 'IIT JAM brochure'],
  },
  {
    path: `/courses/${JAM}`,
    title: /IIT JAM Biotechnology Live Batch/,
    heading: 'IIT JAM Biotechnology Live Batch',
    text: [
      'Syllabus',
      'Biology',
      'Entrance exam brochures',
      'GATE brochure',
      'GAT-B brochure',
      'CUET-PG brochure',
      '₹1,999',
      '33% OFF',
      '(monthly)',
      'LIVE BATCH',
      'Recordings of every live class',
    ],
  },
  {
    path: '/resources',
    title: /Resources/,
    heading: 'Free Resources',
    text: ['Molecular Biology', 'Operon', 'The lac operon: an introduction', 'Operon practice questions'],
  },
  { path: '/about-us', title: /About Us/, heading: 'About BioCoach', text: ['What we offer', 'Explore Courses'] },
  {
    path: '/faculties',
    title: /Our Faculties/,
    heading: 'Our Faculties',
    text: ['Dr. Ananya Sen (sample)', 'Adjunct Faculty', 'Sneha Das (sample)', 'Enzymology'],
  },
  {
    path: '/developers',
    title: /Developers/,
    heading: 'Meet Our Developers',
    text: ['Full-stack Developer', 'meera.dev@biocoach.example', 'Backend Developer'],
  },
]

for (const p of PAGES) {
  test(`${p.path} shows its full content`, async ({ page }) => {
    const res = await page.goto(p.path)
    expect(res?.status()).toBe(200)
    await expect(page).toHaveTitle(p.title)
    await expect(page.getByRole('heading', { level: 1, name: p.heading })).toBeVisible()
    const main = page.getByRole('main')
    // A video's title is the title of its frame (the facade's text lives inside the frame's srcdoc).
    for (const t of p.text) await expect(main.getByText(t).or(main.getByTitle(t)).first()).toBeAttached()
    // Header and footer on every page.
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resources' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Meet Our Developers' })).toBeVisible()
    await expect(page.getByText(`© ${new Date().getFullYear()} BioCoach`)).toBeVisible()
    await expect(page.getByText("Let's Connect").first()).toBeAttached()
  })
}

test(
  'every public page fits one TCP first flight (gzipped HTML at most 14.6 KB)',
  { tag: '@js-only' },
  async ({ request }) => {
    for (const p of PAGES) {
      const html = await (await request.get(p.path)).body()
      expect(zlib.gzipSync(html).length, p.path).toBeLessThanOrEqual(14_600)
    }
  },
)

test('the top navigation links work', async ({ page }) => {
  await page.goto('/')
  const nav = page.getByRole('navigation', { name: 'Main' })
  for (const [name, path, heading] of [
    ['Courses', '/courses', 'Courses Offered'],
    ['About Us', '/about-us', 'About BioCoach'],
    ['Our Faculties', '/faculties', 'Our Faculties'],
    ['Resources', '/resources', 'Free Resources'],
    ['Home', '/', /Crack your M\.Sc entrance/],
  ] as const) {
    await nav.getByRole('link', { name, exact: true }).click()
    await expect(page).toHaveURL(path)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
  }
  await expect(nav.getByRole('link', { name: 'Quizzes' })).toHaveAttribute('href', '/quizzes')
  await page.getByRole('link', { name: 'Login' }).click()
  await expect(page).toHaveURL('/login')
})

test('footer links and the course cards lead to their pages', async ({ page }) => {
  await page.goto('/')
  const footer = page.getByRole('contentinfo')
  for (const [name, href] of [
    ['About Us', '/about-us'],
    ['Courses', '/courses'],
    ['Testimonials', '/#testimonials'],
    ['Our Faculties', '/faculties'],
    ['Resources', '/resources'],
  ]) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
  }
  await footer.getByRole('link', { name: 'Meet Our Developers' }).click()
  await expect(page).toHaveURL('/developers')

  await page.goto('/courses')
  await page.getByRole('link', { name: 'View Details: B.Sc Hons. Microbiology' }).click()
  await expect(page).toHaveURL('/courses/bsc-hons-batch')
  await page.getByRole('link', { name: 'View Details: B.Sc Hons Microbiology Semester II', exact: true }).click()
  await expect(page).toHaveURL('/courses/bsc-hons-batch/semester-ii')
  await expect(page.getByRole('heading', { level: 1, name: 'B.Sc Hons Microbiology Semester II' })).toBeVisible()
  await expect(page.getByText('Virology')).toBeVisible()
})

test('the home carousel has the B.Sc card at 1200/999 and View All Courses', async ({ page }) => {
  await page.goto('/')
  const carousel = page.getByRole('region', { name: 'courses' })
  const bsc = carousel.getByRole('listitem').filter({ hasText: 'B.Sc Hons. Microbiology' })
  await expect(bsc.getByText('₹1,200')).toBeAttached()
  await expect(bsc.getByText('₹999')).toBeAttached()
  await expect(page.getByRole('region', { name: 'instructors' }).getByRole('heading', { level: 3 })).toHaveCount(5)
  await page.getByRole('link', { name: 'View All Courses' }).click()
  await expect(page).toHaveURL('/courses')
})

test('the theme switch turns dark mode on and off, and the choice survives a reload', async ({ page, context }) => {
  await page.goto('/about-us')
  const html = page.locator('html')
  const toggle = page.getByRole('switch', { name: 'Dark mode' })
  await expect(toggle).toHaveAttribute('aria-checked', 'false')
  // With JS the page (which ships no framework script) switches without a reload: a marker survives.
  if (!isNoJs()) await page.evaluate(() => Object.assign(window, { stillHere: true }))
  await toggle.click()
  await expect(html).toHaveClass(/dark/)
  await expect(page).toHaveURL('/about-us')
  if (!isNoJs()) expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true)
  await expect(page.getByRole('switch', { name: 'Dark mode' })).toHaveAttribute('aria-checked', 'true')
  expect((await context.cookies()).find((c) => c.name === 'theme')).toBeTruthy()
  if (!isNoJs()) expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark')
  await page.reload()
  await expect(html).toHaveClass(/dark/)
  await page.getByRole('switch', { name: 'Dark mode' }).click()
  await expect(html).not.toHaveClass(/dark/)
  await page.reload()
  await expect(html).toHaveClass(/light/)
})

test('an unknown path shows the 404 page with status 404', async ({ page }) => {
  for (const path of ['/no-such-page-here', '/some/deeper/unknown/path']) {
    const res = await page.goto(path)
    expect(res?.status(), path).toBe(404)
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    await expect(page).toHaveTitle(/Page not found/)
  }
  const res = await page.goto('/courses/no-such-course')
  expect(res?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'No Course Found' })).toBeVisible()
  expect((await page.goto('/courses/bsc-hons-batch/semester-ix'))?.status()).toBe(404)
})

test('/{linkAddress} redirects permanently to /courses/{linkAddress}', async ({ page, request }) => {
  const res = await request.get(`/${JAM}`, { maxRedirects: 0 })
  expect(res.status()).toBe(301)
  expect(res.headers()['location']).toBe(`/courses/${JAM}`)
  await page.goto(`/${JAM}`)
  await expect(page).toHaveURL(`/courses/${JAM}`)
})

test('a testimonial is cut after 210 characters and See more / See less toggles it', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto('/#testimonials')
  const card = page.locator('#testimonials li:not([aria-hidden])').filter({ hasText: 'Riya B. (sample)' })
  await expect(card.getByText(/the best I have attended anywhere, and the notes were short enough/)).toBeHidden()
  await expect(card.getByText(/\.\.\.$/)).toBeVisible()
  await card.getByText('See more').click()
  await expect(card.getByText(/the notes were short enough to revise the night before the exam\./)).toBeVisible()
  await expect(card.getByText(/\.\.\.$/)).toBeHidden()
  await card.getByText('See less').click()
  await expect(card.getByText(/\.\.\.$/)).toBeVisible()
  // A short message has no toggle.
  await expect(
    page.locator('#testimonials li:not([aria-hidden])').filter({ hasText: 'Arka D. (sample)' }).getByText('See more'),
  ).toHaveCount(0)
})

test('a signed-out visitor pressing Enroll Now is told to log in', async ({ page }) => {
  await page.goto(`/courses/${JAM}`)
  await page.getByRole('button', { name: 'Enroll Now' }).click()
  await expect(page.getByText('Login to enroll')).toBeVisible()
  await expect(page).toHaveURL(`/courses/${JAM}`)
})

test('a signed-in learner gets Enroll Now to checkout, an enrolled one Go to course', async ({ page, loginAs, db }) => {
  const user = await loginAs('user', { name: 'Mina Paul' })
  await page.goto('/courses/bsc-hons-batch/semester-i')
  await expect(page.getByRole('link', { name: 'Enroll Now' })).toHaveAttribute('href', '/checkout/semester-i')
  const course = await db
    .selectFrom('courses')
    .select('id')
    .where('link_address', '=', 'semester-i')
    .executeTakeFirstOrThrow()
  await enrol(db, { userId: user.id, courseId: course.id })
  await page.reload()
  await expect(page.getByRole('link', { name: 'Go to course' })).toHaveAttribute('href', `/my-courses/${course.id}`)
})

test('the avatar opens a profile card; the dashboard link is for staff only', async ({ page, loginAs }) => {
  await loginAs('user', { name: 'Ravi Learner' })
  await page.goto('/')
  await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0)
  await page.getByLabel('Open profile card').click()
  await expect(page.getByText('Hello, Ravi Learner')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Profile', exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible()
})

test('an instructor sees the dashboard link in the profile card', async ({ page, loginAs }) => {
  await loginAs('instructor', { name: 'Tara Teacher' })
  await page.goto('/courses')
  await page.getByLabel('Open profile card').click()
  await expect(page.getByText('Hello, Tara Teacher')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/admin/dashboard')
})

test('the mobile menu opens without JavaScript and adds Profile and Dashboard when signed in', async ({
  page,
  loginAs,
}) => {
  await page.setViewportSize({ width: 390, height: 800 })
  await page.goto('/')
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
  await page.getByLabel('Menu').click()
  const menu = page.getByRole('navigation', { name: 'Mobile' })
  for (const name of ['Home', 'Courses', 'Quizzes', 'About Us', 'Our Faculties', 'Resources', 'Login'])
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible()
  await menu.getByRole('link', { name: 'Our Faculties' }).click()
  await expect(page).toHaveURL('/faculties')

  await loginAs('admin')
  await page.goto('/')
  await page.getByLabel('Menu').click()
  await expect(menu.getByRole('link', { name: 'Profile' })).toBeVisible()
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/admin/dashboard')
})

test('YouTube videos load on a tap, inside their frame, with or without JavaScript', async ({ page }) => {
  const loaded: string[] = []
  await page.route('https://www.youtube-nocookie.com/**', (route) => {
    loaded.push(route.request().url())
    return route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Player</title><p>Stand-in player</p>',
    })
  })
  await page.goto('/resources')
  const frame = page.locator('iframe[title="The lac operon: an introduction"]')
  await expect(frame).toHaveAttribute('srcdoc', /youtube-nocookie\.com\/embed\/oBwtxdI1zvk/)
  const video = frame.contentFrame().getByRole('link', { name: /Play video: The lac operon: an introduction/ })
  await expect(video).toHaveAttribute('href', 'https://www.youtube-nocookie.com/embed/oBwtxdI1zvk?rel=0&autoplay=1')
  expect(loaded).toEqual([])
  await video.click()
  await expect(frame.contentFrame().getByText('Stand-in player')).toBeVisible()
  expect(loaded).toEqual(['https://www.youtube-nocookie.com/embed/oBwtxdI1zvk?rel=0&autoplay=1'])
})

test('resource notes can be viewed and downloaded; course brochures are PDFs', async ({ page, request }) => {
  await page.goto('/resources')
  const row = page
    .getByRole('listitem')
    .filter({ hasText: 'The lac operon' })
    .filter({ has: page.getByRole('link', { name: /Download/ }) })
  await expect(row.getByRole('link', { name: /View/ })).toHaveAttribute('target', '_blank')
  await expect(row.getByRole('link', { name: /Download/ })).toHaveAttribute('download', 'lac-operon.pdf')
  for (const path of [
    '/notes/lac-operon.pdf',
    '/brochures/iit-jam.pdf',
    '/brochures/gate.pdf',
    '/brochures/gat-b.pdf',
    '/brochures/cuet-pg.pdf',
  ]) {
    const res = await request.get(path)
    expect(res.status(), path).toBe(200)
    expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-')
  }
})

test('the syllabus accordion opens without JavaScript', async ({ page }) => {
  await page.goto('/courses/gate-biotechnology-live')
  await expect(page.getByText('Enzyme kinetics', { exact: false }).first()).toBeAttached()
  const topic = page.getByText('Replication, transcription and translation')
  await expect(topic).toBeHidden()
  await page.locator('summary', { hasText: 'Biochemistry and Molecular Biology' }).click()
  await expect(topic).toBeVisible()
})

test(
  'with JavaScript the bar hides on scrolling down and returns on scrolling up',
  { tag: '@js-only' },
  async ({ page }) => {
    // Content pages ship no script, so the enhancement lives on the pages that hydrate: sign-up here,
    // on a short phone screen so that it scrolls.
    await page.setViewportSize({ width: 360, height: 480 })
    await page.goto('/signup')
    const header = page.getByRole('banner')
    await expect(header).not.toHaveAttribute('data-hidden')
    // The listener exists only once the page has hydrated; a scroll before that is not seen, so scroll until it is.
    await expect(async () => {
      await page.mouse.wheel(0, 400)
      await expect(header).toHaveAttribute('data-hidden', 'true', { timeout: 1000 })
    }).toPass({ timeout: 10_000 })
    await page.mouse.wheel(0, -400)
    await expect(header).not.toHaveAttribute('data-hidden')
  },
)
