// The page-weight goals of `npm run bench`: per page, the HTML as a browser receives it and the JavaScript
// it makes a browser load, both counted on the wire (scripts/bench-wire.mjs). Content pages must load 0 bytes of
// JavaScript, interactive pages at most 1.25x the framework floor, and every page's HTML must fit the first TCP
// flight (14,600 bytes). Prints one line per page and returns the failures and the figures (Lighthouse checks
// its JS count against them).
import zlib from 'node:zlib'
import { freeQuiz, makeLearners, startQuiz } from './bench-extra.mjs'
import { BOT_HEADERS, BROWSER_HEADERS, frameworkFloor, rawGet, referencedScripts, scriptBytes } from './bench-wire.mjs'

export const HTML_FIRST_FLIGHT = 14_600 // ten TCP segments of 1,460 bytes: what arrives before the first ACK
export const JS_FLOOR_FACTOR = 1.25

/**
 * The pages and who asks for them. `kind`: content (0 B of JS), interactive (<= 1.25x floor) or other. `mathPaper`:
 * the bench's 60-question math paper (bench-math-paper.mjs), whose quiz page is measured beside the free quiz's.
 */
export async function benchPages(db, mathPaper = null) {
  const [course] = await db.all(
    'select link_address from courses where discounted_price > 0 order by created_at limit 1',
  )
  const quiz = await freeQuiz(db)
  const [learner] = await makeLearners(db, 1, 'pages')
  const [admin] = await makeLearners(db, 1, 'pages-admin', 'admin')
  return {
    course: course.link_address,
    quiz,
    learner,
    pages: [
      { path: '/', kind: 'content' },
      { path: '/', kind: 'content', cookie: learner, who: 'learner' },
      { path: '/courses', kind: 'content' },
      { path: `/courses/${course.link_address}`, kind: 'content' },
      { path: '/courses/bsc-hons-batch', kind: 'content' },
      { path: '/courses/bsc-hons-batch/semester-i', kind: 'content' },
      { path: '/resources', kind: 'content' },
      { path: '/about-us', kind: 'content' },
      { path: '/faculties', kind: 'content' },
      { path: '/developers', kind: 'content' },
      { path: '/payment-success?paymentId=pay_bench', kind: 'content', optional: true },
      { path: '/quizzes', kind: 'content' },
      { path: '/login', kind: 'interactive' },
      { path: '/signup', kind: 'interactive' },
      { path: '/forgot-password', kind: 'interactive' },
      { path: `/checkout/${course.link_address}`, kind: 'interactive', cookie: learner, who: 'learner' },
      { path: `/quiz/${quiz.id}`, kind: 'interactive', cookie: learner, who: 'learner', openAttempt: true },
      ...(mathPaper
        ? [
            {
              path: `/quiz/${mathPaper.id}`,
              kind: 'interactive',
              cookie: learner,
              who: 'learner',
              openAttempt: true,
              label: '/quiz/{math paper}',
            },
          ]
        : []),
      { path: '/profile/edit', kind: 'interactive', cookie: learner, who: 'learner' },
      { path: '/admin/dashboard', kind: 'interactive', cookie: admin, who: 'admin' },
    ],
  }
}

const withCookie = (headers, cookie) => (cookie ? { ...headers, Cookie: cookie } : headers)

