import type { QuestionType } from '#db/schema'
import { isId } from '~/lib/ids'
import { marksToNumber, storedScore } from '~/lib/quiz/marks'
import { percentage } from '~/lib/quiz/standing'
import { getAttempt } from '~/models/quiz/attempt.server'
import type { AttemptRow } from '~/models/quiz/rows'
import { getQuiz } from '~/models/quiz/catalog.server'
import { markedPaper } from '~/models/quiz/paper.server'

// The result of a submitted attempt in the older client's terms (numbers, verdicts): the v1 API's submit answer
// and the practice page's last attempt. The result page reads the richer analysis (analysis.server.ts).

/** The older client's word for an outcome. */
export type AnswerVerdict = 'correct' | 'incorrect' | 'unattempted'

export type ResultDetail = {
  questionId: string
  question: string
  options: string[]
  /** mcq: the chosen option; msq and nat: null (see selectedOptions / numericAnswer). */
  selectedOption: number | null
  /** mcq: the key; msq: the smallest keyed option; nat: 0 (meaningless; see type). */
  correctAnswer: number
  isCorrect: boolean
  awardedMarks: number
  verdict: AnswerVerdict
  explanation: string | null
  type: QuestionType
  selectedOptions: number[]
  numericAnswer: string | null
  correctOptions: number[]
  answerMin: string | null
  answerMax: string | null
  marks: number
  negativeMarks: number
  section: string | null
  topic: string | null
  timeSpentMs: number
  /** The stored HTML of the question, options and explanation (pages show these; the older client the source). */
  questionHtml: string
  optionsHtml: string[]
  explanationHtml: string | null
}

export type QuizResult = {
  quiz: { id: string; title: string }
  attemptId: string
  score: number
  total: number
  percentage: string
  submittedAt: string
  mode: 'ranked' | 'practice'
  details: ResultDetail[]
}

/**
 * The result of a submitted attempt, with the answer key: only ever for the learner's own attempt and
 * only after it is submitted (or finalized by its clock). Null otherwise.
 */
export async function getResult({
  userId,
  quizId,
  now = new Date(),
}: {
  userId: string
  quizId: string
  now?: Date
}): Promise<QuizResult | null> {
  if (!isId(quizId)) return null
  const attempt = await getAttempt(userId, quizId, now)
  if (!attempt || !attempt.submitted_at) return null
  return buildResult(attempt)
}

export async function buildResult(attempt: AttemptRow): Promise<QuizResult> {
  if (!attempt.submitted_at) throw new Error('result of an open attempt')
  const quiz = await getQuiz(attempt.quiz_id)
  const { paper, score: scored } = await markedPaper(attempt)
  const details = paper.map((q, i): ResultDetail => {
    const r = scored.results[i]
    const v: AnswerVerdict = r.outcome === 'wrong' ? 'incorrect' : r.outcome
    return {
      questionId: q.id,
      question: q.text,
      options: q.options,
      selectedOption: q.type === 'mcq' ? (q.answer?.selectedOption ?? null) : null,
      correctAnswer: q.correctOption,
      isCorrect: v === 'correct',
      awardedMarks: marksToNumber(r.earned),
      verdict: v,
      explanation: q.explanation,
      type: q.type,
      selectedOptions: q.answer?.selectedOptions ? [...q.answer.selectedOptions] : [],
      numericAnswer: q.answer?.numericAnswer ?? null,
      correctOptions: q.correctOptions,
      answerMin: q.answerMin,
      answerMax: q.answerMax,
      marks: marksToNumber(q.marks),
      negativeMarks: marksToNumber(q.negativeMarks),
      section: r.section,
      topic: r.topic,
      timeSpentMs: q.timeSpentMs,
      questionHtml: q.html.text,
      optionsHtml: q.html.options,
      explanationHtml: q.html.explanation,
    }
  })
  const score = marksToNumber(storedScore(attempt))
  return {
    quiz: { id: attempt.quiz_id, title: quiz?.title ?? 'Quiz' },
    attemptId: attempt.id,
    score,
    total: attempt.total,
    percentage: percentage(score, attempt.total),
    submittedAt: attempt.submitted_at,
    mode: attempt.mode,
    details,
  }
}
