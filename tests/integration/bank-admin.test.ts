import { beforeAll, describe, expect, test } from 'vitest'
import { createUser } from '../../db/factories'
import { insertSubmittedAttempt } from '../support/attempts'
import { callApi, callRoute, signedInUser } from '../support/harness'
import * as adminApi from '~/routes/api/admin'
import * as listPage from '~/routes/admin/questions'
import * as newPage from '~/routes/admin/questions-new'
import * as editPage from '~/routes/admin/questions-edit'
import * as resultPage from '~/routes/quiz/result'
import { getBankQuestion } from '~/models/bank/search.server'
import { createQuiz } from '~/models/quiz/editing.server'
import { attemptTestQuestions, getQuiz } from '~/models/quiz/catalog.server'
import { saveAnswers, startAttempt, submitAttempt } from '~/models/quiz/attempt.server'
import { db } from '~/utils/db.server'

// The question bank's staff pages and API (/admin/questions, /api/v1/admin/questions) on SQLite and PostgreSQL:
// the filters through the one filter query, paging, staff only, refusals that name the field and keep the input,
// versions on edit (a learner's result keeps what they were shown), bulk tags, retiring, the exam list, and the
// statistics across papers, worked out by hand below.

let staff: Awaited<ReturnType<typeof signedInUser>>
let learner: Awaited<ReturnType<typeof signedInUser>>

beforeAll(async () => {
  staff = await signedInUser('instructor')
  learner = await signedInUser('user')
})

const OPTS = ['Alpha', 'Beta', 'Gamma', 'Delta']

type Body = Record<string, unknown>
const question = (text: string, tags: Body, extra: Body = {}): Body => ({
  questionText: text,
  options: OPTS,
  correctOption: 0,
  ...tags,
  ...extra,
})

const api = (method: string, path: string, options: { json?: unknown; cookie?: string } = {}) =>
  callApi(adminApi, method, `/api/v1/admin${path}`, { cookie: staff.cookie, ...options })

async function add(body: Body): Promise<string> {
  const res = await api('POST', '/questions', { json: body })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.question._id
}

const list = (query: string, cookie = staff.cookie) =>
  callRoute(listPage.loader, `/admin/questions?${query}`, { cookie })
const idsOf = (rows: { id: string }[]) => rows.map((r) => r.id).sort()

/** A paper holding these bank questions (as the quiz editor links them: the same content, the bank id). */
async function paperWith(bankIds: string[], title = 'Paper') {
  const questions = []
  for (const id of bankIds) {
    const q = (await getBankQuestion(id))!
    questions.push({
      questionText: q.key!.text,
      options: q.key!.options,
      correctOption: q.key!.correctOption,
      type: q.key!.type,
      explanation: q.key!.explanation ?? undefined,
      bankId: id,
    })
  }
  const saved = await createQuiz({
    actorId: staff.id,
    input: { title, description: 'D', category: 'free', timeLimit: 30, questions },
  })
  if (!saved.ok) throw new Error('paper refused')
  return saved.quiz
}

