import { data, isRouteErrorResponse, Link, redirect, useLocation } from 'react-router'
import { AccessDenied, ACCESS_DENIED_MESSAGES, accessDeniedMessage } from '~/components/quiz/access-denied'
import { IntroCard } from '~/components/quiz/intro-card'
import { LiveClosedCard } from '~/components/quiz/live-closed-card'
import { LiveMockCard } from '~/components/quiz/live-card'
import { TestPage } from '~/components/quiz/test-page'
import type { RouteHandle } from '~/hooks/use-route-handle'
import { BRAND_NAME } from '~/lib/constants'
import { buildResult } from '~/models/quiz/result.server'
import {
  getAttempt,
  getLatestPractice,
  getOpenPractice,
  startAttempt,
  startPractice,
} from '~/models/quiz/attempt.server'
import type { AttemptRow } from '~/models/quiz/rows'
import { quizGate, QuizError } from '~/models/quiz/access.server'
import { attemptTypes } from '~/models/quiz/paper-memo.server'
import { register } from '~/models/quiz/live-mock.server'
import { parseForm } from '~/utils/body.server'
import { PracticeCard } from '~/components/quiz/practice-card'
import { takeStartedTest } from '~/components/quiz/quick-start'
import { getUser } from '~/auth/session.server'
import { redirectWithWarning } from '~/utils/toast.server'
import { GATE_STATUS, QUIZ_PROBLEM_STATUS } from './statuses'
import { answerTestPost, readTestForm } from './test-view.server'
import { testPageData } from './quick-start.server'
import { introCounts, liveBeforeData, liveClosedData, liveIntroNote } from './live-view.server'
import type { Route } from './+types/attempt'

// /quiz/{id}: Access Denied card, intro card, or the test view of the open attempt.
// No answer key is read here: quiz.server.ts never selects it.

// Nothing floats over the test: at phone widths the WhatsApp button covered 'Mark for Review'; and no site footer
// (an exam screen). The test view needs JavaScript (timer, palette, answer saving): it hydrates, and the test itself
// once the page has loaded (it works fully without script until then, and a learner on a slow phone sees the
// question first).
export const handle: RouteHandle = {
  hideFloatingPanel: true,
  hideSiteFooter: true,
  hydrate: true,
  hydrateAfterLoad: (data) => (data as { view?: string } | undefined)?.view === 'test',
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await getUser(request)
  const now = new Date()
  const gate = await quizGate(user, params.quizId, now)
  // A live mock before the learner's opening: its card and the waiting room, with nothing of the paper. The status
  // stays the gate's (the paper is refused); the page is the card, not the refusal.
  if (!gate.ok && gate.reason === 'not-open' && gate.quiz && gate.live)
    return data(await liveBeforeData({ quiz: gate.quiz, live: gate.live, userId: user!.id, now }), {
      status: GATE_STATUS['not-open'],
    })
  if (!gate.ok) {
    const url = new URL(request.url)
    const status = GATE_STATUS[gate.reason]
    return data(
      {
        view: 'denied' as const,
        status,
        message: accessDeniedMessage(status),
        redirectTo: url.pathname,
      },
      { status },
    )
  }
  const quiz = gate.quiz
  const url = new URL(request.url)
  const ranked = await getAttempt(user!.id, quiz.id, now)
  let attempt: AttemptRow | undefined = ranked
  // A live mock after the learner's window, never sat: the unranked attempt once results are published (a practice
  // attempt, app/models/quiz/attempt.server.ts startPractice), else the card saying when results come.
  const closedUnsat = !ranked && gate.live?.phase === 'closed'
  if (closedUnsat) {
    attempt = await getOpenPractice(user!.id, quiz.id, now)
    if (!attempt && !(url.searchParams.has('practice') && (await getLatestPractice(user!.id, quiz.id))))
      return liveClosedData(quiz)
  }
  if (ranked?.submitted_at || (closedUnsat && !attempt)) {
    // After the ranked attempt: an open practice attempt, the practice page, or else the result.
    attempt = await getOpenPractice(user!.id, quiz.id, now)
    if (!attempt) {
      if (!url.searchParams.has('practice')) throw redirect(`/quiz/result/${quiz.id}`)
      const last = await getLatestPractice(user!.id, quiz.id)
      const result = last ? await buildResult(last) : null
      return {
        view: 'practice' as const,
        quizId: quiz.id,
        title: quiz.title,
        timeLimit: quiz.time_limit,
        last: result
          ? {
              score: result.score,
              total: result.total,
              percentage: result.percentage,
              submittedAt: result.submittedAt,
              details: result.details.map((d) => ({
                questionHtml: d.questionHtml,
                verdict: d.verdict,
                marks: d.awardedMarks,
              })),
            }
          : null,
      }
    }
  }
  if (!attempt) {
    return {
      view: 'intro' as const,
      quizId: quiz.id,
      quiz: { title: quiz.title, description: quiz.description, timeLimit: quiz.time_limit },
      ...(await introCounts(quiz.id)),
      live: liveIntroNote(quiz, gate.live, now),
    }
  }
  return testPageData({ quiz, attempt, url, now, paper: gate.paper })
}

