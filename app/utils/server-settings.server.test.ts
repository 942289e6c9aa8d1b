import { describe, expect, it } from 'vitest'
import { apiError } from './api.server'
import { parseEnv } from './env.server'
import {
  ADDRESS_MESSAGES,
  addressProblem,
  BODY_MAX_BYTES,
  DOUBT_BODY_MAX_BYTES,
  PHOTO_BODY_MAX_BYTES,
  serverSettings,
  UPLOAD_BODY_MAX_BYTES,
  QUIZ_EDITOR_BODY_MAX_BYTES,
  QUIZ_IMAGE_BODY_MAX_BYTES,
} from './server-settings.server'

describe('serverSettings', () => {
  it('takes the CORS origins, the proxy and the APP_URL host from the parsed environment', () => {
    const s = serverSettings(
      parseEnv({
        CORS_ORIGINS: ' https://a.example/ , http://b.example:8080',
        TRUST_PROXY: 'fly',
        APP_URL: 'https://biocoach.example',
        APP_ENV: 'production',
        SESSION_SECRET: 's',
        PORT: '4123',
      }),
    )
    expect(s.corsOrigins).toEqual(['https://a.example', 'http://b.example:8080'])
    expect([s.trustFly, s.appUrlHost, s.production, s.port]).toEqual([true, 'biocoach.example', true, 4123])
    const plain = serverSettings(parseEnv({}))
    expect([plain.corsOrigins, plain.trustFly, plain.appUrlHost, plain.production, plain.port]).toEqual([
      [],
      false,
      null,
      false,
      3000,
    ])
  })

  it('gives course uploads room for a note and an image, lecture forms a video besides, photo forms a photo and text, everything else 1 MB', () => {
    const s = serverSettings(parseEnv({}))
    expect(s.bodyLimitFor('/admin/create-course')).toBe(UPLOAD_BODY_MAX_BYTES)
    expect(UPLOAD_BODY_MAX_BYTES).toBe(25 * 1024 * 1024)
    // The lecture forms (and their .data posts, and the API twins) may carry a video of VIDEO_MAX_MB [2048] too.
    for (const path of ['/admin/add-lecture', '/admin/add-section.data', '/api/v1/courses/add-lecture'])
      expect(s.bodyLimitFor(path), path).toBe(2048 * 1024 * 1024 + UPLOAD_BODY_MAX_BYTES)
    expect(serverSettings(parseEnv({ VIDEO_MAX_MB: '100' })).bodyLimitFor('/admin/add-lecture')).toBe(
      100 * 1024 * 1024 + UPLOAD_BODY_MAX_BYTES,
    )
    expect(s.bodyLimitFor('/profile/edit')).toBe(PHOTO_BODY_MAX_BYTES)
    expect(PHOTO_BODY_MAX_BYTES).toBe(2 * 1024 * 1024)
    expect(s.bodyLimitFor('/login')).toBe(BODY_MAX_BYTES)
    expect(BODY_MAX_BYTES).toBe(1024 * 1024)
  })

  it('gives the quiz image API an image and its alt text, the quiz editor pages (and their .data posts) a ZIP', () => {
    const s = serverSettings(parseEnv({}))
    const id = '0123456789abcdef01234567'
    expect(s.bodyLimitFor(`/api/v1/admin/quiz/${id}/images`)).toBe(QUIZ_IMAGE_BODY_MAX_BYTES)
    expect(QUIZ_IMAGE_BODY_MAX_BYTES).toBe(2 * 1024 * 1024)
    // The question bank's pages take a figure too.
    for (const path of ['/admin/questions/new', '/admin/questions/new.data', `/admin/questions/${id}.data`])
      expect(s.bodyLimitFor(path), path).toBe(QUIZ_IMAGE_BODY_MAX_BYTES)
    for (const path of [
      `/admin/edit-quiz/${id}`,
      `/admin/edit-quiz/${id}.data`,
      '/admin/create-quiz',
      '/admin/create-quiz.data',
    ])
      expect(s.bodyLimitFor(path), path).toBe(QUIZ_EDITOR_BODY_MAX_BYTES)
    expect(QUIZ_EDITOR_BODY_MAX_BYTES).toBe(11 * 1024 * 1024)
    for (const path of [
      `/api/v1/admin/quiz/${id}`,
      `/admin/edit-quiz/${id}/x`,
      '/admin/edit-quiz/x',
      `/api/v1/admin/quiz/x/images`,
      '/admin/questions',
      '/admin/questions/x',
    ])
      expect(s.bodyLimitFor(path), path).toBe(BODY_MAX_BYTES)
  })

  it('gives the doubt forms room for an image a little over its 1 MB limit', () => {
    const s = serverSettings(parseEnv({}))
    const [a, b] = ['a'.repeat(24), 'b'.repeat(24)]
    for (const path of [
      '/admin/doubts',
      '/admin/doubts.data',
      `/my-courses/${a}/doubts/${b}`,
      `/quiz/result/${a}/doubts/${b}.data`,
      `/api/v1/lectures/${a}/doubts`,
      `/api/v1/quiz/${a}/questions/${b}/doubts`,
      `/api/v1/admin/doubts/${a}/answer`,
    ])
      expect(s.bodyLimitFor(path), path).toBe(DOUBT_BODY_MAX_BYTES)
    expect(DOUBT_BODY_MAX_BYTES).toBe(3 * 1024 * 1024)
    for (const path of ['/admin/doubts/x', `/api/v1/admin/doubts/${a}/hide`, '/my-courses/x/doubts/y'])
      expect(s.bodyLimitFor(path), path).toBe(BODY_MAX_BYTES)
  })

  it("answers under /api/ in the v1 API's own error shape", async () => {
    const s = serverSettings(parseEnv({}))
    expect(s.apiErrorBody(413, 'Request body too large')).toEqual(await apiError(413, 'Request body too large').json())
  })
})

describe('addressProblem', () => {
  it('refuses a percent-escape that is not UTF-8 and a control character in the path or the query', () => {
    for (const url of ['/%ff', '/%', '/api/v1/quiz/%ff', '/admin/export/quiz-results/%ff.csv', '/courses/%E0%A4'])
      expect(addressProblem(url), url).toBe(ADDRESS_MESSAGES.malformed)
    for (const url of ['/courses/%00', '/courses/a%07b', '/courses?q=%00', '/x?a%00=1', '/quiz/1?q=%1B'])
      expect(addressProblem(url), url).toBe(ADDRESS_MESSAGES.control)
  })

  it('lets every ordinary address through, tabs and line breaks in the query included', () => {
    for (const url of [
      '/',
      '/courses/%E0%A6%9C%E0%A7%80%E0%A6%AC',
      '/login?redirectTo=%2F%09%2Fevil.example%2F',
      '/search?q=%ff',
      '/a%2Fb?x=%0D%0A',
    ])
      expect(addressProblem(url), url).toBeNull()
  })
})
