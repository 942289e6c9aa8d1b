// Doubts at scale (section `doubts` of `npm run bench`; docs/decisions/034-doubts.md), on SQLite and PostgreSQL side
// by side, each on a fresh app server of the build and a fresh database:
// - seeded straight into the tables the migration made (batched inserts): 50,000 doubts (BENCH_DOUBTS) across 4
//   courses of 6 lectures and 3 papers of 30 questions, asked by 2,000 learners over 180 days, a realistic mix
//   (about 40% unanswered, 48% answered, 12% resolved, 7 of them with an answer; 3% hidden; 70% on lectures), plus one lecture with 500
//   ANSWERED doubts; then the planner's statistics, as autovacuum (PostgreSQL) or the app's own ANALYZE would have
//   them after such a load;
// - the staff inbox, page 1, through the real server over HTTP (signed in as staff with a session written straight
//   into the database, as the other sections sign in): /admin/doubts (unanswered first), ?status=open and a
//   course filter, each BENCH_DOUBTS_REQUESTS (200) requests one after another after 10 to warm up; p50 / p95 / p99
//   of the whole answer (last byte). Goal: p95 <= 100 ms on each database. Beside them the same three pages of the
//   model function itself (inboxPage, app/models/doubts/inbox.server.ts, in a child run through tsx against the same
//   database), which tells the query's share apart from the page's;
// - the course player on the 500-doubt lecture, /my-courses/{course}?lecture={lecture}, for an enrolled learner: the
//   HTML as sent (compressed, Accept-Encoding br and then gzip, as bench-pages.mjs reads it) against the content
//   page budget (HTML_FIRST_FLIGHT, 14,600 B: the first TCP flight), and its time p95; the model's threadFor page 1
//   of that lecture beside it.
// A page that does not answer 200 is shown with its status and its goal MISSED (the routes were placeholders while
// this bench was written; the figures are the lead's once they are merged).
//
// Run alone: `node scripts/bench-doubts.mjs` (builds first when build/ is missing; exits non-zero when a goal is
// missed). PostgreSQL: TEST_PG_URL (a server whose user may create databases: a throwaway database is made and
// dropped), else a throwaway server when PostgreSQL 15+ binaries are found (scripts/pg-server.mjs, PG_BIN), else
// skipped. BENCH_DOUBTS_DATABASES=sqlite,postgres picks; BENCH_PORT (default 3900) + 60 and + 61 are its ports.
import { execSync, spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import { fileURLToPath } from 'node:url'
import { openBenchDb } from './bench-db.mjs'
import { makeLearners } from './bench-extra.mjs'
import { HTML_FIRST_FLIGHT, printTable } from './bench-pages.mjs'
import { BROWSER_HEADERS, rawGet } from './bench-wire.mjs'
import { NODE_FLAGS } from './node-flags.mjs'

export const DOUBTS_BENCH = {
  doubts: Number(process.env.BENCH_DOUBTS ?? 50_000),
  hotLecture: 500,
  learners: 2_000,
  courses: 4,
  lecturesPerCourse: 6,
  quizzes: 3,
  questionsPerQuiz: 30,
  requests: Number(process.env.BENCH_DOUBTS_REQUESTS ?? 200),
  warmup: 10,
  goals: { inboxP95Ms: 100, playerHtmlBytes: HTML_FIRST_FLIGHT },
}
/** The inbox's course filter as the page reads it from its address. */
const COURSE_PARAM = 'courseId'
const SELF = fileURLToPath(import.meta.url)
const BUILD_DIR = process.env.BUILD_DIR ?? 'build'
const DAY = 86_400_000

// ---- the seed ----------------------------------------------------------------------------------------------------

/** Deterministic draws: the same rows on both databases. */
function lcg(seed) {
  let s = seed
  return (n) => {
    s = (s * 1103515245 + 12345) % 2147483648
    return s % n
  }
}
const newId = () => crypto.randomBytes(12).toString('hex')

// Twelve different doubts and answers of the lengths learners and teachers write, taken in turn, so the ten a page
// shows are ten different texts (brotli shrinks a repeated text to almost nothing, which would flatter the budget).
const BODIES = [
  'Why is the Krebs cycle called amphibolic? At 12:34 you said it is both catabolic and anabolic, but which intermediates leave the cycle for biosynthesis?',
  'In the question on $\\Delta G$ of ATP hydrolysis, why is the answer $-30.5$ kJ/mol and not $-7.3$ kcal/mol? Are they not the same?',
  'How does $\\ce{NADH}$ from glycolysis enter the mitochondrion in muscle cells? Is it the malate-aspartate shuttle or the glycerol phosphate shuttle?',
  'I did not understand why option C is wrong. The Hardy-Weinberg equation $p^2 + 2pq + q^2 = 1$ should hold for this population, shouldn’t it?',
  'Sir, please explain the difference between competitive and non-competitive inhibition once more with a Lineweaver-Burk plot.',
  'Why does a frameshift mutation near the start codon usually do more harm than one near the stop codon? The lecture only showed point mutations.',
  'When you drew the lac operon, lactose was the inducer, but the notes say allolactose. Which one actually binds the repressor?',
  'Is the Gram-negative outer membrane the reason penicillin works poorly on E. coli, or is it the beta-lactamase? Both were mentioned in the test.',
  'How do we decide the number of ATP from one palmitate? My count gives 108 but the key says 106; where do the two go?',
  'Could you explain why Okazaki fragments form only on the lagging strand? Polymerase moves 5 to 3 on both strands, so I got confused.',
  'In the chi-square question the degrees of freedom were 2, but there were four phenotype classes. Should it not be 3?',
  'What is the difference between a transition and a transversion, and why are transitions more common in real genomes?',
]
const ANSWERS = [
  'Good question. Citrate, α-ketoglutarate, succinyl-CoA and oxaloacetate are drawn off for fatty acids, amino acids and haem; the cycle is refilled by anaplerotic reactions (pyruvate carboxylase).',
  'They are the same quantity in different units: 7.3 kcal is 30.5 kJ. Read the units in the options carefully; the key uses kJ because the question does.',
  'Both exist: muscle mostly uses the glycerol phosphate shuttle (FADH₂, fewer ATP), heart and liver the malate-aspartate shuttle, which keeps the NADH.',
  'The population is not in equilibrium: it has selection against the recessive homozygote, so the expected frequencies do not hold, and C assumes they do.',
  'Competitive: Km rises, Vmax unchanged (lines meet on the y-axis). Non-competitive: Vmax falls, Km unchanged (lines meet on the x-axis). Draw both once yourself.',
  'A frameshift changes every codon after it. Near the start almost the whole protein is garbled; near the stop only the last few residues change, often harmlessly.',
  'Allolactose, an isomer made by β-galactosidase from lactose, binds the repressor. Textbooks often say lactose for short; IPTG is the lab inducer.',
  'Mostly the outer membrane: porins keep large penicillins out. Many strains also carry β-lactamase, which is why ampicillin resistance spreads so easily.',
  'Activation costs two high-energy bonds (ATP to AMP), so 108 minus 2 gives 106. Always subtract the activation step in such counts.',
  'Polymerase only extends 3′ ends, so on the lagging strand it must restart as the fork opens, leaving short pieces that ligase later joins.',
  'Degrees of freedom are classes minus one minus the parameters estimated from the data. One parameter was estimated here, so 4 − 1 − 1 = 2.',
  'A transition swaps a purine for a purine or a pyrimidine for a pyrimidine; a transversion swaps across. Deamination of methyl-cytosine makes transitions common.',
]
let textTurn = 0
const html = (text) => `<p>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>\n`

/**
 * Seeds one app server's database (db: scripts/bench-db.mjs) and returns the cookies and ids the measures need.
 * The app has made its tables on start (migrations), so the rows are the migration's own schema.
 */
export async function seed(db) {
  const rand = lcg(20_340)
  const now = Date.now()
  const iso = (ms) => new Date(ms).toISOString()
  const created = iso(now - 400 * DAY)

  // Courses, sections, lectures; papers and their questions.
  const courses = []
  const lectures = []
  const sections = []
  for (let c = 0; c < DOUBTS_BENCH.courses; c++) {
    const id = newId()
    courses.push([
      id,
      `Bench course ${c + 1}`,
      'A complete course',
      'm.sc entrance',
      'recorded',
      'English',
      '/images/courses/default.svg',
      4999,
      2999,
      `bench-doubts-course-${c + 1}-${id.slice(0, 6)}`,
      `Bench doubts course ${c + 1}`,
      'Course description.',
      created,
    ])
    const sectionId = newId()
    sections.push([sectionId, id, 'Metabolism', 0, created])
    for (let l = 0; l < DOUBTS_BENCH.lecturesPerCourse + (c === 0 ? 1 : 0); l++) {
      const hot = c === 0 && l === DOUBTS_BENCH.lecturesPerCourse
      lectures.push({
        row: [
          newId(),
          sectionId,
          hot ? 'The Krebs cycle, step by step' : `Lecture ${l + 1}`,
          'https://www.youtube.com/embed/bench',
          l,
          created,
        ],
        courseId: id,
        hot,
      })
    }
  }
  const quizzes = []
  const questions = []
  for (let q = 0; q < DOUBTS_BENCH.quizzes; q++) {
    const id = newId()
    quizzes.push([id, `Bench paper ${q + 1}`, 'bench', 'free', 60, created, created])
    for (let p = 0; p < DOUBTS_BENCH.questionsPerQuiz; p++)
      questions.push([
        newId(),
        id,
        p,
        `Question ${p + 1} of paper ${q + 1}`,
        '["A","B","C","D"]',
        p % 4,
        created,
        `<p>Question ${p + 1} of paper ${q + 1}</p>\n`,
        '["<p>A</p>\\n","<p>B</p>\\n","<p>C</p>\\n","<p>D</p>\\n"]',
        1,
      ])
  }
  const askers = Array.from({ length: DOUBTS_BENCH.learners }, (_, i) => {
    const id = newId()
    return [id, `Learner ${i + 1}`, `doubts-${i}-${id}@bench.test`, 'scrypt$unused', 'user', created, created]
  })
  await db.insert([
    {
      table: 'courses',
      columns: [
        'id',
        'card_title',
        'sub_title',
        'course_tag',
        'mode',
        'language',
        'course_image',
        'actual_price',
        'discounted_price',
        'link_address',
        'course_title',
        'course_description',
        'created_at',
      ],
      rows: courses,
    },
    { table: 'sections', columns: ['id', 'course_id', 'title', 'position', 'created_at'], rows: sections },
    {
      table: 'lectures',
      columns: ['id', 'section_id', 'title', 'video_url', 'position', 'created_at'],
      rows: lectures.map((l) => l.row),
    },
    {
      table: 'quizzes',
      columns: ['id', 'title', 'description', 'category', 'time_limit', 'created_at', 'updated_at'],
      rows: quizzes,
    },
    {
      table: 'questions',
      columns: [
        'id',
        'quiz_id',
        'position',
        'question_text',
        'options',
        'correct_option',
        'created_at',
        'question_html',
        'options_html',
        'plain_text',
      ],
      rows: questions,
    },
    {
      table: 'users',
      columns: ['id', 'name', 'email', 'password_hash', 'role', 'created_at', 'updated_at'],
      rows: askers,
    },
  ])

  // Staff and the learner of the player page (enrolled in the hot lecture's course).
  const [staffCookie] = await makeLearners(db, 1, 'doubts-staff', 'admin')
  const [learnerCookie] = await makeLearners(db, 1, 'doubts-learner')
  const [staff] = await db.all("select id from users where email like 'bench-doubts-staff-%'")
  const [learner] = await db.all("select id from users where email like 'bench-doubts-learner-%'")
  const hot = lectures.find((l) => l.hot)
  await db.insert([
    {
      table: 'enrollments',
      columns: ['id', 'user_id', 'course_id', 'is_active', 'source', 'created_at', 'updated_at'],
      rows: [[newId(), learner.id, hot.courseId, 1, 'admin', created, created]],
    },
  ])

  // The doubts: 50,000 in the mix, then the hot lecture's 500 answered ones.
  const plain = lectures.filter((l) => !l.hot)
  const columns = [
    'id',
    'user_id',
    'course_id',
    'lecture_id',
    'lecture_title',
    'quiz_id',
    'question_id',
    'question_key',
    'video_at',
    'status',
    'queue',
    'hidden',
    'helped',
    'answer_body',
    'answer_html',
    'answered_by',
    'answered_at',
    'answer_mailed_at',
    'created_at',
    'updated_at',
  ]
  const textColumns = ['doubt_id', 'user_id', 'body', 'body_html']
  const counts = { open: 0, answered: 0, resolved: 0, hidden: 0 }
  const doubtRow = ({ about, state, hidden, at, userId, helped }) => {
    const id = newId()
    const turn = textTurn++
    const body = BODIES[turn % BODIES.length]
    const answered = state !== 'open' && state !== 'resolved-bare'
    const answer = ANSWERS[(turn * 5) % ANSWERS.length]
    const answeredAt = answered ? iso(at + (1 + rand(48)) * 3_600_000) : null
    const status = state === 'open' ? 'open' : state === 'answered' ? 'answered' : 'resolved'
    return {
      doubt: [
        id,
        userId,
        about.lecture ? about.lecture.courseId : null,
        about.lecture ? about.lecture.row[0] : null,
        about.lecture ? about.lecture.row[2] : null,
        about.question ? about.question[1] : null,
        about.question ? about.question[0] : null,
        about.question ? about.question[0] : null,
        about.lecture && rand(2) ? rand(3600) : null,
        status,
        state === 'open' ? 0 : 1,
        hidden ? 1 : 0,
        helped,
        answered ? answer : null,
        answered ? html(answer) : null,
        answered ? staff.id : null,
        answeredAt,
        answeredAt,
        iso(at),
        answeredAt ?? iso(at),
      ],
      text: [id, userId, body, html(body)],
    }
  }
  const BATCH = 5_000
  for (let i = 0; i < DOUBTS_BENCH.doubts; i += BATCH) {
    const doubts = []
    const texts = []
    for (let j = i; j < Math.min(DOUBTS_BENCH.doubts, i + BATCH); j++) {
      const r = rand(100)
      const state = r < 40 ? 'open' : r < 88 ? 'answered' : r < 95 ? 'resolved' : 'resolved-bare'
      const hidden = rand(100) < 3
      counts[state === 'open' ? 'open' : state === 'answered' ? 'answered' : 'resolved']++
      if (hidden) counts.hidden++
      const about =
        rand(10) < 7 ? { lecture: plain[rand(plain.length)] } : { question: questions[rand(questions.length)] }
      const { doubt, text } = doubtRow({
        about,
        state,
        hidden,
        at: now - rand((180 * DAY) / 1000) * 1000 - rand(1000),
        userId: askers[rand(askers.length)][0],
        helped: state === 'answered' ? rand(8) : 0,
      })
      doubts.push(doubt)
      texts.push(text)
    }
    await db.insert([
      { table: 'doubts', columns, rows: doubts },
      { table: 'doubt_texts', columns: textColumns, rows: texts },
    ])
  }
  const hotDoubts = []
  const hotTexts = []
  for (let k = 0; k < DOUBTS_BENCH.hotLecture; k++) {
    const { doubt, text } = doubtRow({
      about: { lecture: hot },
      state: 'answered',
      hidden: false,
      at: now - (k + 1) * 3_600_000,
      userId: askers[rand(askers.length)][0],
      helped: rand(30),
    })
    hotDoubts.push(doubt)
    hotTexts.push(text)
  }
  await db.insert([
    { table: 'doubts', columns, rows: hotDoubts },
    { table: 'doubt_texts', columns: textColumns, rows: hotTexts },
  ])
  // The planner's statistics, as they would be after such a load (autovacuum on PostgreSQL).
  await db.run(db.kind === 'postgres' ? 'vacuum analyze' : 'analyze')
  return {
    staffCookie,
    learnerCookie,
    courseId: courses[1][0],
    hotCourseId: hot.courseId,
    hotLectureId: hot.row[0],
    counts,
  }
}

// ---- measuring -----------------------------------------------------------------------------------------------------

function percentile(sorted, q) {
  if (!sorted.length) return NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]
}
const spread = (times) => {
  const sorted = [...times].sort((a, b) => a - b)
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), p99: percentile(sorted, 0.99) }
}

