// migrations/0018 (the question bank) on a database with results, on SQLite and PostgreSQL. The database is taken
// back to 0017 and filled as a site of that time would be: the demo papers (free and paid, every question type,
// JAM marks and negative marks, sections, topics), questions edited twice and one removed after attempts saw them,
// ranked attempts of many learners before and after each edit (right, wrong and unanswered answers, ties, answers
// saved after deadline + grace that must not count), practice attempts, saved questions and a practice set, all
// through the app's own attempt models. Then 0018 runs: every stored score, every score the app's scorer works out
// again, every review, rank and staff figure is what it was; every row is a version of a bank question; the bank's
// own quiz is in no list. Down to 0017 and up again keeps all of it too.
import { Migrator, type Kysely } from 'kysely'
import { beforeAll, describe, expect, test } from 'vitest'
import { createUser, type QuestionInput } from '../../db/factories'
import { migrations } from '../../db/migrations'
import { DEMO_QUIZZES } from '../../db/seed-data'
import { BANK_QUIZ_ID } from '~/lib/bank/bank'
import { answersCloseAt } from '~/lib/quiz/clock'
import { questionReadsAsSource, renderQuestionMarkup } from '~/lib/markup/question'
import type { AnswerInput } from '~/schemas/quiz-attempt'
import { db } from '~/utils/db.server'
import { newId } from '~/utils/ids.server'
import { bankHead, CONTENT_COLUMNS } from '~/models/bank/versions.server'
import { openSetAttempt, saveAnswers, startAttempt, startPractice, submitAttempt } from '~/models/quiz/attempt.server'
import { attemptQuestionRows, getQuiz, listQuizzes as catalogQuizzes, type QuizRow } from '~/models/quiz/catalog.server'
import { listQuizzes as staffQuizzes } from '~/models/quiz/editing.server'
import { markedPaper, paperScore, questionColumns } from '~/models/quiz/paper.server'
import { getPracticeSet, practiceSetResult, startPracticeSet } from '~/models/quiz/practice-set.server'
import { saveQuestion, savedList } from '~/models/quiz/revision.server'
import { getLeaderboard, standingOf } from '~/models/quiz/standing.server'
import { getQuizStats } from '~/models/quiz/stats.server'

const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
/** The tables as they were at 0017 (no bank columns), for the rows this test writes itself. */
const at0017 = db as unknown as Kysely<any>
const names = Object.keys(migrations)
const BEFORE_BANK = '0017_access_rules'
const sinceBank = names.slice(names.indexOf(BEFORE_BANK) + 1)

const WRITTEN = '2024-01-10T08:00:00.000Z'
const EDIT_1 = '2024-03-01T09:00:00.000Z'
const EDIT_2 = '2024-05-01T09:00:00.000Z'
/** When each of the three waves of learners starts: before the first edit, between the edits, after the second. */
const WAVES = ['2024-02-01T10:00:00.000Z', '2024-04-01T10:00:00.000Z', '2024-06-01T10:00:00.000Z']
const LEARNERS = 24
const minutes = (iso: string, m: number) => new Date(new Date(iso).getTime() + m * 60_000)

/** A question row as the 0017 editor wrote it: the stored form of the draft (questionColumns) and its HTML. */
function rowOf(q: QuestionInput, images: Map<string, { url: string; alt: string }>) {
  const columns = questionColumns(
    {
      ...q,
      correctOption: q.correctOption ?? 0,
      explanation: q.explanation ?? undefined,
      section: q.section ?? undefined,
      topic: q.topic ?? undefined,
    },
    null,
  )
  const source = { questionText: q.questionText, options: q.options, explanation: q.explanation ?? null }
  const r = renderQuestionMarkup(source, images)
  if (!r.ok) throw new Error(`does not render: ${q.questionText}`)
  return {
    ...columns,
    question_html: r.html.text,
    options_html: JSON.stringify(r.html.options),
    explanation_html: r.html.explanation,
    plain_text: questionReadsAsSource(source, r.html) ? 1 : 0,
  }
}

type Paper = { quiz: QuizRow; questions: QuestionInput[]; images: Map<string, { url: string; alt: string }> }

