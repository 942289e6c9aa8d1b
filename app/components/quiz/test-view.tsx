import type { ComponentProps } from 'react'
import { Form } from 'react-router'
import { formatClock, formatTimeLeft } from '~/lib/quiz/clock'
import { stateCounts } from '~/lib/quiz/palette'
import { btn, btnGrey } from './button-classes'
import { QuestionCard } from './question-card'
import { QuestionPalette } from './question-palette'
import { SubmitSummary } from './submit-summary'
import { useTestState, type TestViewProps } from './use-test-state'

// The test view. Without JavaScript it is one question per page: every button is a submit named `intent` that
// stores the answer on the server, the palette is a grid of links, the time left is text. With JavaScript the
// same markup becomes a single-page test (use-test-state): buttons and palette act locally, answers are saved in
// the background (use-answer-saver), the timer ticks and submits at zero.

export type { TestAnswer, TestQuestion } from './use-test-state'

/**
 * The timer's box keeps one width from the server's words to the ticking clock: '179 min 37 s' (at most 12
 * characters under 1,000 minutes) becomes '179:37' on hydration, and a box that shrank could move up beside the
 * title and pull the whole test up a line. Widths in `ch` of its monospace font, plus its padding; from `sm` the
 * words 'Time left: ' (11 characters) show too. Not centred: the clock's digits start where the words did.
 */
const TIMER_WIDTH = 'min-w-[calc(12ch+1.5rem)] sm:min-w-[calc(23ch+1.5rem)]'