describe('filters, paging and the list', () => {
  let a = ''
  let b = ''
  let c = ''
  let d = ''
  beforeAll(async () => {
    const bio = { subject: 'Biochemistry', topic: 'Metabolism' }
    a = await add(question('Krebs cycle runs in the mitochondria', { ...bio, exams: ['GATE XL'], year: 2019 }))
    b = await add(question('Glycolysis runs in the cytosol', { ...bio, exams: ['IIT JAM BT'], year: 2020 }))
    c = await add(
      question(
        'Mendel and the Krebs cycle',
        { subject: 'Genetics', topic: 'Mendelism', exams: ['GATE XL', 'IIT JAM BT'], year: 2019, difficulty: 'hard' },
        { type: 'msq', correctOptions: [0, 2], correctOption: undefined },
      ),
    )
    d = await add(question('Krebs cycle yield', { subject: 'Biochemistry', topic: 'Bioenergetics', year: 2021 }))
    await paperWith([b])
  })

  test('text plus two tags, exam, year, difficulty, type, used', async () => {
    expect(idsOf((await list('q=KREBS&subject=Biochemistry&topic=Metabolism')).data.rows)).toEqual([a])
    expect(idsOf((await list('q=krebs')).data.rows)).toEqual([a, c, d].sort())
    expect(idsOf((await list('exam=GATE+XL')).data.rows)).toEqual([a, c].sort())
    expect(idsOf((await list('year=2019')).data.rows)).toEqual([a, c].sort())
    expect(idsOf((await list('year=2019&year=2021')).data.rows)).toEqual([a, c, d].sort())
    expect(idsOf((await list('difficulty=hard&subject=Genetics')).data.rows)).toEqual([c])
    expect(idsOf((await list('type=msq')).data.rows)).toEqual([c])
    const used = (await list('used=yes&subject=Biochemistry')).data
    expect(idsOf(used.rows)).toEqual([b])
    expect(used.rows[0].papers).toBe(1)
    expect(idsOf((await list('used=no&subject=Biochemistry')).data.rows)).toEqual([a, d].sort())
    const row = (await list('q=Glycolysis')).data.rows[0]
    expect(row).toMatchObject({ html: '<p>Glycolysis runs in the cytosol</p>\n', type: 'mcq', exams: ['IIT JAM BT'] })
  })

  test('a filter that cannot be read is named and filters nothing', async () => {
    const res = await list('year=19x&difficulty=tough&q=Glycolysis')
    expect(res.data.problems.map((p: { field: string }) => p.field)).toEqual(['year', 'difficulty'])
    expect(res.data.rows).toHaveLength(1)
    const refused = await api('GET', '/questions?type=essay')
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ success: false, field: 'type', message: 'type: Type must be mcq, msq or nat' })
  })

  test('retire hides a question unless asked; DELETE retires; papers keep it', async () => {
    const retired = await callRoute(listPage.action, '/admin/questions?subject=Biochemistry', {
      cookie: staff.cookie,
      form: { intent: 'retire', ids: [a] },
    })
    expect(retired.location).toBe('/admin/questions?subject=Biochemistry')
    expect(idsOf((await list('subject=Biochemistry')).data.rows)).toEqual([b, d].sort())
    expect(idsOf((await list('subject=Biochemistry&retired=only')).data.rows)).toEqual([a])
    expect(idsOf((await list('subject=Biochemistry&retired=include')).data.rows)).toEqual([a, b, d].sort())

    const gone = await api('DELETE', `/questions/${b}`)
    expect(gone.status).toBe(200)
    expect(gone.body.question).toMatchObject({ _id: b, retired: true })
    expect(gone.body.question.papers).toHaveLength(1)
    expect((await api('GET', '/questions?subject=Biochemistry')).body.questions.map((q: Body) => q._id)).toEqual([d])
    expect((await api('DELETE', '/questions/aaaaaaaaaaaaaaaaaaaaaaaa')).status).toBe(404)
    const audit = await db.selectFrom('audit_log').select('action').where('action', 'like', 'bank_question.%').execute()
    expect(audit.map((r) => r.action)).toEqual(expect.arrayContaining(['bank_question.retire']))

    await callRoute(listPage.action, '/admin/questions', {
      cookie: staff.cookie,
      form: { intent: 'restore', ids: [a, b] },
    })
    expect(idsOf((await list('subject=Biochemistry')).data.rows)).toEqual([a, b, d].sort())
  })

  test('20 a page, with the total, on the page and the API', async () => {
    for (let i = 0; i < 23; i++) await add(question(`Paging question ${i}`, { subject: 'Paging', topic: 'Pages' }))
    const first = await list('subject=Paging')
    expect(first.data.rows).toHaveLength(20)
    expect([first.data.total, first.data.pages]).toEqual([23, 2])
    const second = await list('subject=Paging&page=2')
    expect(second.data.rows).toHaveLength(3)
    const viaApi = await api('GET', '/questions?subject=Paging&page=2')
    expect(viaApi.body).toMatchObject({ success: true, total: 23, page: 2 })
    expect(viaApi.body.questions).toHaveLength(3)
    const all = [...first.data.rows, ...second.data.rows].map((r: { id: string }) => r.id)
    expect(new Set(all).size).toBe(23)
    // The page's rows carry the total; a page past the end has none and still says how many match.
    const past = await list('subject=Paging&page=4')
    expect([past.data.rows.length, past.data.total, past.data.pages]).toEqual([0, 23, 2])
    expect((await list('subject=Nothing')).data.total).toBe(0)
  })
})

