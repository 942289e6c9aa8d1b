// A lecture video on slow links, in a real browser (docs/decisions/033-lecture-video.md). The app runs from the
// build with a fresh SQLite database and its own video worker; a generated 720p lecture (the transcode bench's test
// lecture, scripts/bench-transcode.mjs) is queued as a staff upload would be and transcoded by the app itself, then
// the demo learner plays it in Chromium with the network emulated (DevTools' throttling: the page loads at full
// speed, the throttle starts when play is pressed):
// - 2G (250 kbit/s down, 300 ms round trip) on 'Audio only' and on 'Data saver' (the 144p rung): the first audio or
//   frame within 3 s of pressing play, and no stall over 2 minutes of playback;
// - 3G (750 kbit/s, 150 ms) on 'Auto': the rung the player settles on (the segments it fetches in the last 30 s) is
//   240p or 360p.
// Run alone: `node scripts/bench-video-network.mjs` (needs `npm run build`; exits non-zero when a goal is missed);
// `npm run bench` runs it as the section `videonet`. BENCH_VIDEONET_SECONDS (default 120) is the playback watched per
// run.
import { spawn, spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { once } from 'node:events'
import Database from 'better-sqlite3'
import { chromium } from '@playwright/test'
import { lectureArgs } from './bench-transcode.mjs'

const PLAY_SECONDS = Number(process.env.BENCH_VIDEONET_SECONDS ?? 120)
const LECTURE_SECONDS = PLAY_SECONDS + 60
const PORT = Number(process.env.BENCH_VIDEONET_PORT ?? 4690)
const BUILD_DIR = process.env.BUILD_DIR ?? 'build'
const FIRST_FRAME_GOAL = 3
const LEARNER = { email: 'learner@biocoach.example', password: 'Learn@12345' }
const kbps = (n) => (n * 1000) / 8

const RUNS = [
  { name: '2G, Audio only', down: 250, up: 50, rtt: 300, choose: 'audio', goal: 'start' },
  { name: '2G, Data saver (144p)', down: 250, up: 50, rtt: 300, choose: 'data-saver', goal: 'start' },
  { name: '3G, Auto', down: 750, up: 250, rtt: 150, choose: 'auto', goal: 'settle' },
]

const newId = () => crypto.randomBytes(12).toString('hex')

function startApp(dir) {
  const env = {
    ...process.env,
    PORT: String(PORT),
    BUILD_DIR,
    DATABASE_PATH: path.join(dir, 'app.db'),
    UPLOADS_DIR: path.join(dir, 'uploads'),
    OUTBOX_DIR: path.join(dir, 'outbox'),
    SEED_DEMO: 'true',
    RATE_LIMIT: 'off',
    SESSION_SECRET: 'bench-video-secret',
    VIDEO_WORKERS: '1',
  }
  delete env.DATABASE_URL
  delete env.S3_BUCKET
  const proc = spawn(process.execPath, ['server.js'], { env, stdio: ['ignore', 'ignore', 'inherit'] })
  return proc
}

async function waitFor(check, what, seconds) {
  const until = Date.now() + seconds * 1000
  while (Date.now() < until) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`${what} did not happen within ${String(seconds)} s`)
}

/** Queues the lecture as an upload of the demo learner's course; returns where to watch it. */
function queueLecture(dir, source) {
  const db = new Database(path.join(dir, 'app.db'))
  const learner = db.prepare('select id from users where email = ?').get(LEARNER.email)
  const section = db.prepare('select id, course_id from sections order by position limit 1').get()
  const now = new Date().toISOString()
  const lectureId = newId()
  const videoId = newId()
  db.prepare(
    'insert into lectures (id, section_id, title, video_url, position, created_at) values (?, ?, ?, ?, ?, ?)',
  ).run(lectureId, section.id, 'Bench lecture', '', -1, now)
  const enrolled = db
    .prepare('select id from enrollments where user_id = ? and course_id = ?')
    .get(learner.id, section.course_id)
  if (enrolled)
    db.prepare('update enrollments set is_active = 1, access_until = null, access_ended_by = null where id = ?').run(
      enrolled.id,
    )
  else
    db.prepare(
      'insert into enrollments (id, user_id, course_id, is_active, source, access_until, created_at, updated_at) values (?, ?, ?, 1, ?, null, ?, ?)',
    ).run(newId(), learner.id, section.course_id, 'admin', now, now)
  const key = `videos/${videoId}/source.mp4`
  fs.mkdirSync(path.join(dir, 'uploads', 'videos', videoId), { recursive: true })
  fs.copyFileSync(source, path.join(dir, 'uploads', key))
  db.prepare(
    'insert into videos (id, lecture_id, status, progress, source_key, source_name, source_bytes, created_at, updated_at) values (?, ?, ?, 0, ?, ?, ?, ?, ?)',
  ).run(videoId, lectureId, 'queued', key, 'lecture.mp4', fs.statSync(source).size, now, now)
  return { db, videoId, url: `/my-courses/${section.course_id}?lecture=${lectureId}` }
}

