import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createQuiz } from '../../db/factories'
import { MATH_PAPER_FIGURES, mathPaperQuestions } from '../../scripts/bench-math-paper.mjs'
import { E2E } from '../support/e2e-env'
import { expect, test } from '../support/fixtures'

// The test page of the bench's 60-question math paper (scripts/bench-math-paper.mjs: formulas, chemistry, figures)
// must not jump while it loads (Lighthouse's CLS budget for quiz pages is 0.1, scripts/bench-lighthouse.mjs). A
// phone paints a page before it has parsed all of it, so the page is sent here in slices with pauses between them,
// as a slow connection or a busy phone delivers it, and every layout shift the browser reports is collected: while
// the page arrives, when it hydrates, when the rest of the paper arrives and when the timer ticks.

type Shift = { value: number; sources: string[] }

/**
 * A proxy to the e2e server that sends the HTML of `documentPath` in `slices` pieces from its <main> on, `pauseMs`
 * apart (everything before <main> in the first), uncompressed. Any other request passes through. Cookies are per
 * host, not per port, so the signed-in session of the e2e server's origin applies here too.
 */
async function slowPageProxy(documentPath: string, slices: number, pauseMs: number) {
  const upstream = new URL(E2E.baseURL)
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', upstream)
    const headers: http.OutgoingHttpHeaders = { ...req.headers, host: upstream.host }
    if (req.headers.origin) headers.origin = upstream.origin
    if (req.method === 'GET' && url.pathname === documentPath && req.headers.accept?.includes('text/html')) {
      void (async () => {
        const page = await fetch(url, {
          headers: {
            cookie: req.headers.cookie ?? '',
            accept: 'text/html',
            'user-agent': req.headers['user-agent'] ?? '',
          },
          redirect: 'manual',
        })
        const html = await page.text()
        const out = Object.fromEntries(
          [...page.headers].filter(
            ([k]) => !['content-encoding', 'content-length', 'transfer-encoding', 'set-cookie'].includes(k),
          ),
        )
        res.writeHead(page.status, out)
        const main = html.indexOf('<main')
        const step = Math.ceil((html.length - main) / slices)
        let at = main + step
        res.write(html.slice(0, at))
        while (at < html.length) {
          await new Promise((r) => setTimeout(r, pauseMs))
          res.write(html.slice(at, at + step))
          at += step
        }
        res.end()
      })().catch((error: unknown) => res.destroy(error as Error))
      return
    }
    const forward = http.request(url, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    forward.on('error', () => res.destroy())
    req.pipe(forward)
  })
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve))
  const { port } = server.address() as AddressInfo
  return { origin: `http://localhost:${port}`, close: () => new Promise((r) => server.close(r)) }
}

for (const viewport of [
  // Lighthouse's phone (moto g power), the bench's; and a laptop, where the title and the timer share a line.
  { width: 412, height: 823 },
  { width: 1280, height: 800 },
]) {
  test(
    `the math paper's test page does not move while it loads, hydrates and fetches the paper (${viewport.width} px)`,
    {
      tag: '@js-only',
    },
    async ({ page, db, loginAs }) => {
      const tag = crypto.randomBytes(3).toString('hex')
      const images = new Map(MATH_PAPER_FIGURES.map((f) => [f.name, { url: '/favicon.ico', alt: f.alt }]))
      const { id } = await createQuiz(db, {
        title: `Math paper ${tag} (60 questions)`,
        timeLimit: 180,
        questions: mathPaperQuestions(),
        images,
      })
      await loginAs('user')
      await page.goto(`/quiz/${id}`)
      await page.getByRole('button', { name: 'Start Quiz' }).click()
      await expect(page.getByText('Question 1 of 60')).toBeVisible()

      const proxy = await slowPageProxy(`/quiz/${id}`, 8, 200)
      try {
        await page.setViewportSize(viewport)
        await page.addInitScript(() => {
          const shifts: Shift[] = []
          Object.assign(window, { __shifts: shifts })
          const describe = (at: number, node: Node | null, prev: DOMRectReadOnly, cur: DOMRectReadOnly) => {
            const el = node instanceof Element ? node : node?.parentElement
            const name = el
              ? `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''}`
              : '?'
            const r = (b: DOMRectReadOnly) => [b.x, b.y, b.width, b.height].map(Math.round).join(',')
            return `${name} "${(node?.textContent ?? '').trim().slice(0, 40)}" ${r(prev)} -> ${r(cur)} at ${Math.round(at)} ms, ${document.readyState}`
          }
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & {
              value: number
              sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[]
            })[])
              shifts.push({
                value: entry.value,
                sources: entry.sources.map((s) => describe(entry.startTime, s.node, s.previousRect, s.currentRect)),
              })
          }).observe({ type: 'layout-shift', buffered: true })
        })
        const paper = page.waitForResponse((r) => r.url().endsWith(`/quiz/${id}/paper`))
        await page.goto(`${proxy.origin}/quiz/${id}`)
        // Hydrated (the save status shows only then), the rest of the paper in, and the timer has ticked.
        await expect(page.getByTestId('save-status')).toHaveText('All answers saved')
        expect((await paper).ok()).toBe(true)
        const before = await page.getByTestId('timer').textContent()
        await expect(page.getByTestId('timer')).not.toHaveText(before!)
        await expect(page.getByText('Question 1 of 60')).toBeVisible()

        const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts)
        expect(shifts, 'layout shifts while the page loaded and hydrated').toEqual([])
      } finally {
        await proxy.close()
      }
    },
  )
}