async function paperAt0017(seed: (typeof DEMO_QUIZZES)[number]): Promise<Paper> {
  const id = newId()
  await at0017
    .insertInto('quizzes')
    .values({
      id,
      title: seed.title,
      description: seed.description,
      category: seed.category,
      time_limit: seed.timeLimit,
      created_at: WRITTEN,
      updated_at: WRITTEN,
    })
    .execute()
  const images = new Map((seed.images ?? []).map((i) => [i.name, { url: `/quiz-images/${id}/${i.name}`, alt: i.alt }]))
  for (const [position, q] of seed.questions.entries())
    await at0017
      .insertInto('questions')
      .values({ id: newId(), quiz_id: id, position, ...rowOf(q, images), created_at: WRITTEN })
      .execute()
  return { quiz: (await getQuiz(id))!, questions: seed.questions, images }
}

/** An edit as the 0017 editor made it once attempts had seen the row: archived, and its new version in its place. */
async function editAt0017(paper: Paper, position: number, next: QuestionInput | null, at: string) {
  await at0017
    .updateTable('questions')
    .set({ archived_at: at })
    .where('quiz_id', '=', paper.quiz.id)
    .where('position', '=', position)
    .where('archived_at', 'is', null)
    .execute()
  if (next)
    await at0017
      .insertInto('questions')
      .values({ id: newId(), quiz_id: paper.quiz.id, position, ...rowOf(next, paper.images), created_at: at })
      .execute()
  await at0017.updateTable('quizzes').set({ updated_at: at }).where('id', '=', paper.quiz.id).execute()
}

type KeyRow = {
  id: string
  type: string
  correct_option: number
  correct_options: string | null
  answer_min: string | null
}

/** The key of the attempt's paper (read straight from the rows: the test's own answer sheet). */
const keysOf = (attempt: { quiz_id: string; started_at: string; practice_set_id?: string | null }) =>
  attemptQuestionRows(attempt)
    .select(['id', 'type', 'correct_option', 'correct_options', 'answer_min'])
    .execute() as Promise<KeyRow[]>

const right = (q: KeyRow): AnswerInput =>
  q.type === 'msq'
    ? { questionId: q.id, selectedOption: null, selectedOptions: JSON.parse(q.correct_options!) }
    : q.type === 'nat'
      ? { questionId: q.id, selectedOption: null, numericAnswer: q.answer_min! }
      : { questionId: q.id, selectedOption: q.correct_option }
const wrong = (q: KeyRow): AnswerInput =>
  q.type === 'msq'
    ? {
        questionId: q.id,
        selectedOption: null,
        selectedOptions: [0, 1, 2, 3].filter((o) => !JSON.parse(q.correct_options!).includes(o)),
      }
    : q.type === 'nat'
      ? { questionId: q.id, selectedOption: null, numericAnswer: '999' }
      : { questionId: q.id, selectedOption: (q.correct_option + 1) % 4 }
const blank = (q: KeyRow): AnswerInput => ({ questionId: q.id, selectedOption: null })

/**
 * Learner i's answer to question k (0-2 right, 3-4 wrong, 5 blank): learners i and i + 12 answer alike (ties, split
 * by submission time); learners 11 and 23 get almost everything wrong (a negative score).
 */
const kindOf = (i: number, k: number, quiz: number) =>
  i % 12 === 11 ? (k === 0 ? 0 : 3) : ((i % 12) * 7 + k * 3 + quiz) % 6

const state = {
  papers: [] as Paper[],
  learners: [] as string[],
  /** Attempts with an answer saved after deadline + grace, and that question. */
  late: [] as { attemptId: string; questionId: string }[],
  practiceSet: { userId: '', setId: '' },
  editedRows: 0,
}

