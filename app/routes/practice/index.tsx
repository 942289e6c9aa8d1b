import { parseWithZod } from '@conform-to/zod/v4'
import { data, Link, redirect } from 'react-router'
import { BuildPracticeForm } from '~/components/quiz/bank-practice-form'
import { PracticeFilters, PracticeList, RecentSets } from '~/components/quiz/practice-lists'
import { PostError } from '~/components/quiz/result-parts'
import { formatAttemptedAt } from '~/lib/dates'
import type { RouteHandle } from '~/hooks/use-route-handle'
import { BANK_QUIZ_ID } from '~/lib/bank/bank'
import { BRAND_NAME } from '~/lib/constants'
import { isId } from '~/lib/ids'
import { formatMarks } from '~/lib/quiz/marks'
import { bankTagChoices, listExams } from '~/models/bank/filters.server'
import { buildBankPractice, type BuildOutcome } from '~/models/bank/practice.server'
import { getQuiz } from '~/models/quiz/catalog.server'
import { recentPracticeSets, startPracticeSet } from '~/models/quiz/practice-set.server'
import { mistakeList, savedAmong, savedList, type PracticeItem } from '~/models/quiz/revision.server'
import { questionView } from '~/routes/quiz/result-view'
import { BuildPracticeSchema } from '~/schemas/bank-practice'
import { StartPracticeSchema } from '~/schemas/learning'
import { requireUser } from '~/auth/guard.server'
import { readForm } from '~/utils/body.server'
import { redirectWithWarning } from '~/utils/toast.server'
import { answerSavePost, NOT_REVISABLE } from '~/routes/quiz/save-question.server'
import type { Route } from './+types/index'

// /practice: practising. 'Build a practice test' draws questions from the question bank by subject, topics, exam,
// year and difficulty (app/models/bank/practice.server.ts: never a question of a test the learner can still take)
// and opens them as a practice test, timed or not; 'Previous year papers' (/practice/pyq) opens an exam's year.
// Then revising: every question the learner got wrong or left unanswered in their submitted ranked tests,
// newest test first, with their answer, the key and the explanation (the version they saw), and their saved
// questions; both filtered by test (?quiz=) and topic (?topic=). 'Start practice' posts the listed questions (at
// most 50) and opens an untimed, never-ranked practice test of them. The models decide what may show
// (app/models/quiz/revision.server.ts): nothing of a quiz whose ranked attempt this learner has not submitted.

// Nothing floats over the review (as on a quiz's result page).
export const handle: RouteHandle = { hideFloatingPanel: true }

function readFilter(url: URL) {
  const quiz = url.searchParams.get('quiz') ?? ''
  const topic = (url.searchParams.get('topic') ?? '').trim().slice(0, 200)
  return { quizId: isId(quiz) || quiz === BANK_QUIZ_ID ? quiz : undefined, topic: topic || undefined }
}

const itemView = (item: PracticeItem) => ({
  // A bank practice test's question links to that test's result, a paper's to the paper's.
  quiz: {
    ...item.quiz,
    href: item.setId ? `/practice/sets/${item.setId}/result` : `/quiz/result/${item.quiz.id}`,
  },
  when: formatAttemptedAt(item.submittedAt),
  question: questionView(item.question),
})

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const filter = readFilter(new URL(request.url))
  const [mistakes, saved, sets, tags, exams] = await Promise.all([
    mistakeList(user, filter),
    savedList(user, filter),
    recentPracticeSets(user.id),
    bankTagChoices(),
    listExams(),
  ])
  const savedIds = await savedAmong(
    user.id,
    mistakes.items.map((i) => i.question.questionId),
  )
  const quizzes = new Map([...mistakes.options.quizzes, ...saved.options.quizzes].map((q) => [q.id, q]))
  return {
    choices: { subjects: tags.subjects, topics: tags.topics, exams, years: tags.years },
    filter: { quiz: filter.quizId ?? '', topic: filter.topic ?? '' },
    options: {
      quizzes: [...quizzes.values()],
      topics: [...new Set([...mistakes.options.topics, ...saved.options.topics])].sort(),
    },
    mistakes: mistakes.items.map((i) => ({ ...itemView(i), saved: savedIds.has(i.question.questionId) })),
    saved: saved.items.map((i) => ({ ...itemView(i), saved: true })),
    sets: sets.map((s) => ({
      id: s.id,
      title: s.title,
      when: formatAttemptedAt(s.createdAt),
      score: s.score ? `${formatMarks(s.score)} / ${s.total}` : null,
    })),
  }
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request)
  const url = new URL(request.url)
  const form = await readForm(request)
  if (form.get('intent') === 'build') return buildPost(form, user)
  if (form.get('intent') !== 'start-practice')
    return answerSavePost({ form, user, backTo: `${url.pathname}${url.search}` })
  const submission = parseWithZod(form, { schema: StartPracticeSchema })
  if (submission.status !== 'success')
    return data(
      { error: submission.error?.questionId?.[0] ?? 'That action was not understood. Please try again.' },
      { status: 400 },
    )
  const { from, questionId, quiz, topic } = submission.value
  const quizTitle = isId(quiz) ? (await getQuiz(quiz))?.title : undefined
  const title = [from === 'saved' ? 'Saved questions' : 'Mistakes', quizTitle, topic?.trim()]
    .filter(Boolean)
    .join(' · ')
  const outcome = await startPracticeSet({ user, questionIds: questionId, title })
  if (!outcome.ok)
    return data(
      { error: outcome.reason === 'empty' ? 'Choose some questions first.' : NOT_REVISABLE },
      { status: outcome.reason === 'empty' ? 400 : 403 },
    )
  throw redirect(`/practice/sets/${outcome.setId}?q=1`)
}

