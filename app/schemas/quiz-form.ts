import type { MarkingDefaultsUnits, QuestionDraft, QuizInput } from '~/lib/quiz/quiz-input'
import type { z } from 'zod'
import { marksFromStorage, marksText, readMarkUnits } from '~/lib/quiz/marks'
import { readBoundText } from '~/lib/quiz/numeric'
import { windowFromLocal, windowToLocal } from '~/lib/quiz/window-input'
import type { QuestionType } from '~/lib/quiz/scoring'
import {
  QUESTION_TYPES,
  type ExamFields,
  type formMarkingDefaults,
  type QuizFormFields,
  type quizApiSchema,
} from './admin-quiz'

// The quiz editor's values and the admin API's body mapped to and from what the editing model takes (correct
// option 1-4 on the page, 0-3 in the API and the model; marks as exact text on the page, storage units in the
// model). The schemas in app/schemas/admin-quiz.ts check the input first; these only convert it.

/**
 * Line ends as one newline: a browser posts a textarea's lines with CRLF, a script may send LF, and the same
 * question must be the same stored source (an unchanged question keeps its version).
 */
const lf = (text: string) => text.replace(/\r\n?/g, '\n')

/** A checked question (form or API) as the model takes it; `base` as in checkExamQuestion. */
export function examDraft(
  q: ExamFields & { questionText: string; explanation?: string; section?: string; topic?: string; bankId?: string },
  base: 0 | 1,
): QuestionDraft {
  const units = (v: string | number | undefined, positive: boolean) => {
    if (v === undefined || (typeof v === 'string' && v.trim() === '')) return undefined
    const r = readMarkUnits(v, positive)
    return r.ok ? r.units : undefined
  }
  const type = q.type
  const correctOptions =
    type === 'msq' ? [...new Set((q.correctOptions ?? []).map((o) => o - base))].sort((a, b) => a - b) : undefined
  return {
    questionText: lf(q.questionText),
    type,
    options: type === 'nat' ? [] : (q.options ?? []).map((o) => lf(o ?? '')),
    correctOption:
      type === 'mcq' ? (q.correctOption ?? base) - base : type === 'msq' ? Math.min(...correctOptions!) : 0,
    explanation: lf(q.explanation?.trim() ?? '') || undefined,
    marks: units(q.marks, true),
    negativeMarks: units(q.negativeMarks, false),
    ...(type === 'msq' ? { correctOptions } : {}),
    ...(type === 'nat' ? { answerMin: readBoundText(q.answerMin!)!, answerMax: readBoundText(q.answerMax!)! } : {}),
    section: q.section?.trim() || undefined,
    topic: q.topic?.trim() || undefined,
    ...(q.bankId?.trim() ? { bankId: q.bankId.trim() } : {}),
  }
}

/** A model draft in the API's shape (zero-based; marks as exact text), e.g. to re-check previewed CSV rows. */
export function draftToWire(d: QuestionDraft) {
  const text = (u: number | undefined) => (u === undefined ? undefined : marksText(marksFromStorage(u)))
  return {
    questionText: d?.questionText,
    type: d?.type ?? 'mcq',
    options: d?.options,
    correctOption: d?.correctOption,
    explanation: d?.explanation,
    marks: text(d?.marks),
    negativeMarks: text(d?.negativeMarks),
    correctOptions: d?.correctOptions,
    answerMin: d?.answerMin,
    answerMax: d?.answerMax,
    section: d?.section,
    topic: d?.topic,
  }
}

/** The API body's question (zero-based) as the model takes it. */
export function apiQuestionToDraft(q: z.infer<typeof quizApiSchema>['questions'][number]): QuestionDraft {
  return examDraft(q, 0)
}

