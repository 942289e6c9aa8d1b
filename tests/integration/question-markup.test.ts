// Question markup end to end on a real database: the migration's fill of existing rows, rendering once per saved
// question version (unchanged questions keep theirs), refusals naming question and field (model, page, admin API,
// CSV import), the editor's Preview (a plain post that saves nothing), the older client's rule, and the test view
// carrying the stored HTML only.
import { sql } from 'kysely'
import { beforeAll, describe, expect, test } from 'vitest'
import { createQuiz as createQuizRow } from '../../db/factories'
import * as m0013 from '../../migrations/0013_question_markup'
import { db } from '~/utils/db.server'
import * as adminApi from '~/routes/api/admin'
import * as quizApi from '~/routes/api/quiz'
import * as createQuizPage from '~/routes/admin/create-quiz'
import * as editQuizPage from '~/routes/admin/edit-quiz'
import { createQuiz, getQuizForEdit, updateQuiz } from '~/models/quiz/editing.server'
import { attemptTestQuestions, getQuiz } from '~/models/quiz/catalog.server'
import { startAttempt } from '~/models/quiz/attempt.server'
import { NEEDS_WEBSITE_MARKUP } from '~/routes/api/quiz.server'
import type { QuizInput } from '~/lib/quiz/quiz-input'
import { callApi, callRoute, signedInUser } from '../support/harness'

let staff = { id: '', cookie: '' }
let learner = { id: '', cookie: '' }
beforeAll(async () => {
  staff = await signedInUser('instructor')
  learner = await signedInUser('user')
})

const MM = 'An enzyme obeys $$v = \\frac{V_{max}[S]}{K_m + [S]}$$ What is $v$ at $[S] = K_m$?'
const CE = 'Balance $\\ce{2H2 + O2 -> 2H2O}$: how many moles of water?'

const quizInput = (questions: QuizInput['questions'], title = 'Markup quiz'): QuizInput => ({
  title,
  description: 'Formulas',
  category: 'free',
  timeLimit: 10,
  questions,
})

const mcq = (questionText: string, options = ['$1$', '$2$', '$3$', '$4$'], explanation?: string) => ({
  questionText,
  options,
  correctOption: 1,
  explanation,
})

const rows = (quizId: string) =>
  db
    .selectFrom('questions')
    .select(['id', 'question_text', 'question_html', 'options_html', 'explanation_html', 'plain_text', 'archived_at'])
    .where('quiz_id', '=', quizId)
    .orderBy('position')
    .orderBy('created_at')
    .execute()

