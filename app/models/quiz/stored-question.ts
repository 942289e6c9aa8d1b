import type { QuestionType } from '#db/schema'
import { marksFromStorage, marksToStorage } from '~/lib/quiz/marks'
import { defaultMarksFor } from '~/lib/quiz/schemes'
import type { MarkingDefaultsUnits, QuestionDraft } from '~/lib/quiz/quiz-input'

// The stored form of a question draft (decision 002: a changed stored field is a new version). Pure: no database,
// so the editor (app/models/quiz/editing.server.ts), the bank (app/models/bank/) and the demo seed share it.

/** The marks (storage units) of a question of `type` given none: the quiz's defaults for the type, else the scheme's. */
export function quizDefaultMarks(type: QuestionType, defaults: MarkingDefaultsUnits | null) {
  const fallback = defaultMarksFor(type, {
    [type]: {
      marks: defaults?.[type]?.marks === undefined ? undefined : marksFromStorage(defaults[type]!.marks!),
      negativeMarks:
        defaults?.[type]?.negativeMarks === undefined ? undefined : marksFromStorage(defaults[type]!.negativeMarks!),
    },
  })
  return { marks: marksToStorage(fallback.marks), negative_marks: marksToStorage(fallback.negativeMarks) }
}

/** The stored row of a draft: type, marks (the quiz's or the default scheme's when left out), keys by type. */
export function questionColumns(q: QuestionDraft, defaults: MarkingDefaultsUnits | null) {
  const type: QuestionType = q.type ?? 'mcq'
  const fallback = quizDefaultMarks(type, defaults)
  const correctOptions = type === 'msq' ? [...new Set(q.correctOptions ?? [])].sort((a, b) => a - b) : null
  return {
    question_text: q.questionText,
    options: JSON.stringify(type === 'nat' ? [] : q.options),
    correct_option: type === 'mcq' ? q.correctOption : type === 'msq' ? Math.min(...correctOptions!) : 0,
    explanation: q.explanation?.trim() || null,
    type,
    marks: q.marks ?? fallback.marks,
    negative_marks: q.negativeMarks ?? fallback.negative_marks,
    correct_options: correctOptions ? JSON.stringify(correctOptions) : null,
    answer_min: type === 'nat' ? (q.answerMin ?? null) : null,
    answer_max: type === 'nat' ? (q.answerMax ?? null) : null,
    section: q.section?.trim() || null,
    topic: q.topic?.trim() || null,
  }
}
export type QuestionColumns = ReturnType<typeof questionColumns>

const COMPARED = [
  'question_text',
  'options',
  'correct_option',
  'explanation',
  'type',
  'marks',
  'negative_marks',
  'correct_options',
  'answer_min',
  'answer_max',
  'section',
  'topic',
] as const satisfies readonly (keyof QuestionColumns)[]

/** Decision 002 applies to every stored field: a changed key, type, marks, section or topic is a new version. */
export const sameQuestion = (row: Record<(typeof COMPARED)[number], unknown>, next: QuestionColumns) =>
  COMPARED.every((k) =>
    k === 'marks' || k === 'negative_marks' ? Number(row[k]) === Number(next[k]) : (row[k] ?? null) === next[k],
  )