/** A ranked attempt through the app: started, answers saved, submitted in time or closed by its clock. */
async function takePaper(paper: Paper, quizIndex: number, learner: number, startAt: Date) {
  const userId = state.learners[learner]
  const { attempt } = await startAttempt({ userId, quiz: paper.quiz, now: startAt })
  const keys = await keysOf(attempt)
  const answers = keys.map((q, k) => {
    const kind = kindOf(learner, k, quizIndex)
    return kind < 3 ? right(q) : kind < 5 ? wrong(q) : blank(q)
  })
  // Some questions never shown (no answer row at all): the last one for every third learner.
  const saved = learner % 3 === 2 ? answers.slice(0, -1) : answers
  expect(await saveAnswers({ attempt, answers: saved, now: minutes(startAt.toISOString(), 1) })).toBe('saved')
  if (learner % 8 === 5) {
    // A save after deadline + grace (only a bug or a replayed request could write one): it must never count.
    const unanswered = keys.find((_, k) => kindOf(learner, k, quizIndex) >= 3)!
    const late = right(unanswered)
    const lateAt = new Date(answersCloseAt(attempt.deadline_at)!.getTime() + 60_000)
    await at0017
      .insertInto('attempt_answers')
      .values({
        attempt_id: attempt.id,
        question_id: unanswered.id,
        selected_option: late.selectedOption,
        selected_options: late.selectedOptions ? JSON.stringify(late.selectedOptions) : null,
        numeric_answer: late.numericAnswer ?? null,
        saved_at: lateAt.toISOString(),
        visited_at: minutes(startAt.toISOString(), 1).toISOString(),
      })
      .onConflict((oc) =>
        oc.columns(['attempt_id', 'question_id']).doUpdateSet({
          selected_option: late.selectedOption,
          selected_options: late.selectedOptions ? JSON.stringify(late.selectedOptions) : null,
          numeric_answer: late.numericAnswer ?? null,
          saved_at: lateAt.toISOString(),
        }),
      )
      .execute()
    const closed = await submitAttempt({ attemptId: attempt.id, now: new Date(lateAt.getTime() + 60_000) })
    expect(closed.late).toBe(true)
    state.late.push({ attemptId: attempt.id, questionId: unanswered.id })
  } else {
    const at = minutes(startAt.toISOString(), 2 + ((learner * 13) % (paper.quiz.time_limit - 2)))
    expect((await submitAttempt({ attemptId: attempt.id, now: at })).status).toBe('submitted')
  }
  return attempt
}

/** Every figure the migration must not change: scores stored and worked out again, reviews, ranks, statistics. */
async function results() {
  const attempts = await db
    .selectFrom('attempts')
    .select([
      'id',
      'user_id',
      'quiz_id',
      'started_at',
      'deadline_at',
      'submitted_at',
      'score',
      'score_units',
      'total',
      'mode',
      'practice_set_id',
    ])
    .orderBy('id')
    .execute()
  const scored = []
  for (const a of attempts) {
    const { paper, score } = await markedPaper(a)
    scored.push({
      attempt: { ...a, score: Number(a.score), score_units: Number(a.score_units), total: Number(a.total) },
      recomputed: await paperScore(a),
      review: { paper, score },
    })
  }
  const boards = []
  for (const { quiz } of state.papers) {
    const board = (await getLeaderboard({ quizId: quiz.id, limit: 1000 }))!
    const ranked = scored.filter((s) => s.attempt.quiz_id === quiz.id && s.attempt.mode === 'ranked')
    const standings = []
    for (const s of ranked)
      standings.push([s.attempt.id, await standingOf(quiz.id, s.attempt.score_units, s.attempt.submitted_at!)])
    boards.push({
      order: [...board.topThree, ...board.others].map((e) => [e.attemptId, e.rank, e.score, e.submittedAt]),
      participants: board.participants,
      standings,
      stats: await getQuizStats(quiz.id),
    })
  }
  const viewer = { id: state.practiceSet.userId, role: 'user' as const }
  return {
    scored,
    boards,
    practiceSet: await practiceSetResult(viewer.id, state.practiceSet.setId),
    saved: await Promise.all(state.learners.map((id) => savedList({ id, role: 'user' }))),
    lists: { catalog: await catalogQuizzes(), staff: await staffQuizzes() },
  }
}

