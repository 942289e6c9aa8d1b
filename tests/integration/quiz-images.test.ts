import { describe, expect, test } from 'vitest'
import { createQuiz } from '../../db/factories'
import { callApi, callRoute, signedInUser } from '../support/harness'
import { jpegBytes, pngBytes, webpBytes } from '../support/images'
import { adminApi } from '~/routes/api/admin.server'
import * as imageRoute from '~/routes/quiz/image'
import * as attemptRoute from '~/routes/quiz/attempt'
import * as paperRoute from '~/routes/quiz/paper'
import { imageUse } from '~/models/quiz/image-use.server'
import { deleteQuizImage, listQuizImages, quizImageMap } from '~/models/quiz/images.server'
import { getStorage } from '~/services/storage.server'
import { updateQuiz } from '~/models/quiz/editing.server'
import { db } from '~/utils/db.server'

// Quiz images end to end on a real database (both, in the PostgreSQL run) with the local storage folder: the admin
// API's upload and its refusals, names unique per quiz, the audit, the serving route's headers and its gate on
// explanation images, the test page never naming one, and delete refused while a question uses the image.

const file = (bytes: Uint8Array<ArrayBuffer>, name: string, type = 'image/png') => new File([bytes], name, { type })

async function upload(cookie: string, quizId: string, fields: Record<string, string | Blob>) {
  return callApi(adminApi, 'POST', `/api/v1/admin/quiz/${quizId}/images`, { multipart: fields, cookie })
}

type Q = { questionText: string; options: string[]; correctOption: number; explanation?: string }

/** A quiz whose questions name images: created, the images uploaded, then the questions saved through the model. */
async function quizWithImages(staff: { id: string; cookie: string }, questions: Q[], names: string[]) {
  const quiz = await createQuiz(db)
  const urls: Record<string, string> = {}
  for (const name of names) {
    const res = await upload(staff.cookie, quiz.id, { image: file(pngBytes(), name), alt: name })
    urls[name] = new URL(res.body.image.url).pathname
  }
  const saved = await updateQuiz({
    actorId: staff.id,
    quizId: quiz.id,
    input: { title: 'Paper', description: 'With figures', category: 'free', timeLimit: 10, questions },
  })
  expect(saved?.ok).toBe(true)
  return { quiz, urls }
}

async function fetchImage(url: string, cookie?: string) {
  const [, imageId, name] = /^\/quiz-images\/([^/]+)\/([^/]+)$/.exec(new URL(url, 'http://x').pathname)!
  return callRoute(imageRoute.loader, url, { cookie, params: { imageId, name: decodeURIComponent(name) } })
}