/** One playback: press play on the throttled link and watch. */
async function play(browser, base, url, run) {
  const context = await browser.newContext({ baseURL: base })
  const page = await context.newPage()
  await page.goto('/login')
  await page.getByLabel('Email').fill(LEARNER.email)
  await page.getByLabel('Password').fill(LEARNER.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.waitForURL((u) => !u.pathname.startsWith('/login'))
  await page.goto(url)
  // Hydrated (the page's scripts start after it has loaded): the quality menu is a JS control.
  await page.getByLabel('Quality', { exact: true }).waitFor()
  const dataSaver = page.getByLabel('Data saver (lowest quality)')
  // The learner's choice as it is remembered (a checkbox saved in the background), set before the page is timed.
  if ((await dataSaver.isChecked()) !== (run.choose === 'data-saver')) {
    await dataSaver.setChecked(run.choose === 'data-saver')
    await page.waitForTimeout(500)
    await page.reload()
  }
  await page.getByLabel('Quality', { exact: true }).waitFor()
  if (run.choose === 'audio') await page.getByLabel('Quality', { exact: true }).selectOption('audio')

  const segments = []
  let bytes = 0
  page.on('requestfinished', async (request) => {
    const m = /\/hls\/([^/]+)\/seg_/.exec(request.url())
    if (m) segments.push({ rung: m[1], at: Date.now() })
    const sizes = await request.sizes().catch(() => null)
    if (sizes) bytes += sizes.responseBodySize + sizes.responseHeadersSize
  })
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: run.rtt,
    downloadThroughput: kbps(run.down),
    uploadThroughput: kbps(run.up),
  })
  const started = Date.now()
  await page.evaluate(() => {
    const el = document.querySelector('video')
    const w = window
    w.__bench = { first: null, stalls: 0, stalled: 0, since: null, t0: performance.now() }
    el.addEventListener('playing', () => {
      const b = w.__bench
      if (b.first === null) b.first = (performance.now() - b.t0) / 1000
      if (b.since !== null) {
        const waited = performance.now() - b.since
        b.stalled += waited / 1000
        if (waited >= 250) b.stalls++
        b.since = null
      }
    })
    // A stall: playback waits for data after it began. A wait under STALL_MS (the element's own 'waiting' as it
    // crosses a segment it already holds) is not one a learner sees.
    el.addEventListener('waiting', () => {
      const b = w.__bench
      if (b.first === null || b.since !== null) return
      b.since = performance.now()
    })
    void el.play()
  })
  await page.waitForTimeout(PLAY_SECONDS * 1000)
  const result = await page.evaluate(() => ({
    ...window.__bench,
    // Still waiting when the watch ended: that is a stall too.
    stalls: window.__bench.stalls + (window.__bench.since !== null ? 1 : 0),
    currentTime: document.querySelector('video').currentTime,
  }))
  const recent = segments.filter((s) => s.at >= started + (PLAY_SECONDS - 30) * 1000)
  const lastRung = recent.length ? recent[recent.length - 1].rung : (segments.at(-1)?.rung ?? null)
  const byRung = {}
  for (const s of segments) byRung[s.rung] = (byRung[s.rung] ?? 0) + 1
  await context.close()
  return { ...result, lastRung, byRung, bytes }
}

export async function runVideoNetwork() {
  if (!fs.existsSync(path.join(BUILD_DIR, 'server'))) throw new Error(`no build in ${BUILD_DIR}: run npm run build`)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-videonet-'))
  let failures = 0
  const app = startApp(dir)
  let browser
  try {
    console.log(
      `\n== Lecture video on slow links: a ${String(LECTURE_SECONDS / 60)}-minute 720p lecture, ${String(PLAY_SECONDS)} s of playback per run`,
    )
    const source = path.join(dir, 'lecture.mp4')
    const made = spawnSync('ffmpeg', lectureArgs(LECTURE_SECONDS, source), { encoding: 'utf8' })
    if (made.status !== 0) throw new Error(`ffmpeg could not make the test lecture: ${made.stderr}`)
    const base = `http://localhost:${String(PORT)}`
    await waitFor(
      async () => {
        if (app.exitCode !== null) throw new Error('the app exited')
        return (await fetch(`${base}/healthz`).catch(() => null))?.ok
      },
      'the app start',
      60,
    )
    const { db, videoId, url } = queueLecture(dir, source)
    const at = Date.now()
    await waitFor(
      () => db.prepare('select status from videos where id = ?').get(videoId)?.status === 'ready',
      "the app's transcode",
      LECTURE_SECONDS * 2,
    )
    console.log(`transcoded by the app's worker in ${((Date.now() - at) / 1000).toFixed(1)} s (not the measure)`)
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--headless',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--autoplay-policy=no-user-gesture-required',
      ],
    })
    const rows = [['run', 'first frame/audio', 'stalls', 'stalled', 'played', 'rungs fetched', 'KB', 'goal']]
    for (const run of RUNS) {
      const r = await play(browser, base, url, run)
      let ok
      let goal
      if (run.goal === 'start') {
        ok = r.first !== null && r.first <= FIRST_FRAME_GOAL && r.stalls === 0
        goal = `first <= ${String(FIRST_FRAME_GOAL)} s, 0 stalls`
      } else {
        ok = r.lastRung === '240p' || r.lastRung === '360p'
        goal = `settles on 240p/360p (last: ${r.lastRung ?? 'none'})`
      }
      if (!ok) failures++
      rows.push([
        run.name,
        r.first === null ? 'never' : `${r.first.toFixed(2)} s`,
        String(r.stalls),
        `${r.stalled.toFixed(1)} s`,
        `${r.currentTime.toFixed(0)} s`,
        Object.entries(r.byRung)
          .map(([k, v]) => `${k}:${String(v)}`)
          .join(' '),
        (r.bytes / 1024).toFixed(0),
        `${goal} ${ok ? 'ok' : 'MISSED'}`,
      ])
    }
    const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)))
    for (const row of rows) console.log(row.map((c, i) => c.padEnd(widths[i])).join(' | '))
    console.log(failures ? `videonet: ${String(failures)} goal(s) MISSED` : 'videonet: every goal met')
    db.close()
  } finally {
    await browser?.close()
    if (app.exitCode === null) {
      app.kill('SIGTERM')
      await once(app, 'exit')
    }
    fs.rmSync(dir, { recursive: true, force: true })
  }
  return failures ? 1 : 0
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname))
  process.exit(await runVideoNetwork())
