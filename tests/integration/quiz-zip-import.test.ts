import { strToU8, zipSync } from 'fflate'
import { describe, expect, test } from 'vitest'
import { callRoute, signedInUser } from '../support/harness'
import { pngBytes } from '../support/images'
import * as createQuizPage from '~/routes/admin/create-quiz'
import * as editQuizPage from '~/routes/admin/edit-quiz'
import { listQuizImages } from '~/models/quiz/images.server'
import { getStorage } from '~/services/storage.server'
import { db } from '~/utils/db.server'

// The CSV import's ZIP, as the Create and Edit Quiz pages take it without JavaScript: preview (images checked and
// staged), 'Use these questions' (the form carries the staged list), Save (the images stored on the quiz in the
// save, the staging files removed); a second import of the same ZIP reuses identical images and renames others.

type Preview = {
  kind: 'csv'
  questions: Array<{ questionText: string; options: string[]; explanation?: string }>
  errors: Array<{ line: number; message: string }>
  images?: Array<{ name: string; key: string; alt: string; byteSize: number }>
  reused?: string[]
  unused?: string[]
}

const GEL = pngBytes(20, 10, [200, 30, 30])
const CSV = [
  'question,o1,o2,o3,o4,correct,explanation',
  '"Which lane? ![Agarose gel, lanes 1-4](<Gel Photo.PNG>)",Lane 1,Lane 2,Lane 3,Lane 4,2,"Smallest runs furthest: ![Answer gel](figs/answer.png)"',
  'Plain question,a,b,c,d,1,',
].join('\n')

const zipOf = (files: Record<string, Uint8Array>) =>
  new File([zipSync(files)], 'paper.zip', { type: 'application/zip' })

function saveForm(values: {
  title: string
  questions: Array<{ questionText: string; options: string[]; correctOption: string; explanation?: string }>
  stagedImages?: string
}) {
  const form: Record<string, string> = {
    intent: 'save',
    title: values.title,
    description: 'Imported',
    category: 'free',
    timeLimit: '10',
    ...(values.stagedImages ? { stagedImages: values.stagedImages } : {}),
  }
  values.questions.forEach((q, i) => {
    form[`questions[${i}].questionText`] = q.questionText
    q.options.forEach((o, j) => (form[`questions[${i}].options[${j}]`] = o))
    form[`questions[${i}].correctOption`] = q.correctOption
    form[`questions[${i}].explanation`] = q.explanation ?? ''
  })
  return form
}

