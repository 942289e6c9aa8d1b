import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from 'react-router'
import { answersCloseAt, secondsLeft, timeSinceShown } from '~/lib/quiz/clock'
import { indiaTimeText } from './live-view.server'
import { QuizError } from '~/models/quiz/access.server'
import { addTimeSpent, getAnswers, recordVisit, visitedOnly } from '~/models/quiz/answers.server'
import { saveAnswers, submitAttempt } from '~/models/quiz/attempt.server'
import type { AttemptRow } from '~/models/quiz/rows'
import { attemptFormSchema, parseAnswersField, type AnswerInput, type AttemptForm } from '~/schemas/quiz-attempt'
import { parseForm, type FormResult } from '~/utils/body.server'
import { redirectWithError, redirectWithSuccess, redirectWithWarning } from '~/utils/toast.server'

// The test view's server side for any open attempt: a quiz's ranked or practice attempt (/quiz/{id}) or a practice
// set's (/practice/sets/{id}). testViewData is what the page shows; answerTestPost answers a post of its form (every
// button is a submit named `intent`): it stores the answer on screen, then moves (Save & Next, Previous), asks for
// confirmation (Submit Test) or submits; always post/redirect/get.

/**
 * The test view's data for the question `?q=` of an open attempt. Without JS a palette link says which question it
 * leaves and when that was shown: its time is credited, then the clean URL is loaded (a reload must not credit it
 * twice). The question shown is visited (Not Visited -> Not Answered), on the server so the page without JS has it.
 */
export async function testViewData<Q extends { id: string }>({
  attempt,
  questions,
  url,
  base,
  now,
  fresh = false,
}: {
  attempt: AttemptRow
  questions: Q[]
  url: URL
  base: string
  now: Date
  /** The attempt was created by this request: it has no answers yet but the visit recorded here. */
  fresh?: boolean
}) {
  const q = Number(url.searchParams.get('q') ?? '1')
  const index = Number.isInteger(q) && q >= 1 && q <= questions.length ? q - 1 : 0
  const from = Number(url.searchParams.get('from'))
  if (url.searchParams.has('shown')) {
    const left = Number.isInteger(from) ? questions[from - 1] : undefined
    if (left)
      await addTimeSpent({
        attempt,
        questionId: left.id,
        ms: timeSinceShown(url.searchParams.get('shown') ?? undefined, attempt, now),
        now,
      })
    throw redirect(`${base}?q=${index + 1}`)
  }
  const confirm = url.searchParams.has('confirm')
  const shown = !confirm ? questions[index] : undefined
  if (shown) await recordVisit({ attempt, questionId: shown.id, now })
  // A Start (10,000 within seconds at a live mock's opening) need not read back the one row it just wrote.
  const answers = fresh ? (shown ? { [shown.id]: visitedOnly() } : {}) : await getAnswers(attempt.id)
  return {
    mode: attempt.mode,
    confirm,
    shownAt: now.toISOString(),
    attemptId: attempt.id,
    questions,
    answers,
    index,
    secondsLeft: secondsLeft(attempt.deadline_at, now),
    // When the attempt ends, in India time: the page without JS shows it beside the time left when it was made.
    endsAt: attempt.deadline_at ? indiaTimeText(attempt.deadline_at, now) : null,
    secondsUntilClosed: secondsLeft(answersCloseAt(attempt.deadline_at), now),
  }
}

const NOT_UNDERSTOOD = 'That action was not understood. Please try again.'

/**
 * A post of the test form, read: its fields, or the page's answer to a body that is not a form (JSON, plain text)
 * or not this form's (a bad request, not a crash).
 */
export async function readTestPost(request: Request) {
  return readTestForm(await parseForm(request))
}

