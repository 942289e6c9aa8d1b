import { beforeAll, describe, expect, test } from 'vitest'
import { createQuiz } from '../../db/factories'
import { toastOf } from '../support/catalogue'
import { callRoute, signedInUser } from '../support/harness'
import { pngBytes } from '../support/images'
import * as newPage from '~/routes/admin/questions-new'
import * as editPage from '~/routes/admin/questions-edit'
import * as imageRoute from '~/routes/quiz/image'
import * as attemptRoute from '~/routes/quiz/attempt'
import { BANK_QUIZ_ID } from '~/lib/bank/bank'
import { addBankQuestions } from '~/models/bank/papers.server'
import { buildBankPractice } from '~/models/bank/practice.server'
import { submitAttempt } from '~/models/quiz/attempt.server'
import { listQuizImages } from '~/models/quiz/images.server'
import { getPracticeSet } from '~/models/quiz/practice-set.server'
import { getStorage } from '~/services/storage.server'
import { db } from '~/utils/db.server'

// Figures of the question bank on SQLite and PostgreSQL: staff upload them on the bank's own pages (plain multipart
// posts, as without JavaScript) as images of the bank's quiz, through the quiz editor's model (same checks, names
// unique within the bank, audit); a question names one and its stored HTML holds the address; delete is refused
// while a current bank version names it; learners of a paper holding the question, or of a practice set drawn
// from the bank, see a text figure, and an explanation figure only once they submitted an attempt that showed it.

let staff: Awaited<ReturnType<typeof signedInUser>>

beforeAll(async () => {
  staff = await signedInUser('instructor')
})

const NEW = '/admin/questions/new'
const file = (bytes: Uint8Array<ArrayBuffer>, name: string) => new File([bytes], name, { type: 'image/png' })

/** A post of the bank page's images panel, multipart as the browser sends it. */
const post = (form: Record<string, string | Blob>, { path = NEW, cookie = staff.cookie } = {}) =>
  callRoute(path === NEW ? newPage.action : editPage.action, path, {
    form,
    encType: 'multipart/form-data',
    cookie,
    params: path === NEW ? {} : { questionId: path.split('/').pop()! },
  })

const upload = (name: string, alt: string, bytes = pngBytes()) =>
  post({ intent: 'image-add', image: file(bytes, name), imageAlt: alt })

/** The bank's image of that name: its id and address. */
async function bankImage(name: string) {
  const image = (await listQuizImages(BANK_QUIZ_ID)).find((i) => i.name === name)
  if (!image) throw new Error(`no bank image ${name}`)
  return image
}

/** Writes a bank question on the new-question page (a plain urlencoded post); returns its id. */
async function writeQuestion(fields: { text: string; explanation?: string; topic: string; options?: string[] }) {
  const options = fields.options ?? ['Lane 1', 'Lane 2', 'Lane 3', 'Lane 4']
  const res = await callRoute(newPage.action, NEW, {
    cookie: staff.cookie,
    form: {
      questionText: fields.text,
      type: 'mcq',
      ...Object.fromEntries(options.map((o, j) => [`options[${j}]`, o])),
      correctOption: '1',
      explanation: fields.explanation ?? '',
      subject: 'Molecular biology',
      topic: fields.topic,
      difficulty: 'medium',
    },
  })
  expect(res.status, JSON.stringify(res.data)).toBe(302)
  return res.location!.split('/').pop()!
}

async function fetchImage(url: string, cookie?: string) {
  const [, imageId, name] = /^\/quiz-images\/([^/]+)\/([^/]+)$/.exec(url)!
  return callRoute(imageRoute.loader, url, { cookie, params: { imageId, name: decodeURIComponent(name) } })
}

const head = (bankId: string) =>
  db
    .selectFrom('questions')
    .selectAll()
    .where('quiz_id', '=', BANK_QUIZ_ID)
    .where('bank_question_id', '=', bankId)
    .where('archived_at', 'is', null)
    .executeTakeFirstOrThrow()

