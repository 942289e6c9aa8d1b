import { MARK_CORRECT, MARK_WRONG } from '../constants'
import { makeMarks, readMarks, ZERO_MARKS, type Marks } from './marks'
import type { QuestionType } from './scoring'

// Marking schemes as data: presets an admin applies to a paper, and the default every question falls back to.
// The default MCQ marks are written once, as MARK_CORRECT and MARK_WRONG in app/lib/constants.ts (plain numbers
// the intro card can show without loading this module); the default scheme below is read from them. Pure.

export type TypeMarks = { readonly marks: Marks; readonly negativeMarks: Marks }
export type MarkingScheme = {
  readonly label: string
  readonly note: string
  readonly mcq: TypeMarks
  readonly msq: TypeMarks
  readonly nat: TypeMarks
}

function typeMarks(marks: Marks, negativeMarks: Marks): TypeMarks {
  return Object.freeze({ marks, negativeMarks })
}

const ONE = makeMarks(1)
const TWO = makeMarks(2)

/** A constant's marks, exactly (readMarks reads a number within floating-point error of a unit exactly). */
function exact(value: number): Marks {
  const r = readMarks(value)
  if (!r.ok) throw new Error(`Default marks ${value}: ${r.message}`)
  return r.value
}
const DEFAULT_RIGHT = exact(MARK_CORRECT)
const DEFAULT_WRONG = exact(-MARK_WRONG)

/** Every preset gives each type the same marks and takes marks off a wrong MCQ only (MSQ and NAT never negative). */
function scheme(label: string, note: string, marks: Marks, mcqWrong: Marks): MarkingScheme {
  return Object.freeze({
    label,
    note,
    mcq: typeMarks(marks, mcqWrong),
    msq: typeMarks(marks, ZERO_MARKS),
    nat: typeMarks(marks, ZERO_MARKS),
  })
}

/**
 * Presets an admin can apply to a paper (defaults per question type). JAM and GATE mix 1- and 2-mark questions
 * in one paper, so each has two presets. CUET PG and GAT-B papers are MCQ-only; their MSQ/NAT entries are this
 * app's choice (the exam's marks, no negative marking).
 */
export const MARKING_SCHEMES = Object.freeze({
  spec: scheme(
    'BioCoach default',
    `+${MARK_CORRECT} right, ${MARK_WRONG} wrong, 0 unanswered (MSQ and NAT: +${MARK_CORRECT}, no negative marking).`,
    DEFAULT_RIGHT,
    DEFAULT_WRONG,
  ),
  jamGate1: scheme(
    'IIT JAM / GATE, 1-mark questions',
    'MCQ -1/3 when wrong; MSQ (all and only the correct options) and NAT never negative.',
    ONE,
    makeMarks(1, 3),
  ),
  jamGate2: scheme(
    'IIT JAM / GATE, 2-mark questions',
    'MCQ -2/3 when wrong; MSQ (all and only the correct options) and NAT never negative.',
    TWO,
    makeMarks(2, 3),
  ),
  cuetPg: scheme('CUET PG', '+4 right, -1 wrong (the exam has MCQs only).', makeMarks(4), ONE),
  gatB: scheme('GAT-B', '+3 right, -1 wrong (the exam has MCQs only).', makeMarks(3), ONE),
} satisfies Record<string, MarkingScheme>)

export type MarkingSchemeId = keyof typeof MARKING_SCHEMES

/** A quiz's own defaults per type (either field may be left out); a MarkingScheme fits. */
export type QuizMarkDefaults = Partial<Record<QuestionType, Partial<TypeMarks> | undefined>>

/**
 * Marks for a new question of `type`: the quiz's defaults where set, else the default scheme's (MCQ +1/-0.25,
 * MSQ and NAT +1/0).
 */
export function defaultMarksFor(type: QuestionType, quizDefaults?: QuizMarkDefaults | null): TypeMarks {
  const base = MARKING_SCHEMES.spec[type]
  const own = quizDefaults?.[type]
  return typeMarks(own?.marks ?? base.marks, own?.negativeMarks ?? base.negativeMarks)
}
