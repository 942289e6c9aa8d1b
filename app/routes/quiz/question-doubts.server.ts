import { OPTION_LETTERS } from '~/components/analysis/format'
import { keyedQuestionsById } from '~/models/quiz/paper.server'
import { db } from '~/utils/db.server'

// The question a doubts page is about, as the result's review shows it: its stored HTML, the key and the
// explanation. Read only after questionDoubtAccess has said yes (staff, or a learner who submitted the paper: the
// key is theirs to see).

export type DoubtQuestion = {
  quizTitle: string
  type: 'mcq' | 'msq' | 'nat'
  questionHtml: string
  optionsHtml: string[]
  explanationHtml: string | null
  /** Keyed option indexes (mcq, msq). */
  keyed: number[]
  /** The key as text: 'B', 'A, C' or the accepted range. */
  key: string
}

export async function questionForDoubts(quizId: string, questionId: string): Promise<DoubtQuestion | null> {
  const [[question], quiz] = await Promise.all([
    keyedQuestionsById([questionId]),
    db.selectFrom('quizzes').select('title').where('id', '=', quizId).executeTakeFirst(),
  ])
  if (!question || !quiz) return null
  const letters = question.correctOptions.map((i) => OPTION_LETTERS[i] ?? String(i + 1)).join(', ')
  const range =
    question.answerMin === question.answerMax
      ? (question.answerMin ?? '')
      : `${question.answerMin ?? ''} – ${question.answerMax ?? ''}`
  return {
    quizTitle: quiz.title,
    type: question.type,
    questionHtml: question.html.text,
    optionsHtml: question.type === 'nat' ? [] : question.html.options,
    explanationHtml: question.html.explanation,
    keyed: question.correctOptions,
    key: question.type === 'nat' ? range : letters,
  }
}