describe('staff only', () => {
  test('a learner is refused on the pages and the API; signed out is 401', async () => {
    expect((await list('', learner.cookie)).location).toBe('/')
    expect((await callRoute(newPage.loader, '/admin/questions/new', { cookie: learner.cookie })).location).toBe('/')
    const posted = await callRoute(listPage.action, '/admin/questions', {
      cookie: learner.cookie,
      form: { intent: 'add-exam', name: 'Sneaky' },
    })
    expect(posted.location).toBe('/')
    expect((await api('GET', '/questions', { cookie: learner.cookie })).status).toBe(403)
    expect((await api('POST', '/questions', { cookie: learner.cookie, json: {} })).status).toBe(403)
    expect((await callApi(adminApi, 'GET', '/api/v1/admin/questions')).status).toBe(401)
    expect(await db.selectFrom('exams').select('id').where('name', '=', 'Sneaky').executeTakeFirst()).toBeUndefined()
  })
})

describe('creating', () => {
  const count = async () =>
    Number(
      (
        await db
          .selectFrom('bank_questions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    )

  test('the page refuses naming each field and keeps what was typed; nothing is saved', async () => {
    const before = await count()
    const res = await callRoute(newPage.action, '/admin/questions/new', {
      cookie: staff.cookie,
      form: {
        questionText: 'Which base pairs with adenine?',
        type: 'mcq',
        'options[0]': 'T',
        'options[1]': '',
        'options[2]': 'G',
        'options[3]': 'C',
        correctOption: '1',
        subject: 'Genetics',
        topic: '',
        exams: ['GATE XL', 'Olympiad'],
        year: '1850',
      },
    })
    expect(res.status).toBe(400)
    expect(res.data.result.error).toMatchObject({
      'options[1]': ['Option 2 is required'],
      topic: ['Topic is required'],
      exams: ["Unknown exam 'Olympiad': add it to the exam list first"],
      year: ['Year must be a year between 1990 and 2100'],
    })
    expect(res.data.result.initialValue).toMatchObject({
      questionText: 'Which base pairs with adenine?',
      subject: 'Genetics',
    })
    expect(await count()).toBe(before)
  })

  test('markup that does not render is refused naming the field, on the page and the API', async () => {
    const before = await count()
    const res = await callRoute(newPage.action, '/admin/questions/new', {
      cookie: staff.cookie,
      form: {
        questionText: 'Fine',
        type: 'mcq',
        'options[0]': 'a',
        'options[1]': '$\\frac{1$',
        'options[2]': 'c',
        'options[3]': 'd',
        correctOption: '1',
        subject: 'S',
        topic: 'T',
      },
    })
    expect(res.status).toBe(400)
    expect(res.data.result.error['options[1]']).toHaveLength(1)
    expect(res.data.result.error[''][0]).toMatch(/^Option B: /)
    const viaApi = await api('POST', '/questions', { json: question('$\\notacommand$', { subject: 'S', topic: 'T' }) })
    expect(viaApi.status).toBe(400)
    expect(viaApi.body.field).toBe('questionText')
    expect(viaApi.body.message).toMatch(/^questionText: question text: /)
    expect(await count()).toBe(before)
  })

  test('the API refuses naming the field; a valid post answers the question shape', async () => {
    const noTopic = await api('POST', '/questions', { json: question('Q', { subject: 'S' }) })
    expect(noTopic.status).toBe(400)
    expect(noTopic.body).toMatchObject({ success: false, field: 'topic', message: 'topic: Topic is required' })
    const badKey = await api('POST', '/questions', {
      json: question('Q', { subject: 'S', topic: 'T' }, { correctOption: 4 }),
    })
    expect(badKey.body).toMatchObject({
      field: 'correctOption',
      message: 'correctOption: Correct option must be 0 to 3',
    })
    const created = await api('POST', '/questions', {
      json: question(
        'Heterozygote frequency?',
        {
          subject: 'Genetics',
          topic: 'Population genetics',
          subtopic: 'HWE',
          exams: ['CUET PG'],
          year: 2022,
          source: 'CUET PG 2022 Q12',
        },
        {
          type: 'nat',
          options: undefined,
          correctOption: undefined,
          answerMin: 0.47,
          answerMax: '0.49',
          explanation: 'Use 2pq.',
        },
      ),
    })
    expect(created.status).toBe(201)
    const q = created.body.question
    expect(q).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      questionText: 'Heterozygote frequency?',
      options: [],
      type: 'nat',
      subject: 'Genetics',
      topic: 'Population genetics',
      subtopic: 'HWE',
      exams: ['CUET PG'],
      year: 2022,
      difficulty: 'medium',
      source: 'CUET PG 2022 Q12',
      correctOption: 0,
      correctOptions: [],
      answerMin: '0.47',
      answerMax: '0.49',
      explanation: 'Use 2pq.',
      retired: false,
      papers: [],
      stats: {
        learners: 0,
        answered: 0,
        correct: 0,
        shareCorrect: null,
        separation: null,
        separationLabel: 'Too few answers',
      },
    })
    expect((await api('GET', `/questions/${q._id}`)).body).toEqual({ success: true, question: q })
    expect((await api('GET', '/questions/bbbbbbbbbbbbbbbbbbbbbbbb')).status).toBe(404)
  })

  test('the page saves and opens the question; the exam list grows, trimmed and unique', async () => {
    const added = await callRoute(listPage.action, '/admin/questions', {
      cookie: staff.cookie,
      form: { intent: 'add-exam', name: '  NEET   PG ' },
    })
    expect(added.status).toBe(302)
    const again = await callRoute(listPage.action, '/admin/questions', {
      cookie: staff.cookie,
      form: { intent: 'add-exam', name: 'neet pg' },
    })
    expect(again.status).toBe(400)
    expect(again.data).toMatchObject({
      kind: 'exam',
      message: "'NEET PG' is already on the exam list",
      name: 'neet pg',
    })
    const long = await callRoute(listPage.action, '/admin/questions', {
      cookie: staff.cookie,
      form: { intent: 'add-exam', name: 'x'.repeat(61) },
    })
    expect(long.data.message).toBe('Exam name must be at most 60 characters')
    const res = await callRoute(newPage.action, '/admin/questions/new', {
      cookie: staff.cookie,
      form: {
        questionText: 'Pick the purines',
        type: 'msq',
        'options[0]': 'Adenine',
        'options[1]': 'Thymine',
        'options[2]': 'Guanine',
        'options[3]': 'Uracil',
        correctOptions: ['1', '3'],
        subject: 'Biochemistry',
        topic: 'Nucleotides',
        exams: ['NEET PG', 'GAT-B'],
        year: '2023',
        difficulty: 'easy',
      },
    })
    expect(res.location).toMatch(/^\/admin\/questions\/[0-9a-f]{24}$/)
    const saved = (await getBankQuestion(res.location!.split('/').pop()!))!
    expect(saved).toMatchObject({ exams: ['GAT-B', 'NEET PG'], year: 2023, difficulty: 'easy', type: 'msq' })
    expect(saved.key!.correctOptions).toEqual([0, 2])
    const edit = await callRoute(editPage.loader, res.location!, {
      cookie: staff.cookie,
      params: { questionId: saved.id },
    })
    expect(edit.data.values).toMatchObject({
      correctOptions: ['1', '3'],
      options: ['Adenine', 'Thymine', 'Guanine', 'Uracil'],
    })
  })
})

describe('bulk tags', () => {
  test('set subject, topic, difficulty, year and add an exam to the ticked questions; the rows follow the topic', async () => {
    const one = await add(question('Bulk one', { subject: 'Old', topic: 'Old topic', exams: ['GATE XL'] }))
    const two = await add(question('Bulk two', { subject: 'Old', topic: 'Old topic' }))
    const untouched = await add(question('Bulk three', { subject: 'Old', topic: 'Old topic' }))
    const refused = await callRoute(listPage.action, '/admin/questions?subject=Old', {
      cookie: staff.cookie,
      form: { intent: 'tag', ids: [one, two], year: 'soon', topic: 'Kept' },
    })
    expect(refused.status).toBe(400)
    expect(refused.data).toMatchObject({ kind: 'bulk', ids: [one, two], values: { year: 'soon', topic: 'Kept' } })
    expect(refused.data.problems).toEqual([{ field: 'year', message: 'Year must be a year between 1990 and 2100' }])
    const none = await callRoute(listPage.action, '/admin/questions', {
      cookie: staff.cookie,
      form: { intent: 'tag', topic: 'x' },
    })
    expect(none.data.problems).toEqual([{ field: 'ids', message: 'Tick at least one question' }])

    const done = await callRoute(listPage.action, '/admin/questions?subject=Old', {
      cookie: staff.cookie,
      form: {
        intent: 'tag',
        ids: [one, two],
        subject: 'Cell biology',
        topic: 'Organelles',
        difficulty: 'hard',
        year: '2018',
        exam: 'CUET PG',
      },
    })
    expect(done.location).toBe('/admin/questions?subject=Old')
    for (const id of [one, two]) {
      const q = (await getBankQuestion(id))!
      expect(q).toMatchObject({ subject: 'Cell biology', topic: 'Organelles', difficulty: 'hard', year: 2018 })
      expect(q.exams).toContain('CUET PG')
      const rows = await db.selectFrom('questions').select('topic').where('bank_question_id', '=', id).execute()
      expect(rows.map((r) => r.topic)).toEqual(rows.map(() => 'Organelles'))
    }
    expect((await getBankQuestion(one))!.exams).toEqual(['GATE XL', 'CUET PG'])
    expect((await getBankQuestion(untouched))!).toMatchObject({ subject: 'Old', topic: 'Old topic', year: null })
    const audit = await db
      .selectFrom('audit_log')
      .select(['actor_id', 'details'])
      .where('action', '=', 'bank_question.tag')
      .execute()
    expect(audit.length).toBeGreaterThan(0)
    expect(audit.every((a) => a.actor_id === staff.id)).toBe(true)
  })
})

describe('editing', () => {
  test('an edit is a new version in the paper: the learner who submitted keeps the old one, new attempts get the new', async () => {
    const qid = await add(question('OLD WORDING of the question', { subject: 'Edits', topic: 'Versions' }))
    const other = await add(question('A second question', { subject: 'Edits', topic: 'Versions' }))
    const paper = await paperWith([qid, other], 'Versioned paper')
    const quiz = (await getQuiz(paper.id))!
    const { attempt } = await startAttempt({ userId: learner.id, quiz })
    const shown = await attemptTestQuestions(quiz.id, attempt.started_at)
    await saveAnswers({ attempt, answers: [{ questionId: shown[0].id, selectedOption: 0 }] })
    await submitAttempt({ attemptId: attempt.id })

    // A tags-only save: no new version.
    const head = (await getBankQuestion(qid))!.headId
    const tagsOnly = await callRoute(editPage.action, `/admin/questions/${qid}`, {
      cookie: staff.cookie,
      params: { questionId: qid },
      form: { ...formOf(await getBankQuestion(qid)), difficulty: 'hard', exams: ['GAT-B'] },
    })
    expect(tagsOnly.location).toBe(`/admin/questions/${qid}`)
    expect((await getBankQuestion(qid))!).toMatchObject({ headId: head, difficulty: 'hard', exams: ['GAT-B'] })

    // New wording and a new key (option 2): a new version everywhere.
    const saved = await callRoute(editPage.action, `/admin/questions/${qid}`, {
      cookie: staff.cookie,
      params: { questionId: qid },
      form: { ...formOf(await getBankQuestion(qid)), questionText: 'NEW WORDING of the question', correctOption: '2' },
    })
    expect(saved.location).toBe(`/admin/questions/${qid}`)
    const now = (await getBankQuestion(qid))!
    expect(now.headId).not.toBe(head)
    expect(now.text).toBe('NEW WORDING of the question')
    expect(now.papers.map((p) => p.id)).toEqual([paper.id])
    const audit = await db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'bank_question.update')
      .where('target_id', '=', qid)
      .execute()
    // Rows written in the same millisecond have no order of their own: ask for the one that made a version.
    expect(audit.map((a) => JSON.parse(a.details!))).toContainEqual(expect.objectContaining({ newVersion: true }))

    // The learner's result still shows the version they answered, scored right with its own key.
    const result = await callRoute(resultPage.loader, `/quiz/result/${quiz.id}`, {
      cookie: learner.cookie,
      params: { quizId: quiz.id },
    })
    const text = JSON.stringify(result.data)
    expect(text).toContain('OLD WORDING')
    expect(text).not.toContain('NEW WORDING')
    // A new attempt of the paper gets the new wording.
    const next = await createUser(db)
    const { attempt: fresh } = await startAttempt({ userId: next.id, quiz })
    const freshPaper = await attemptTestQuestions(quiz.id, fresh.started_at)
    expect(freshPaper.map((q) => q.questionHtml.trim())).toEqual([
      '<p>NEW WORDING of the question</p>',
      '<p>A second question</p>',
    ])
    // Its statistics count the old version's answer with the old version's key.
    expect(now.stats).toMatchObject({ learners: 1, answered: 1, correct: 1, shareCorrect: 1 })

    // The page shows the papers and the figures; an unknown id is 404.
    const page = await callRoute(editPage.loader, `/admin/questions/${qid}`, {
      cookie: staff.cookie,
      params: { questionId: qid },
    })
    expect(page.data.question.papers).toEqual([{ id: paper.id, title: 'Versioned paper' }])
    expect(page.data.values).toMatchObject({ questionText: 'NEW WORDING of the question', correctOption: '2' })
    expect(JSON.stringify(page.data)).not.toContain('"key"')
    const missing = await callRoute(editPage.loader, '/admin/questions/cccccccccccccccccccccccc', {
      cookie: staff.cookie,
      params: { questionId: 'cccccccccccccccccccccccc' },
    })
    expect(missing.status).toBe(404)
  })

  test('PUT replaces the question and tags; a refused PUT changes nothing', async () => {
    const qid = await add(question('Put me', { subject: 'Api', topic: 'Put' }))
    const refused = await api('PUT', `/questions/${qid}`, { json: question('', { subject: 'Api', topic: 'Put' }) })
    expect(refused.body).toMatchObject({ field: 'questionText', message: 'questionText: Question text is required' })
    const put = await api('PUT', `/questions/${qid}`, {
      json: question(
        'Put me again',
        { subject: 'Api', topic: 'Renamed', exams: ['GATE XL'], year: 2001 },
        { correctOption: 3 },
      ),
    })
    expect(put.status).toBe(200)
    expect(put.body).toMatchObject({ success: true, newVersion: true })
    expect(put.body.question).toMatchObject({
      questionText: 'Put me again',
      topic: 'Renamed',
      exams: ['GATE XL'],
      year: 2001,
      correctOption: 3,
    })
    expect((await api('PUT', '/questions/dddddddddddddddddddddddd', { json: {} })).status).toBe(404)
  })
})

