import { Link } from 'react-router'
import { formatAccuracy } from '~/components/analysis/format'
import { ProgressSummary } from '~/components/lecture-progress'
import { LineChart } from '~/components/line-chart'
import { formatAccessDate } from '~/lib/access'
import type { RouteHandle } from '~/hooks/use-route-handle'
import { BRAND_NAME } from '~/lib/constants'
import { formatAttemptedAt } from '~/lib/dates'
import { formatMarks } from '~/lib/quiz/marks'
import { shareOfMax } from '~/lib/quiz/standing'
import { getEnrolledCourses } from '~/models/accounts/account.server'
import { progressByCourse } from '~/models/enrolment/lecture-progress.server'
import { learnerTests } from '~/models/quiz/progress.server'
import { requireUser } from '~/auth/guard.server'
import type { Route } from './+types/progress'

// /profile/progress: the learner's submitted tests (ranked attempts) with date, score and percentage, as a line over
// time drawn on the server with the same figures in a table; accuracy per topic across those tests and the practice
// tests drawn from the question bank, weakest first, each linking to its mistakes on /practice; lectures done per course. Plain HTML: nothing here needs a script.

// Nothing floats over the tables' right edge at phone widths.
export const handle: RouteHandle = { hideFloatingPanel: true }

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const [{ tests, topics }, courses] = await Promise.all([learnerTests(user), getEnrolledCourses(user.id)])
  const progress = await progressByCourse(
    user.id,
    courses.map((c) => c.id),
  )
  return {
    tests: tests.map((t) => {
      const share = shareOfMax(t.score, t.maxScore)
      return {
        quiz: t.quiz,
        when: formatAttemptedAt(t.submittedAt),
        day: formatAccessDate(t.submittedAt),
        score: `${formatMarks(t.score)} / ${formatMarks(t.maxScore)}`,
        percent: share.value,
        percentText: share.text,
      }
    }),
    topics: topics.map((t) => ({ ...t, accuracyText: formatAccuracy(t.accuracy) })),
    courses: courses.map((c) => ({ id: c.id, title: c.title, progress: progress.get(c.id)! })),
  }
}

export const meta: Route.MetaFunction = () => [{ title: `My progress | ${BRAND_NAME}` }]

const card = 'mt-6 rounded-lg border border-slate-200 p-4 sm:p-6 dark:border-slate-700'
const cell = 'py-1.5 pr-3 align-top'
const link = 'text-emerald-700 underline dark:text-emerald-400'

export default function MyProgress({ loaderData }: Route.ComponentProps) {
  const { tests, topics, courses } = loaderData
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold">My progress</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        <Link to="/profile" className={link}>
          Back to profile
        </Link>{' '}
        ·{' '}
        <Link to="/practice" className={link}>
          Revise mistakes
        </Link>
      </p>

      <section className={card} aria-labelledby="tests-heading">
        <h2 id="tests-heading" className="mb-3 text-lg font-semibold">
          Tests
        </h2>
        {tests.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            You have not submitted a test yet.{' '}
            <Link to="/quizzes" className={link}>
              Take a test
            </Link>
          </p>
        ) : (
          <>
            <LineChart
              id="scores"
              title="Score per test (% of the maximum)"
              points={tests.map((t) => ({ label: t.day, value: t.percent }))}
              format={(v) => `${v.toFixed(2)}%`}
            />
            <div className="mt-4 max-w-full overflow-x-auto" tabIndex={0} role="region" aria-label="Every test">
              <table className="w-full min-w-[28rem] text-left text-sm" data-testid="tests-table">
                <caption className="sr-only">Every test, oldest first</caption>
                <thead>
                  <tr className="border-b border-slate-300 dark:border-slate-600">
                    <th scope="col" className={cell}>
                      Date
                    </th>
                    <th scope="col" className={cell}>
                      Test
                    </th>
                    <th scope="col" className={`${cell} text-right`}>
                      Score
                    </th>
                    <th scope="col" className={`${cell} text-right`}>
                      Percentage
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {tests.map((t) => (
                    <tr key={t.quiz.id} className="border-b border-slate-100 dark:border-slate-800">
                      <td className={`${cell} whitespace-nowrap`}>{t.when}</td>
                      <th scope="row" className={`${cell} font-medium`}>
                        <Link to={`/quiz/result/${t.quiz.id}`} className={link}>
                          {t.quiz.title}
                        </Link>
                      </th>
                      <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>{t.score}</td>
                      <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>{t.percentText}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>

      <section className={card} aria-labelledby="topics-heading">
        <h2 id="topics-heading" className="mb-1 text-lg font-semibold">
          Accuracy by topic
        </h2>
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
          Across all your tests and practice tests, weakest first. Accuracy is correct answers out of questions
          attempted.
        </p>
        {topics.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">No topics yet.</p>
        ) : (
          <div className="max-w-full overflow-x-auto" tabIndex={0} role="region" aria-label="Accuracy by topic">
            <table className="w-full min-w-[24rem] text-left text-sm" data-testid="topic-accuracy">
              <caption className="sr-only">Accuracy by topic, weakest first</caption>
              <thead>
                <tr className="border-b border-slate-300 dark:border-slate-600">
                  <th scope="col" className={cell}>
                    Topic
                  </th>
                  <th scope="col" className={`${cell} text-right`}>
                    Accuracy
                  </th>
                  <th scope="col" className={`${cell} text-right`}>
                    Correct / attempted
                  </th>
                  <th scope="col" className={`${cell} text-right`}>
                    Questions
                  </th>
                </tr>
              </thead>
              <tbody>
                {topics.map((t) => (
                  <tr key={t.topic} className="border-b border-slate-100 dark:border-slate-800">
                    <th scope="row" className={`${cell} font-medium`}>
                      <Link to={`/practice?${new URLSearchParams({ topic: t.topic })}`} className={link}>
                        {t.topic}
                      </Link>
                    </th>
                    <td className={`${cell} text-right tabular-nums`}>{t.accuracyText}</td>
                    <td className={`${cell} text-right tabular-nums`}>
                      {t.correct} / {t.attempted}
                    </td>
                    <td className={`${cell} text-right tabular-nums`}>{t.questions}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className={card} aria-labelledby="lectures-heading">
        <h2 id="lectures-heading" className="mb-3 text-lg font-semibold">
          Lectures done
        </h2>
        {courses.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">You have not enrolled in any course yet.</p>
        ) : (
          <ul className="flex flex-col gap-4">
            {courses.map((c) => (
              <li key={c.id}>
                <Link to={`/my-courses/${c.id}`} className={link}>
                  {c.title}
                </Link>
                <div className="mt-1">
                  <ProgressSummary progress={c.progress} label={`${c.title}: lectures done`} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  )
}
