// Exact marks for mock tests (issue 13 item 2, decision 011): MCQ, MSQ and NAT questions, each with its own
// marks and negative marks, scored without floating-point drift (3 x -1/3 is exactly -1).
//
// - In memory a mark is a reduced rational `{ num, den }`; arithmetic runs on BigInt and comes back as safe
//   integers (a RangeError rather than a silently wrong number if a value ever left that range).
// - In the database a mark is ONE integer: a count of 1/30000 of a mark (MARKS_UNIT). Every value this module
//   accepts is a whole number of those units (decimals with up to 4 places: 1/10000 = 3 units; thirds, sixths,
//   twelfths: 1/12 = 2500 units), and sums, differences and integer multiples of whole units are whole units.
//   So plain SQL `SUM` is exact and `ORDER BY` ranks correctly on SQLite and PostgreSQL alike, and the column
//   can be indexed for the leaderboard.
// - Shown with exactly 2 decimals, rounded half away from zero on the exact value; zero is "0.00", never "-0.00".
//
// Pure: no imports, no database, no clock; pages, the API and the tests share it.

/** Storage unit: the database stores marks as an integer count of 1/MARKS_UNIT of a mark. */
export const MARKS_UNIT = 30_000
/** Largest marks or negative marks one question may carry. */
export const MARKS_MAX = 1000
/** Decimal places allowed when typing marks (1/10000 is 3 units). */
export const MARKS_MAX_DECIMALS = 4
/** Longest marks input or numeric answer accepted, in characters (after trimming). */
export const MARKS_INPUT_MAX_LENGTH = 20
export const NUMERIC_ANSWER_MAX_LENGTH = 20
/** Options per MCQ/MSQ question, indexes 0..OPTION_COUNT-1. */
export const OPTION_COUNT = 4

// ---------------------------------------------------------------------------------------------------------------
// The exact rational type
// ---------------------------------------------------------------------------------------------------------------

/** An exact number of marks: integers, den > 0, reduced by gcd, sign on num (0 is { num: 0, den: 1 }). */
export type Marks = { readonly num: number; readonly den: number }

const UNIT = BigInt(MARKS_UNIT)

function absBig(n: bigint): bigint {
  return n < 0n ? -n : n
}

function gcdBig(a: bigint, b: bigint): bigint {
  a = absBig(a)
  b = absBig(b)
  while (b !== 0n) [a, b] = [b, a % b]
  return a
}

function fromBig(num: bigint, den: bigint): Marks {
  if (den === 0n) throw new RangeError('Marks: zero denominator')
  if (den < 0n) {
    num = -num
    den = -den
  }
  const g = gcdBig(num, den) // gcd(0, den) = den, so zero becomes 0/1
  const n = Number(num / g)
  const d = Number(den / g)
  if (!Number.isSafeInteger(n) || !Number.isSafeInteger(d)) throw new RangeError('Marks: value out of range')
  return Object.freeze({ num: n, den: d })
}

/** Builds a reduced `Marks` from integers (`makeMarks(-1, 3)` is -1/3). */
export function makeMarks(num: number, den = 1): Marks {
  if (!Number.isSafeInteger(num) || !Number.isSafeInteger(den))
    throw new TypeError('Marks: num and den must be integers')
  return fromBig(BigInt(num), BigInt(den))
}

export const ZERO_MARKS: Marks = makeMarks(0)

export function addMarks(a: Marks, b: Marks): Marks {
  return fromBig(BigInt(a.num) * BigInt(b.den) + BigInt(b.num) * BigInt(a.den), BigInt(a.den) * BigInt(b.den))
}

export function subMarks(a: Marks, b: Marks): Marks {
  return addMarks(a, negMarks(b))
}

/** Marks times an integer (a count of questions, say). */
export function mulMarks(m: Marks, k: number): Marks {
  if (!Number.isSafeInteger(k)) throw new TypeError('Marks: can only multiply by an integer')
  return fromBig(BigInt(m.num) * BigInt(k), BigInt(m.den))
}

export function negMarks(m: Marks): Marks {
  return fromBig(-BigInt(m.num), BigInt(m.den))
}