describe('ZIP import', () => {
  test('create: preview stages the named images, the form carries them, Save stores them on the quiz', async () => {
    const staff = await signedInUser('instructor')
    const zip = zipOf({
      'paper/questions.csv': strToU8(CSV),
      'paper/Gel Photo.PNG': GEL,
      'paper/figs/answer.png': pngBytes(8, 8),
      'paper/extra.png': pngBytes(4, 4),
    })
    const previewed = await callRoute(createQuizPage.action, '/admin/create-quiz', {
      form: { intent: 'csv-preview', csv: zip },
      cookie: staff.cookie,
    })
    const p = previewed.data as Preview
    expect(previewed.status).toBe(200)
    expect(p.errors).toEqual([])
    // The file names become names staff can type, and the questions follow them.
    expect(p.questions[0]!.questionText).toBe('Which lane? ![Agarose gel, lanes 1-4](<gel-photo.png>)')
    expect(p.questions[0]!.explanation).toBe('Smallest runs furthest: ![Answer gel](answer.png)')
    expect(p.images!.map((i) => [i.name, i.alt, i.byteSize])).toEqual([
      ['gel-photo.png', 'Agarose gel, lanes 1-4', GEL.length],
      ['answer.png', 'Answer gel', pngBytes(8, 8).length],
    ])
    expect(p.unused).toEqual(['extra.png'])
    for (const i of p.images!) expect(i.key).toMatch(/^quiz-staging\/[0-9a-f]{24}\.png$/)
    expect(Buffer.from((await getStorage().get(p.images![0]!.key))!.body)).toEqual(Buffer.from(GEL))

    const used = await callRoute(createQuizPage.action, '/admin/create-quiz', {
      form: { intent: 'csv-use', csvData: JSON.stringify(p.questions), csvImages: JSON.stringify(p.images) },
      cookie: staff.cookie,
    })
    const fill = used.data as { kind: string; values: { stagedImages?: string; questions: unknown[] } }
    expect(fill.kind).toBe('fill')
    expect(JSON.parse(fill.values.stagedImages!)).toEqual(p.images)

    const saved = await callRoute(createQuizPage.action, '/admin/create-quiz', {
      form: saveForm({
        title: 'ZIP paper',
        stagedImages: fill.values.stagedImages,
        questions: p.questions.map((q, i) => ({ ...q, correctOption: i === 0 ? '2' : '1' })),
      }),
      cookie: staff.cookie,
    })
    expect(saved.location).toBe('/admin/quizzes')
    const quiz = await db.selectFrom('quizzes').select('id').where('title', '=', 'ZIP paper').executeTakeFirstOrThrow()
    const images = await listQuizImages(quiz.id)
    expect(images.map((i) => [i.name, i.alt, i.width, i.height])).toEqual([
      ['answer.png', 'Answer gel', 8, 8],
      ['gel-photo.png', 'Agarose gel, lanes 1-4', 20, 10],
    ])
    const [first] = await db
      .selectFrom('questions')
      .select(['question_html', 'explanation_html'])
      .where('quiz_id', '=', quiz.id)
      .orderBy('position')
      .execute()
    expect(first!.question_html).toContain(`src="${images[1]!.url}"`)
    expect(first!.question_html).toContain('alt="Agarose gel, lanes 1-4"')
    expect(first!.explanation_html).toContain(`src="${images[0]!.url}"`)
    // Stored under the quiz; the staged copies are gone.
    const keys = await db.selectFrom('quiz_images').select('storage_key').where('quiz_id', '=', quiz.id).execute()
    for (const { storage_key } of keys) expect(storage_key.startsWith(`quizzes/${quiz.id}/`)).toBe(true)
    for (const i of p.images!) expect(await getStorage().get(i.key)).toBeNull()
    // A second save with the same (now used) staged list is refused with a message, nothing half-written.
    const again = await callRoute(createQuizPage.action, '/admin/create-quiz', {
      form: saveForm({
        title: 'ZIP paper again',
        stagedImages: fill.values.stagedImages,
        questions: [{ questionText: 'Q', options: ['a', 'b', 'c', 'd'], correctOption: '1' }],
      }),
      cookie: staff.cookie,
    })
    expect(again.status).toBe(400)
    expect(JSON.stringify(again.data)).toContain('The imported images are no longer available: import the ZIP again')
    expect(await db.selectFrom('quizzes').select('id').where('title', '=', 'ZIP paper again').execute()).toEqual([])
  })

  test('edit: an identical image is reused, a different one of the same name renamed and its questions follow', async () => {
    const staff = await signedInUser('admin')
    const created = await callRoute(createQuizPage.action, '/admin/create-quiz', {
      form: saveForm({
        title: 'Edit target',
        questions: [{ questionText: 'Q', options: ['a', 'b', 'c', 'd'], correctOption: '1' }],
      }),
      cookie: staff.cookie,
    })
    expect(created.location).toBe('/admin/quizzes')
    const quiz = await db
      .selectFrom('quizzes')
      .select('id')
      .where('title', '=', 'Edit target')
      .executeTakeFirstOrThrow()
    const page = `/admin/edit-quiz/${quiz.id}`
    const post = (form: Record<string, string | Blob>) =>
      callRoute(editQuizPage.action, page, { form, cookie: staff.cookie, params: { quizId: quiz.id } })
    await post({ intent: 'image-add', image: new File([GEL], 'gel.png', { type: 'image/png' }), imageAlt: 'Gel' })
    await post({ intent: 'image-add', image: new File([pngBytes(3, 3)], 'cell.png'), imageAlt: 'Cell' })

    const csv = 'question,o1,o2,o3,o4,correct\n"![A gel](gel.png) ![Cells](cell.png) ![Old](old.png)",a,b,c,d,1\n'
    const preview = await post({
      intent: 'csv-preview',
      csv: zipOf({ 'q.csv': strToU8(csv), 'gel.png': GEL, 'cell.png': pngBytes(5, 5) }),
    })
    const p = preview.data as Preview
    expect(p.errors).toEqual([{ line: 2, message: 'image old.png is not in the ZIP' }])
    expect(p.questions).toEqual([])

    const ok = await post({
      intent: 'csv-preview',
      csv: zipOf({ 'q.csv': strToU8(csv.replace(' ![Old](old.png)', '')), 'gel.png': GEL, 'cell.png': pngBytes(5, 5) }),
    })
    const q = ok.data as Preview
    expect(q.errors).toEqual([])
    expect(q.reused).toEqual(['gel.png'])
    expect(q.images!.map((i) => i.name)).toEqual(['cell-2.png'])
    expect(q.questions[0]!.questionText).toBe('![A gel](gel.png) ![Cells](cell-2.png)')
    const saved = await post({
      ...saveForm({
        title: 'Edit target',
        stagedImages: JSON.stringify(q.images),
        questions: [{ ...q.questions[0]!, correctOption: '1' }],
      }),
    })
    expect(saved.location).toBe('/admin/quizzes')
    expect((await listQuizImages(quiz.id)).map((i) => i.name)).toEqual(['gel.png', 'cell.png', 'cell-2.png'])
  })

  test('refusals: an image that is not one, no alt text, a staged list pointing elsewhere, a zip bomb', async () => {
    const staff = await signedInUser('admin')
    const preview = async (files: Record<string, Uint8Array>) =>
      (
        await callRoute(createQuizPage.action, '/admin/create-quiz', {
          form: { intent: 'csv-preview', csv: zipOf(files) },
          cookie: staff.cookie,
        })
      ).data as Preview
    const row = (markup: string) => strToU8(`question,o1,o2,o3,o4,correct\n"${markup}",a,b,c,d,1\n`)
    const fake = await preview({ 'q.csv': row('![A](fake.png)'), 'fake.png': strToU8('<svg onload=alert(1)>') })
    expect(fake.errors).toEqual([
      {
        line: 0,
        message: 'Image fake.png: The image must be a PNG, JPEG or WebP file (skipped with the question on line 2)',
      },
    ])
    expect(fake.images).toEqual([])
    const noAlt = await preview({ 'q.csv': row('![](gel.png)'), 'gel.png': GEL })
    expect(noAlt.errors[0]!.message).toBe(
      'Image gel.png: no alt text: write what it shows in the markup, ![what it shows](gel.png) (skipped with the question on line 2)',
    )
    const bomb = await preview({ 'q.csv': row('![A](b.png)'), 'b.png': new Uint8Array(8 * 1024 * 1024) })
    expect(bomb.errors).toEqual([{ line: 0, message: 'b.png is larger than 1 MB (an image may be at most 1 MB)' }])

    // A staged list naming a file outside the staging folder is ignored: the save has no images to store.
    const created = await callRoute(createQuizPage.action, '/admin/create-quiz', {
      form: saveForm({
        title: 'Forged',
        stagedImages: JSON.stringify([
          { name: 'x.png', key: 'profile/aaaaaaaaaaaaaaaaaaaaaaaa.png', alt: 'X', byteSize: 1 },
        ]),
        questions: [{ questionText: 'Q ![x](x.png)', options: ['a', 'b', 'c', 'd'], correctOption: '1' }],
      }),
      cookie: staff.cookie,
    })
    expect(created.status).toBe(400)
    expect(JSON.stringify(created.data)).toContain('unknown image')
  })
})
