import type { Submission } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { readTags } from '~/lib/bank/bank'
import { fieldLabel, type MarkupProblem } from '~/lib/markup/question'
import { listExams } from '~/models/bank/filters.server'
import type { BankListRow } from '~/models/bank/search.server'
import { bankQuestionFormSchema, type BankQuestionFormFields } from '~/schemas/bank-question'
import { examDraft } from '~/schemas/quiz-form'
import type { QuestionFormValues } from './questions-form'

// The bank question's create and edit pages (./questions-new.tsx, ./questions-edit.tsx): the form read and checked
// as the quiz editor checks a question (app/schemas/bank-question.ts), the tags by readTags, and a save the model
// refused for its markup sent back as typed with the message beside the field.

/** The posted form, checked: the draft and tags to save, or the 400 answer that shows the problems. */
export async function readQuestionForm(form: FormData) {
  const exams = await listExams()
  const submission = parseWithZod(form, { schema: bankQuestionFormSchema(exams) })
  if (submission.status !== 'success')
    return { response: data({ result: submission.reply() }, { status: 400 }) } as const
  const tags = readTags(submission.value, exams)
  // The schema ran readTags already; a refusal here would be a bug, answered like any refused field.
  if (!tags.ok)
    return {
      response: data(
        {
          result: submission.reply({
            fieldErrors: Object.fromEntries(tags.problems.map((p) => [p.field, [p.message]])),
          }),
        },
        { status: 400 },
      ),
    } as const
  return { submission, draft: examDraft(submission.value, 1), tags: tags.tags } as const
}

const fieldName = (p: MarkupProblem) => (p.field === 'options' ? `options[${p.option}]` : p.field)

/** Markup that does not render: each message beside its field and above the button ("Option B: ..."); 400. */
export function markupRefusal(submission: Submission<BankQuestionFormFields>, problems: MarkupProblem[]) {
  const fieldErrors: Record<string, string[]> = {}
  for (const p of problems) (fieldErrors[fieldName(p)] ??= []).push(p.message)
  const formErrors = problems.map((p) => {
    const label = fieldLabel(p)
    return `${label.charAt(0).toUpperCase()}${label.slice(1)}: ${p.message}`
  })
  return data({ result: submission.reply({ formErrors, fieldErrors }) }, { status: 400 })
}

/** A stored bank question as the form shows it (correct option 1-4). */
export function formValuesOf(row: BankListRow): QuestionFormValues {
  const key = row.key!
  return {
    questionText: key.text,
    type: key.type,
    options: key.type === 'nat' ? ['', '', '', ''] : key.options,
    correctOption: key.type === 'mcq' ? String(key.correctOption + 1) : '',
    correctOptions: key.type === 'msq' ? key.correctOptions.map((o) => String(o + 1)) : [],
    answerMin: key.answerMin ?? '',
    answerMax: key.answerMax ?? '',
    explanation: key.explanation ?? '',
    subject: row.subject,
    topic: row.topic,
    subtopic: row.subtopic ?? '',
    exams: row.exams,
    year: row.year === null ? '' : String(row.year),
    difficulty: row.difficulty,
    source: row.source ?? '',
  }
}