/** One GET to the last byte (keep-alive, a phone Chrome's headers); resolves { status, ms }. */
function timedGet(agent, url, cookie) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now()
    const req = http.get(url, { agent, headers: { ...BROWSER_HEADERS, Cookie: cookie }, timeout: 60_000 }, (res) => {
      res.on('data', () => {})
      res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - t0 }))
      res.on('error', reject)
    })
    req.on('error', reject)
  })
}

/** `requests` GETs of `url` one after another (after the warm-up): the spread and the statuses seen. */
async function timeUrl(url, cookie) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  try {
    for (let i = 0; i < DOUBTS_BENCH.warmup; i++) await timedGet(agent, url, cookie)
    const times = []
    const statuses = new Map()
    for (let i = 0; i < DOUBTS_BENCH.requests; i++) {
      const { status, ms } = await timedGet(agent, url, cookie)
      times.push(ms)
      statuses.set(status, (statuses.get(status) ?? 0) + 1)
    }
    return { ...spread(times), n: times.length, statuses: Object.fromEntries(statuses) }
  } finally {
    agent.destroy()
  }
}

/** The model's own figures: a child (tsx) that opens the same database with the app's db module. */
function measureModel(env, ids) {
  const run = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', SELF, '--model'], {
    env: { ...env, BENCH_DOUBTS_IDS: JSON.stringify(ids) },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  })
  const line = run.stdout.split('\n').find((l) => l.startsWith('RESULT '))
  if (run.status !== 0 || !line) throw new Error(`model child failed: ${run.stderr || run.stdout}`)
  return JSON.parse(line.slice('RESULT '.length))
}