describe('POST /api/v1/admin/quiz/{quizId}/images', () => {
  test('stores a PNG, JPEG or WebP with its alt text and answers its markup name and address', async () => {
    const staff = await signedInUser('instructor')
    const quiz = await createQuiz(db)
    const res = await upload(staff.cookie, quiz.id, {
      image: file(pngBytes(40, 30), 'Gel Photo (1).PNG'),
      alt: '  Agarose gel,\n lanes 1-4 ',
    })
    expect(res.status).toBe(200)
    expect(res.body.success).toBe(true)
    expect(res.body.image.name).toBe('gel-photo-1.png')
    expect(res.body.image.url).toMatch(/^http:\/\/localhost\/quiz-images\/[0-9a-f]{24}\/gel-photo-1\.png$/)
    const [stored] = await listQuizImages(quiz.id)
    expect(stored).toMatchObject({
      name: 'gel-photo-1.png',
      alt: 'Agarose gel, lanes 1-4',
      contentType: 'image/png',
      width: 40,
      height: 30,
    })
    const row = await db.selectFrom('quiz_images').selectAll().where('id', '=', stored!.id).executeTakeFirstOrThrow()
    expect(row.storage_key).toMatch(new RegExp(`^quizzes/${quiz.id}/[0-9a-f]{24}\\.png$`))
    expect(row.created_by).toBe(staff.id)
    expect(Buffer.from((await getStorage().get(row.storage_key))!.body)).toEqual(Buffer.from(pngBytes(40, 30)))
    const audit = await db.selectFrom('audit_log').selectAll().where('action', '=', 'quiz_image.add').execute()
    expect(audit.map((a) => [a.actor_id, a.target_id])).toEqual([[staff.id, quiz.id]])

    for (const [bytes, name, type] of [
      [jpegBytes(), 'scan.jpeg', 'image/jpeg'],
      [webpBytes(), 'cell', 'image/webp'],
    ] as const) {
      const more = await upload(staff.cookie, quiz.id, { image: file(bytes, name, type), alt: 'x' })
      expect(more.status).toBe(200)
    }
    // A second file of one name gets the next free name; the map the renderer reads holds every one.
    const again = await upload(staff.cookie, quiz.id, { image: file(pngBytes(), 'gel photo (1).png'), alt: 'Again' })
    expect(again.body.image.name).toBe('gel-photo-1-2.png')
    const map = await quizImageMap(quiz.id)
    expect([...map.keys()].sort()).toEqual(['cell.webp', 'gel-photo-1-2.png', 'gel-photo-1.png', 'scan.jpeg'])
    expect(map.get('gel-photo-1.png')).toEqual({
      url: stored!.url,
      alt: 'Agarose gel, lanes 1-4',
      width: 40,
      height: 30,
    })
  })

  test('refuses with a 400 naming the field: no file, not an image by its bytes, no alt, alt too long', async () => {
    const staff = await signedInUser('admin')
    const quiz = await createQuiz(db)
    const cases: Array<[Record<string, string | Blob>, string, RegExp]> = [
      [{ alt: 'A gel' }, 'image', /^image: Choose an image file/],
      [
        { image: file(new TextEncoder().encode('<svg onload=alert(1)>'), 'x.png'), alt: 'A gel' },
        'image',
        /PNG, JPEG or WebP/,
      ],
      [{ image: file(new TextEncoder().encode('GIF89a......'), 'x.gif', 'image/gif'), alt: 'A' }, 'image', /PNG, JPEG/],
      [{ image: file(pngBytes(), 'x.png') }, 'alt', /^alt: Alt text is required/],
      [{ image: file(pngBytes(), 'x.png'), alt: '   ' }, 'alt', /^alt: Alt text is required/],
      [{ image: file(pngBytes(), 'x.png'), alt: 'a'.repeat(301) }, 'alt', /^alt: Alt text is too long/],
    ]
    for (const [fields, field, message] of cases) {
      const res = await upload(staff.cookie, quiz.id, fields)
      expect(res.status, JSON.stringify(fields.alt)).toBe(400)
      expect(res.body.field).toBe(field)
      expect(res.body.message).toMatch(message)
    }
    expect(await listQuizImages(quiz.id)).toEqual([])
  })

  test('a file over 1 MB is refused while it streams in (413, the image named); an unknown quiz is a 404', async () => {
    const staff = await signedInUser('admin')
    const quiz = await createQuiz(db)
    const big = new Uint8Array(1024 * 1024 + 1)
    big.set(pngBytes())
    const res = await upload(staff.cookie, quiz.id, { image: file(big, 'big.png'), alt: 'Big' })
    expect(res.status).toBe(413)
    expect(res.body).toMatchObject({ field: 'image', message: 'image: The image is too large (at most 1 MB)' })
    const exactly = new Uint8Array(1024 * 1024)
    exactly.set(pngBytes())
    expect((await upload(staff.cookie, quiz.id, { image: file(exactly, 'max.png'), alt: 'Max' })).status).toBe(200)
    const missing = await upload(staff.cookie, 'aaaaaaaaaaaaaaaaaaaaaaaa', {
      image: file(pngBytes(), 'x.png'),
      alt: 'A',
    })
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('Quiz not found')
  })
})

