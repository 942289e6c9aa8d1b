import { sql, type ExpressionBuilder, type Kysely, type QueryCreator, type SqlBool } from 'kysely'
import type { Database } from '#db/schema'
import { BANK_QUIZ_ID, type Difficulty } from '~/lib/bank/bank'
import { practiceMinutes, practiceTitle, PYQ_MAX } from '~/lib/bank/practice'
import { isStaff } from '~/lib/roles'
import { opensPaidQuizzes, type QuizViewer } from '~/models/quiz/access.server'
import { practiceOpenSql, type PracticeViewer } from '~/models/quiz/visibility.server'
import { startBankPracticeSet } from '~/models/quiz/practice-set.server'
import { db } from '~/utils/db.server'
import { bankQuestionsMatching } from './filters.server'

// Learners practise from the bank (migrations/0018_question_bank.ts): a draw of the bank's current versions (`h`,
// rows of the bank's own quiz) by the one filter query, opened as a practice set (app/models/quiz/practice-set.server.ts)
// whose attempt is of the bank's quiz, never of a paper, and never ranked. Which bank questions a learner may draw
// is `practisableSql` below, written once: the builder, the previous year papers and their counts all use it.

/** Who draws: their id, whether staff, and whether they may open paid papers now (staff, or paid quiz access). */
export type PracticeLearner = PracticeViewer

type BankScope = Database & { b: Database['bank_questions']; h: Database['questions'] }
type BankEb = ExpressionBuilder<BankScope, 'b' | 'h'>

/** The learner as the draw reads them: paid quiz access is worked out now (app/models/quiz/access.server.ts). */
export async function practiceLearner(user: QuizViewer, now = new Date()): Promise<PracticeLearner> {
  return { id: user.id, staff: isStaff(user.role), opensPaid: await opensPaidQuizzes(user, now) }
}

/**
 * THE KEY RULE: whether the learner may practise bank question `b`. A practice test shows the key after it is
 * submitted, so a question comes from the bank only when every paper with a current row of it lets it into this
 * learner's practice (the paper visibility rule's `practice`, app/lib/quiz/visibility.ts, by its SQL twin): never
 * while a live mock holding it is unpublished, for anyone but staff, submitted or not, held or not; never while the
 * learner can still take an anytime paper holding it for rank. A learner without paid quiz access practises only
 * questions with a current row in some FREE paper; with it (and staff) the whole bank. Retired questions are left
 * out by the filter query itself.
 */
export function practisableSql(learner: PracticeLearner) {
  return (eb: BankEb) => {
    const paperRows = () =>
      eb
        .selectFrom('questions as p')
        .innerJoin('quizzes as z', 'z.id', 'p.quiz_id')
        .select('p.id')
        .whereRef('p.bank_question_id', '=', 'b.id')
        .where('p.quiz_id', '!=', BANK_QUIZ_ID)
        .where('p.archived_at', 'is', null)
    const rules: ReturnType<BankEb['exists']>[] = []
    if (!learner.staff) rules.push(eb.not(eb.exists(paperRows().where(eb.not(practiceOpenSql('z', learner))))))
    if (!learner.opensPaid) rules.push(eb.exists(paperRows().where('z.category', '=', 'free')))
    return rules.length ? eb.and(rules) : sql<SqlBool>`1 = 1`
  }
}

/**
 * Bank questions the learner has SEEN: a version of them was shown in one of their attempts (a paper or a practice
 * set), which is an answer row, answered or only visited (the test page records each question it shows, with JS
 * on or off: app/models/quiz/answers.server.ts recordVisit). Read from the attempt answers' primary key and one
 * index of questions alone, so it stays cheap for a learner with 20,000 answers.
 */
function seenBankIds(conn: QueryCreator<Database>, userId: string) {
  return (
    conn
      .selectFrom('attempts as t')
      .innerJoin('attempt_answers as aa', 'aa.attempt_id', 't.id')
      .innerJoin('questions as v', 'v.id', 'aa.question_id')
      .select('v.bank_question_id')
      .where('t.user_id', '=', userId)
      // Only rows that are versions of a bank question (questions written before the bank have none).
      .where('v.bank_question_id', 'is not', null)
  )
}

/** What the builder narrows by (the form's fields); each optional. */
export type PracticeFilters = {
  subject?: string
  topics?: readonly string[]
  exam?: string
  year?: number
  difficulty?: Difficulty
}

const filtersOf = (f: PracticeFilters) => ({
  subject: f.subject,
  topics: f.topics,
  exams: f.exam ? [f.exam] : undefined,
  years: f.year ? [f.year] : undefined,
  difficulty: f.difficulty,
})

/**
 * The draw as one query: up to `count` bank versions (`h.id`) matching `filters` that the learner may practise (the
 * key rule is NOT EXISTS per candidate, a few index probes each), at random; with `unseenFirst`, the ones they have
 * not seen (seenBankIds) come first. The seen set is gathered once, as a materialised CTE that both databases read
 * as a hashed list (PostgreSQL would otherwise rebuild it in each parallel worker); scripts/bench-bank.ts measures
 * it and prints its plans.
 */