async function modelChild() {
  const { inboxPage } = await import('../app/models/doubts/inbox.server.ts')
  const { lectureDoubtAccess } = await import('../app/models/doubts/access.server.ts')
  const { threadFor } = await import('../app/models/doubts/threads.server.ts')
  const { db } = await import('../app/utils/db.server.ts')
  const ids = JSON.parse(process.env.BENCH_DOUBTS_IDS)
  const learner = await db
    .selectFrom('users')
    .select(['id', 'role'])
    .where('email', 'like', 'bench-doubts-learner-%')
    .executeTakeFirstOrThrow()
  const time = async (fn) => {
    for (let i = 0; i < DOUBTS_BENCH.warmup; i++) await fn()
    const times = []
    let last
    for (let i = 0; i < DOUBTS_BENCH.requests; i++) {
      const t0 = performance.now()
      last = await fn()
      times.push(performance.now() - t0)
    }
    return { ...spread(times), last }
  }
  const all = await time(() => inboxPage({ status: 'all', page: 1 }))
  const open = await time(() => inboxPage({ status: 'open', page: 1 }))
  const course = await time(() => inboxPage({ courseId: ids.courseId, status: 'all', page: 1 }))
  const thread = await time(async () => {
    const access = await lectureDoubtAccess(learner, ids.hotLectureId, { courseId: ids.hotCourseId })
    if (!access.ok) throw new Error(access.message)
    return threadFor(learner, access.target, 1)
  })
  const brief = (r) => ({ p50: r.p50, p95: r.p95, p99: r.p99 })
  console.log(
    `RESULT ${JSON.stringify({
      inboxAll: { ...brief(all), total: all.last.total, shown: all.last.doubts.length },
      inboxOpen: { ...brief(open), total: open.last.total },
      inboxCourse: { ...brief(course), total: course.last.total },
      thread: { ...brief(thread), answeredCount: thread.last.answeredCount, shown: thread.last.answered.length },
    })}`,
  )
  await db.destroy()
}

