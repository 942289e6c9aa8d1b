import type { QuestionType } from './scoring'

// What staff editing takes and stores: a quiz and its questions as the editor, the CSV import, the AI generator
// and the admin API hand them to app/models/quiz/editing.server.ts. Plain types, shared by the browser's editor.

/**
 * A question as the model takes it (correct option 0-3). The exam fields are optional: without them a
 * question is today's MCQ. Marks are in storage units (1/30000 of a mark, decision 011); left out, the model
 * gives the quiz's default for the type, else the default scheme's (MCQ +1/-0.25, MSQ and NAT +1/0). For msq and nat
 * `correctOption` means nothing (the model stores the smallest keyed option / 0); nat questions have no options
 * (the model stores '[]', whatever was sent).
 */
export type QuestionDraft = {
  questionText: string
  options: string[]
  correctOption: number
  explanation?: string
  type?: QuestionType
  marks?: number
  negativeMarks?: number
  correctOptions?: number[]
  answerMin?: string
  answerMax?: string
  section?: string
  topic?: string
  /** The bank question the editor loaded this question from (a changed text or key is its new version). */
  bankId?: string
}
/** Per-type quiz defaults in mark units (quizzes.marking_defaults). */
export type MarkingDefaultsUnits = Partial<Record<QuestionType, { marks?: number; negativeMarks?: number }>>
/** A quiz as the model stores it: correct option 0-3. `markingDefaults` undefined keeps the stored ones. */
export type QuizInput = {
  title: string
  description: string
  category: 'free' | 'paid'
  timeLimit: number
  questions: QuestionDraft[]
  markingDefaults?: MarkingDefaultsUnits | null
  /** Images of a ZIP import, staged when it was previewed, that the save stores on the quiz (zip-import.server). */
  images?: StagedImage[]
  /**
   * A live mock's window (ISO instants, app/lib/quiz/window.ts): both null for an anytime paper; `opensAt`
   * undefined keeps the stored window.
   */
  opensAt?: string | null
  closesAt?: string | null
}

/** An image of a ZIP import waiting in storage's staging folder for the quiz's save. */
export type StagedImage = { name: string; key: string; alt: string; byteSize: number }