describe('serving /quiz-images/{id}/{name}', () => {
  async function paperWithImages() {
    const staff = await signedInUser('admin')
    const { quiz, urls } = await quizWithImages(
      staff,
      [
        {
          questionText: 'Which lane has the smallest fragment?\n\n![Gel](gel.png)',
          options: ['Lane 1', 'Lane 2', '![Pedigree](pedigree.png)', 'Lane 4'],
          correctOption: 1,
          explanation: 'Smaller fragments run further: see ![the answer](answer.png) and ![Gel](gel.png).',
        },
        { questionText: 'Second', options: ['a', 'b', 'c', 'd'], correctOption: 0 },
      ],
      ['gel.png', 'pedigree.png', 'answer.png', 'unused.png'],
    )
    return { staff, quiz, urls }
  }

  test('an image of a question or an option: anyone, a year, immutable, its type, nosniff', async () => {
    const { urls } = await paperWithImages()
    for (const name of ['gel.png', 'pedigree.png']) {
      const res = await fetchImage(urls[name]!)
      expect(res.status).toBe(200)
      expect(res.headers.get('Content-Type')).toBe('image/png')
      expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff')
      expect(res.headers.get('Content-Security-Policy')).toBe("default-src 'none'")
      expect(Buffer.from(await res.response!.arrayBuffer())).toEqual(Buffer.from(pngBytes()))
    }
    // The name in the address must be the image's own, the id well formed.
    const [, id] = urls['gel.png']!.split('/').slice(1)
    expect((await fetchImage(`/quiz-images/${id}/other.png`)).status).toBe(404)
    expect((await fetchImage('/quiz-images/zz/gel.png')).status).toBe(404)
    expect((await fetchImage('/quiz-images/aaaaaaaaaaaaaaaaaaaaaaaa/gel.png')).status).toBe(404)
  })

  test('an explanation-only image (or an unused one): 404 until that learner submits, then private; staff always', async () => {
    const { staff, quiz, urls } = await paperWithImages()
    const learner = await signedInUser('user')
    const other = await signedInUser('user')
    for (const name of ['answer.png', 'unused.png']) {
      const anonymous = await fetchImage(urls[name]!)
      expect(anonymous.status).toBe(404)
      expect(anonymous.headers.get('Cache-Control')).toBe('no-store')
      expect((await fetchImage(urls[name]!, learner.cookie)).status).toBe(404)
      const forStaff = await fetchImage(urls[name]!, staff.cookie)
      expect(forStaff.status).toBe(200)
      expect(forStaff.headers.get('Cache-Control')).toBe('private, max-age=31536000, immutable')
    }

    // The learner starts the test: no page of it names the explanation's image, on either question.
    await callRoute(attemptRoute.action, `/quiz/${quiz.id}`, {
      form: { intent: 'start' },
      cookie: learner.cookie,
      params: { quizId: quiz.id },
    })
    for (const q of ['1', '2']) {
      const page = await callRoute(attemptRoute.loader, `/quiz/${quiz.id}?q=${q}`, {
        cookie: learner.cookie,
        params: { quizId: quiz.id },
      })
      expect(page.data.view).toBe('test')
      const sent = JSON.stringify(page.data)
      expect(sent).not.toContain(urls['answer.png']!.split('/')[2])
      expect(sent).not.toContain('answer.png')
    }
    // Nor does the rest of the paper, which the test view fetches once it has hydrated.
    const paper = await callRoute(paperRoute.loader, `/quiz/${quiz.id}/paper`, {
      cookie: learner.cookie,
      params: { quizId: quiz.id },
    })
    expect(paper.status).toBe(200)
    expect(JSON.stringify(paper.data)).toContain(urls['gel.png']!)
    expect(JSON.stringify(paper.data)).not.toContain(urls['answer.png']!.split('/')[2])
    expect((await fetchImage(urls['answer.png']!, learner.cookie)).status).toBe(404)

    await callRoute(attemptRoute.action, `/quiz/${quiz.id}`, {
      form: { intent: 'submit', q: '1' },
      cookie: learner.cookie,
      params: { quizId: quiz.id },
    })
    const after = await fetchImage(urls['answer.png']!, learner.cookie)
    expect(after.status).toBe(200)
    expect(after.headers.get('Cache-Control')).toBe('private, max-age=31536000, immutable')
    // Someone else's submission opens nothing for another learner.
    expect((await fetchImage(urls['answer.png']!, other.cookie)).status).toBe(404)
  })
})

describe("a paid paper's figures", () => {
  test('reach staff and learners with access only, kept privately; a free paper showing the same figure opens it', async () => {
    const staff = await signedInUser('admin')
    const { quiz, urls } = await quizWithImages(
      staff,
      [{ questionText: 'Read the gel\n\n![Gel](gel.png)', options: ['1', '2', '3', '4'], correctOption: 0 }],
      ['gel.png'],
    )
    await db.updateTable('quizzes').set({ category: 'paid' }).where('id', '=', quiz.id).execute()
    const learner = await signedInUser('user')
    const holder = await signedInUser('user', { hasAccessToQuizzes: true })
    expect((await fetchImage(urls['gel.png']!)).status).toBe(404)
    expect((await fetchImage(urls['gel.png']!, learner.cookie)).status).toBe(404)
    const staffSees = await fetchImage(urls['gel.png']!, staff.cookie)
    expect(staffSees.status).toBe(200)
    expect(staffSees.headers.get('Cache-Control')).toBe('private, max-age=31536000, immutable')
    const holderSees = await fetchImage(urls['gel.png']!, holder.cookie)
    expect(holderSees.status).toBe(200)
    expect(holderSees.headers.get('Cache-Control')).toBe('private, max-age=31536000, immutable')
    // The same question's HTML in a free paper (a bank question's copy): that paper's learners see the figure.
    const html = await db
      .selectFrom('questions')
      .select(['question_html', 'options_html'])
      .where('quiz_id', '=', quiz.id)
      .executeTakeFirstOrThrow()
    const free = await createQuiz(db)
    await db.updateTable('questions').set(html).where('quiz_id', '=', free.id).execute()
    expect((await fetchImage(urls['gel.png']!, learner.cookie)).status).toBe(200)
    expect((await fetchImage(urls['gel.png']!)).status).toBe(404)
  })
})