// ---- servers -----------------------------------------------------------------------------------------------------

/** A minimal app server of the build for a run alone (bench.mjs passes its own startApp). */
function ownStartApp({ label, port, env }) {
  const childEnv = {
    ...process.env,
    PORT: String(port),
    BUILD_DIR,
    RATE_LIMIT: 'off',
    SESSION_SECRET: process.env.BENCH_SESSION_SECRET ?? 'bench-session-secret',
    ...env,
  }
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL
  const proc = spawn(process.execPath, [...NODE_FLAGS, 'server.js'], {
    env: childEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  readline
    .createInterface({ input: proc.stderr })
    .on('line', (line) => process.stderr.write(`[${label} app] ${line}\n`))
  const base = `http://localhost:${port}`
  return {
    label,
    base,
    async waitHealthy() {
      for (let i = 0; i < 600; i++) {
        if (proc.exitCode !== null) throw new Error(`${label} app server exited with ${proc.exitCode}`)
        try {
          if ((await fetch(`${base}/healthz`)).ok) return
        } catch {}
        await new Promise((r) => setTimeout(r, 100))
      }
      throw new Error(`${label} app server did not start`)
    },
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return
      proc.kill('SIGTERM')
      const killer = setTimeout(() => proc.kill('SIGKILL'), 10_000)
      await once(proc, 'exit')
      clearTimeout(killer)
    },
  }
}

/** One database: a fresh server, the seed, the HTTP figures, the model's figures. */
async function runOne({ label, port, env, dbOpts, startApp }) {
  const app = startApp({ label: `${label} doubts`, port, env: { SEED_DEMO: 'false', ...env } })
  let db = null
  try {
    await app.waitHealthy()
    db = openBenchDb(dbOpts)
    const s0 = performance.now()
    const seeded = await seed(db)
    const seedSeconds = (performance.now() - s0) / 1000
    const inbox = `${app.base}/admin/doubts`
    const http = {
      inboxAll: await timeUrl(inbox, seeded.staffCookie),
      inboxOpen: await timeUrl(`${inbox}?status=open`, seeded.staffCookie),
      inboxCourse: await timeUrl(`${inbox}?${COURSE_PARAM}=${seeded.courseId}`, seeded.staffCookie),
    }
    const playerUrl = `${app.base}/my-courses/${seeded.hotCourseId}?lecture=${seeded.hotLectureId}`
    const br = await rawGet(playerUrl, { ...BROWSER_HEADERS, Cookie: seeded.learnerCookie })
    const gz = await rawGet(playerUrl, {
      ...BROWSER_HEADERS,
      'Accept-Encoding': 'gzip, deflate',
      Cookie: seeded.learnerCookie,
    })
    // BENCH_DOUBTS_DUMP=file keeps the player's HTML as sent, to see where its bytes go.
    if (process.env.BENCH_DOUBTS_DUMP) fs.writeFileSync(process.env.BENCH_DOUBTS_DUMP, br.body)
    const playerTime = await timeUrl(playerUrl, seeded.learnerCookie)
    const player = {
      status: br.status,
      location: br.headers.location ?? null,
      br: br.wire,
      brEncoding: br.headers['content-encoding'] ?? 'identity',
      gzip: gz.wire,
      gzipEncoding: gz.headers['content-encoding'] ?? 'identity',
      decoded: br.body.length,
      // How many doubts the player carried (it shows as many of the newest as fit its budget).
      shown: (String(br.body).match(/data-testid="doubt"/g) ?? []).length,
      ...playerTime,
    }
    const childEnv = { ...process.env, SEED_DEMO: 'false', ...env }
    // The SQLite run must not pick up a DATABASE_URL from the caller's shell.
    if (!env.DATABASE_URL) delete childEnv.DATABASE_URL
    const model = measureModel(childEnv, seeded)
    return { label, seedSeconds, counts: seeded.counts, http, player, model }
  } catch (error) {
    return { label, failed: error.message }
  } finally {
    await db?.close()
    await app.stop()
  }
}

// ---- the run -----------------------------------------------------------------------------------------------------

/**
 * Runs the section on each database and prints its table; returns how many goals were missed. bench.mjs passes
 * its startApp, ports, tmp folder and PostgreSQL server; alone, they are made here.
 */
export async function runDoubts({ startApp, ports, tmp, pgAdminUrl } = {}) {
  const alone = !startApp
  startApp ??= ownStartApp
  const base = Number(process.env.BENCH_PORT ?? 3900) + 60
  ports ??= [base, base + 1]
  const ownTmp = !tmp
  tmp ??= fs.mkdtempSync(path.join(os.tmpdir(), 'bench-doubts-'))
  const which = new Set((process.env.BENCH_DOUBTS_DATABASES ?? 'sqlite,postgres').split(','))
  if (alone && (!fs.existsSync(path.join(BUILD_DIR, 'server/index.js')) || process.env.BENCH_BUILD === '1'))
    execSync('npm run -s build', { stdio: 'inherit', env: { ...process.env, BUILD_DIR } })

  let pgServer = null
  const dbName = `bench_doubts_${process.pid}`
  if (which.has('postgres')) {
    pgAdminUrl ??= process.env.TEST_PG_URL ?? null
    if (!pgAdminUrl) {
      const { findPostgresBin, startPostgres } = await import('./pg-server.mjs')
      const bin = findPostgresBin()
      if (bin) {
        pgServer = await startPostgres({ bin })
        pgAdminUrl = pgServer.url
      }
    }
  }
  const pg = pgAdminUrl ? (await import('pg')).default : null
  const admin = async (text) => {
    const client = new pg.Client({ connectionString: pgAdminUrl })
    await client.connect()
    try {
      await client.query(text)
    } finally {
      await client.end()
    }
  }

  const t0 = performance.now()
  const results = []
  try {
    if (which.has('sqlite')) {
      const file = path.join(tmp, 'doubts.db')
      results.push(
        await runOne({
          label: 'SQLite',
          port: ports[0],
          env: { DATABASE_PATH: file, OUTBOX_DIR: path.join(tmp, 'outbox-doubts'), UPLOADS_DIR: path.join(tmp, 'up') },
          dbOpts: { file },
          startApp,
        }),
      )
    }
    if (pgAdminUrl) {
      await admin(`create database ${dbName}`)
      const url = new URL(pgAdminUrl)
      url.pathname = `/${dbName}`
      results.push(
        await runOne({
          label: 'PostgreSQL',
          port: ports[1],
          env: {
            DATABASE_URL: url.toString(),
            DATABASE_PATH: path.join(tmp, 'unused-doubts.db'),
            OUTBOX_DIR: path.join(tmp, 'outbox-doubts-pg'),
            UPLOADS_DIR: path.join(tmp, 'up-pg'),
          },
          dbOpts: { url: url.toString() },
          startApp,
        }),
      )
    }
  } finally {
    if (pgAdminUrl && which.has('postgres')) await admin(`drop database if exists ${dbName}`).catch(() => {})
    await pgServer?.stop()
    if (ownTmp) fs.rmSync(tmp, { recursive: true, force: true })
  }
  return printDoubts(results, {
    seconds: (performance.now() - t0) / 1000,
    pgSkipped: which.has('postgres') && !pgAdminUrl,
  })
}

function printDoubts(results, { seconds, pgSkipped }) {
  const { goals } = DOUBTS_BENCH
  const ms = (v) => (Number.isFinite(v) ? v.toFixed(1) : '-')
  const spreadCell = (r) => (r ? `${ms(r.p50)} / ${ms(r.p95)} / ${ms(r.p99)}` : '-')
  const statusNote = (r) => {
    const bad = Object.entries(r.statuses).filter(([s]) => s !== '200')
    return bad.length ? ` (status ${bad.map(([s, n]) => `${s} x${n}`).join(', ')})` : ''
  }
  // A database whose run failed misses its goals once.
  let missed = results.filter((r) => r.failed).length
  const verdict = (ok) => {
    if (!ok) missed++
    return ok ? 'goal ok' : 'MISSED'
  }
  const header = ['measure', 'goal']
  for (const r of results) header.push(`${r.label}`, `${r.label} goal`)
  const table = [header]
  const row = (measure, goal, cell) => {
    const line = [measure, goal]
    for (const r of results) {
      if (r.failed) line.push(`FAILED: ${r.failed.split('\n')[0].slice(0, 80)}`, 'MISSED')
      else line.push(...cell(r))
    }
    table.push(line)
  }
  const httpRow = (measure, key) =>
    row(measure, `p95 <= ${goals.inboxP95Ms} ms`, (r) => {
      const h = r.http[key]
      const ok = h.statuses['200'] === h.n && h.p95 <= goals.inboxP95Ms
      return [spreadCell(h) + statusNote(h), verdict(ok)]
    })
  httpRow(`GET /admin/doubts (unanswered first), p50 / p95 / p99 ms`, 'inboxAll')
  httpRow('GET /admin/doubts?status=open, ms', 'inboxOpen')
  httpRow(`GET /admin/doubts?${COURSE_PARAM}={course}, ms`, 'inboxCourse')
  const modelRow = (measure, key) =>
    row(measure, `p95 <= ${goals.inboxP95Ms} ms`, (r) => {
      const m = r.model[key]
      return [`${spreadCell(m)} (${m.total.toLocaleString('en')} match)`, verdict(m.p95 <= goals.inboxP95Ms)]
    })
  modelRow('  model inboxPage all, page 1, ms', 'inboxAll')
  modelRow('  model inboxPage open, page 1, ms', 'inboxOpen')
  modelRow('  model inboxPage by course, page 1, ms', 'inboxCourse')
  row(`player, 500-doubt lecture: HTML br B`, `<= ${goals.playerHtmlBytes.toLocaleString('en')} B`, (r) => {
    const p = r.player
    const ok = p.status === 200 && p.br <= goals.playerHtmlBytes
    const note = p.status === 200 ? '' : ` (status ${p.status}${p.location ? ` -> ${p.location}` : ''})`
    return [`${p.br.toLocaleString('en')}${p.brEncoding === 'br' ? '' : ` (${p.brEncoding})`}${note}`, verdict(ok)]
  })
  row(`player, 500-doubt lecture: HTML gzip B`, `<= ${goals.playerHtmlBytes.toLocaleString('en')} B`, (r) => {
    const p = r.player
    const ok = p.status === 200 && p.gzip <= goals.playerHtmlBytes
    return [`${p.gzip.toLocaleString('en')}${p.gzipEncoding === 'gzip' ? '' : ` (${p.gzipEncoding})`}`, verdict(ok)]
  })
  row('player, 500-doubt lecture: HTML decoded B', '-', (r) => [r.player.decoded.toLocaleString('en'), '-'])
  row('player, 500-doubt lecture: answered doubts shown', '-', (r) => [String(r.player.shown), '-'])
  row('player, 500-doubt lecture: p50 / p95 / p99 ms', '-', (r) => [spreadCell(r.player) + statusNote(r.player), '-'])
  row('  model threadFor (with its access check), page 1, ms', '-', (r) => [
    `${spreadCell(r.model.thread)} (${r.model.thread.shown} of ${r.model.thread.answeredCount})`,
    '-',
  ])
  row('seeded doubts (open / answered / resolved; hidden)', '-', (r) => [
    `${Object.values(r.counts)
      .slice(0, 3)
      .map((n) => n.toLocaleString('en'))
      .join(' / ')}; ${r.counts.hidden.toLocaleString('en')} + ${DOUBTS_BENCH.hotLecture} answered on one lecture`,
    '-',
  ])
  row('seeded in, s', '-', (r) => [r.seedSeconds.toFixed(1), '-'])

  console.log(
    `\n== Doubts: the staff inbox at ${DOUBTS_BENCH.doubts.toLocaleString('en')} doubts and the player on a lecture with ${DOUBTS_BENCH.hotLecture} answered ones (fresh server and database each; ${DOUBTS_BENCH.requests} requests one after another per figure after ${DOUBTS_BENCH.warmup} to warm up, to the last byte, Accept-Encoding gzip, deflate, br; model: the same calls in-process)`,
  )
  printTable(table)
  if (pgSkipped) console.log('PostgreSQL: skipped, no TEST_PG_URL and no PostgreSQL 15+ binaries (PG_BIN)')
  console.log(
    `doubts: ${missed ? `${missed} goal(s) MISSED` : 'all goals ok'} (section run in ${seconds.toFixed(0)} s)`,
  )
  return missed
}

// Last, once every declaration above is made: the model child, or a run alone.
if (process.argv.includes('--model')) await modelChild()
else if (process.argv[1] && path.resolve(process.argv[1]) === SELF) process.exit(await runDoubts())
