import { data } from 'react-router'
import { csvResponse } from '~/lib/csv-write'
import { isId } from '~/lib/ids'
import { QUIZ_RESULTS_HEADER, quizResultCsvRows } from '~/models/quiz/export.server'
import { getQuiz } from '~/models/quiz/catalog.server'
import { requireRole } from '~/auth/guard.server'
import type { Route } from './+types/quiz-results-csv'

// GET /admin/export/quiz-results/{quizId}.csv, staff only. A resource route (no component):
// the path ends in .csv, which server.js looks up on disk first and, finding no file, hands to the app. The quiz
// result page has no filters besides its page number, so neither has the export: every submitted attempt.
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, 'staff', 'file')
  const quizId = /^(.*)\.csv$/.exec(params.file)?.[1]
  const quiz = isId(quizId) ? await getQuiz(quizId) : undefined
  if (!quiz) throw data('Quiz not found', { status: 404 })
  return csvResponse(`quiz-results-${quiz.id}.csv`, QUIZ_RESULTS_HEADER, quizResultCsvRows(quiz.id))
}