describe('deleting a quiz image', () => {
  test('is refused while a current question shows it; allowed once none does, the file removed, audited', async () => {
    const staff = await signedInUser('admin')
    const { quiz } = await quizWithImages(
      staff,
      [
        { questionText: 'Q1', options: ['a', 'b', 'c', 'd'], correctOption: 0 },
        { questionText: 'Q2', options: ['a', 'b', 'c', 'd'], correctOption: 0, explanation: 'See ![x](fig.png)' },
      ],
      ['fig.png'],
    )
    const [image] = await listQuizImages(quiz.id)
    const key = (
      await db.selectFrom('quiz_images').select('storage_key').where('id', '=', image!.id).executeTakeFirstOrThrow()
    ).storage_key
    expect(await getStorage().get(key)).not.toBeNull()
    expect(await imageUse(quiz.id, image!.id)).toEqual({ current: [2], archived: 0 })
    expect(await deleteQuizImage({ actorId: staff.id, quizId: quiz.id, imageId: image!.id })).toEqual({
      ok: false,
      reason: 'in-use',
      questions: [2],
    })
    // An earlier version (kept for a review) names it, the current one no longer does.
    await db
      .updateTable('questions')
      .set({ archived_at: '2030-01-01T00:00:00.000Z' })
      .where('quiz_id', '=', quiz.id)
      .where('position', '=', 1)
      .execute()
    expect(await imageUse(quiz.id, image!.id)).toEqual({ current: [], archived: 1 })
    const other = await createQuiz(db)
    expect(await deleteQuizImage({ actorId: staff.id, quizId: other.id, imageId: image!.id })).toEqual({
      ok: false,
      reason: 'not-found',
    })
    const done = await deleteQuizImage({ actorId: staff.id, quizId: quiz.id, imageId: image!.id })
    expect(done.ok).toBe(true)
    expect(await listQuizImages(quiz.id)).toEqual([])
    expect(await getStorage().get(key)).toBeNull()
    const audit = await db.selectFrom('audit_log').selectAll().where('action', '=', 'quiz_image.delete').execute()
    expect(audit).toHaveLength(1)
    expect(JSON.parse(audit[0]!.details!)).toEqual({ name: 'fig.png', earlierVersions: 1 })
  })
})

describe('deleting a quiz', () => {
  test('deletes its image rows and their files', async () => {
    const staff = await signedInUser('admin')
    const quiz = await createQuiz(db)
    await upload(staff.cookie, quiz.id, { image: file(pngBytes(), 'a.png'), alt: 'A' })
    const { storage_key: key } = await db
      .selectFrom('quiz_images')
      .select('storage_key')
      .where('quiz_id', '=', quiz.id)
      .executeTakeFirstOrThrow()
    const res = await callApi(adminApi, 'DELETE', `/api/v1/admin/quiz/${quiz.id}`, { cookie: staff.cookie })
    expect(res.status).toBe(200)
    expect(await db.selectFrom('quiz_images').select('id').where('quiz_id', '=', quiz.id).execute()).toEqual([])
    expect(await getStorage().get(key)).toBeNull()
  })
})

