import { z } from 'zod'
import { isDifficulty, TAG_MAX, YEAR_MAX, YEAR_MIN } from '~/lib/bank/bank'
import { BLUEPRINT_FORM_LINES } from '~/lib/bank/blueprint'

// The 'Add questions from the bank' page's two forms and its filters (app/routes/admin/quiz-from-bank.tsx). The
// blueprint's rules are readBlueprint's (app/lib/bank/blueprint.ts), shared with the admin API; the schema here
// only gives the form its shape (Conform names `blueprint[i].count`, ...).

export const pickFormSchema = z.object({
  intent: z.literal('pick'),
  questionIds: z.array(z.string().trim().max(40), { error: 'Choose at least one question' }).min(1, {
    error: 'Choose at least one question',
  }),
})

const cell = z.string().trim().max(TAG_MAX).optional()

export const blueprintFormSchema = z.object({
  intent: z.literal('blueprint'),
  blueprint: z
    .array(
      z.object({
        count: z.string().trim().max(12).optional(),
        subject: cell,
        topic: cell,
        exam: cell,
        year: z.string().trim().max(12).optional(),
        difficulty: cell,
      }),
    )
    .max(BLUEPRINT_FORM_LINES)
    .optional(),
})

const BLUEPRINT_FIELD = new RegExp(
  `^blueprint\\[[0-${BLUEPRINT_FORM_LINES - 1}]\\]\\.(count|subject|topic|exam|year|difficulty)$`,
)

/**
 * The blueprint form's own fields, one value each: anything else (a bare `blueprint=x`, a sixth row) would give
 * the form a shape it cannot show again, so it is dropped before parsing.
 */
export function blueprintFields(form: FormData): FormData {
  const kept = new FormData()
  kept.set('intent', 'blueprint')
  for (const [name, value] of form.entries())
    if (BLUEPRINT_FIELD.test(name) && typeof value === 'string' && !kept.has(name)) kept.set(name, value)
  return kept
}

export type BlueprintFormValues = z.input<typeof blueprintFormSchema>

/** The blueprint form's empty rows. */
export const blankBlueprint = (): BlueprintFormValues => ({
  intent: 'blueprint',
  blueprint: Array.from({ length: BLUEPRINT_FORM_LINES }, () => ({})),
})

export const QUESTION_TYPES = ['mcq', 'msq', 'nat'] as const

/** The filter parameters, the names /admin/questions uses: what is not understood is left out, not refused. */
export type BankSearch = {
  q: string
  subject: string
  topic: string
  exam: string
  year: string
  difficulty: string
  type: string
}

export function readBankSearch(url: URL, knownExams: readonly string[]) {
  const get = (name: string, max: number) => (url.searchParams.get(name) ?? '').trim().slice(0, max)
  const year = get('year', 4)
  const difficulty = get('difficulty', 10)
  const type = get('type', 3)
  const exam = get('exam', TAG_MAX)
  const values: BankSearch = {
    q: get('q', 200),
    subject: get('subject', TAG_MAX),
    topic: get('topic', TAG_MAX),
    exam: knownExams.includes(exam) ? exam : '',
    year: /^\d{4}$/.test(year) && Number(year) >= YEAR_MIN && Number(year) <= YEAR_MAX ? year : '',
    difficulty: isDifficulty(difficulty) ? difficulty : '',
    type: (QUESTION_TYPES as readonly string[]).includes(type) ? type : '',
  }
  const page = Number(url.searchParams.get('page'))
  return {
    values,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    filters: {
      q: values.q || undefined,
      subject: values.subject || undefined,
      topics: values.topic ? [values.topic] : undefined,
      exams: values.exam ? [values.exam] : undefined,
      years: values.year ? [Number(values.year)] : undefined,
      difficulty: isDifficulty(values.difficulty) ? values.difficulty : undefined,
      type: values.type ? (values.type as (typeof QUESTION_TYPES)[number]) : undefined,
    },
  }
}