describe('the images panel on the bank pages', () => {
  test('uploads a PNG as an image of the bank, names it uniquely, lists it with its markup; a question names it', async () => {
    const added = await upload('Gel Photo.PNG', 'Agarose gel, lanes 1-4')
    expect(added.status).toBe(302)
    expect(added.location).toBe(`${NEW}?images#quiz-images`)
    expect(await toastOf(added)).toMatchObject({
      type: 'success',
      message: 'Image gel-photo.png added: put ![Agarose gel, lanes 1-4](gel-photo.png) in a question to show it',
    })
    const gel = await bankImage('gel-photo.png')
    const row = await db.selectFrom('quiz_images').selectAll().where('id', '=', gel.id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ quiz_id: BANK_QUIZ_ID, alt: 'Agarose gel, lanes 1-4', created_by: staff.id })
    expect(row.storage_key).toMatch(/^quizzes\/question-bank\/[0-9a-f]{24}\.png$/)
    expect(Buffer.from((await getStorage().get(row.storage_key))!.body)).toEqual(Buffer.from(pngBytes()))
    const audit = await db
      .selectFrom('audit_log')
      .select(['actor_id', 'target_id'])
      .where('action', '=', 'quiz_image.add')
      .where('target_id', '=', BANK_QUIZ_ID)
      .execute()
    expect(audit).toContainEqual({ actor_id: staff.id, target_id: BANK_QUIZ_ID })

    // A second file of that name, from another question's page: names are unique within the bank.
    const other = await writeQuestion({ text: 'No figure here', topic: 'Gels' })
    const again = await post(
      { intent: 'image-add', image: file(pngBytes(), 'gel photo.png'), imageAlt: 'Another gel' },
      { path: `/admin/questions/${other}` },
    )
    expect(again.location).toBe(`/admin/questions/${other}?images#quiz-images`)
    await bankImage('gel-photo-2.png')

    // Both pages list the bank's images, newest first, with the markup to paste.
    for (const [loader, path, params] of [
      [newPage.loader, NEW, {}],
      [editPage.loader, `/admin/questions/${other}`, { questionId: other }],
    ] as const) {
      const page = await callRoute(loader, path, { cookie: staff.cookie, params })
      const listed = page.data.images.map((i: { name: string; markup: string; url: string }) => [i.name, i.markup])
      expect(listed.slice(0, 2)).toEqual([
        ['gel-photo-2.png', '![Another gel](gel-photo-2.png)'],
        ['gel-photo.png', '![Agarose gel, lanes 1-4](gel-photo.png)'],
      ])
      expect(page.data.imageCount).toBeGreaterThanOrEqual(2)
    }

    const id = await writeQuestion({ text: 'Which lane?\n\n![Gel](gel-photo.png)', topic: 'Gels' })
    const version = await head(id)
    expect(version.question_html).toContain(`src="${gel.url}"`)
    expect(version.question_html).toContain('alt="Gel"')
  })

  test('a file that is not an image, or over 1 MB, is refused beside the file field; nothing is stored', async () => {
    const before = (await listQuizImages(BANK_QUIZ_ID)).length
    const notImage = await post({
      intent: 'image-add',
      image: file(new TextEncoder().encode('<svg onload=alert(1)>'), 'x.png'),
      imageAlt: 'A gel',
    })
    expect(notImage.status).toBe(400)
    expect(notImage.data.kind).toBe('image')
    expect(notImage.data.result.error).toEqual({ image: ['The image must be a PNG, JPEG or WebP file'] })
    // What was typed comes back with the message.
    expect(notImage.data.result.initialValue).toMatchObject({ imageAlt: 'A gel' })

    const big = new Uint8Array(1024 * 1024 + 10)
    big.set(pngBytes())
    const tooBig = await post({ intent: 'image-add', image: file(big, 'big.png'), imageAlt: 'Big' })
    expect(tooBig.status).toBe(413)
    expect(tooBig.data).toMatchObject({
      kind: 'image',
      result: { error: { image: ['The image is too large (at most 1 MB)'] } },
    })

    const noAlt = await post({ intent: 'image-add', image: file(pngBytes(), 'x.png'), imageAlt: ' ' })
    expect(noAlt.data.result.error).toEqual({ imageAlt: [expect.stringMatching(/^Alt text is required/)] })
    expect(await listQuizImages(BANK_QUIZ_ID)).toHaveLength(before)
  })

  test('delete is refused while a current bank version names the image, allowed once none does', async () => {
    await upload('pedigree.png', 'A pedigree')
    const pedigree = await bankImage('pedigree.png')
    const id = await writeQuestion({
      text: 'Which mode of inheritance?',
      topic: 'Pedigrees',
      options: ['Autosomal dominant', '![Pedigree](pedigree.png)', 'X-linked', 'Mitochondrial'],
    })
    const path = `/admin/questions/${id}`
    const ask = await callRoute(editPage.loader, `${path}?delete=${pedigree.id}`, {
      cookie: staff.cookie,
      params: { questionId: id },
    })
    expect(ask.data.confirmImage).toEqual({
      id: pedigree.id,
      name: 'pedigree.png',
      usedBy: [],
      earlierVersions: 0,
      usedByBank: [id],
    })
    const refused = await post({ intent: 'image-delete', imageId: pedigree.id }, { path })
    expect(refused.location).toBe(`${path}?images#quiz-images`)
    expect(await toastOf(refused)).toMatchObject({
      type: 'error',
      message: '1 bank question uses this image: take it out of it and save, then delete it',
    })
    await bankImage('pedigree.png')

    // A new version without the figure: the old one, kept for results, no longer stops the delete.
    const edited = await callRoute(editPage.action, path, {
      cookie: staff.cookie,
      params: { questionId: id },
      form: {
        questionText: 'Which mode of inheritance?',
        type: 'mcq',
        'options[0]': 'Autosomal dominant',
        'options[1]': 'Autosomal recessive',
        'options[2]': 'X-linked',
        'options[3]': 'Mitochondrial',
        correctOption: '1',
        subject: 'Genetics',
        topic: 'Pedigrees',
        difficulty: 'medium',
      },
    })
    expect(edited.status).toBe(302)
    const asked = await callRoute(editPage.loader, `${path}?delete=${pedigree.id}`, {
      cookie: staff.cookie,
      params: { questionId: id },
    })
    expect(asked.data.confirmImage).toMatchObject({ usedByBank: [], earlierVersions: 1 })
    const key = (
      await db.selectFrom('quiz_images').select('storage_key').where('id', '=', pedigree.id).executeTakeFirstOrThrow()
    ).storage_key
    const done = await post({ intent: 'image-delete', imageId: pedigree.id }, { path })
    expect(await toastOf(done)).toMatchObject({ type: 'success', message: 'Image pedigree.png deleted' })
    expect((await listQuizImages(BANK_QUIZ_ID)).some((i) => i.id === pedigree.id)).toBe(false)
    expect(await getStorage().get(key)).toBeNull()
  })

  test('learners cannot upload or delete: sent home as from every admin page', async () => {
    const learner = await signedInUser('user')
    const before = (await listQuizImages(BANK_QUIZ_ID)).length
    const res = await post(
      { intent: 'image-add', image: file(pngBytes(), 'sneaky.png'), imageAlt: 'Sneaky' },
      { cookie: learner.cookie },
    )
    expect(res.location).toBe('/')
    const anyId = await writeQuestion({ text: 'Plain', topic: 'Gels' })
    const onEdit = await post(
      { intent: 'image-add', image: file(pngBytes(), 'sneaky.png'), imageAlt: 'Sneaky' },
      { path: `/admin/questions/${anyId}`, cookie: learner.cookie },
    )
    expect(onEdit.location).toBe('/')
    expect(await listQuizImages(BANK_QUIZ_ID)).toHaveLength(before)
    const signedOut = await callRoute(newPage.action, NEW, {
      form: { intent: 'image-add', image: file(pngBytes(), 'sneaky.png'), imageAlt: 'Sneaky' },
    })
    expect(signedOut.status).toBe(302)
    expect(await listQuizImages(BANK_QUIZ_ID)).toHaveLength(before)
  })
})

