import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { QuestionType } from '#db/schema'
import { marksFromStorage, marksToNumber, sumMarks } from '~/lib/quiz/marks'
import { contentVersion } from '~/models/catalogue/content-version.server'
import { db } from '~/utils/db.server'
import {
  attemptQuestionTypes,
  currentQuestionRows,
  getQuiz,
  paperTestQuestions,
  testQuestionColumns,
  toTestQuestion,
  type PaperOf,
  type QuizRow,
  type TestQuestionRow,
} from './catalog.server'

// The paper as every learner of one version of it receives it, built once per version and kept in this process's
// memory (decision 030). At a live mock's opening 10,000 learners start within seconds; each start, test page,
// paper fetch and answer save used to read the paper's rows again (60 questions of stored HTML per learner, and
// every question's type per save). Now the first request of a version reads them and the rest share the result.
//
// The version is the content version (migrations/0009, decision 014): database triggers bump it on every
// committed write to quizzes and questions, from any process, so an entry read under the current version is the
// paper as the database has it now. It is read BEFORE the rows: a build that races an edit is stored under the
// older version and never served once the newer one is read. Each process keeps its own entries (decision 009).
//
// An attempt's paper is the rows current when it started (questionsShownAt). It equals the current paper when no
// row of the quiz was created or archived after the start (`lastChange`); an older attempt reads its own rows.

export type PaperVersion = {
  version: number
  quiz: QuizRow
  /** The newest created_at or archived_at of any row of the quiz: an attempt started since sees exactly `questions`. */
  lastChange: string | null
  /** The newest current row's created_at: a start is never earlier (decision 002). */
  newest: string | null
  /** The paper's maximum marks as an attempt's `total` (rounded), null when it has no question. */
  total: number | null
  questions: TestQuestionRow[]
  types: { id: string; type: QuestionType }[]
  /**
   * A live mock's per-learner overrides by user id (empty for an anytime paper): they bump the content version too
   * (migrations/0025), so the quiz gate reads a learner's override here instead of once per request.
   */
  overrides: ReadonlyMap<string, LearnerOverride>
  /** The paper endpoint's body for this version, made on first use (paperBody). */
  body?: Promise<PaperBody>
}

/** A learner's override of a live mock's window: extra minutes, or a window of their own. */
export type LearnerOverride = { extra_minutes: number; opens_at: string | null; closes_at: string | null }

/** The JSON the paper endpoint sends, once as text and once per encoding: every learner of the version gets it. */
export type PaperBody = { json: string; br: Buffer; gzip: Buffer; etag: string }

/** How many papers a process keeps (least recently used out): a few live at once, each some 100 KB. */
const KEEP = 32
const memo = new Map<string, PaperVersion>()
// One build per paper and version at a time: the learners who arrive while it runs wait for the same one.
const building = new Map<string, Promise<PaperVersion | undefined>>()

async function build(quizId: string, version: number): Promise<PaperVersion | undefined> {
  const quiz = await getQuiz(quizId)
  if (!quiz) return undefined
  const [rows, change, overrides] = await Promise.all([
    currentQuestionRows(quizId)
      .select([...testQuestionColumns, 'created_at'])
      .execute(),
    db
      .selectFrom('questions')
      .where('quiz_id', '=', quizId)
      .select((eb) => [eb.fn.max('created_at').as('created'), eb.fn.max('archived_at').as('archived')])
      .executeTakeFirst(),
    quiz.opens_at
      ? db
          .selectFrom('live_mock_overrides')
          .select(['user_id', 'extra_minutes', 'opens_at', 'closes_at'])
          .where('quiz_id', '=', quizId)
          .execute()
      : [],
  ])
  const created = change?.created ? String(change.created) : null
  const archived = change?.archived ? String(change.archived) : null
  const lastChange = archived && (!created || archived > created) ? archived : created
  const newest = rows.reduce<string | null>((m, r) => (m === null || r.created_at > m ? r.created_at : m), null)
  return {
    version,
    quiz,
    lastChange,
    newest,
    total: rows.length ? Math.round(marksToNumber(sumMarks(rows.map((r) => marksFromStorage(r.marks))))) : null,
    questions: rows.map(toTestQuestion),
    types: rows.map((r) => ({ id: r.id, type: r.type })),
    overrides: new Map(overrides.map(({ user_id, ...override }) => [user_id, override])),
  }
}

