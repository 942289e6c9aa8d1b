import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import type { QuizViewer } from '~/models/quiz/access.server'
import { removeSavedQuestion, saveQuestion } from '~/models/quiz/revision.server'
import { SaveQuestionSchema } from '~/schemas/learning'
import { redirectWithSuccess } from '~/utils/toast.server'

// 'Save question' / 'Remove' posted from a result page or /practice: the model checks the question is one the learner
// may revise (app/models/quiz/revision.server.ts); the page goes back to where the post came from, at the question.

export const NOT_REVISABLE =
  'That question is not one of yours to revise: only questions of tests you have submitted can be saved or practised.'

export async function answerSavePost({
  form,
  user,
  backTo,
}: {
  form: FormData
  user: QuizViewer
  /** The page to go back to (path and query); the question's anchor is added. */
  backTo: string
}) {
  const submission = parseWithZod(form, { schema: SaveQuestionSchema })
  if (submission.status !== 'success')
    return data({ error: 'That action was not understood. Please try again.' }, { status: 400 })
  const { intent, questionId } = submission.value
  const back = `${backTo}#question-${questionId}`
  if (intent === 'remove-question') {
    await removeSavedQuestion({ userId: user.id, questionId })
    throw await redirectWithSuccess(back, 'Removed from your saved questions')
  }
  const outcome = await saveQuestion({ user, questionId })
  if (!outcome.ok) return data({ error: NOT_REVISABLE }, { status: 403 })
  throw await redirectWithSuccess(back, 'Question saved')
}