describe('learners and a bank figure', () => {
  test('in a paper holding the question: the text figure for anyone taking it, the explanation figure after submitting', async () => {
    await upload('blot.png', 'Western blot')
    await upload('blot-answer.png', 'The band at 50 kDa')
    const blot = await bankImage('blot.png')
    const answer = await bankImage('blot-answer.png')
    const id = await writeQuestion({
      text: 'Which lane holds the 50 kDa protein?\n\n![Western blot](blot.png)',
      explanation: 'See ![The band](blot-answer.png).',
      topic: 'Blots',
    })
    const paper = await createQuiz(db, { category: 'free', questions: [] })
    expect((await addBankQuestions({ actorId: staff.id, quizId: paper.id, questionIds: [id] })).ok).toBe(true)
    const copy = await db
      .selectFrom('questions')
      .select(['question_html', 'explanation_html'])
      .where('quiz_id', '=', paper.id)
      .executeTakeFirstOrThrow()
    expect(copy.question_html).toContain(blot.url)
    expect(copy.explanation_html).toContain(answer.url)

    const learner = await signedInUser('user')
    const other = await signedInUser('user')
    await callRoute(attemptRoute.action, `/quiz/${paper.id}`, {
      form: { intent: 'start' },
      cookie: learner.cookie,
      params: { quizId: paper.id },
    })
    const page = await callRoute(attemptRoute.loader, `/quiz/${paper.id}?q=1`, {
      cookie: learner.cookie,
      params: { quizId: paper.id },
    })
    expect(page.data.view).toBe('test')
    expect(JSON.stringify(page.data)).toContain(blot.url)
    expect(JSON.stringify(page.data)).not.toContain(answer.id)
    const text = await fetchImage(blot.url, learner.cookie)
    expect(text.status).toBe(200)
    expect(text.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(Buffer.from(await text.response!.arrayBuffer())).toEqual(Buffer.from(pngBytes()))

    expect((await fetchImage(answer.url, learner.cookie)).status).toBe(404)
    expect((await fetchImage(answer.url)).status).toBe(404)
    await callRoute(attemptRoute.action, `/quiz/${paper.id}`, {
      form: { intent: 'submit', q: '1' },
      cookie: learner.cookie,
      params: { quizId: paper.id },
    })
    const after = await fetchImage(answer.url, learner.cookie)
    expect(after.status).toBe(200)
    expect(after.headers.get('Cache-Control')).toBe('private, max-age=31536000, immutable')
    expect((await fetchImage(answer.url, other.cookie)).status).toBe(404)
    expect((await fetchImage(answer.url, staff.cookie)).status).toBe(200)
  })

  test('in bank practice: a submitted set opens the explanation figures it showed, never every one of the bank', async () => {
    await upload('cell-answer.png', 'A dividing cell')
    const answer = await bankImage('cell-answer.png')
    await writeQuestion({
      text: 'Which phase is shown?',
      explanation: 'Anaphase: ![A dividing cell](cell-answer.png)',
      topic: 'Cell cycle figures',
    })
    await writeQuestion({ text: 'Which phase comes first?', topic: 'Cell cycle words' })
    const learner = await signedInUser('user', { hasAccessToQuizzes: true })
    const viewer = { id: learner.id, role: 'user' as const }

    async function practise(topic: string) {
      const built = await buildBankPractice({
        user: viewer,
        filters: { topics: [topic] },
        count: 5,
        unseenFirst: true,
        timed: false,
      })
      if (!built.ok) throw new Error(`nothing to practise in ${topic}`)
      return (await getPracticeSet(learner.id, built.setId))!.attempt.id
    }

    // A submitted practice set of another question: an attempt of the bank's quiz, which opens nothing else.
    const words = await practise('Cell cycle words')
    expect((await submitAttempt({ attemptId: words })).status).toBe('submitted')
    expect((await fetchImage(answer.url, learner.cookie)).status).toBe(404)

    const figures = await practise('Cell cycle figures')
    expect((await fetchImage(answer.url, learner.cookie)).status).toBe(404)
    expect((await submitAttempt({ attemptId: figures })).status).toBe('submitted')
    expect((await fetchImage(answer.url, learner.cookie)).status).toBe(200)
  })
})
