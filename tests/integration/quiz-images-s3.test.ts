import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
// @ts-expect-error s3rver ships no type declarations (test-only stand-in)
import S3rver from 's3rver'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { pngBytes } from '../support/images'

// Quiz images on object storage: with S3_BUCKET set the app keeps them in the bucket (a local S3-compatible server
// here), under their quiz, serves them from there and removes them with the image. The app is imported after the
// stand-in is up, since the environment is read once when the app's modules load.
let server: { run(): Promise<unknown>; close(): Promise<void> }
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'biocoach-s3rver-images-'))

beforeAll(async () => {
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'quiz-bucket', configs: [] }],
  })
  const { port } = (await server.run()) as { port: number }
  Object.assign(process.env, {
    S3_BUCKET: 'quiz-bucket',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
  })
})

afterAll(async () => {
  await server.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

test('an uploaded quiz image lives in the bucket under its quiz, is served from it and deleted from it', async () => {
  const [
    { createQuiz },
    { callApi, callRoute, signedInUser },
    { adminApi },
    imageRoute,
    images,
    { updateQuiz },
    { s3Storage },
    { db },
  ] = await Promise.all([
    import('../../db/factories'),
    import('../support/harness'),
    import('~/routes/api/admin.server'),
    import('~/routes/quiz/image'),
    import('~/models/quiz/images.server'),
    import('~/models/quiz/editing.server'),
    import('~/services/storage.server'),
    import('~/utils/db.server'),
  ])
  const staff = await signedInUser('admin')
  const quiz = await createQuiz(db)
  const res = await callApi(adminApi, 'POST', `/api/v1/admin/quiz/${quiz.id}/images`, {
    multipart: { image: new File([pngBytes(12, 9)], 'gel.png', { type: 'image/png' }), alt: 'A gel' },
    cookie: staff.cookie,
  })
  expect(res.status).toBe(200)
  const [image] = await images.listQuizImages(quiz.id)
  const { storage_key: key } = await db
    .selectFrom('quiz_images')
    .select('storage_key')
    .where('id', '=', image!.id)
    .executeTakeFirstOrThrow()
  expect(key.startsWith(`quizzes/${quiz.id}/`)).toBe(true)
  // Read straight from the bucket, not through the app.
  const bucket = s3Storage({
    bucket: 'quiz-bucket',
    endpoint: process.env.S3_ENDPOINT,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  })
  expect((await bucket.get(key))?.contentType).toBe('image/png')
  expect(fs.existsSync(path.join(process.env.UPLOADS_DIR!, key))).toBe(false)

  const saved = await updateQuiz({
    actorId: staff.id,
    quizId: quiz.id,
    input: {
      title: 'Paper',
      description: 'x',
      category: 'free',
      timeLimit: 10,
      questions: [{ questionText: 'Look: ![A gel](gel.png)', options: ['a', 'b', 'c', 'd'], correctOption: 0 }],
    },
  })
  expect(saved?.ok).toBe(true)
  const url = new URL(res.body.image.url).pathname
  const served = await callRoute(imageRoute.loader, url, { params: { imageId: image!.id, name: 'gel.png' } })
  expect(served.status).toBe(200)
  expect(Buffer.from(await served.response!.arrayBuffer())).toEqual(Buffer.from(pngBytes(12, 9)))

  await db.deleteFrom('questions').where('quiz_id', '=', quiz.id).execute()
  expect((await images.deleteQuizImage({ actorId: staff.id, quizId: quiz.id, imageId: image!.id })).ok).toBe(true)
  expect(await bucket.get(key)).toBeNull()
})