export function TestView(props: TestViewProps) {
  const { title, questions } = props
  const total = questions.length
  const s = useTestState(props)
  const { hydrated, index, question, current, remaining, saver, submitting, onButton } = s
  const timeText = remaining === null ? 'No time limit' : hydrated ? formatClock(remaining) : formatTimeLeft(remaining)

  return (
    <main className="mx-auto max-w-5xl px-4 py-6">
      {props.secondsUntilClosed !== null ? (
        // Without JS the page reloads itself just after the server stops taking answers, so it shows the result.
        <noscript>
          <meta httpEquiv="refresh" content={String(props.secondsUntilClosed + 1)} />
        </noscript>
      ) : null}
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-bold">{title}</h1>
        <p
          className={`rounded px-3 py-1 font-mono text-lg font-semibold ${remaining === null ? '' : TIMER_WIDTH} ${remaining !== null && remaining <= 60 ? 'bg-red-100 text-red-700 dark:bg-red-900 dark:text-red-100' : 'bg-slate-100 dark:bg-slate-800'}`}
          aria-live="off"
          data-testid="timer"
        >
          <span className="sr-only sm:not-sr-only">Time left: </span>
          {timeText}
        </p>
      </div>

      {props.error ? (
        <p role="alert" className="mb-4 rounded bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950 dark:text-red-200">
          {props.error}
        </p>
      ) : null}
      {remaining === 0 ? (
        <p role="alert" className="mb-4 rounded bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950 dark:text-red-200">
          Time is up. Submit your test now; answers sent later are not counted.
        </p>
      ) : null}
      {hydrated && saver.status === 'offline' ? (
        <p
          role="status"
          className="mb-4 rounded bg-amber-50 p-3 text-sm text-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          You are offline. {saver.pendingCount} answer{saver.pendingCount === 1 ? '' : 's'} will be saved when the
          connection returns; nothing you answered is lost.
        </p>
      ) : null}

      {/* The palette comes before the question in the markup, as it does on screen. A phone paints a page before it
          has parsed all of it (a slow CPU, a stalled connection): when the palette followed the form and CSS `order`
          lifted it above, the question was painted at the top, then pushed a screen down as the palette's links
          were parsed (Lighthouse measured CLS 0.18 on the 60-question paper). In reading order, whatever is parsed
          later only adds below what is already painted. */}
      <div className="flex flex-col gap-6">
        <QuestionPalette
          questions={questions}
          answers={s.answers}
          index={index}
          shownAt={props.shownAt}
          unsaved={hydrated ? saver.unsaved : undefined}
          onJump={s.onPaletteClick}
        />
        <Form method="post" onSubmit={s.onSubmitForm}>
          {/* Enter in the form (implicit submission) saves and stays, instead of pressing Clear Response. */}
          <IntentButton
            intent="save"
            onClick={onButton}
            tabIndex={-1}
            aria-hidden="true"
            className="absolute -left-[9999px] h-px w-px overflow-hidden"
          >
            Save
          </IntentButton>
          <input type="hidden" name="q" value={index + 1} />
          <input type="hidden" name="questionId" value={question.id} />
          {props.shownAt ? <input type="hidden" name="shownAt" value={props.shownAt} /> : null}
          <QuestionCard
            key={question.id}
            question={question}
            paperFailed={s.paperFailed}
            index={index}
            total={total}
            answer={current}
            natText={s.natText[question.id] ?? ''}
            natError={s.natError[question.id]}
            onNumeric={s.onNumeric}
            onToggle={s.toggleOption}
            onChoose={s.chooseOption}
          />
          <div className="mt-4 flex flex-wrap gap-2">
            <IntentButton intent="clear" onClick={onButton} className={btnGrey}>
              Clear Response
            </IntentButton>
            <IntentButton
              intent="mark"
              onClick={onButton}
              className={`${btn} bg-purple-600 text-white hover:bg-purple-700`}
            >
              {current?.markedForReview ? 'Unmark Review' : 'Mark for Review'}
            </IntentButton>
            {index > 0 ? (
              <IntentButton intent="previous" onClick={onButton} className={btnGrey}>
                Previous
              </IntentButton>
            ) : null}
            {index < total - 1 ? (
              <IntentButton
                intent="next"
                onClick={onButton}
                className={`${btn} bg-blue-600 text-white hover:bg-blue-700`}
              >
                Save &amp; Next
              </IntentButton>
            ) : null}
            <IntentButton
              intent="review"
              onClick={onButton}
              disabled={hydrated && submitting}
              className={`${btn} ml-auto bg-emerald-700 text-white hover:bg-emerald-800`}
            >
              {hydrated && submitting ? 'Submitting...' : 'Submit Test'}
            </IntentButton>
          </div>
          {props.endsAt ? (
            // Without JS the timer does not tick: the page says when the attempt ends and how long was left when it
            // was made, so a learner can read the rest off any clock. Below the buttons: at phone heights a line
            // above the question pushed Mark for Review off the first screen.
            <p className="mt-3 text-sm text-slate-700 dark:text-slate-300" data-testid="ends-at">
              Ends at {props.endsAt}
              {!hydrated && props.secondsLeft !== null
                ? ` (${formatTimeLeft(props.secondsLeft)} left when this page was loaded)`
                : null}
            </p>
          ) : null}
          {hydrated && s.confirmOpen ? (
            <SubmitSummary
              counts={stateCounts(questions, s.answers, question.id)}
              onCancel={s.closeConfirm}
              onConfirm={s.confirmSubmit}
              disabled={submitting}
            />
          ) : null}
          {hydrated ? (
            <p className="mt-3 text-xs text-slate-600 dark:text-slate-300" role="status" data-testid="save-status">
              {saver.status === 'saving'
                ? 'Saving...'
                : saver.status === 'offline'
                  ? 'Offline: answers kept on this device'
                  : saver.status === 'error'
                    ? 'An answer could not be saved'
                    : 'All answers saved'}
            </p>
          ) : null}
        </Form>
      </div>
    </main>
  )
}

/** A submit button of the test form: its `intent` says what the server does with the answer on screen. */
function IntentButton({
  intent,
  ...props
}: { intent: string } & Omit<ComponentProps<'button'>, 'type' | 'name' | 'value'>) {
  return <button type="submit" name="intent" value={intent} {...props} />
}