export function defaultsToUnits(
  d: Partial<Record<QuestionType, { marks?: string | number; negativeMarks?: string | number } | undefined>>,
): MarkingDefaultsUnits | null {
  const out: MarkingDefaultsUnits = {}
  for (const t of QUESTION_TYPES) {
    const x = d[t]
    if (!x) continue
    const entry: { marks?: number; negativeMarks?: number } = {}
    for (const [key, positive] of [
      ['marks', true],
      ['negativeMarks', false],
    ] as const) {
      const v = x[key]
      if (v === undefined || (typeof v === 'string' && v.trim() === '')) continue
      const r = readMarkUnits(v, positive)
      if (r.ok) entry[key] = r.units
    }
    if (entry.marks !== undefined || entry.negativeMarks !== undefined) out[t] = entry
  }
  return Object.keys(out).length ? out : null
}

/** The API's markingDefaults (numbers or "1/3") as units; undefined when left out (keep), null to clear. */
export function apiMarkingDefaults(d: z.infer<typeof quizApiSchema>['markingDefaults']) {
  if (d === undefined) return undefined
  if (d === null) return null
  return defaultsToUnits(d)
}

export function markingDefaultsFromForm(d: z.infer<typeof formMarkingDefaults>): MarkingDefaultsUnits | null {
  return d ? defaultsToUnits(d) : null
}

export function formToQuizInput(f: QuizFormFields): QuizInput {
  return {
    title: f.title,
    description: f.description,
    category: f.category,
    timeLimit: f.timeLimit ?? 0,
    markingDefaults: markingDefaultsFromForm(f.markingDefaults),
    questions: f.questions.map((q) => examDraft(q, 1)),
    // The editor always holds the window: both blank is an anytime paper (the schema refused anything else).
    opensAt: (f.opensAt && windowFromLocal(f.opensAt)) || null,
    closesAt: (f.closesAt && windowFromLocal(f.closesAt)) || null,
  }
}

/** Values to fill the page form from a stored or drafted quiz (correct option shown 1-4). */
/** What the quiz editor's form holds: the page fills it, a CSV import or an AI draft fills it again. */
export type QuizFormValues = ReturnType<typeof quizToFormValues>

export function quizToFormValues(q: Partial<QuizInput>) {
  // The exam fields are left undefined when they hold nothing, so a plain MCQ quiz fills the form
  // exactly as before; the editor shows a blank (the default) for each.
  const text = (u: number | undefined) => (u === undefined ? undefined : marksText(marksFromStorage(u)))
  const defaults = q.markingDefaults
    ? (Object.fromEntries(
        QUESTION_TYPES.map((t) => [
          t,
          { marks: text(q.markingDefaults?.[t]?.marks), negativeMarks: text(q.markingDefaults?.[t]?.negativeMarks) },
        ]),
      ) as Partial<Record<QuestionType, { marks?: string; negativeMarks?: string }>>)
    : undefined
  return {
    title: q.title ?? '',
    description: q.description ?? '',
    category: q.category ?? 'free',
    timeLimit: q.timeLimit === undefined ? '' : String(q.timeLimit),
    markingDefaults: defaults,
    /** A ZIP import's staged images (JSON), carried by the form until it is saved. */
    stagedImages: undefined as string | undefined,
    /** A live mock's window as `datetime-local` values in India time; blank for an anytime paper. */
    opensAt: q.opensAt ? windowToLocal(q.opensAt) : '',
    closesAt: q.closesAt ? windowToLocal(q.closesAt) : '',
    questions: (q.questions ?? []).map((x) => {
      const type = x.type ?? 'mcq'
      return {
        questionText: x.questionText,
        type: type === 'mcq' ? undefined : (type as QuestionType),
        options: type === 'nat' ? ['', '', '', ''] : x.options,
        correctOption: type === 'mcq' ? String(x.correctOption + 1) : '',
        marks: text(x.marks),
        negativeMarks: text(x.negativeMarks),
        correctOptions: type === 'msq' ? (x.correctOptions ?? []).map((o) => String(o + 1)) : undefined,
        answerMin: type === 'nat' ? x.answerMin : undefined,
        answerMax: type === 'nat' ? x.answerMax : undefined,
        section: x.section || undefined,
        topic: x.topic || undefined,
        bankId: x.bankId || undefined,
        explanation: x.explanation ?? '',
      }
    }),
  }
}
