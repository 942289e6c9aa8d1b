import { useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { z } from 'zod'
import type { QuizFormValues } from '~/schemas/quiz-form'
import { quizFormSchema } from '~/schemas/admin-quiz'

// The quiz form's state, shared by the editor that holds it and each question's fields: Conform checks the
// typed values against the form schema, except for a preview, which goes to the server as typed.

const anyForm = z.looseObject({})

/** The preview submit: it must reach the server even while some field is still invalid. */
const isPreview = (submitter: HTMLElement | null | undefined) =>
  submitter instanceof HTMLButtonElement && submitter.name === 'intent' && submitter.value === 'preview'

export function useQuizForm(defaultValue: QuizFormValues, lastResult: SubmissionResult<string[]> | null | undefined) {
  return useForm({
    id: 'quiz-form',
    lastResult,
    defaultValue,
    // A preview is not a save: it goes to the server as typed, where each question's markup is rendered.
    onValidate: ({ formData, submitter }) =>
      isPreview(submitter)
        ? parseWithZod(formData, { schema: anyForm })
        : parseWithZod(formData, { schema: quizFormSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
}
/** One question's fields in the quiz form. */
export type QuestionField = ReturnType<ReturnType<typeof useQuizForm>[1]['questions']['getFieldList']>[number]