/** What 0018 promises about the rows: every one a version of a bank question, the bank holding its current version. */
async function expectBankOfPapers() {
  const rows = await db
    .selectFrom('questions')
    .selectAll()
    .where('quiz_id', '!=', BANK_QUIZ_ID)
    .orderBy('quiz_id')
    .orderBy('position')
    .orderBy('created_at')
    .execute()
  expect(rows.length).toBeGreaterThan(40)
  expect(rows.filter((r) => !r.bank_question_id)).toEqual([])
  const current = rows.filter((r) => r.archived_at === null)
  const archived = rows.filter((r) => r.archived_at !== null)
  expect(archived).toHaveLength(state.editedRows)
  // One bank question per current row, its bank version saying and keying exactly what the row does.
  expect(new Set(current.map((r) => r.bank_question_id)).size).toBe(current.length)
  for (const row of current) {
    const head = await bankHead(db, row.bank_question_id!)
    expect(head, row.question_text).toBeDefined()
    for (const k of [...CONTENT_COLUMNS, 'question_html', 'options_html', 'explanation_html', 'topic'] as const)
      expect([row.question_text, k, head![k]]).toEqual([row.question_text, k, row[k]])
    const bank = await db
      .selectFrom('bank_questions')
      .selectAll()
      .where('id', '=', row.bank_question_id!)
      .executeTakeFirstOrThrow()
    expect([bank.topic, bank.retired_at]).toEqual([row.topic ?? '', null])
  }
  // An archived row is an earlier version of the question now at its place; one with no successor is retired.
  const at = new Map(current.map((r) => [`${r.quiz_id}/${r.position}`, r.bank_question_id]))
  for (const row of archived) {
    const successor = at.get(`${row.quiz_id}/${row.position}`)
    if (successor) expect(row.bank_question_id).toBe(successor)
    else {
      const bank = await db
        .selectFrom('bank_questions')
        .select('retired_at')
        .where('id', '=', row.bank_question_id!)
        .executeTakeFirstOrThrow()
      expect(bank.retired_at).not.toBeNull()
    }
  }
  expect(archived.filter((r) => !at.has(`${r.quiz_id}/${r.position}`))).toHaveLength(1)
  // The bank's own quiz: a quiz row with one current version per bank question, never a paper.
  const bankRows = await db
    .selectFrom('questions')
    .select(['bank_question_id', 'section'])
    .where('quiz_id', '=', BANK_QUIZ_ID)
    .where('archived_at', 'is', null)
    .execute()
  expect(bankRows).toHaveLength(current.length + 1)
  expect(await db.selectFrom('quizzes').select('id').where('id', '=', BANK_QUIZ_ID).executeTakeFirst()).toBeDefined()
  expect(await getQuiz(BANK_QUIZ_ID)).toBeUndefined()
  expect((await catalogQuizzes()).map((q) => q.id)).not.toContain(BANK_QUIZ_ID)
  expect((await staffQuizzes()).map((q) => q.id)).not.toContain(BANK_QUIZ_ID)
}

let before: Awaited<ReturnType<typeof results>>

// Today's model code reads the quiz columns of migrations/0021_live_mocks.ts, which has nothing to do with the bank:
// they are put in place while the 0017 site is written and read, and taken out before the migrations run up again.
const LIVE_MOCKS = migrations['0021_live_mocks']
async function withLiveMockColumns<T>(work: () => Promise<T>): Promise<T> {
  await LIVE_MOCKS.up(db)
  try {
    return await work()
  } finally {
    await LIVE_MOCKS.down!(db)
  }
}

beforeAll(async () => {
  const down = await migrator.migrateTo(BEFORE_BANK)
  expect(down.error).toBeUndefined()
  expect(down.results?.map((r) => r.migrationName)).toEqual([...sinceBank].reverse())
  before = await withLiveMockColumns(writeSiteAt0017)
}, 120_000)