describe('the Edit Quiz images panel (plain form posts)', () => {
  test('uploads with alt text, lists each image with its markup, refuses naming the field, deletes after asking', async () => {
    const editQuiz = await import('~/routes/admin/edit-quiz')
    const staff = await signedInUser('instructor')
    const quiz = await createQuiz(db)
    const page = `/admin/edit-quiz/${quiz.id}`
    const post = (form: Record<string, string | Blob>) =>
      callRoute(editQuiz.action, page, {
        form,
        encType: 'multipart/form-data',
        cookie: staff.cookie,
        params: { quizId: quiz.id },
      })

    const added = await post({ intent: 'image-add', image: file(pngBytes(), 'Pedigree.png'), imageAlt: 'A pedigree' })
    expect(added.status).toBe(302)
    expect(added.location).toBe(`${page}?images#quiz-images`)
    await post({ intent: 'image-add', image: file(pngBytes(), 'gel.png'), imageAlt: 'A gel' })
    const saved = await updateQuiz({
      actorId: staff.id,
      quizId: quiz.id,
      input: {
        title: 'Paper',
        description: 'x',
        category: 'free',
        timeLimit: 10,
        questions: [{ questionText: 'Q1 ![Pedigree](pedigree.png)', options: ['a', 'b', 'c', 'd'], correctOption: 0 }],
      },
    })
    expect(saved?.ok).toBe(true)

    const noAlt = await post({ intent: 'image-add', image: file(pngBytes(), 'x.png'), imageAlt: ' ' })
    expect(noAlt.status).toBe(400)
    expect(noAlt.data.result.error).toEqual({ imageAlt: [expect.stringMatching(/^Alt text is required/)] })
    const notImage = await post({ intent: 'image-add', image: file(new Uint8Array([1, 2, 3]), 'x.png'), imageAlt: 'X' })
    expect(notImage.data.result.error).toEqual({ image: ['The image must be a PNG, JPEG or WebP file'] })
    const tooBig = new Uint8Array(1024 * 1024 + 10)
    tooBig.set(pngBytes())
    expect(
      (await post({ intent: 'image-add', image: file(tooBig, 'big.png'), imageAlt: 'Big' })).data.result.error,
    ).toEqual({
      image: ['The image is too large (at most 1 MB)'],
    })

    const loaded = await callRoute(editQuiz.loader, page, { cookie: staff.cookie, params: { quizId: quiz.id } })
    expect(loaded.data.images.map((i: { name: string; markup: string }) => [i.name, i.markup])).toEqual([
      ['pedigree.png', '![A pedigree](pedigree.png)'],
      ['gel.png', '![A gel](gel.png)'],
    ])
    expect(loaded.data.confirmImage).toBeNull()
    const [pedigree, gel] = loaded.data.images as Array<{ id: string }>

    const askInUse = await callRoute(editQuiz.loader, `${page}?delete=${pedigree!.id}`, {
      cookie: staff.cookie,
      params: { quizId: quiz.id },
    })
    expect(askInUse.data.confirmImage).toEqual({
      id: pedigree!.id,
      name: 'pedigree.png',
      usedBy: [1],
      earlierVersions: 0,
    })
    const refused = await post({ intent: 'image-delete', imageId: pedigree!.id })
    expect(refused.status).toBe(302)
    expect(await listQuizImages(quiz.id)).toHaveLength(2)

    const ask = await callRoute(editQuiz.loader, `${page}?delete=${gel!.id}`, {
      cookie: staff.cookie,
      params: { quizId: quiz.id },
    })
    expect(ask.data.confirmImage).toEqual({ id: gel!.id, name: 'gel.png', usedBy: [], earlierVersions: 0 })
    await post({ intent: 'image-delete', imageId: gel!.id })
    expect((await listQuizImages(quiz.id)).map((i) => i.name)).toEqual(['pedigree.png'])
  })
})

describe('a live mock before its opening', () => {
  test('its figures reach staff only; from the opening, learners as for any paper', async () => {
    const staff = await signedInUser('instructor')
    const { quiz, urls } = await quizWithImages(
      staff,
      [{ questionText: 'Read the gel ![gel](gel.png)', options: ['a', 'b', 'c', 'd'], correctOption: 0 }],
      ['gel.png'],
    )
    const opens = new Date(Date.now() + 3600_000)
    await db
      .updateTable('quizzes')
      .set({ opens_at: opens.toISOString(), closes_at: new Date(opens.getTime() + 7200_000).toISOString() })
      .where('id', '=', quiz.id)
      .execute()
    const learner = await signedInUser('user')
    expect((await fetchImage(urls['gel.png']!)).status).toBe(404)
    expect((await fetchImage(urls['gel.png']!, learner.cookie)).status).toBe(404)
    const forStaff = await fetchImage(urls['gel.png']!, staff.cookie)
    expect(forStaff.status).toBe(200)
    expect(forStaff.headers.get('Cache-Control')).toBe('private, no-store')

    // Opened: the learner gets it, and it may be kept as before.
    await db
      .updateTable('quizzes')
      .set({ opens_at: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', quiz.id)
      .execute()
    const open = await fetchImage(urls['gel.png']!, learner.cookie)
    expect(open.status).toBe(200)
    expect(open.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
  })
})