export function practiceDrawQuery(
  {
    learner,
    filters,
    count,
    unseenFirst,
  }: { learner: PracticeLearner; filters: PracticeFilters; count: number; unseenFirst: boolean },
  conn: Kysely<Database> = db,
) {
  const drawn = (from: QueryCreator<Database>) =>
    bankQuestionsMatching(filtersOf(filters), from).where(practisableSql(learner)).select('h.id')
  if (!unseenFirst)
    return drawn(conn)
      .orderBy(sql`random()`)
      .limit(count)
  // The CTE is read only through the raw `seen` below, so the filter query need not know its type.
  const withSeen = conn.with(
    (cte) => cte('seen').materialized(),
    (from) => seenBankIds(from, learner.id),
  ) as unknown as QueryCreator<Database>
  return drawn(withSeen)
    .orderBy((eb) =>
      eb
        .case()
        .when(eb('b.id', 'in', sql<string>`(select bank_question_id from seen)`))
        .then(1)
        .else(0)
        .end(),
    )
    .orderBy(sql`random()`)
    .limit(count)
}

/** The draw's row ids (see practiceDrawQuery), unseen first when asked, else in random order. */
export async function drawBankPractice(options: {
  learner: PracticeLearner
  filters: PracticeFilters
  count: number
  unseenFirst: boolean
}): Promise<string[]> {
  const rows = await practiceDrawQuery(options).execute()
  return rows.map((r) => r.id)
}

export type BuildOutcome =
  { ok: true; setId: string; drawn: number } | { ok: false; reason: 'none-match'; matching: number; opensPaid: boolean }

/**
 * 'Build a practice test': draws and opens the set (timed: a minute and a half a question, rounded up). When
 * nothing may be drawn, `matching` says how many questions match the filters for anyone (none: widen them; some:
 * they wait for tests the learner can still take, or, without paid quiz access, are not in a free test).
 */
export async function buildBankPractice({
  user,
  filters,
  count,
  unseenFirst,
  timed,
  now = new Date(),
}: {
  user: QuizViewer
  filters: PracticeFilters
  count: number
  unseenFirst: boolean
  timed: boolean
  now?: Date
}): Promise<BuildOutcome> {
  const learner = await practiceLearner(user, now)
  const rowIds = await drawBankPractice({ learner, filters, count, unseenFirst })
  if (rowIds.length === 0)
    return { ok: false, reason: 'none-match', matching: await matchingAtAll(filters), opensPaid: learner.opensPaid }
  const setId = await startBankPracticeSet({
    user,
    rowIds,
    title: practiceTitle(filters, rowIds.length),
    minutes: timed ? practiceMinutes(rowIds.length) : null,
    now,
  })
  return { ok: true, setId, drawn: rowIds.length }
}

/** How many questions match the filters at all (not retired), whoever draws: the refusal's hint. */
async function matchingAtAll(filters: PracticeFilters): Promise<number> {
  const row = await bankQuestionsMatching(filtersOf(filters))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}

export type PyqPaper = { exam: string; year: number; questions: number; total: number }

/**
 * 'Previous year papers': one entry per exam and year with tagged questions (not retired), newest year first within
 * an exam in the exams' order; `questions` counts the ones this learner may practise now, `total` all of them.
 */
export async function pyqPapers(learner: PracticeLearner): Promise<PyqPaper[]> {
  const rows = await bankQuestionsMatching({})
    .innerJoin('bank_question_exams as be', 'be.bank_question_id', 'b.id')
    .innerJoin('exams as e', 'e.id', 'be.exam_id')
    .where('b.year', 'is not', null)
    .select((eb) => [
      'e.name',
      'b.year',
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when(practisableSql(learner)(eb)).then(1).else(0).end()).as('open'),
    ])
    .groupBy(['e.name', 'e.position', 'b.year'])
    .orderBy('e.position')
    .orderBy('b.year', 'desc')
    .execute()
  return rows.map((r) => ({
    exam: r.name,
    year: Number(r.year),
    questions: Number(r.open ?? 0),
    total: Number(r.total),
  }))
}

/** Opens a previous year paper as an untimed practice test of the questions the learner may practise, bank order. */
export async function startPyqPractice({
  user,
  exam,
  year,
  now = new Date(),
}: {
  user: QuizViewer
  exam: string
  year: number
  now?: Date
}): Promise<{ ok: true; setId: string } | { ok: false }> {
  const learner = await practiceLearner(user, now)
  const rows = await bankQuestionsMatching({ exams: [exam], years: [year] })
    .where(practisableSql(learner))
    .select('h.id')
    .orderBy('b.created_at')
    .orderBy('b.id')
    .limit(PYQ_MAX)
    .execute()
  if (rows.length === 0) return { ok: false }
  const setId = await startBankPracticeSet({
    user,
    rowIds: rows.map((r) => r.id),
    title: `${exam} ${year} (${rows.length})`,
    minutes: null,
    now,
  })
  return { ok: true, setId }
}
