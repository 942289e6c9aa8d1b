import { Form, Link } from 'react-router'
import { StatusButton } from '~/components/forms'
import { PRACTICE_SET_MAX } from '~/lib/quiz/practice'
import { ReviewItem, type ReviewQuestion } from './review-item'
import { SaveQuestionForm } from './save-question'

// The parts of /practice: the filters (a GET form), a list of questions to revise (each reviewed as on the result
// page, with the test it came from and 'Save question' / 'Remove') with its 'Start practice' form, and the
// learner's latest practice sets. Every control is a link or a plain form: all of it works with JavaScript off.

type Filter = { quiz: string; topic: string }
type Options = { quizzes: { id: string; title: string }[]; topics: string[] }
type Item = {
  quiz: { id: string; title: string; href: string }
  when: string
  question: ReviewQuestion
  saved: boolean
}

const select =
  'mt-1 block w-full rounded border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-800'
const link = 'text-emerald-700 underline dark:text-emerald-400'

export function PracticeFilters({ filter, options }: { filter: Filter; options: Options }) {
  return (
    <Form
      method="get"
      className="mt-6 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
    >
      <label className="min-w-40 flex-1 text-sm font-medium">
        Test
        <select name="quiz" defaultValue={filter.quiz} className={select}>
          <option value="">All tests</option>
          {options.quizzes.map((q) => (
            <option key={q.id} value={q.id}>
              {q.title}
            </option>
          ))}
        </select>
      </label>
      <label className="min-w-40 flex-1 text-sm font-medium">
        Topic
        <select name="topic" defaultValue={filter.topic} className={select}>
          <option value="">All topics</option>
          {options.topics.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </label>
      <button
        type="submit"
        className="rounded bg-emerald-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-emerald-800"
      >
        Filter
      </button>
      {filter.quiz || filter.topic ? (
        <Link to="/practice" className={`${link} py-1.5 text-sm`}>
          Clear filters
        </Link>
      ) : null}
    </Form>
  )
}

export function PracticeList({
  id,
  title,
  from,
  filter,
  items,
  empty,
}: {
  id: string
  title: string
  from: 'mistakes' | 'saved'
  filter: Filter
  items: Item[]
  empty: string
}) {
  const practised = items.slice(0, PRACTICE_SET_MAX)
  return (
    <section className="mt-8" aria-labelledby={`${id}-heading`} data-testid={`${id}-list`}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-heading`} className="text-xl font-semibold">
          {title} <span className="text-base font-normal text-slate-600 dark:text-slate-300">({items.length})</span>
        </h2>
        {items.length ? (
          <Form method="post">
            <input type="hidden" name="from" value={from} />
            {filter.quiz ? <input type="hidden" name="quiz" value={filter.quiz} /> : null}
            {filter.topic ? <input type="hidden" name="topic" value={filter.topic} /> : null}
            {practised.map((i) => (
              <input key={i.question.id} type="hidden" name="questionId" value={i.question.id} />
            ))}
            <StatusButton name="intent" value="start-practice" pendingText="Starting...">
              Start practice
            </StatusButton>
          </Form>
        ) : null}
      </div>
      {items.length > PRACTICE_SET_MAX ? (
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
          A practice test takes the first {PRACTICE_SET_MAX} questions listed; filter by test or topic to choose others.
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{empty}</p>
      ) : (
        <ol className="space-y-6">
          {items.map((i) => (
            <ReviewItem key={i.question.id} q={i.question}>
              <p className="mt-3 text-xs text-slate-600 dark:text-slate-300">
                From{' '}
                <Link to={i.quiz.href} className={link}>
                  {i.quiz.title}
                </Link>
                , {i.when}
              </p>
              <SaveQuestionForm questionId={i.question.id} saved={i.saved} />
            </ReviewItem>
          ))}
        </ol>
      )}
    </section>
  )
}

type SetRow = { id: string; title: string; when: string; score: string | null }

export function RecentSets({ sets }: { sets: SetRow[] }) {
  if (sets.length === 0) return null
  return (
    <section className="mt-10" aria-labelledby="sets-heading">
      <h2 id="sets-heading" className="mb-3 text-xl font-semibold">
        Your practice tests
      </h2>
      <ul className="divide-y divide-slate-200 dark:divide-slate-700" data-testid="practice-sets">
        {sets.map((s) => (
          <li key={s.id} className="flex flex-wrap items-baseline justify-between gap-x-4 py-2 text-sm">
            <Link to={`/practice/sets/${s.id}${s.score ? '/result' : ''}`} className={link}>
              {s.title}
            </Link>
            <span className="text-slate-600 dark:text-slate-300">
              {s.when} · {s.score ? `Score ${s.score}` : 'Not submitted yet'}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}
