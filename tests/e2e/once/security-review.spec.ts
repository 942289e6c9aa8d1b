// Security holes that show at the HTTP level, each replayed against the real server so it stays closed.
import { expect, test } from '../../support/fixtures'
import { E2E } from '../../support/e2e-env'

const sameSite = { Origin: E2E.baseURL }

test('#3 redirectTo with a tab, a newline, a backslash or non-ASCII never leaves the site and never gives 500', async ({
  request,
  makeUser,
}) => {
  const user = await makeUser('user')
  const cases: Array<[string, string]> = [
    ['/\t/evil.example/', '/'],
    ['/\n/evil.example/', '/'],
    ['/\r\n/evil.example/', '/'],
    ['/\\evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/courses/জীববিদ্যা', `/courses/${encodeURIComponent('জীববিদ্যা')}`],
    ['/profile', '/profile'],
  ]
  for (const [redirectTo, expected] of cases) {
    const theme = await request.post('/theme', {
      headers: sameSite,
      form: { theme: 'dark', redirectTo },
      maxRedirects: 0,
    })
    expect(theme.status(), JSON.stringify(redirectTo)).toBe(302)
    expect(theme.headers().location, JSON.stringify(redirectTo)).toBe(expected)
    const login = await request.post('/login', {
      headers: sameSite,
      form: { email: user.email, password: user.password, redirectTo },
      maxRedirects: 0,
    })
    expect(login.status(), JSON.stringify(redirectTo)).toBe(302)
    expect(login.headers().location, JSON.stringify(redirectTo)).toBe(expected)
  }
})

test('#4 a malformed quiz editor post is a form error on create and edit, not a 500', async ({ page, loginAs, db }) => {
  await loginAs('admin')
  const quiz = await db
    .selectFrom('quizzes')
    .select('id')
    .where('id', '!=', 'question-bank') // the bank's own quiz is no paper
    .orderBy('created_at')
    .executeTakeFirstOrThrow()
  for (const path of ['/admin/create-quiz', `/admin/edit-quiz/${quiz.id}`]) {
    for (const extra of [
      { questions: 'x' } as Record<string, string>,
      { 'questions[0]': 'x' },
      { 'questions[0].options': 'x' },
      { __intent__: '{"type":"insert","payload":{"name":"title"}}' },
    ]) {
      const res = await page.request.post(path, {
        headers: sameSite,
        multipart: { intent: 'save', title: 'Kept title', description: 'D', category: 'free', ...extra },
      })
      expect(res.status(), `${path} ${JSON.stringify(extra)}`).toBe(400)
      const html = await res.text()
      expect(html).toContain('Some quiz fields could not be read')
      expect(html).toContain('Kept title')
    }
  }
})

test('two theme cookies cannot change what a clean visitor of a cached page gets', async ({ playwright }) => {
  const dark = encodeURIComponent(Buffer.from(JSON.stringify('dark')).toString('base64'))
  const headers = [
    `theme=${dark}; theme=zz`,
    `theme=ImRhcmsi; theme=zz`,
    `theme=zz; theme=${dark}`,
    `theme=${dark}; theme=`,
    `theme=${dark}; theme=%ff`,
  ]
  for (const [i, cookie] of headers.entries()) {
    // A fresh address per case, so the poisoning request is the one that renders and stores the page.
    const path = `/about-us?poison=${i}-${Date.now()}`
    const attacker = await playwright.request.newContext({ baseURL: E2E.baseURL })
    const poisoned = await attacker.get(path, { headers: { Cookie: cookie } })
    expect(poisoned.status(), cookie).toBe(200)
    await attacker.dispose()
    const visitor = await playwright.request.newContext({ baseURL: E2E.baseURL })
    const clean = await (await visitor.get(path)).text()
    await visitor.dispose()
    expect(clean.match(/<html[^>]*class="([^"]*)"/)?.[1], cookie).toBe('system')
  }
})