/** readTestPost for a body the page has already read (the quiz page looks for intent=register first). */
export function readTestForm(body: FormResult) {
  if (!body.ok) return { ok: false as const, reply: data({ error: NOT_UNDERSTOOD }, { status: body.status }) }
  const submission = parseWithZod(body.form, { schema: attemptFormSchema })
  if (submission.status !== 'success')
    return { ok: false as const, reply: data({ error: NOT_UNDERSTOOD }, { status: 400 }) }
  return { ok: true as const, form: submission.value }
}

export const TIME_WAS_UP = 'Time was up: your test was scored with the answers saved in time.'

export async function answerTestPost({
  form,
  attempt,
  questions,
  base,
  resultUrl,
  submitted,
  now,
}: {
  form: AttemptForm
  attempt: AttemptRow
  /** The attempt's questions in paper order (type and id are what a post needs). */
  questions: { id: string; type: 'mcq' | 'msq' | 'nat' }[]
  /** The test page's own URL, without its query. */
  base: string
  resultUrl: string
  /** The message after a submission in time. */
  submitted: string
  now: Date
}) {
  const position = form.questionId ? questions.findIndex((q) => q.id === form.questionId) : (form.q ?? 1) - 1
  const question = questions[position]

  // The answer this post carries (every post stores that answer on the server). No radio chosen
  // leaves the saved choice as it is, except for Clear Response.
  // MSQ checkboxes and the NAT input are the whole answer on every post (none ticked / blank = no answer).
  const answers: AnswerInput[] = []
  const clear = form.intent === 'clear'
  if (question) {
    const saved = (await getAnswers(attempt.id))[question.id]
    const markedForReview = form.intent === 'mark' ? !saved?.markedForReview : undefined
    const timeSpentMs = timeSinceShown(form.shownAt, attempt, now)
    if (question.type === 'msq') {
      answers.push({
        questionId: question.id,
        selectedOption: null,
        selectedOptions: clear ? [] : (form.selectedOptions ?? []),
        markedForReview,
        timeSpentMs,
      })
    } else if (question.type === 'nat') {
      answers.push({
        questionId: question.id,
        selectedOption: null,
        numericAnswer: clear ? null : (form.numericAnswer ?? null),
        markedForReview,
        timeSpentMs,
      })
    } else {
      const selected = clear ? null : (form.selectedOption ?? saved?.selectedOption ?? null)
      if (clear || form.selectedOption !== undefined || markedForReview !== undefined || timeSpentMs > 0) {
        answers.push({ questionId: question.id, selectedOption: selected, markedForReview, timeSpentMs })
      }
    }
  }

  try {
    if (form.intent === 'submit') {
      // The enhanced page sends every answer it holds; they are stored with the submission unless late.
      const all = [...answers, ...parseAnswersField(form.answers)]
      const outcome = await submitAttempt({ attemptId: attempt.id, answers: all, now })
      throw outcome.late
        ? await redirectWithWarning(resultUrl, TIME_WAS_UP)
        : await redirectWithSuccess(resultUrl, submitted)
    }
    const outcome = answers.length ? await saveAnswers({ attempt, answers, now }) : 'saved'
    if (outcome === 'closed') {
      throw await redirectWithWarning(resultUrl, TIME_WAS_UP)
    }
  } catch (error) {
    if (error instanceof QuizError) {
      // A number the learner typed that is not one: the page again, with its message and the text as typed.
      if (question?.type === 'nat' && form.numericAnswer !== undefined)
        return data(
          {
            error: error.message,
            draft: { questionId: question.id, numericAnswer: form.numericAnswer, message: error.message },
          },
          { status: 400 },
        )
      throw await redirectWithError(`${base}?q=${Math.max(1, position + 1)}`, error.message)
    }
    throw error
  }
  if (form.intent === 'review') throw redirect(`${base}?q=${Math.max(0, position) + 1}&confirm`)
  const current = Math.max(0, position)
  const next = form.intent === 'previous' ? current - 1 : form.intent === 'next' ? current + 1 : current
  throw redirect(`${base}?q=${Math.min(Math.max(next, 0), Math.max(questions.length - 1, 0)) + 1}`)
}
