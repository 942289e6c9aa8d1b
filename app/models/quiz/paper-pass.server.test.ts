// The paper pass (./paper-pass.server.ts): what it opens, for how long, and that nothing else passes for one.
import { describe, expect, test, vi } from 'vitest'
import { makePaperPass, readPaperPass } from './paper-pass.server'

const quizId = '0123456789abcdef01234567'
const attempt = { id: 'abcdef0123456789abcdef01', quiz_id: quizId, deadline_at: '2026-12-02T10:30:00.000Z' }
const during = new Date('2026-12-02T10:00:00.000Z')

describe('paper pass', () => {
  test('names the quiz, the attempt and the version; only for its own quiz', () => {
    const pass = makePaperPass(attempt, 123_456_789_012, during)
    expect(pass).toMatch(/^[A-Za-z0-9_-]{67}$/)
    expect(readPaperPass(pass, quizId, during)).toEqual({ quizId, attemptId: attempt.id, version: 123_456_789_012 })
    expect(readPaperPass(pass, 'fedcba9876543210fedcba98', during)).toBeNull()
  })

  test('lasts until the attempt stops taking answers (deadline and 60 s grace); untimed, 4 hours', () => {
    const pass = makePaperPass(attempt, 7, during)
    expect(readPaperPass(pass, quizId, new Date('2026-12-02T10:30:59.000Z'))).not.toBeNull()
    expect(readPaperPass(pass, quizId, new Date('2026-12-02T10:31:00.000Z'))).toBeNull()
    const untimed = makePaperPass({ ...attempt, deadline_at: null }, 7, during)
    expect(readPaperPass(untimed, quizId, new Date(during.getTime() + 4 * 3600_000 - 1000))).not.toBeNull()
    expect(readPaperPass(untimed, quizId, new Date(during.getTime() + 4 * 3600_000))).toBeNull()
  })

  test('a changed character, a cut one, another shape or type is no pass', () => {
    const pass = makePaperPass(attempt, 7, during)
    for (let i = 0; i < pass.length; i += 7) {
      const altered = pass.slice(0, i) + (pass[i] === 'A' ? 'B' : 'A') + pass.slice(i + 1)
      expect(readPaperPass(altered, quizId, during)).toBeNull()
    }
    expect(readPaperPass(pass.slice(0, -1), quizId, during)).toBeNull()
    expect(readPaperPass(`${pass}=`, quizId, during)).toBeNull()
    expect(readPaperPass(undefined, quizId, during)).toBeNull()
    expect(readPaperPass([pass], quizId, during)).toBeNull()
  })

  test('signed by the first SESSION_SECRET, read with any: a rotation keeps the passes made just before it', async () => {
    const saved = process.env.SESSION_SECRET
    const withSecret = async (secret: string) => {
      process.env.SESSION_SECRET = secret
      vi.resetModules()
      return import('./paper-pass.server')
    }
    try {
      const old = await withSecret('old-secret')
      const pass = old.makePaperPass(attempt, 7, during)
      const rotated = await withSecret('new-secret, old-secret')
      expect(rotated.readPaperPass(pass, quizId, during)).not.toBeNull()
      expect(rotated.makePaperPass(attempt, 7, during)).not.toBe(pass)
      const other = await withSecret('another-secret')
      expect(other.readPaperPass(pass, quizId, during)).toBeNull()
    } finally {
      if (saved === undefined) delete process.env.SESSION_SECRET
      else process.env.SESSION_SECRET = saved
      vi.resetModules()
    }
  })
})
