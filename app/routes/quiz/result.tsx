import { Link } from 'react-router'
import { BarChart } from '~/components/analysis/bar-chart'
import { compactMarks } from '~/components/analysis/format'
import { QuizzesLink } from '~/components/quiz-links'
import {
  QuestionReview,
  resultCard,
  resultLink,
  ResultPage,
  ResultSummary,
  ScoreBar,
} from '~/components/quiz/result-parts'
import { BRAND_NAME } from '~/lib/constants'
import { getAnalysis, type Analysis } from '~/models/quiz/analysis.server'
import { getAttempt } from '~/models/quiz/attempt.server'
import { sectionRanks, withholding, wouldHaveRanked } from '~/models/quiz/live-results.server'
import { submittedText } from './live-view.server'
import { isLiveMock } from '~/lib/quiz/window'
import { marksToStorage } from '~/lib/quiz/marks'
import { UNNAMED_SECTION } from '~/lib/quiz/scoring'
import { countText } from '~/lib/quiz/live-rank'
import type { QuizRow } from '~/models/quiz/catalog.server'
import { quizGate } from '~/models/quiz/access.server'
import type { RouteHandle } from '~/hooks/use-route-handle'
import { requireUser } from '~/auth/guard.server'
import { savedAmong } from '~/models/quiz/revision.server'
import { answeredCountsFor } from '~/models/doubts/threads.server'
import { questionDoubtsPath } from '~/models/doubts/paths'
import { answerSavePost } from './save-question.server'
import { readForm } from '~/utils/body.server'
import { resultView, type ResultView } from './result-view'
import type { Route } from './+types/result'

// Nothing floats over the result and its analysis: at phone widths the WhatsApp button covered the right edge of
// the tables and the question review, as it did the test view's buttons.
export const handle: RouteHandle = { hideFloatingPanel: true }

// /quiz/result/{id}: the result and analysis of the learner's own submitted attempt, read from the database, so it
// survives a reload. `?attempt=` picks one of their submitted practice attempts. The answer key is read only for
// the learner's own submitted attempt (app/models/quiz/analysis.server.ts); the view model is ./result-view.ts.
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const gate = await quizGate(user, params.quizId)
  if (!gate.ok) return { result: null, saved: [], resultsAt: null, live: null }
  // A live mock before publication: not even the learner's own score leaves the server (app/models/quiz/live-results.server.ts).
  const held = await withholding(gate.quiz, user)
  if (held.withheld) {
    const attempt = await getAttempt(user.id, gate.quiz.id)
    return {
      result: null,
      saved: [],
      resultsAt: attempt?.submitted_at ? submittedText(held) : null,
      live: null,
    }
  }
  const attemptId = new URL(request.url).searchParams.get('attempt') ?? undefined
  const analysis = await getAnalysis({ userId: user.id, quizId: gate.quiz.id, attemptId })
  // Which of these question versions the learner saved ('Save question', /practice's 'Saved questions').
  const questionIds = analysis ? analysis.questions.map((q) => q.questionId) : []
  // Each reviewed question links to its doubts page with the count of answered ones (the threads stay there).
  const [saved, doubtCounts] = await Promise.all([
    analysis ? savedAmong(user.id, questionIds) : new Set<string>(),
    analysis ? answeredCountsFor(gate.quiz.id, questionIds) : new Map<string, number>(),
  ])
  return {
    result: analysis ? resultView(analysis) : null,
    saved: [...saved],
    doubtCounts: Object.fromEntries(doubtCounts),
    resultsAt: null,
    live: analysis ? await liveStanding(gate.quiz, analysis) : null,
  }
}