describe('migration 0013', () => {
  test('existing rows are filled as the plain text they were written as, on this database', async () => {
    const { id: quizId } = await createQuizRow(db, { questions: [mcq('placeholder', ['a', 'b', 'c', 'd'])] })
    // Back to the table as it was, with a row written as plain text, then forward again.
    await m0013.down(db)
    const id = 'cd'.repeat(12)
    await sql`insert into questions (id, quiz_id, position, question_text, options, correct_option, explanation, created_at)
      values (${id}, ${quizId}, 5, ${'Costs $5 & <b>bold</b>?\nSecond line\n\nNew *paragraph*'},
        ${JSON.stringify(['x < y', 'a\nb', '$', 'plain'])}, 0, ${null}, ${'2030-01-01T00:00:00.000Z'})`.execute(db)
    await m0013.up(db)
    const row = await db
      .selectFrom('questions')
      .select(['question_html', 'options_html', 'explanation_html', 'plain_text'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row.question_html).toBe(
      '<p>Costs $5 &amp; &lt;b&gt;bold&lt;/b&gt;?<br />\nSecond line</p>\n<p>New *paragraph*</p>\n',
    )
    expect(JSON.parse(row.options_html)).toEqual(['x &lt; y', 'a<br />\nb', '$', 'plain'])
    expect(row.explanation_html).toBeNull()
    expect(Number(row.plain_text)).toBe(1)
    // The factory's row, rendered as markup before, is filled as plain text too.
    const other = await db.selectFrom('questions').select('question_html').where('quiz_id', '=', quizId).execute()
    expect(other.map((r) => r.question_html)).toContain('<p>placeholder</p>\n')
  })
})

describe('rendered once per question version', () => {
  test('create stores MathML beside the source; an unchanged question keeps its row, a changed one is re-rendered', async () => {
    const saved = await createQuiz({
      actorId: staff.id,
      input: quizInput([
        mcq(MM, undefined, 'Half of $V_{max}$.'),
        mcq(CE, ['1', '2', '3', '4']),
        mcq('Plain?', ['a', 'b', 'c', 'd']),
      ]),
    })
    if (!saved.ok) throw new Error('refused')
    const before = await rows(saved.quiz.id)
    expect(before[0]!.question_text).toBe(MM)
    expect(before[0]!.question_html).toContain('<math display="block"')
    expect(JSON.parse(before[0]!.options_html)[1]).toBe('<math aria-label="2"><mn>2</mn></math>')
    expect(before[0]!.explanation_html).toContain('<msub>')
    expect(before[1]!.question_html).toContain('→')
    expect(before.map((r) => Number(r.plain_text))).toEqual([0, 0, 1])

    const input = quizInput([mcq(MM, undefined, 'Half of $V_{max}$.'), mcq(`${CE} (again)`, ['1', '2', '3', '4'])])
    const updated = await updateQuiz({ actorId: staff.id, quizId: saved.quiz.id, input })
    if (!updated?.ok) throw new Error('refused')
    const after = (await rows(saved.quiz.id)).filter((r) => !r.archived_at)
    expect(after[0]!.id).toBe(before[0]!.id)
    expect(after[0]!.question_html).toBe(before[0]!.question_html)
    expect(after[1]!.id).not.toBe(before[1]!.id)
    expect(after[1]!.question_html).toContain('(again)')
    // The editor gets the source as written and the stored HTML for its preview.
    const forEdit = (await getQuizForEdit(saved.quiz.id))!
    expect(forEdit.questions[0]!.questionText).toBe(MM)
    expect(forEdit.questions[0]!.html.text).toBe(before[0]!.question_html)
  })

  test('markup that does not render refuses the whole save, naming each question and field; nothing is written', async () => {
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('quizzes')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const n = await count()
    const refused = await createQuiz({
      actorId: staff.id,
      input: quizInput([mcq('Fine $x$'), mcq('Costs $5', ['a', '$\\foo$', 'c', 'd'], '![gel](gel.png)')], 'Refused'),
    })
    expect(refused.ok).toBe(false)
    if (refused.ok) return
    expect(refused.problems).toEqual([
      { question: 1, field: 'questionText', message: 'unbalanced $: write \\$ for a dollar sign' },
      { question: 1, field: 'options', option: 1, message: 'unknown command \\foo' },
      { question: 1, field: 'explanation', message: 'unknown image "gel.png": upload it to this quiz first' },
    ])
    expect(await count()).toBe(n)

    const saved = await createQuiz({ actorId: staff.id, input: quizInput([mcq('Plain one', ['a', 'b', 'c', 'd'])]) })
    if (!saved.ok) throw new Error('refused')
    const before = await rows(saved.quiz.id)
    const bad = await updateQuiz({
      actorId: staff.id,
      quizId: saved.quiz.id,
      input: { ...quizInput([mcq('Plain one', ['a', 'b', 'c', 'd']), mcq('$\\frac{1}{$')]), title: 'Renamed' },
    })
    expect(bad && !bad.ok && bad.problems.map((p) => [p.question, p.field])).toEqual([[1, 'questionText']])
    expect(await rows(saved.quiz.id)).toEqual(before)
    expect((await getQuiz(saved.quiz.id))!.title).toBe('Markup quiz')
  })
})

describe('the admin API', () => {
  const body = (questions: unknown[]) => ({
    title: 'API markup',
    description: 'd',
    category: 'free',
    timeLimit: 5,
    questions,
  })

  test('400 names the question and field; the source comes back as written', async () => {
    const bad = await callApi(adminApi, 'POST', '/api/v1/admin/create-quiz', {
      json: body([
        { questionText: 'ok', options: ['a', 'b', 'c', 'd'], correctOption: 0 },
        { questionText: 'x', options: ['a', 'b', '$\\foo{1}$', 'd'], correctOption: 0 },
      ]),
      cookie: staff.cookie,
    })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ success: false, message: 'Question 2, option C: unknown command \\foo' })

    const good = await callApi(adminApi, 'POST', '/api/v1/admin/create-quiz', {
      json: body([{ questionText: CE, options: ['$1$', '$2$', '**3**', '\\$4'], correctOption: 1 }]),
      cookie: staff.cookie,
    })
    expect(good.status).toBe(201)
    const id = good.body.quiz._id as string
    const read = await callApi(adminApi, 'GET', `/api/v1/admin/quiz/${id}`, { cookie: staff.cookie })
    expect(read.body.data.questions[0]).toMatchObject({ questionText: CE, options: ['$1$', '$2$', '**3**', '\\$4'] })
    expect(JSON.stringify(read.body)).not.toContain('<math')

    const put = await callApi(adminApi, 'PUT', `/api/v1/admin/quiz/${id}`, {
      json: body([{ questionText: 'Costs $5', options: ['a', 'b', 'c', 'd'], correctOption: 1 }]),
      cookie: staff.cookie,
    })
    expect(put.status).toBe(400)
    expect(put.body.message).toBe('Question 1, question text: unbalanced $: write \\$ for a dollar sign')
  })
})