/** Measures every page of benchPages() against one app server; prints the table and the floor. */
export async function measurePages({ base, db, buildDir, mathPaper = null }) {
  const floor = await frameworkFloor(base, buildDir)
  const jsBudget = JS_FLOOR_FACTOR * floor.bytes
  console.log(
    `\n== Pages as a browser receives them (raw socket, Chrome mobile User-Agent; bytes = compressed body as sent)`,
  )
  console.log(
    `Framework floor: ${floor.bytes.toLocaleString('en')} B (brotli, as served to a browser) = client entry + root route module and their static imports from ${floor.manifest}: ${floor.files.map((f) => f.url.replace(base, '')).join(', ')}`,
  )
  console.log(
    `Goals: HTML <= ${HTML_FIRST_FLIGHT.toLocaleString('en')} B (first TCP flight); JS 0 B on content pages, <= ${JS_FLOOR_FACTOR} x floor = ${Math.floor(jsBudget).toLocaleString('en')} B on interactive ones`,
  )
  const { pages, quiz, learner, course } = await benchPages(db, mathPaper)
  await startQuiz(base, learner, quiz.id)
  if (mathPaper) await startQuiz(base, learner, mathPaper.id)
  const rows = []
  let failures = 0
  const header = [
    'page',
    'who',
    'status',
    'br B',
    'chunks',
    'gzip B',
    'chunks',
    'bot gzip-9',
    'HTML',
    'JS B',
    'files',
    'x floor',
    'JS',
  ]
  const table = [header]
  for (const page of pages) {
    const url = `${base}${page.path}`
    const r = await rawGet(url, withCookie(BROWSER_HEADERS, page.cookie))
    if (page.optional && r.status !== 200) {
      table.push([page.path, page.who ?? 'anonymous', String(r.status), 'not reachable: skipped'])
      continue
    }
    const html = r.body.toString('utf8')
    const scripts = referencedScripts(html)
    const js = await scriptBytes(url, scripts)
    // Chrome offers br only over HTTPS (production); over plain HTTP it sends "gzip, deflate": both must fit.
    const gz = await rawGet(url, withCookie({ ...BROWSER_HEADERS, 'Accept-Encoding': 'gzip, deflate' }, page.cookie))
    const bot = await rawGet(url, withCookie(BOT_HEADERS, page.cookie))
    const botGz = zlib.gzipSync(bot.body, { level: 9 }).length
    const okStatus = r.status === 200
    const okHtml = okStatus && Math.max(r.wire, gz.wire) <= HTML_FIRST_FLIGHT
    const okJs =
      page.kind === 'content' ? okStatus && js.bytes === 0 : page.kind === 'interactive' ? js.bytes <= jsBudget : true
    if (!okHtml) failures++
    if (!okJs) failures++
    rows.push({ ...page, status: r.status, html: r.wire, htmlGzip: gz.wire, js })
    table.push([
      page.label ?? page.path,
      page.who ?? 'anonymous',
      String(r.status) + (okStatus ? '' : ` -> ${r.headers.location ?? '?'}`),
      `${r.wire.toLocaleString('en')}${r.headers['content-encoding'] === 'br' ? '' : ` (${r.headers['content-encoding'] ?? 'identity'})`}`,
      String(r.chunks),
      `${gz.wire.toLocaleString('en')}${gz.headers['content-encoding'] === 'gzip' ? '' : ` (${gz.headers['content-encoding'] ?? 'identity'})`}`,
      String(gz.chunks),
      botGz.toLocaleString('en'),
      okHtml ? 'ok' : 'OVER BUDGET',
      js.bytes.toLocaleString('en'),
      String(js.files.length),
      (js.bytes / floor.bytes).toFixed(2),
      page.kind === 'other' ? '(not checked)' : okJs ? `ok (${page.kind})` : `OVER BUDGET (${page.kind})`,
    ])
  }
  printTable(table)
  console.log(
    "br B / gzip B: the HTML body as it came off the socket for Accept-Encoding 'gzip, deflate, br' (Chrome over HTTPS) and 'gzip, deflate' (Chrome over plain HTTP), compressed, chunk framing removed (= curl's size_download); chunks: HTTP chunks, one per flush of the stream's compressor; bot gzip-9: the whole render a crawler gets, gzipped at level 9 (the figure earlier benches printed); JS B: wire bytes (brotli bodies) of every script the page references and their static imports",
  )
  return { failures, rows, floor, course }
}

export function printTable(table) {
  const widths = table[0].map((_, i) => Math.max(...table.map((row) => (row[i] ?? '').length)))
  const line = (row) =>
    row.map((cell, i) => (i === 0 ? (cell ?? '').padEnd(widths[i]) : (cell ?? '').padStart(widths[i]))).join(' | ')
  console.log(line(table[0]))
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'))
  for (const row of table.slice(1)) console.log(row.length < table[0].length ? row.join(' | ') : line(row))
}