// After the page's one-request Start (app/components/quiz/quick-start.ts) the test's first screen is already here;
// every other load asks the server, as without this.
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const started = takeStartedTest(new URL(request.url))
  return started ? (started as Awaited<ReturnType<typeof serverLoader>>) : serverLoader()
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await getUser(request)
  const gate = await quizGate(user, params.quizId)
  const body = await parseForm(request)
  // Registering for a live mock comes first: the gate refuses the paper before the opening, not the registration.
  if (
    body.ok &&
    body.form.get('intent') === 'register' &&
    gate.quiz &&
    gate.live &&
    (gate.ok || gate.reason === 'not-open')
  ) {
    if (gate.live?.phase === 'closed')
      return data({ error: 'This live mock has closed.' }, { status: QUIZ_PROBLEM_STATUS['window-closed'] })
    await register({ quizId: gate.quiz.id, userId: user!.id })
    throw redirect(`/quiz/${gate.quiz.id}`)
  }
  if (!gate.ok)
    return data({ error: accessDeniedMessage(GATE_STATUS[gate.reason]) }, { status: GATE_STATUS[gate.reason] })
  const quiz = gate.quiz
  const base = `/quiz/${quiz.id}`
  const post = readTestForm(body)
  if (!post.ok) return post.reply
  const form = post.form

  if (form.intent === 'practice') {
    try {
      await startPractice({ userId: user!.id, quiz, timed: form.practiceTiming === 'timed' })
    } catch (error) {
      if (error instanceof QuizError)
        return data({ error: error.message }, { status: QUIZ_PROBLEM_STATUS[error.problem] })
      throw error
    }
    throw redirect(`${base}?q=1`)
  }

  if (form.intent === 'start') {
    try {
      await startAttempt({ userId: user!.id, quiz, live: gate.live })
    } catch (error) {
      if (error instanceof QuizError)
        return data({ error: error.message }, { status: QUIZ_PROBLEM_STATUS[error.problem] })
      throw error
    }
    throw redirect(`${base}?q=1`)
  }

  const now = new Date()
  const ranked = await getAttempt(user!.id, quiz.id, now)
  // After the ranked attempt (or with none, after a live mock's window: the unranked attempt), posts act on the open
  // practice attempt, if there is one.
  const attempt = ranked && !ranked.submitted_at ? ranked : await getOpenPractice(user!.id, quiz.id, now)
  // No open practice attempt: posts after the ranked submit go to its result, as before, unless the learner has
  // practised: then the post came from a practice test whose clock ran out (scored when read), and its result is
  // on the practice page.
  if (!attempt) {
    const practised = await getLatestPractice(user!.id, quiz.id)
    if (!ranked && !practised) throw await redirectWithWarning(base, 'Start the quiz first.')
    throw redirect(practised ? `${base}?practice` : `/quiz/result/${quiz.id}`)
  }
  const practice = attempt.mode === 'practice'
  const resultUrl = practice ? `${base}?practice` : `/quiz/result/${quiz.id}`
  // A post needs each question's id and type only, not the paper's HTML.
  const questions = await attemptTypes(attempt)
  return answerTestPost({
    form,
    attempt,
    questions,
    base,
    resultUrl,
    // A live mock's result page itself says when results come ('Submitted. Results at ...').
    submitted: practice ? 'Your practice test has been submitted.' : 'Your test has been submitted.',
    now,
  })
}

export const meta: Route.MetaFunction = ({ data }) => {
  const title = !data || data.view === 'denied' ? 'Quiz' : data.view === 'intro' ? data.quiz.title : data.title
  return [{ title: `${title} | ${BRAND_NAME}` }]
}

export default function QuizAttempt({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.view === 'denied') {
    return <AccessDenied message={loaderData.message} status={loaderData.status} redirectTo={loaderData.redirectTo} />
  }
  const error = actionData && 'error' in actionData ? actionData.error : null
  if (loaderData.view === 'live-before') return <LiveMockCard live={loaderData} error={error} />
  if (loaderData.view === 'live-closed') return <LiveClosedCard closed={loaderData} error={error} />
  if (loaderData.view === 'intro') {
    return (
      <IntroCard
        quizId={loaderData.quizId}
        title={loaderData.quiz.title}
        description={loaderData.quiz.description}
        totalQuestions={loaderData.totalQuestions}
        totalMarks={loaderData.marking.totalMarks}
        standardMarking={loaderData.marking.standard}
        timeLimit={loaderData.quiz.timeLimit}
        live={loaderData.live}
        error={error}
      />
    )
  }
  if (loaderData.view === 'practice') {
    return (
      <PracticeCard title={loaderData.title} timeLimit={loaderData.timeLimit} last={loaderData.last} error={error} />
    )
  }
  return <TestPage test={loaderData} reply={actionData} />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A failed submission or load (e.g. the connection dropped): answers not yet saved are kept on this device
  // and sent when the page is reloaded.
  const message = isRouteErrorResponse(error) ? ACCESS_DENIED_MESSAGES.other : ACCESS_DENIED_MESSAGES.network
  const location = useLocation()
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <div role="alert" className="rounded-lg border border-red-200 p-6 dark:border-red-900">
        <h1 className="mb-2 text-2xl font-bold text-red-600 dark:text-red-400">Access Denied</h1>
        <p className="mb-6">{message}</p>
        <a
          href={location.pathname + location.search}
          className="mr-3 rounded bg-emerald-700 px-4 py-2 font-semibold text-white"
        >
          Reload
        </a>
        <Link to="/quizzes" className="rounded border border-slate-300 px-4 py-2 font-semibold dark:border-slate-600">
          Back to Quizzes
        </Link>
      </div>
    </main>
  )
}