describe('the editor page', () => {
  const form = (extra: Record<string, string> = {}) => ({
    title: 'Page markup',
    description: 'd',
    category: 'free',
    timeLimit: '5',
    'questions[0].questionText': MM,
    'questions[0].options[0]': '$\\frac{V_{max}}{2}$',
    'questions[0].options[1]': '$V_{max}$',
    'questions[0].options[2]': '$2V_{max}$',
    'questions[0].options[3]': '$0$',
    'questions[0].correctOption': '1',
    'questions[0].explanation': 'Substitute $[S] = K_m$.',
    'questions[1].questionText': 'Second',
    'questions[1].options[0]': 'a',
    'questions[1].options[1]': '$\\foo$',
    'questions[1].options[2]': 'c',
    'questions[1].options[3]': 'd',
    'questions[1].correctOption': '2',
    ...extra,
  })

  test('Preview (a plain post) renders every question, keeps everything typed and saves nothing', async () => {
    const res = await callRoute(createQuizPage.action, '/admin/create-quiz', {
      form: { ...form({ 'questions[1].correctOption': '' }), intent: 'preview' },
      cookie: staff.cookie,
    })
    const data = res.data as {
      kind: string
      result: { initialValue: { questions: Array<{ questionText: string; options: string[] }> } }
      previews: Array<{ html?: { text: string; options: string[]; explanation: string }; problems?: string[] }>
    }
    expect(data.kind).toBe('preview')
    expect(data.result.initialValue.questions[0]!.questionText).toBe(MM)
    expect(data.result.initialValue.questions[1]!.options[1]).toBe('$\\foo$')
    expect(data.previews[0]!.html!.text).toContain('<math display="block"')
    expect(data.previews[0]!.html!.options).toHaveLength(4)
    expect(data.previews[0]!.html!.explanation).toContain('<math>')
    expect(data.previews[1]).toEqual({ problems: ['option B: unknown command \\foo'] })
    expect(await db.selectFrom('quizzes').select('id').where('title', '=', 'Page markup').executeTakeFirst()).toBe(
      undefined,
    )
  })

  test('Save refuses markup that does not render: the message beside the field and, naming question and field, above Save', async () => {
    const res = await callRoute(createQuizPage.action, '/admin/create-quiz', { form: form(), cookie: staff.cookie })
    expect(res.status).toBe(400)
    const result = (res.data as { result: { error: Record<string, string[]> } }).result
    expect(result.error['questions[1].options[1]']).toEqual(['unknown command \\foo'])
    expect(result.error['']).toEqual(['Question 2, option B: unknown command \\foo'])
    expect(await db.selectFrom('quizzes').select('id').where('title', '=', 'Page markup').executeTakeFirst()).toBe(
      undefined,
    )
    const saved = await callRoute(createQuizPage.action, '/admin/create-quiz', {
      form: form({ 'questions[1].options[1]': '$\\beta$' }),
      cookie: staff.cookie,
    })
    expect(saved.location).toBe('/admin/quizzes')
  })

  test('the edit page previews the saved versions from their stored HTML', async () => {
    const saved = await createQuiz({ actorId: staff.id, input: quizInput([mcq(CE)]) })
    if (!saved.ok) throw new Error('refused')
    const page = await callRoute(editQuizPage.loader, `/admin/edit-quiz/${saved.quiz.id}`, {
      cookie: staff.cookie,
      params: { quizId: saved.quiz.id },
    })
    const data = page.data as { values: { questions: Array<{ questionText: string }> }; previews: unknown[] }
    expect(data.values.questions[0]!.questionText).toBe(CE)
    expect(data.previews).toEqual([{ html: saved.quiz.questions[0]!.html }])
  })

  test('CSV import takes markup; a row whose markup does not render is a row error', async () => {
    const csv = [
      'question,o1,o2,o3,o4,correct,explanation',
      '"Michaelis-Menten: $$v = \\frac{V_{max}[S]}{K_m + [S]}$$",$1$,$2$,$3$,$4$,2,"$\\ce{H2O}$"',
      'Costs $5,a,b,c,d,1',
      'Fine,a,"$\\nope$",c,d,1',
    ].join('\n')
    const preview = await callRoute(createQuizPage.action, '/admin/create-quiz', {
      form: { intent: 'csv-preview', csv: new File([csv], 'q.csv', { type: 'text/csv' }) },
      cookie: staff.cookie,
    })
    const p = preview.data as { questions: Array<{ questionText: string }>; errors: unknown[] }
    expect(p.questions.map((q) => q.questionText)).toEqual(['Michaelis-Menten: $$v = \\frac{V_{max}[S]}{K_m + [S]}$$'])
    expect(p.errors).toEqual([
      { line: 3, message: 'question text: unbalanced $: write \\$ for a dollar sign' },
      { line: 4, message: 'option B: unknown command \\nope' },
    ])
  })
})