const NONE_MATCH = 'No questions match: widen the filters.'

/** Why nothing could be drawn, read under the refusal. */
function noneMatchHint(outcome: Extract<BuildOutcome, { ok: false }>) {
  if (outcome.matching === 0)
    return 'No question in the bank has all these tags: try any year, any difficulty or more topics.'
  const n = outcome.matching === 1 ? '1 question matches' : `${outcome.matching} questions match`
  return outcome.opensPaid
    ? `${n} these filters, but none you can practise now: questions of tests you can still take open for practice after you submit those tests, and a live mock's once its results are published.`
    : `${n} these filters, but none you can practise now: questions of free tests you can still take open for practice after you submit those tests, a live mock's once its results are published, and questions that are not in a free test open with paid quiz access.`
}

/** 'Build a practice test': a refusal keeps what was chosen; else the test opens (saying when fewer matched). */
async function buildPost(form: FormData, user: Awaited<ReturnType<typeof requireUser>>) {
  const submission = parseWithZod(form, { schema: BuildPracticeSchema })
  if (submission.status !== 'success') return data({ build: submission.reply(), hint: null }, { status: 400 })
  const v = submission.value
  const outcome = await buildBankPractice({
    user,
    filters: {
      subject: v.subject || undefined,
      topics: v.topic?.filter(Boolean),
      exam: v.exam || undefined,
      year: v.year,
      difficulty: v.difficulty,
    },
    count: v.count,
    unseenFirst: Boolean(v.unseenFirst),
    timed: Boolean(v.timed),
  })
  if (!outcome.ok)
    return data(
      { build: submission.reply({ formErrors: [NONE_MATCH] }), hint: noneMatchHint(outcome) },
      { status: 400 },
    )
  const to = `/practice/sets/${outcome.setId}?q=1`
  if (outcome.drawn < v.count) {
    const n = outcome.drawn
    throw await redirectWithWarning(to, `Only ${n} ${n === 1 ? 'question' : 'questions'} matched; your test has ${n}.`)
  }
  throw redirect(to)
}

export const meta: Route.MetaFunction = () => [{ title: `Practice | ${BRAND_NAME}` }]

export default function Practice({ loaderData, actionData }: Route.ComponentProps) {
  const { choices, filter, options, mistakes, saved, sets } = loaderData
  const filtered = Boolean(filter.quiz || filter.topic)
  const build = actionData && 'build' in actionData ? actionData : null
  return (
    <main className="mx-auto max-w-3xl px-3 py-8 sm:px-4 sm:py-10">
      <h1 className="text-2xl font-bold">Practice</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Practise from the question bank, open a previous year paper, or revise your mistakes.{' '}
        <Link to="/practice/pyq" className="text-emerald-700 underline dark:text-emerald-400">
          Previous year papers
        </Link>
      </p>
      <BuildPracticeForm choices={choices} lastResult={build?.build} hint={build?.hint} />
      <h2 className="mt-10 text-xl font-bold">Revise mistakes</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        The questions you got wrong or left unanswered in your tests, newest test first, and the questions you saved.
        Practise them again as an untimed test: it is never ranked.{' '}
        <Link to="/profile/progress" className="text-emerald-700 underline dark:text-emerald-400">
          My progress
        </Link>
      </p>
      <PostError error={actionData && 'error' in actionData ? actionData.error : null} className="mt-4" />
      <PracticeFilters filter={filter} options={options} />
      <PracticeList
        id="mistakes"
        title="Mistakes"
        from="mistakes"
        filter={filter}
        items={mistakes}
        empty={
          filtered
            ? 'No mistakes match these filters.'
            : 'No mistakes yet: questions you get wrong or leave unanswered in a submitted test show here.'
        }
      />
      <PracticeList
        id="saved"
        title="Saved questions"
        from="saved"
        filter={filter}
        items={saved}
        empty={
          filtered
            ? 'No saved questions match these filters.'
            : "No saved questions yet: use 'Save question' on a test's result page."
        }
      />
      <RecentSets sets={sets} />
    </main>
  )
}