/**
 * The paper (and its quiz row) at the current version; undefined when there is no such quiz. `known` is the version
 * this request has already read (with its session: contentVersionReadWith), saving the statement.
 */
export async function paperVersion(quizId: string, known?: number): Promise<PaperVersion | undefined> {
  const version = known ?? (await contentVersion())
  const hit = memo.get(quizId)
  if (hit?.version === version) {
    memo.delete(quizId)
    memo.set(quizId, hit)
    return hit
  }
  const key = `${quizId}:${version}`
  let pending = building.get(key)
  if (!pending) {
    pending = build(quizId, version).finally(() => building.delete(key))
    building.set(key, pending)
  }
  const built = await pending
  if (!built) return undefined
  const current = memo.get(quizId)
  if (!current || current.version <= built.version) {
    memo.delete(quizId)
    memo.set(quizId, built)
    while (memo.size > KEEP) memo.delete(memo.keys().next().value!)
  }
  return built
}

/**
 * The paper of `quizId` at exactly content version `version`, when this process holds it; no query. A paper pass
 * (./paper-pass.server.ts) names the version its attempt saw, and that version's rows never change.
 */
export function heldPaper(quizId: string, version: number): PaperVersion | undefined {
  const hit = memo.get(quizId)
  return hit?.version === version ? hit : undefined
}

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** The questions of the test view (no key) as the paper endpoint's JSON. */
export const paperJson = (questions: TestQuestionRow[]) =>
  JSON.stringify({
    questions: questions.map((q) => ({
      id: q.id,
      type: q.type,
      marks: q.marks,
      negativeMarks: q.negativeMarks,
      questionHtml: q.questionHtml,
      optionsHtml: q.optionsHtml,
    })),
  })

/**
 * The version's paper endpoint body, compressed once at the best levels (a 60-question paper is some 100 KB of
 * HTML: compressing it for each of 10,000 learners would cost more than everything else their start does).
 */
export function paperBody(paper: PaperVersion): Promise<PaperBody> {
  paper.body ??= (async () => {
    const json = paperJson(paper.questions)
    const raw = Buffer.from(json)
    const [br, gz] = await Promise.all([
      brotli(raw, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
      gzip(raw, { level: 9 }),
    ])
    return { json, br, gzip: gz, etag: `W/"paper-${paper.quiz.id}-${paper.version}"` }
  })()
  return paper.body
}

/**
 * `paperVersion`, or `known` when it is that quiz's: the quiz gate read it at the start of this request (one version
 * read per request, not one per step of it).
 */
const paperOf = (quizId: string, known: PaperVersion | undefined) =>
  known && known.quiz.id === quizId ? known : paperVersion(quizId)

/** The attempt's paper from memory, when it sees the current one (its body shared with every such learner). */
export async function currentPaperOf(
  attempt: PaperOf & { quiz_id: string },
  known?: PaperVersion,
): Promise<PaperVersion | undefined> {
  if (attempt.practice_set_id) return undefined
  const paper = await paperOf(attempt.quiz_id, known)
  return paper && seesCurrent(paper, attempt) ? paper : undefined
}

/** Whether an attempt of `paper`'s quiz sees exactly the current paper (no row created or archived since it began). */
function seesCurrent(paper: PaperVersion, attempt: PaperOf): boolean {
  return !attempt.practice_set_id && (paper.lastChange === null || paper.lastChange <= attempt.started_at)
}

/** The test view's questions of a quiz's attempt (no key): from memory when the attempt sees the current paper. */
export async function attemptPaper(
  attempt: PaperOf & { quiz_id: string },
  known?: PaperVersion,
): Promise<TestQuestionRow[]> {
  // A practice set's attempt is of the bank's own quiz: its questions are the set's, never the quiz's (the bank).
  const paper = attempt.practice_set_id ? undefined : await paperOf(attempt.quiz_id, known)
  if (paper && seesCurrent(paper, attempt)) return paper.questions
  return paperTestQuestions(attempt)
}

/** Each question's id and type, what every answer save checks: from memory when the attempt sees the current paper. */
export async function attemptTypes(attempt: PaperOf & { quiz_id: string }, known?: PaperVersion) {
  const paper = attempt.practice_set_id ? undefined : await paperOf(attempt.quiz_id, known)
  if (paper && seesCurrent(paper, attempt)) return paper.types
  return attemptQuestionTypes(attempt)
}

/** For tests: forget every paper (a test that rewrites rows under one version, which the triggers never allow). */
export function forgetPapers(): void {
  memo.clear()
}