/** A published live mock's All-India figures: section ranks of a ranked attempt, or a practice score's would-be rank. */
async function liveStanding(quiz: QuizRow, analysis: Analysis) {
  if (!isLiveMock(quiz)) return null
  if (analysis.attempt.mode === 'practice') {
    const would = await wouldHaveRanked(quiz.id, marksToStorage(analysis.score))
    return { wouldHaveRanked: `${countText(would.rank)} of ${countText(would.of)}`, sections: [] }
  }
  const ranks = await sectionRanks(quiz.id, analysis.sections)
  return {
    wouldHaveRanked: null,
    sections: ranks.map((r) => ({
      name: r.key ?? UNNAMED_SECTION,
      rank: `${countText(r.rank)} of ${countText(r.of)}`,
    })),
  }
}

/** 'Save question' / 'Remove' of one reviewed question; back to this result, at the question. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request)
  const url = new URL(request.url)
  return answerSavePost({ form: await readForm(request), user, backTo: `${url.pathname}${url.search}` })
}

export const meta: Route.MetaFunction = () => [{ title: `Quiz Results | ${BRAND_NAME}` }]

type View = ResultView

const GROUP_COLUMNS = ['Marks', 'Topper', 'Attempted', 'Correct', 'Accuracy', 'Time'] as const

const cell = 'py-1.5 pr-3 align-top'

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="rounded border border-slate-200 p-3 dark:border-slate-700">
      <dt className="text-xs text-slate-600 uppercase dark:text-slate-300">{label}</dt>
      <dd className="text-base font-semibold tabular-nums sm:text-lg" data-testid={testId}>
        {value}
      </dd>
    </div>
  )
}

function GroupTable({ caption, groups, testId }: { caption: string; groups: View['sections']; testId: string }) {
  return (
    // The table scrolls inside its own box on a narrow screen; the page itself never scrolls sideways.
    <div className="max-w-full overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full min-w-[34rem] text-left text-sm" data-testid={testId}>
        <caption className="mb-2 text-left text-lg font-semibold">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300 dark:border-slate-600">
            <th scope="col" className={cell}>
              Name
            </th>
            {GROUP_COLUMNS.map((name) => (
              <th key={name} scope="col" className={`${cell} text-right`}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {groups.map((g) => (
            <tr key={g.name} className="border-b border-slate-100 dark:border-slate-800">
              <th scope="row" className={`${cell} font-medium`}>
                {g.name}
              </th>
              <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>
                {g.earned} / {g.max}
              </td>
              <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>{g.topper ?? '—'}</td>
              <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>
                {g.attempted} / {g.questions}
              </td>
              <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>{g.correct}</td>
              <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>{g.accuracy}</td>
              <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>{g.time}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export default function QuizResultPage({ loaderData, actionData }: Route.ComponentProps) {
  const { result, saved, resultsAt, live } = loaderData
  if (!result) {
    return (
      <main className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="mb-4 text-2xl font-bold">Quiz Results</h1>
        <p className="mb-6 text-lg" data-testid="results-at">
          {resultsAt ?? 'No quiz result available.'}
        </p>
        <QuizzesLink label="Back to Quizzes" />
      </main>
    )
  }
  const r = result
  return (
    <ResultPage
      heading="Quiz Results"
      title={r.quiz.title}
      badge={r.practice ? 'Practice attempt: not ranked' : null}
      reply={actionData}
    >
      <ResultSummary>
        <p className="mb-2 text-xl font-semibold" data-testid="score">
          Score: {compactMarks(r.score)} / {compactMarks(r.max)}
        </p>
        <ScoreBar percent={r.share.bar} />
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{r.share.text}</p>
        <dl className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3">
          <Stat label="Marks" value={`${r.score} / ${r.max}`} testId="exact-score" />
          <Stat
            label={live && !r.practice ? 'All-India rank' : 'Rank'}
            value={r.rank === null ? 'Not ranked' : `${countText(r.rank)} of ${countText(r.participants)}`}
            testId="analysis-rank"
          />
          <Stat label="Percentile" value={r.percentile ?? '—'} testId="analysis-percentile" />
          <Stat label="Topper" value={r.topper ?? '—'} testId="analysis-topper" />
          <Stat label="Average" value={r.average ?? '—'} testId="analysis-average" />
          <Stat label="Accuracy" value={r.overall.accuracy} testId="analysis-accuracy" />
          <Stat label="Attempted" value={`${r.overall.attempted} / ${r.overall.questions}`} />
          <Stat label="Correct / Incorrect" value={`${r.overall.correct} / ${r.overall.wrong}`} />
          <Stat label="Time taken" value={r.duration} testId="analysis-time" />
        </dl>
        {live?.wouldHaveRanked ? (
          <p className="mt-3 font-semibold" data-testid="would-have-ranked">
            Your score would have ranked {live.wouldHaveRanked} in the live mock (it does not enter the ranks).
          </p>
        ) : null}
        {live && live.sections.length > 0 ? (
          <p className="mt-3 font-semibold" data-testid="all-india-rank">
            All-India rank {r.rank === null ? '—' : `${countText(r.rank)} of ${countText(r.participants)}`}
          </p>
        ) : null}
        {live && live.sections.length > 0 ? (
          <dl
            className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3"
            aria-label="Section ranks"
            data-testid="section-ranks"
          >
            {live.sections.map((s) => (
              <Stat key={s.name} label={`${s.name} rank`} value={s.rank} />
            ))}
          </dl>
        ) : null}
        <p className="mt-3 text-xs text-slate-600 dark:text-slate-300">
          Rank, percentile, topper and average count everyone&apos;s first (ranked) submitted attempt; practice attempts
          never do. Percentile: the share of participants who scored as much as you or less, you included.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to={`/quiz/leaderboard/${r.quiz.id}`} className={resultLink}>
            View Leaderboard
          </Link>
          {/* After the ranked attempt, the quiz may be taken again for practice (never ranked). */}
          <Link to={`/quiz/${r.quiz.id}?practice`} className={resultLink}>
            Practice again
          </Link>
          {/* This test's wrong and unanswered questions, with their keys, to revise or practise as a set. */}
          <Link to={`/practice?quiz=${r.quiz.id}`} className={resultLink}>
            Revise mistakes
          </Link>
        </div>
      </ResultSummary>

      <section className={resultCard} aria-labelledby="compare-heading">
        <h2 id="compare-heading" className="mb-3 text-lg font-semibold">
          You, the topper and the average
        </h2>
        <BarChart
          testId="chart-total"
          title="Total marks"
          groups={['Total marks']}
          series={[
            { name: 'You', fillClass: 'fill-emerald-600', values: [r.scoreValue], labels: [r.score] },
            { name: 'Topper', fillClass: 'fill-sky-600', values: [r.topperValue], labels: [r.topper] },
            { name: 'Average', fillClass: 'fill-amber-500', values: [r.averageValue], labels: [r.average] },
          ]}
          caption={`Out of ${r.max} marks.`}
        />
        {r.namedSections ? (
          <BarChart
            testId="chart-sections"
            title="Marks per section"
            groups={r.sections.map((s) => s.name)}
            series={[
              {
                name: 'You',
                fillClass: 'fill-emerald-600',
                values: r.sections.map((s) => s.earnedValue),
                labels: r.sections.map((s) => s.earned),
              },
              {
                name: 'Topper',
                fillClass: 'fill-sky-600',
                values: r.sections.map((s) => s.topperValue),
                labels: r.sections.map((s) => s.topper),
              },
            ]}
            caption="Marks per section: you and the topper."
          />
        ) : null}
      </section>

      <section className={resultCard} aria-label="Sections and topics">
        <GroupTable caption="By section" groups={r.sections} testId="section-table" />
        <div className="mt-6">
          <GroupTable caption="By topic" groups={r.topics} testId="topic-table" />
        </div>
      </section>

      <QuestionReview
        questions={r.questions.map((question) => ({
          question,
          saved: saved.includes(question.id),
          doubts: {
            href: questionDoubtsPath(r.quiz.id, question.id),
            count: loaderData.doubtCounts?.[question.id] ?? 0,
          },
        }))}
      />
      <div className="mt-8 text-center">
        <QuizzesLink label="Go to Quizzes" />
      </div>
    </ResultPage>
  )
}
