import { Markup } from './markup'
import type { TestAnswer, TestQuestion } from './use-test-state'

// One question of the test view: its number and marks, section, text, and the answer controls of its type
// (radio buttons for MCQ, checkboxes for MSQ, a text box for NAT). The controls carry the form's field names,
// so without JavaScript the enclosing form posts them; with it the handlers update the test's local state.

/**
 * Stored markup with its figures loading at once: the renderer marks every image `loading="lazy"` (a review lists
 * many questions, most off screen), but the question on the test screen is the one being read.
 */
const eagerImages = (html: string) => html.replace(/ loading="lazy"/g, '')

const optionClass =
  'flex cursor-pointer items-start gap-3 rounded border border-slate-200 p-3 hover:bg-slate-50 has-[:checked]:border-blue-500 has-[:checked]:bg-blue-50 dark:border-slate-700 dark:hover:bg-slate-800 dark:has-[:checked]:bg-blue-950'

export function QuestionCard({
  question,
  index,
  total,
  answer,
  natText,
  natError,
  onNumeric,
  onToggle,
  onChoose,
  paperFailed = false,
}: {
  question: TestQuestion
  index: number
  total: number
  answer: TestAnswer | undefined
  /** The numeric answer as typed on this device, and the message when it is not a number we accept. */
  natText: string
  natError: string | undefined
  onNumeric: (questionId: string, text: string) => void
  onToggle: (questionId: string, option: number) => void
  onChoose: (questionId: string, option: number) => void
  /** The paper's markup could not be fetched: a question that lacks it is loaded as a page instead. */
  paperFailed?: boolean
}) {
  const type = question.type ?? 'mcq'
  const selected = answer?.selectedOption ?? null
  const natId = `nat-${question.id}`
  return (
    // min-w-0: a fieldset is as wide as its widest content by default; a wide formula must scroll in its own box.
    <fieldset className="min-w-0 rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900">
      <legend className="px-1 text-sm text-slate-600 dark:text-slate-300">
        Question {index + 1} of {total}
        {question.marks ? (
          <span className="ml-2" data-testid="question-marks">
            (+{question.marks}
            {question.negativeMarks && question.negativeMarks !== '0.00'
              ? `, −${question.negativeMarks} if wrong`
              : ', no negative marks'}
            )
          </span>
        ) : null}
        {answer?.markedForReview ? (
          <span className="ml-2 font-semibold text-purple-700 dark:text-purple-300">Marked for review</span>
        ) : null}
      </legend>
      {question.section ? (
        <p className="mb-2 text-sm font-semibold text-slate-700 dark:text-slate-200" data-testid="question-section">
          {question.section}
        </p>
      ) : null}
      {question.questionHtml === undefined || question.optionsHtml === undefined ? (
        // With JavaScript the other questions' markup arrives after the page (use-paper.ts).
        <p role="status" className="mb-4 text-slate-600 dark:text-slate-300">
          {paperFailed ? (
            <a href={`?q=${index + 1}`} className="font-semibold text-blue-700 underline dark:text-blue-300">
              Load question {index + 1}
            </a>
          ) : (
            'Loading the question...'
          )}
        </p>
      ) : (
        <QuestionBody
          {...{ question, type, selected, answer, natId, natText, natError, onNumeric, onToggle, onChoose }}
        />
      )}
    </fieldset>
  )
}

/** The question's text (figures loaded at once: it is the one on screen) and its answer controls. */
function QuestionBody({
  question,
  type,
  selected,
  answer,
  natId,
  natText,
  natError,
  onNumeric,
  onToggle,
  onChoose,
}: {
  question: TestQuestion & { questionHtml?: string; optionsHtml?: string[] }
  type: 'mcq' | 'msq' | 'nat'
  selected: number | null
  answer: TestAnswer | undefined
  natId: string
  natText: string
  natError: string | undefined
  onNumeric: (questionId: string, text: string) => void
  onToggle: (questionId: string, option: number) => void
  onChoose: (questionId: string, option: number) => void
}) {
  return (
    <>
      <Markup
        html={eagerImages(question.questionHtml ?? '')}
        className="mb-4 text-lg font-medium"
        data-testid="question-text"
      />
      {type === 'msq' ? (
        <p className="mb-2 text-sm text-slate-600 dark:text-slate-300">Select all the correct options.</p>
      ) : null}
      {type === 'nat' ? (
        <div>
          <label htmlFor={natId} className="mb-1 block text-sm font-semibold">
            Your answer (a number)
          </label>
          <input
            id={natId}
            name="numericAnswer"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            maxLength={40}
            value={natText}
            onChange={(e) => onNumeric(question.id, e.currentTarget.value)}
            aria-invalid={natError ? true : undefined}
            aria-describedby={natError ? `${natId}-error` : undefined}
            className="w-full max-w-xs rounded border border-slate-300 px-3 py-2 dark:border-slate-600 dark:bg-slate-800"
          />
          {natError ? (
            <p id={`${natId}-error`} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
              {natError}
            </p>
          ) : null}
        </div>
      ) : (
        <div className="space-y-2">
          {(question.optionsHtml ?? []).map((opt, i) => (
            <label key={i} className={optionClass}>
              {type === 'msq' ? (
                <input
                  type="checkbox"
                  name="selectedOptions"
                  value={i}
                  checked={answer?.selectedOptions?.includes(i) ?? false}
                  onChange={() => onToggle(question.id, i)}
                  className="mt-1"
                />
              ) : (
                <input
                  type="radio"
                  name="selectedOption"
                  value={i}
                  checked={selected === i}
                  onChange={() => onChoose(question.id, i)}
                  className="mt-1"
                />
              )}
              <Markup inline html={eagerImages(opt)} className="min-w-0 break-words" />
            </label>
          ))}
        </div>
      )}
    </>
  )
}