/** Exact sum; the result does not depend on the order of `items`. */
export function sumMarks(items: Iterable<Marks>): Marks {
  let total = ZERO_MARKS
  for (const m of items) total = addMarks(total, m)
  return total
}

/** -1, 0 or 1, like a sort comparator. */
export function compareMarks(a: Marks, b: Marks): -1 | 0 | 1 {
  const l = BigInt(a.num) * BigInt(b.den)
  const r = BigInt(b.num) * BigInt(a.den)
  return l < r ? -1 : l > r ? 1 : 0
}

export function marksEqual(a: Marks, b: Marks): boolean {
  return compareMarks(a, b) === 0
}

export function isZero(m: Marks): boolean {
  return m.num === 0
}

/** The nearest double, for charts and percentages only; never sum these. */
export function marksToNumber(m: Marks): number {
  return m.num / m.den
}

/**
 * Exactly 2 decimals, rounded half away from zero on the exact value: 2/3 -> "0.67", -1/3 -> "-0.33",
 * -0.005 -> "-0.01", 2.675 -> "2.68" (a float's toFixed gives "2.67"). Anything that rounds to zero is "0.00".
 */
export function formatMarks(m: Marks): string {
  const num = BigInt(m.num)
  const den = BigInt(m.den)
  const negative = num < 0n
  const scaled = absBig(num) * 100n
  let hundredths = scaled / den
  if ((scaled % den) * 2n >= den) hundredths += 1n
  if (hundredths === 0n) return '0.00'
  const digits = hundredths.toString().padStart(3, '0')
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`
}

// ---------------------------------------------------------------------------------------------------------------
// Storage: one integer column in units of 1/30000 of a mark (decision 011)
// ---------------------------------------------------------------------------------------------------------------

/** True when `m` is a whole number of storage units (every value from readMarks and its sums is). */
export function isStorableMarks(m: Marks): boolean {
  return (BigInt(m.num) * UNIT) % BigInt(m.den) === 0n
}

/**
 * The integer stored in the database: `m` in units of 1/30000 (1 -> 30000, -1/3 -> -10000, 0.25 -> 7500).
 * Throws a RangeError for a value that is not a whole number of units (none reaches here through readMarks).
 */
export function marksToStorage(m: Marks): number {
  const scaled = BigInt(m.num) * UNIT
  const den = BigInt(m.den)
  if (scaled % den !== 0n) throw new RangeError(`Marks: ${m.num}/${m.den} is not a whole number of 1/${MARKS_UNIT}`)
  const units = Number(scaled / den)
  if (!Number.isSafeInteger(units)) throw new RangeError('Marks: value out of range')
  return units
}

/**
 * Back from the stored integer. Accepts a number, a bigint, or an integer string (what node-pg returns for
 * `bigint` and `SUM` when no type parser is set; db/client.ts sets one, this does not rely on it).
 */
export function marksFromStorage(units: number | bigint | string): Marks {
  let value: bigint
  if (typeof units === 'bigint') value = units
  else if (typeof units === 'number') {
    if (!Number.isSafeInteger(units)) throw new TypeError(`Marks: stored value ${units} is not an integer`)
    value = BigInt(units)
  } else {
    if (!/^-?\d+$/.test(units.trim())) throw new TypeError(`Marks: stored value "${units}" is not an integer`)
    value = BigInt(units.trim())
  }
  return fromBig(value, UNIT)
}

/**
 * An attempt's score as stored, read back exactly: `score_units` (decision 011). A row written before exact
 * marks has only `score`, a double of the old +1 / -0.25 scheme, so a whole number of quarter marks; a row with
 * neither (an open attempt) scores 0. The one reader of the two columns: the leaderboard, the result page,
 * the staff results and the export all go through it.
 */
export function storedScore(row: { score: number | null; score_units: number | bigint | string | null }): Marks {
  if (row.score_units !== null && row.score_units !== undefined) return marksFromStorage(row.score_units)
  return makeMarks(Math.round((row.score ?? 0) * 4), 4)
}

// ---------------------------------------------------------------------------------------------------------------
// Reading marks typed by an admin
// ---------------------------------------------------------------------------------------------------------------

export type MarksInputResult = { ok: true; value: Marks } | { ok: false; message: string }

const MARKS_EXAMPLE = 'like 1, 0.25 or 1/3'

/** Relative distance from a whole number of units that a JSON number may carry and still read as that number. */
const FLOAT_TOLERANCE = 8 * Number.EPSILON

/**
 * Marks or negative marks as an admin types them. Accepted: a whole number or a decimal with at most 4 places
 * ("4", "0.25", ".5", "1.5"), or a fraction "a/b" ("1/3", "2/3", "1/12") whose value is a whole number of
 * 1/30000 of a mark, i.e. whose denominator in lowest terms divides 30000 (2, 3, 4, 5, 6, 8, 12, 15, 16, 24, ...;
 * not 7 or 9). From 0 to 1000. Never negative: negative marking is entered as the positive amount taken off
 * ("0.25" means a wrong answer costs 0.25). With `positive`, 0 is refused too (a question's own marks).
 *
 * A JavaScript number (a JSON client's) is the double nearest to what its program computed, so 2/3 arrives as
 * 0.6666666666666666: it reads as the nearest whole number of 1/30000 of a mark when it lies within
 * floating-point error of one (relative 8 x 2^-52), else through its shortest decimal form under the text rules
 * (0.14285714285714285, a seventh, is refused). Text keeps the strict rules: "0.6666666666666666" is refused.
 *
 * `what` names the field in every message ("Negative marks can't be negative ..."), so a refusal read away from
 * the form still says which field it is about.
 */
export function readMarks(
  input: string | number,
  options: { positive?: boolean; what?: 'Marks' | 'Negative marks' } = {},
): MarksInputResult {
  const what = options.what ?? 'Marks'
  const the = `the ${what.toLowerCase()}`
  let text: string
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, message: `Enter ${the} as a number, ${MARKS_EXAMPLE}.` }
    const units = Math.round(input * MARKS_UNIT)
    if (input >= 0 && Math.abs(input * MARKS_UNIT - units) <= FLOAT_TOLERANCE * MARKS_UNIT * Math.max(1, input))
      return checkRange(fromBig(BigInt(units), UNIT), what, options.positive)
    text = String(input)
  } else if (typeof input === 'string') {
    text = input.trim()
  } else {
    return { ok: false, message: `Enter ${the} as a number, ${MARKS_EXAMPLE}.` }
  }
  if (text === '') return { ok: false, message: `Enter ${the}, ${MARKS_EXAMPLE}.` }
  if (text.length > MARKS_INPUT_MAX_LENGTH)
    return { ok: false, message: `${what} can be at most ${MARKS_INPUT_MAX_LENGTH} characters long.` }
  if (/^[-\u2212]/.test(text))
    return {
      ok: false,
      message: `${what} can’t be negative. Enter negative marking as the amount taken off, like 0.25 or 1/3.`,
    }

  let num: bigint
  let den: bigint
  const fraction = /^(\d+)\s*\/\s*(\d+)$/.exec(text)
  const decimal = /^(\d*)(?:\.(\d+))?$/.exec(text)
  if (fraction) {
    num = BigInt(fraction[1])
    den = BigInt(fraction[2])
    if (den === 0n) return { ok: false, message: `${what}: a fraction can’t have 0 below the line.` }
  } else if (decimal && (decimal[1] !== '' || decimal[2] !== undefined)) {
    const places = decimal[2] ?? ''
    if (places.length > MARKS_MAX_DECIMALS)
      return {
        ok: false,
        message: `${what}: use at most ${MARKS_MAX_DECIMALS} decimal places, or a fraction like 1/3.`,
      }
    num = BigInt((decimal[1] || '0') + places)
    den = 10n ** BigInt(places.length)
  } else if (/\d[eE][-+]?\d/.test(text)) {
    return { ok: false, message: `Write ${the} in full, without “e” (for 1e2 type 100).` }
  } else {
    return { ok: false, message: `Enter ${the} as a number or a fraction, ${MARKS_EXAMPLE}.` }
  }

  if (num > BigInt(MARKS_MAX) * den) return { ok: false, message: `${what} can be at most ${MARKS_MAX}.` }
  if ((num * UNIT) % den !== 0n)
    return {
      ok: false,
      message: `${what}: ${text} can’t be kept exactly. Use a decimal with at most ${MARKS_MAX_DECIMALS} places, or a fraction over 2, 3, 4, 6, 8 or 12 (like 1/3 or 5/6).`,
    }
  return checkRange(fromBig(num, den), what, options.positive)
}

function checkRange(value: Marks, what: string, positive: boolean | undefined): MarksInputResult {
  if (compareMarks(value, makeMarks(MARKS_MAX)) > 0)
    return { ok: false, message: `${what} can be at most ${MARKS_MAX}.` }
  if (positive && value.num === 0) return { ok: false, message: `${what} must be more than 0.` }
  return { ok: true, value }
}

/** `readMarks` without the message: the marks (0..1000, exact), or null when refused. */
export function parseMarks(input: string | number): Marks | null {
  const r = readMarks(input)
  return r.ok ? r.value : null
}

// ---------------------------------------------------------------------------------------------------------------
// Numeric answers (NAT), compared as exact decimals
// ---------------------------------------------------------------------------------------------------------------

/** An exact decimal: coefficient / 10^scale, normalised (no trailing zeros in the fraction, 0 has scale 0). */
export type ExactDecimal = { readonly coefficient: bigint; readonly scale: number }

export type NumericAnswerResult = { ok: true; value: ExactDecimal } | { ok: false; message: string }

const NUMBER_EXAMPLE = 'Enter a number, like 3.14 or -2.'

/**
 * A learner's typed numeric answer (or a NAT key bound). Accepted, after trimming: an optional sign (+, - or
 * the typographic minus U+2212 that some phone keyboards insert), digits with an optional decimal point, at
 * least one digit: "3.14", "-2", "0.5", ".5", "5.", "+1", "-.5". Refused with a message shown to the learner:
 * exponent form ("1e3"), commas (thousands separators and decimal commas alike: "1,000", "2,5"), spaces
 * inside, anything else, and more than 20 characters. No limit on decimal places within those 20.
 */
export function parseNumericAnswer(text: string): NumericAnswerResult {
  if (typeof text !== 'string') return { ok: false, message: NUMBER_EXAMPLE }
  const s = text.trim().replace(/^\u2212/, '-')
  if (s === '') return { ok: false, message: NUMBER_EXAMPLE }
  if (s.length > NUMERIC_ANSWER_MAX_LENGTH)
    return { ok: false, message: `That is too long: use at most ${NUMERIC_ANSWER_MAX_LENGTH} characters.` }
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(s)
  if (!m || (m[2] === '' && !m[3])) {
    if (/\d\s*[eE]\s*[-+]?\d/.test(s))
      return { ok: false, message: 'Write the number in full, without “e” (for 1e3 type 1000).' }
    if (s.includes(',')) return { ok: false, message: 'Leave out commas: use a point for decimals, like 2.5 or 1000.' }
    if (/\d\s+[\d.]/.test(s)) return { ok: false, message: 'Remove the spaces inside the number.' }
    return { ok: false, message: NUMBER_EXAMPLE }
  }
  const fractionDigits = (m[3] ?? '').replace(/0+$/, '')
  let coefficient = BigInt((m[2] || '0') + fractionDigits)
  if (m[1] === '-') coefficient = -coefficient
  return { ok: true, value: { coefficient, scale: coefficient === 0n ? 0 : fractionDigits.length } }
}

/** -1, 0 or 1: exact comparison of two decimals. */
export function compareDecimals(a: ExactDecimal, b: ExactDecimal): -1 | 0 | 1 {
  const scale = Math.max(a.scale, b.scale)
  const l = a.coefficient * 10n ** BigInt(scale - a.scale)
  const r = b.coefficient * 10n ** BigInt(scale - b.scale)
  return l < r ? -1 : l > r ? 1 : 0
}

/** Plain decimal text ("2.5", "-0.25", "3"), for showing a NAT key or answer back. */
export function formatDecimal(d: ExactDecimal): string {
  const negative = d.coefficient < 0n
  const digits = absBig(d.coefficient)
    .toString()
    .padStart(d.scale + 1, '0')
  const whole = digits.slice(0, digits.length - d.scale)
  const fraction = d.scale > 0 ? `.${digits.slice(-d.scale)}` : ''
  return `${negative ? '-' : ''}${whole}${fraction}`
}

function readBound(bound: string | number): ExactDecimal | null {
  if (typeof bound === 'number' && !Number.isFinite(bound)) return null
  const r = parseNumericAnswer(typeof bound === 'number' ? String(bound) : bound)
  return r.ok ? r.value : null
}

// ---------------------------------------------------------------------------------------------------------------
// Questions, answers and scoring
// ---------------------------------------------------------------------------------------------------------------

export type QuestionType = 'mcq' | 'msq' | 'nat'

type QuestionCommon = {
  /** Awarded for a correct answer; > 0. */
  marks: Marks
  /** Taken off for a wrong (attempted) answer; >= 0, stored positive. 0 means no negative marking. */
  negativeMarks: Marks
  /** Optional grouping for the result page; missing or blank puts the question in the unnamed (null) group. */
  section?: string | null
  topic?: string | null
}

export type McqQuestion = QuestionCommon & { type: 'mcq'; correctOption: number }
export type MsqQuestion = QuestionCommon & { type: 'msq'; correctOptions: readonly number[] }
export type NatQuestion = QuestionCommon & { type: 'nat'; answerMin: string | number; answerMax: string | number }
export type Question = McqQuestion | MsqQuestion | NatQuestion

/**
 * A learner's answer. Each type reads its own field and ignores the others; a missing answer, a null field,
 * an empty MSQ selection or a blank numeric answer is unattempted.
 */
export type Answer = {
  selectedOption?: number | null
  selectedOptions?: readonly number[] | null
  numericAnswer?: string | null
}

export type Outcome = 'correct' | 'wrong' | 'unattempted'
export type QuestionScore = { earned: Marks; outcome: Outcome }

function isOption(n: unknown): n is number {
  return Number.isInteger(n) && (n as number) >= 0 && (n as number) < OPTION_COUNT
}

function marksProblem(m: Marks, what: string, positive: boolean): string | null {
  if (!m || !Number.isSafeInteger(m.num) || !Number.isSafeInteger(m.den) || m.den <= 0) return `${what} are not marks`
  if (positive ? m.num <= 0 : m.num < 0) return `${what} must be ${positive ? 'more than 0' : '0 or more'}`
  if (compareMarks(m, makeMarks(MARKS_MAX)) > 0) return `${what} can be at most ${MARKS_MAX}`
  if (!isStorableMarks(m)) return `${what} are not a whole number of 1/${MARKS_UNIT}`
  return null
}

/** What is wrong with a question's key or marks, in words, or null when it can be scored. */
export function questionProblem(q: Question): string | null {
  const marks = marksProblem(q.marks, 'Marks', true) ?? marksProblem(q.negativeMarks, 'Negative marks', false)
  if (marks) return marks
  switch (q.type) {
    case 'mcq':
      return isOption(q.correctOption) ? null : `The correct option must be 0 to ${OPTION_COUNT - 1}`
    case 'msq':
      if (!Array.isArray(q.correctOptions) || q.correctOptions.length === 0) return 'Mark at least one correct option'
      return q.correctOptions.every(isOption) ? null : `Correct options must be 0 to ${OPTION_COUNT - 1}`
    case 'nat': {
      const min = readBound(q.answerMin)
      const max = readBound(q.answerMax)
      if (!min || !max) return 'The answer range must be two plain numbers, like 2.5 and 2.6'
      return compareDecimals(min, max) <= 0 ? null : 'The lowest accepted answer is above the highest'
    }
    default:
      return `Unknown question type ${(q as { type: unknown }).type}`
  }
}

function sameOptionSet(chosen: readonly number[], correct: readonly number[]): boolean {
  const a = new Set(chosen)
  const b = new Set(correct)
  return a.size === b.size && [...a].every((o) => b.has(o))
}

function outcomeOf(q: Question, answer: Answer | null | undefined): Outcome {
  switch (q.type) {
    case 'mcq': {
      const selected = answer?.selectedOption
      if (selected === null || selected === undefined) return 'unattempted'
      return selected === q.correctOption ? 'correct' : 'wrong'
    }
    case 'msq': {
      const selected = answer?.selectedOptions
      if (!selected || selected.length === 0) return 'unattempted'
      return sameOptionSet(selected, q.correctOptions) ? 'correct' : 'wrong'
    }
    case 'nat': {
      const raw = answer?.numericAnswer
      const text = raw === null || raw === undefined ? '' : String(raw)
      if (text.trim() === '') return 'unattempted'
      const typed = parseNumericAnswer(text)
      if (!typed.ok) return 'wrong'
      const min = readBound(q.answerMin)!
      const max = readBound(q.answerMax)!
      return compareDecimals(min, typed.value) <= 0 && compareDecimals(typed.value, max) <= 0 ? 'correct' : 'wrong'
    }
  }
}

/**
 * One question's result. Correct: +marks. Wrong: -negativeMarks (for every type; JAM/GATE set 0 for MSQ and
 * NAT, an admin may set more). Unattempted: 0.
 * - MCQ: the chosen index equals the key. An index outside 0..3 can never be right, so it counts as wrong.
 * - MSQ: the chosen set equals the key's set exactly (order and duplicates ignored); a missing or extra option
 *   is wrong, there are no partial marks.
 * - NAT: the typed number lies in [answerMin, answerMax], both inclusive, compared as exact decimals. Typed text
 *   that parseNumericAnswer refuses (the page refuses it before saving) counts as wrong.
 * Throws an Error naming the problem when the question's key or marks are invalid (see questionProblem).
 */
export function scoreQuestion(question: Question, answer: Answer | null | undefined): QuestionScore {
  const problem = questionProblem(question)
  if (problem) throw new Error(`Cannot score this question: ${problem}.`)
  const outcome = outcomeOf(question, answer)
  const earned =
    outcome === 'correct' ? question.marks : outcome === 'wrong' ? negMarks(question.negativeMarks) : ZERO_MARKS
  return { earned, outcome }
}

export type ScoreSummary = {
  questions: number
  earned: Marks
  maxMarks: Marks
  correct: number
  wrong: number
  unattempted: number
  attempted: number
  /** correct / attempted, or null when nothing was attempted (exact: the two counts above). */
  accuracy: number | null
}

export type GroupScore = ScoreSummary & { key: string | null }

export type PaperQuestionScore = QuestionScore & {
  index: number
  maxMarks: Marks
  section: string | null
  topic: string | null
}

export type PaperScore = {
  total: Marks
  maxTotal: Marks
  results: PaperQuestionScore[]
  overall: ScoreSummary
  /** Sections in order of first appearance; questions without one form the `key: null` group. */
  sections: GroupScore[]
  /** Topics likewise. */
  topics: GroupScore[]
}

function groupKey(name: string | null | undefined): string | null {
  const trimmed = typeof name === 'string' ? name.trim() : ''
  return trimmed === '' ? null : trimmed
}

type Tally = Omit<ScoreSummary, 'accuracy' | 'attempted'>

function emptyTally(): Tally {
  return { questions: 0, earned: ZERO_MARKS, maxMarks: ZERO_MARKS, correct: 0, wrong: 0, unattempted: 0 }
}

function addToTally(t: Tally, r: PaperQuestionScore): void {
  t.questions += 1
  t.earned = addMarks(t.earned, r.earned)
  t.maxMarks = addMarks(t.maxMarks, r.maxMarks)
  t[r.outcome === 'correct' ? 'correct' : r.outcome === 'wrong' ? 'wrong' : 'unattempted'] += 1
}

function summarise(t: Tally): ScoreSummary {
  const attempted = t.correct + t.wrong
  return { ...t, attempted, accuracy: attempted === 0 ? null : t.correct / attempted }
}

/**
 * Scores a paper: `answers[i]` is the answer to `questions[i]` (missing entries are unattempted). The total is
 * the exact sum of every question's earned marks, so it always equals the sum of what the review shows.
 */
export function scorePaper(
  questions: readonly Question[],
  answers: readonly (Answer | null | undefined)[],
): PaperScore {
  if (answers.length > questions.length) throw new RangeError('scorePaper: more answers than questions')
  const overall = emptyTally()
  const sections = new Map<string | null, Tally>()
  const topics = new Map<string | null, Tally>()
  const results = questions.map((q, index): PaperQuestionScore => {
    const r: PaperQuestionScore = {
      ...scoreQuestion(q, answers[index]),
      index,
      maxMarks: q.marks,
      section: groupKey(q.section),
      topic: groupKey(q.topic),
    }
    addToTally(overall, r)
    for (const [groups, key] of [
      [sections, r.section],
      [topics, r.topic],
    ] as const) {
      let t = groups.get(key)
      if (!t) groups.set(key, (t = emptyTally()))
      addToTally(t, r)
    }
    return r
  })
  const list = (groups: Map<string | null, Tally>) => [...groups].map(([key, t]) => ({ key, ...summarise(t) }))
  return {
    total: overall.earned,
    maxTotal: overall.maxMarks,
    results,
    overall: summarise(overall),
    sections: list(sections),
    topics: list(topics),
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Marking schemes as data
// ---------------------------------------------------------------------------------------------------------------

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

/**
 * Presets an admin can apply to a paper (defaults per question type). JAM and GATE mix 1- and 2-mark questions
 * in one paper, so each has two presets. CUET PG and GAT-B papers are MCQ-only; their MSQ/NAT entries are this
 * app's choice (the exam's marks, no negative marking).
 */
export const MARKING_SCHEMES = Object.freeze({
  spec: Object.freeze({
    label: 'BioCoach default',
    note: 'Spec 1 §9: +1 right, -0.25 wrong, 0 unanswered (MSQ and NAT: +1, no negative marking).',
    mcq: typeMarks(ONE, makeMarks(1, 4)),
    msq: typeMarks(ONE, ZERO_MARKS),
    nat: typeMarks(ONE, ZERO_MARKS),
  }),
  jamGate1: Object.freeze({
    label: 'IIT JAM / GATE, 1-mark questions',
    note: 'MCQ -1/3 when wrong; MSQ (all and only the correct options) and NAT never negative.',
    mcq: typeMarks(ONE, makeMarks(1, 3)),
    msq: typeMarks(ONE, ZERO_MARKS),
    nat: typeMarks(ONE, ZERO_MARKS),
  }),
  jamGate2: Object.freeze({
    label: 'IIT JAM / GATE, 2-mark questions',
    note: 'MCQ -2/3 when wrong; MSQ (all and only the correct options) and NAT never negative.',
    mcq: typeMarks(TWO, makeMarks(2, 3)),
    msq: typeMarks(TWO, ZERO_MARKS),
    nat: typeMarks(TWO, ZERO_MARKS),
  }),
  cuetPg: Object.freeze({
    label: 'CUET PG',
    note: '+4 right, -1 wrong (the exam has MCQs only).',
    mcq: typeMarks(makeMarks(4), ONE),
    msq: typeMarks(makeMarks(4), ZERO_MARKS),
    nat: typeMarks(makeMarks(4), ZERO_MARKS),
  }),
  gatB: Object.freeze({
    label: 'GAT-B',
    note: '+3 right, -1 wrong (the exam has MCQs only).',
    mcq: typeMarks(makeMarks(3), ONE),
    msq: typeMarks(makeMarks(3), ZERO_MARKS),
    nat: typeMarks(makeMarks(3), ZERO_MARKS),
  }),
} satisfies Record<string, MarkingScheme>)

export type MarkingSchemeId = keyof typeof MARKING_SCHEMES

/** A quiz's own defaults per type (either field may be left out); a MarkingScheme fits. */
export type QuizMarkDefaults = Partial<Record<QuestionType, Partial<TypeMarks> | undefined>>

/**
 * Marks for a new question of `type`: the quiz's defaults where set, else the spec's (MCQ +1/-0.25, MSQ and
 * NAT +1/0).
 */
export function defaultMarksFor(type: QuestionType, quizDefaults?: QuizMarkDefaults | null): TypeMarks {
  const base = MARKING_SCHEMES.spec[type]
  const own = quizDefaults?.[type]
  return typeMarks(own?.marks ?? base.marks, own?.negativeMarks ?? base.negativeMarks)
}