describe('pages carry the stored HTML', () => {
  test('the test view gets HTML only, never the source', async () => {
    const { id } = await createQuizRow(db, { questions: [mcq(MM), mcq(CE)] })
    const quiz = (await getQuiz(id))!
    const { attempt } = await startAttempt({ userId: learner.id, quiz })
    const questions = await attemptTestQuestions(id, attempt.started_at)
    expect(questions[0]!.questionHtml).toContain('<math display="block"')
    expect(questions[0]!.optionsHtml).toEqual([
      '<math aria-label="1"><mn>1</mn></math>',
      '<math aria-label="2"><mn>2</mn></math>',
      '<math aria-label="3"><mn>3</mn></math>',
      '<math aria-label="4"><mn>4</mn></math>',
    ])
    expect(JSON.stringify(questions)).not.toContain('\\frac')
  })
})

describe('the older client (v1 API)', () => {
  test('a quiz with formulas, images or other markup is left out of its list and refused with a 400', async () => {
    const plain = await createQuizRow(db, {
      title: 'Plain for v1',
      questions: [mcq('What is 2 + 2?', ['1', '2', '3', '4'])],
    })
    const math = await createQuizRow(db, {
      title: 'Math for v1',
      questions: [mcq('Plain', ['1', '2', '3', '4']), mcq(CE)],
    })
    const bold = await createQuizRow(db, {
      title: 'Bold for v1',
      questions: [mcq('Plain', ['1', '2', '3', '4'], 'It is **four**.')],
    })
    const escaped = await createQuizRow(db, {
      title: 'Dollar for v1',
      questions: [mcq('It costs \\$5', ['1', '2', '3', '4'])],
    })
    const list = await callApi(quizApi, 'GET', '/api/v1/quiz', {})
    const titles = (list.body.data as Array<{ title: string }>).map((q) => q.title)
    expect(titles).toContain('Plain for v1')
    for (const t of ['Math for v1', 'Bold for v1', 'Dollar for v1']) expect(titles).not.toContain(t)

    for (const q of [math, bold, escaped]) {
      const one = await callApi(quizApi, 'GET', `/api/v1/quiz/${q.id}`, { cookie: learner.cookie })
      expect(one.status).toBe(400)
      expect(one.body).toMatchObject({ success: false, message: NEEDS_WEBSITE_MARKUP })
      const submit = await callApi(quizApi, 'POST', '/api/v1/quiz/submit', {
        json: { quizId: q.id, answers: [{ questionId: q.questionIds[0], selectedOption: 1 }] },
        cookie: learner.cookie,
      })
      expect(submit.status).toBe(400)
      expect(submit.body.message).toBe(NEEDS_WEBSITE_MARKUP)
    }
    // No attempt was opened by the refused GET.
    const opened = await db.selectFrom('attempts').select('id').where('quiz_id', '=', math.id).execute()
    expect(opened).toEqual([])
    const ok = await callApi(quizApi, 'GET', `/api/v1/quiz/${plain.id}`, { cookie: learner.cookie })
    expect(ok.status).toBe(200)
    expect(ok.body.data.questions[0]).toMatchObject({ questionText: 'What is 2 + 2?', options: ['1', '2', '3', '4'] })
  })
})