describe('statistics across papers', () => {
  // Paper P (2 marks) and paper R (1 mark) both hold question S (key: option A). Share = score / paper total.
  //   learner  paper  S answered     counted   score  share   right
  //   L1       P      A              yes       2      1.0     1
  //   L2       P      A              yes       1      0.5     1
  //   L3       P      B              yes       0.75   0.375   0
  //   L4       P      C              yes      -0.25  -0.125   0
  //   L5       P      (visit only)   -         0      0       0
  //   L6       P      A, too late    no        0.5    0.25    0
  //   L7       R      A              yes       1      1.0     1
  //   practice attempt (A) and an unsubmitted one: not counted.
  // Learners shown S: 7; answered 5 (L1-L4, L7); right 3 -> 60%.
  test('times answered, share right and the separation figure', async () => {
    const s = await add(question('Stats question', { subject: 'Stats', topic: 'Figures' }))
    const filler = await add(question('Filler', { subject: 'Stats', topic: 'Figures' }))
    const p = await paperWith([s, filler], 'Paper P')
    const r = await paperWith([s], 'Paper R')
    const rows = async (quizId: string) =>
      (await db.selectFrom('questions').select('id').where('quiz_id', '=', quizId).orderBy('position').execute()).map(
        (x) => x.id,
      )
    const P = { id: p.id, questionIds: await rows(p.id) }
    const R = { id: r.id, questionIds: await rows(r.id) }
    const U = 30000
    const at = '2030-01-01T11:00:00.000Z'
    const sit = async (
      paper: typeof P,
      units: number,
      total: number,
      answer: { selectedOption: number } | null | 'none',
      mode: 'ranked' | 'practice' = 'ranked',
    ) => {
      const user = await createUser(db)
      return insertSubmittedAttempt(db, {
        quiz: paper,
        userId: user.id,
        units,
        total,
        submittedAt: at,
        mode,
        answers: [answer === 'none' ? { a: null } : answer ? { a: answer } : null],
      })
    }
    await sit(P, 2 * U, 2, { selectedOption: 0 })
    await sit(P, U, 2, { selectedOption: 0 })
    await sit(P, 0.75 * U, 2, { selectedOption: 1 })
    await sit(P, -0.25 * U, 2, { selectedOption: 2 })
    await sit(P, 0, 2, 'none')
    const late = await sit(P, 0.5 * U, 2, { selectedOption: 0 })
    // Saved at 10:05, deadline 10:02 (+ 60 s grace): the scorer ignores it.
    await db.updateTable('attempts').set({ deadline_at: '2030-01-01T10:02:00.000Z' }).where('id', '=', late).execute()
    await sit(R, U, 1, { selectedOption: 0 })
    await sit(P, 2 * U, 2, { selectedOption: 0 }, 'practice')
    const open = await sit(P, 2 * U, 2, { selectedOption: 0 })
    await db.updateTable('attempts').set({ submitted_at: null }).where('id', '=', open).execute()

    const x = [1, 1, 0, 0, 0, 0, 1]
    const y = [1, 0.5, 0.375, -0.125, 0, 0.25, 1]
    const mean = (v: number[]) => v.reduce((t, n) => t + n, 0) / v.length
    const [mx, my] = [mean(x), mean(y)]
    const cov = x.reduce((t, xi, i) => t + (xi - mx) * (y[i] - my), 0)
    const sd = (v: number[], m: number) => Math.sqrt(v.reduce((t, n) => t + (n - m) ** 2, 0))
    const expected = cov / (sd(x, mx) * sd(y, my))

    const stats = (await getBankQuestion(s))!.stats
    expect(stats).toMatchObject({ learners: 7, answered: 5, correct: 3, shareCorrect: 0.6 })
    expect(stats.separation).not.toBeNull()
    expect(stats.separation!).toBeCloseTo(expected, 10)
    expect(stats.separationLabel).toBe('Separates well')
    // The list shows the same figures for the page's questions.
    const listed = (await list('subject=Stats&q=Stats+question')).data.rows[0]
    expect(listed.stats).toEqual(stats)
    expect(listed.papers).toBe(2)
  })
})

/** The edit form's fields of a stored question, as the page would post them back unchanged. */
function formOf(q: Awaited<ReturnType<typeof getBankQuestion>>): Record<string, string | string[]> {
  const k = q!.key!
  return {
    questionText: k.text,
    type: k.type,
    ...Object.fromEntries(k.options.map((o, j) => [`options[${j}]`, o])),
    correctOption: k.type === 'mcq' ? String(k.correctOption + 1) : '',
    correctOptions: k.type === 'msq' ? k.correctOptions.map((o) => String(o + 1)) : [],
    explanation: k.explanation ?? '',
    subject: q!.subject,
    topic: q!.topic,
    subtopic: q!.subtopic ?? '',
    exams: q!.exams,
    year: q!.year === null ? '' : String(q!.year),
    difficulty: q!.difficulty,
    source: q!.source ?? '',
  }
}
