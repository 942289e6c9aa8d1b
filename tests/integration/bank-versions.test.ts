// Bank question versions through the quiz editor (docs/decisions/027-question-bank.md): every saved question is a
// version of a bank question, an edit that keeps the editor's bank id is a new version of that question in every
// paper that holds it, and an attempt keeps the version it was shown. SQLite and PostgreSQL.
import { describe, expect, test } from 'vitest'
import { createUser } from '../../db/factories'
import { db } from '~/utils/db.server'
import { BANK_QUIZ_ID } from '~/lib/bank/bank'
import { createQuiz, getQuizForEdit, updateQuiz } from '~/models/quiz/editing.server'
import { markedPaper } from '~/models/quiz/paper.server'
import { getQuiz, listQuizzes } from '~/models/quiz/catalog.server'
import { startAttempt, submitAttempt } from '~/models/quiz/attempt.server'
import type { QuizInput } from '~/lib/quiz/quiz-input'

const opts = (p: string) => [`${p} A`, `${p} B`, `${p} C`, `${p} D`]
const input = (questions: QuizInput['questions'], title = 'Paper'): QuizInput => ({
  title,
  description: 'd',
  category: 'free',
  timeLimit: 0,
  questions,
})

async function current(quizId: string) {
  return db
    .selectFrom('questions')
    .selectAll()
    .where('quiz_id', '=', quizId)
    .where('archived_at', 'is', null)
    .orderBy('position')
    .execute()
}

async function bankHeadText(bankId: string) {
  const rows = await db
    .selectFrom('questions')
    .select(['question_text'])
    .where('quiz_id', '=', BANK_QUIZ_ID)
    .where('bank_question_id', '=', bankId)
    .where('archived_at', 'is', null)
    .execute()
  return rows.map((r) => r.question_text)
}

describe('bank versions through the quiz editor', () => {
  test('a new question becomes a bank question with the bank’s own current version; the bank quiz is no paper', async () => {
    const actor = await createUser(db, { role: 'admin' })
    const saved = await createQuiz({
      actorId: actor.id,
      input: input([{ questionText: 'Q1', options: opts('Q1'), correctOption: 1, topic: 'Genetics' }]),
    })
    if (!saved.ok) throw new Error('save refused')
    const [row] = await current(saved.quiz.id)
    expect(row.bank_question_id).toBeTruthy()
    expect(await bankHeadText(row.bank_question_id!)).toEqual(['Q1'])
    const bank = await db.selectFrom('bank_questions').selectAll().where('id', '=', row.bank_question_id!).execute()
    expect(bank[0].topic).toBe('Genetics')
    expect(saved.quiz.questions[0].bankId).toBe(row.bank_question_id)
    expect((await listQuizzes()).some((q) => q.id === BANK_QUIZ_ID)).toBe(false)
    expect(await getQuiz(BANK_QUIZ_ID)).toBeUndefined()
    expect(await getQuizForEdit(BANK_QUIZ_ID)).toBeNull()
  })

  test('an edit of a shared question is its new version in every paper; an attempt keeps what it was shown', async () => {
    const actor = await createUser(db, { role: 'admin' })
    const learner = await createUser(db)
    const a = await createQuiz({
      actorId: actor.id,
      input: input([{ questionText: 'Old wording', options: opts('X'), correctOption: 0 }], 'A'),
    })
    if (!a.ok) throw new Error('save refused')
    const bankId = a.quiz.questions[0].bankId!
    // Paper B holds the same bank question (the editor sent its bank id), with its own marks.
    const b = await createQuiz({
      actorId: actor.id,
      input: input([{ questionText: 'Old wording', options: opts('X'), correctOption: 0, marks: 60000, bankId }], 'B'),
    })
    if (!b.ok) throw new Error('save refused')
    expect((await current(b.quiz.id))[0].bank_question_id).toBe(bankId)

    // The learner sits paper B and gets it right under the old key.
    const { attempt } = await startAttempt({ userId: learner.id, quiz: (await getQuiz(b.quiz.id))! })
    const questionId = (await current(b.quiz.id))[0].id
    await submitAttempt({ attemptId: attempt.id, answers: [{ questionId, selectedOption: 0 }] })

    // Staff edit the wording and the key in paper A's editor.
    const edited = await updateQuiz({
      actorId: actor.id,
      quizId: a.quiz.id,
      input: input([{ questionText: 'New wording', options: opts('X'), correctOption: 2, bankId }], 'A'),
    })
    if (!edited?.ok) throw new Error('edit refused')
    expect((await current(a.quiz.id))[0].question_text).toBe('New wording')
    const inB = await current(b.quiz.id)
    expect(inB.map((r) => [r.question_text, Number(r.marks), r.bank_question_id])).toEqual([
      ['New wording', 60000, bankId],
    ])
    expect(await bankHeadText(bankId)).toEqual(['New wording'])

    // The submitted attempt is marked on the version it was shown: old wording, old key, still right.
    const stored = await db.selectFrom('attempts').selectAll().where('id', '=', attempt.id).executeTakeFirstOrThrow()
    const marked = await markedPaper(stored)
    expect(marked.paper.map((q) => q.text)).toEqual(['Old wording'])
    expect(marked.score.overall.correct).toBe(1)
  })

  test('the same bank id twice in one save: the second is a question of its own', async () => {
    const actor = await createUser(db, { role: 'admin' })
    const a = await createQuiz({
      actorId: actor.id,
      input: input([{ questionText: 'One', options: opts('O'), correctOption: 0 }]),
    })
    if (!a.ok) throw new Error('save refused')
    const bankId = a.quiz.questions[0].bankId!
    const twice = await updateQuiz({
      actorId: actor.id,
      quizId: a.quiz.id,
      input: input([
        { questionText: 'One', options: opts('O'), correctOption: 0, bankId },
        { questionText: 'Copy changed', options: opts('O'), correctOption: 1, bankId },
      ]),
    })
    if (!twice?.ok) throw new Error('save refused')
    const rows = await current(a.quiz.id)
    expect(rows[0].bank_question_id).toBe(bankId)
    expect(rows[1].bank_question_id).not.toBe(bankId)
    expect(await bankHeadText(bankId)).toEqual(['One'])
  })
})
