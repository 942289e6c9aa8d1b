import { getQuizForEdit, updateQuiz } from '~/models/quiz/editing.server'

// Staff's save of a quiz through the editor's own model, for tests that change a paper after learners sat it.

type EditedQuestions = NonNullable<Awaited<ReturnType<typeof getQuizForEdit>>>['questions']

/** Saves the quiz as the editor would, its fields kept and its questions as `change` makes them. */
export async function resaveQuiz(
  actorId: string,
  quizId: string,
  change: (questions: EditedQuestions) => EditedQuestions,
) {
  const edit = (await getQuizForEdit(quizId))!
  return updateQuiz({
    actorId,
    quizId,
    input: {
      title: edit.title,
      description: edit.description,
      category: edit.category,
      timeLimit: edit.timeLimit,
      questions: change(edit.questions),
    },
  })
}