/** The site as it was at 0017: learners, papers, edits, ranked attempts, practice and saved questions. */
async function writeSiteAt0017() {
  state.learners = (
    await Promise.all(
      Array.from({ length: LEARNERS }, (_, i) => createUser(db, { name: `Learner ${String(i).padStart(2, '0')}` })),
    )
  ).map((u) => u.id)
  for (const seed of DEMO_QUIZZES) state.papers.push(await paperAt0017(seed))
  expect(new Set(state.papers.map((p) => p.quiz.category))).toEqual(new Set(['free', 'paid']))
  const [cells, genetics, , jam] = state.papers
  const edited = (p: Paper, position: number, change: Partial<QuestionInput>) => ({
    ...p.questions[position],
    ...change,
  })

  for (const [wave, startsAt] of WAVES.entries()) {
    if (wave === 1) {
      // After the first wave: the JAM paper's first MCQ gets a new wording and key, its NAT question a narrower
      // range; the cell paper's third question a new wording and its last question is removed; a genetics
      // question becomes an MSQ.
      await editAt0017(
        jam,
        0,
        edited(jam, 0, {
          questionText: 'Which organelle carries its own circular genome?',
          options: ['Mitochondrion', 'Lysosome', 'Golgi apparatus', 'Peroxisome'],
          correctOption: 0,
        }),
        EDIT_1,
      )
      await editAt0017(jam, 11, edited(jam, 11, { answerMin: '0.48', answerMax: '0.48' }), EDIT_1)
      await editAt0017(cells, 2, edited(cells, 2, { questionText: 'Microtubules are polymers of' }), EDIT_1)
      await editAt0017(cells, 9, null, EDIT_1)
      await editAt0017(
        genetics,
        4,
        edited(genetics, 4, {
          type: 'msq',
          questionText: 'Which codons start translation in E. coli?',
          options: ['AUG', 'GUG', 'UAA', 'UGA'],
          correctOptions: [0, 1],
          marks: 60000,
          negativeMarks: 0,
        }),
        EDIT_1,
      )
      state.editedRows += 5
    }
    if (wave === 2) {
      // The JAM paper's first MCQ edited again: two archived versions at one place.
      await editAt0017(
        jam,
        0,
        edited(jam, 0, { questionText: 'Which organelle has a circular genome of its own?' }),
        EDIT_2,
      )
      state.editedRows += 1
    }
    for (let i = wave; i < LEARNERS; i += WAVES.length)
      for (const [q, paper] of state.papers.entries()) await takePaper(paper, q, i, minutes(startsAt, i * 7 + q))
  }

  // Practice after the ranked attempt, untimed, everything right (never ranked, never in the statistics).
  for (const i of [0, 4, 8]) {
    for (const q of [0, 3]) {
      const started = minutes(WAVES[2], 24 * 60 + i * 10 + q)
      const { attempt } = await startPractice({
        userId: state.learners[i],
        quiz: state.papers[q].quiz,
        timed: false,
        now: started,
      })
      await saveAnswers({
        attempt,
        answers: (await keysOf(attempt)).map(right),
        now: minutes(started.toISOString(), 3),
      })
      await submitAttempt({ attemptId: attempt.id, now: minutes(started.toISOString(), 5) })
    }
  }

  // Saved questions, an archived version among them, and a practice set of versions the learner saw.
  const learner = { id: state.learners[0], role: 'user' as const }
  const seen = []
  for (const paper of [cells, jam]) {
    const ranked = await db
      .selectFrom('attempts')
      .select(['quiz_id', 'started_at'])
      .where('user_id', '=', learner.id)
      .where('quiz_id', '=', paper.quiz.id)
      .where('mode', '=', 'ranked')
      .executeTakeFirstOrThrow()
    seen.push(...(await keysOf(ranked)).map((r) => r.id))
  }
  const archivedSeen = await db
    .selectFrom('questions')
    .select('id')
    .where('id', 'in', seen)
    .where('archived_at', 'is not', null)
    .execute()
  expect(archivedSeen.length).toBeGreaterThan(0)
  for (const id of [archivedSeen[0].id, seen[1], seen[12]])
    expect(await saveQuestion({ user: learner, questionId: id, now: minutes(WAVES[2], 3000) })).toEqual({ ok: true })
  const started = await startPracticeSet({
    user: learner,
    // The cell paper as the learner saw it (two versions since archived among them) and three JAM questions.
    questionIds: seen.slice(0, 13),
    title: 'My mistakes',
    now: minutes(WAVES[2], 3100),
  })
  if (!started.ok) throw new Error(started.reason)
  state.practiceSet = { userId: learner.id, setId: started.setId }
  const set = (await getPracticeSet(learner.id, started.setId))!
  const setKeys = await keysOf(set.attempt)
  await saveAnswers({
    attempt: set.attempt,
    answers: setKeys.map((q, k) => (k % 3 === 0 ? wrong(q) : right(q))),
    now: minutes(WAVES[2], 3101),
  })
  await submitAttempt({ attemptId: set.attempt.id, now: minutes(WAVES[2], 3110) })

  return results()
}

