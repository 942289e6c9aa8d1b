import type { ExpressionBuilder } from 'kysely'
import { INBOX_PAGE_SIZE, type InboxStatus } from '~/lib/doubts/rules'
import { isId } from '~/lib/ids'
import { db } from '~/utils/db.server'
import { doubtColumns, doubtItem, doubtsWithText, type DoubtItem } from './threads.server'

// The staff inbox, /admin/doubts and GET /api/v1/admin/doubts (decision 034): every doubt, unanswered first and
// newest first, by course, by quiz and by state, INBOX_PAGE_SIZE a page; each with what it is about, a question with
// its key. Reads through one index per filter (migrations/0024), so page 1 stays fast at 50,000 doubts.

export type InboxFilter = { courseId?: string | null; quizId?: string | null; status: InboxStatus; page: number }

export type InboxQuestion = {
  quizId: string
  quizTitle: string | null
  questionId: string
  /** Null when the question version is gone (a deleted paper). */
  questionHtml: string | null
  optionsHtml: string[]
  explanationHtml: string | null
  /** The key as text: 'B', 'A, C' or '2.5 – 2.7'. */
  key: string | null
}

export type InboxLecture = {
  courseId: string | null
  courseTitle: string | null
  lectureId: string
  lectureTitle: string | null
  /** False once the lecture is deleted: the doubt stays, with the title it had. */
  lectureExists: boolean
}

export type InboxDoubt = DoubtItem & {
  learner: { id: string; name: string; email: string } | null
  lecture: InboxLecture | null
  question: InboxQuestion | null
}

export type InboxPage = { doubts: InboxDoubt[]; total: number; page: number; pages: number }

const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F']

/** A question's key as staff read it beside a doubt. */
export function keyText(q: {
  type: string
  correct_option: number
  correct_options: string | null
  answer_min: string | null
  answer_max: string | null
}): string {
  if (q.type === 'nat') return q.answer_min === q.answer_max ? `${q.answer_min}` : `${q.answer_min} – ${q.answer_max}`
  const indexes: number[] =
    q.type === 'msq' ? (JSON.parse(q.correct_options ?? '[]') as number[]).sort((a, b) => a - b) : [q.correct_option]
  return indexes.map((i) => LETTERS[i] ?? String(i + 1)).join(', ')
}

// Any query with `doubts as d` in scope.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type DoubtScope = ExpressionBuilder<any, any>

/** The filter as a condition on `doubts as d` alone: the count reads only the index, the page joins the texts. */
function matching(filter: InboxFilter) {
  return (eb: DoubtScope) => {
    const terms = []
    if (filter.courseId && isId(filter.courseId)) terms.push(eb('d.course_id', '=', filter.courseId))
    if (filter.quizId && isId(filter.quizId)) terms.push(eb('d.quiz_id', '=', filter.quizId))
    if (filter.status === 'hidden') terms.push(eb('d.hidden', '=', 1))
    else if (filter.status === 'open') terms.push(eb('d.queue', '=', 0))
    else if (filter.status !== 'all') terms.push(eb('d.queue', '=', 1), eb('d.status', '=', filter.status))
    return eb.and(terms)
  }
}

/** One page of the inbox. */
export async function inboxPage(filter: InboxFilter): Promise<InboxPage> {
  const page = Math.max(1, filter.page)
  const [countRow, rows] = await Promise.all([
    // Counted without the texts' join: SQLite does not drop an unused LEFT JOIN and looked up every matching
    // doubt's text (some 50 ms at 20,000 unanswered; the index alone counts them in under 1 ms).
    db
      .selectFrom('doubts as d')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(matching(filter))
      .executeTakeFirst(),
    doubtsWithText()
      .where(matching(filter))
      .select(doubtColumns)
      .select(['d.course_id', 'd.lecture_id', 'd.lecture_title', 'd.quiz_id', 'd.question_id'])
      .orderBy('d.queue')
      .orderBy('d.created_at', 'desc')
      .orderBy('d.id', 'desc')
      .limit(INBOX_PAGE_SIZE)
      .offset((page - 1) * INBOX_PAGE_SIZE)
      .execute(),
  ])
  const total = Number(countRow?.n ?? 0)
  const ids = <K extends keyof (typeof rows)[number]>(k: K) =>
    [...new Set(rows.map((r) => r[k]).filter((v): v is NonNullable<typeof v> => v !== null))] as string[]
  const [learners, courses, lectures, quizzes, questions] = await Promise.all([
    ids('user_id').length
      ? db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', ids('user_id')).execute()
      : [],
    ids('course_id').length
      ? db.selectFrom('courses').select(['id', 'course_title']).where('id', 'in', ids('course_id')).execute()
      : [],
    ids('lecture_id').length
      ? db.selectFrom('lectures').select(['id', 'title']).where('id', 'in', ids('lecture_id')).execute()
      : [],
    ids('quiz_id').length
      ? db.selectFrom('quizzes').select(['id', 'title']).where('id', 'in', ids('quiz_id')).execute()
      : [],
    ids('question_id').length
      ? db
          .selectFrom('questions')
          .select([
            'id',
            'question_html',
            'options_html',
            'explanation_html',
            'type',
            'correct_option',
            'correct_options',
            'answer_min',
            'answer_max',
          ])
          .where('id', 'in', ids('question_id'))
          .execute()
      : [],
  ])
  const byId = <T extends { id: string }>(list: T[]) => new Map(list.map((x) => [x.id, x]))
  const [L, C, Lec, Q, Qn] = [byId(learners), byId(courses), byId(lectures), byId(quizzes), byId(questions)]
  const doubts = rows.map((r): InboxDoubt => {
    const question = r.question_id ? Qn.get(r.question_id) : undefined
    return {
      ...doubtItem(r, null, new Set()),
      learner: r.user_id ? (L.get(r.user_id) ?? null) : null,
      lecture: r.lecture_id
        ? {
            courseId: r.course_id,
            courseTitle: r.course_id ? (C.get(r.course_id)?.course_title ?? null) : null,
            lectureId: r.lecture_id,
            lectureTitle: Lec.get(r.lecture_id)?.title ?? r.lecture_title,
            lectureExists: Lec.has(r.lecture_id),
          }
        : null,
      question:
        r.quiz_id && r.question_id
          ? {
              quizId: r.quiz_id,
              quizTitle: Q.get(r.quiz_id)?.title ?? null,
              questionId: r.question_id,
              questionHtml: question?.question_html ?? null,
              optionsHtml: question ? (JSON.parse(question.options_html) as string[]) : [],
              explanationHtml: question?.explanation_html ?? null,
              key: question ? keyText(question) : null,
            }
          : null,
    }
  })
  return { doubts, total, page, pages: Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE)) }
}

/** The courses and quizzes that have doubts, for the inbox's filters. */
export async function inboxFilterChoices() {
  const [courses, quizzes] = await Promise.all([
    db
      .selectFrom('courses')
      .select(['id', 'course_title as title'])
      .where((eb) =>
        eb.exists(eb.selectFrom('doubts').select('doubts.id').whereRef('doubts.course_id', '=', 'courses.id')),
      )
      .orderBy('course_title')
      .execute(),
    db
      .selectFrom('quizzes')
      .select(['id', 'title'])
      .where((eb) =>
        eb.exists(eb.selectFrom('doubts').select('doubts.id').whereRef('doubts.quiz_id', '=', 'quizzes.id')),
      )
      .orderBy('title')
      .execute(),
  ])
  return { courses, quizzes }
}