describe('migration 0018 on a database with results', () => {
  test('the data at 0017 is what the test claims: every type, ties, late saves, edits, practice', () => {
    const ranked = before.scored.filter((s) => s.attempt.mode === 'ranked')
    expect(ranked).toHaveLength(LEARNERS * DEMO_QUIZZES.length)
    expect(ranked.every((s) => s.attempt.submitted_at)).toBe(true)
    expect(before.scored.filter((s) => s.attempt.mode === 'practice')).toHaveLength(7)
    // The stored score is the scorer's; a negative one and ties exist.
    for (const s of before.scored) expect(s.recomputed.total).toEqual(s.review.score.total)
    expect(ranked.some((s) => s.attempt.score_units < 0)).toBe(true)
    for (const board of before.boards) {
      const units = board.standings.map(([, st]) => (st as { rank: number }).rank)
      expect(new Set(units).size).toBe(units.length)
      expect(board.participants).toBe(LEARNERS)
    }
    const scores = ranked.map((s) => `${s.attempt.quiz_id}/${s.attempt.score_units}`)
    expect(new Set(scores).size).toBeLessThan(scores.length)
    // The late saves are right answers, and none counted.
    expect(state.late.length).toBeGreaterThan(4)
    for (const l of state.late) {
      const review = before.scored.find((s) => s.attempt.id === l.attemptId)!.review
      expect(review.paper.find((q) => q.id === l.questionId)!.answer).toBeNull()
    }
    const types = new Set(before.scored.flatMap((s) => s.review.paper.map((q) => q.type)))
    expect(types).toEqual(new Set(['mcq', 'msq', 'nat']))
    expect(before.practiceSet?.questions).toHaveLength(13)
    expect(before.saved[0].items).toHaveLength(3)
    expect(before.boards.every((b) => b.stats?.questions.length)).toBe(true)
  })

  test('0018 keeps every score, review, rank and statistic, and makes every row a version of a bank question', async () => {
    const up = await migrator.migrateToLatest()
    expect(up.error).toBeUndefined()
    expect(up.results?.map((r) => r.migrationName)).toEqual(sinceBank)
    expect(await results()).toEqual(before)
    await expectBankOfPapers()
    // The bank's topics are the rows' own; nothing else is tagged yet.
    const tags = await db.selectFrom('bank_questions').select(['subject', 'year', 'difficulty']).distinct().execute()
    expect(tags).toEqual([{ subject: '', year: null, difficulty: 'medium' }])
  })

  test('down to 0017 and up again, with a practice set from the bank, keeps every result', async () => {
    // A learner practises from the bank: a practice set of bank rows, its attempt of the bank's quiz.
    const userId = state.learners[1]
    const bankRows = await db
      .selectFrom('questions')
      .select(['id'])
      .where('quiz_id', '=', BANK_QUIZ_ID)
      .where('archived_at', 'is', null)
      .orderBy('id')
      .limit(5)
      .execute()
    const setId = newId()
    const now = new Date('2024-07-01T10:00:00.000Z')
    const attemptId = await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('practice_sets')
        .values({ id: setId, user_id: userId, title: 'Bank', created_at: now.toISOString() })
        .execute()
      await trx
        .insertInto('practice_set_questions')
        .values(bankRows.map((r, seq) => ({ set_id: setId, question_id: r.id, seq })))
        .execute()
      return openSetAttempt(trx, { userId, setId, quizId: BANK_QUIZ_ID, now })
    })
    const attempt = (await getPracticeSet(userId, setId))!.attempt
    expect(attempt.id).toBe(attemptId)
    await saveAnswers({ attempt, answers: (await keysOf(attempt)).map(right), now })
    await submitAttempt({ attemptId, now: minutes(now.toISOString(), 2) })

    const down = await migrator.migrateTo(BEFORE_BANK)
    expect(down.error).toBeUndefined()
    await expect(db.selectFrom('bank_questions').select('id').execute()).rejects.toThrow()
    await expect(db.selectFrom('questions').select('bank_question_id').execute()).rejects.toThrow()
    // The bank's practice went with the bank; every paper's result is as it was.
    expect(await db.selectFrom('practice_sets').select('id').where('id', '=', setId).executeTakeFirst()).toBeUndefined()
    expect(await withLiveMockColumns(results)).toEqual(before)

    const up = await migrator.migrateToLatest()
    expect(up.error).toBeUndefined()
    expect(await results()).toEqual(before)
    await expectBankOfPapers()
  })
})
