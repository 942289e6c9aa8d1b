// Exact marks for mock tests (decision 011): the rational type, its storage as one integer, and reading marks
// as an admin types them or a JSON client sends them.
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
// Pure: no database, no clock; pages, the API and the tests share it.

/** Storage unit: the database stores marks as an integer count of 1/MARKS_UNIT of a mark. */
export const MARKS_UNIT = 30_000
/** Largest marks or negative marks one question may carry. */
export const MARKS_MAX = 1000
/** Decimal places allowed when typing marks (1/10000 is 3 units). */
export const MARKS_MAX_DECIMALS = 4
/** Longest marks input accepted, in characters (after trimming). */
export const MARKS_INPUT_MAX_LENGTH = 20

// ---------------------------------------------------------------------------------------------------------------
// The exact rational type
// ---------------------------------------------------------------------------------------------------------------

/** An exact number of marks: integers, den > 0, reduced by gcd, sign on num (0 is { num: 0, den: 1 }). */
export type Marks = { readonly num: number; readonly den: number }

const UNIT = BigInt(MARKS_UNIT)

export function absBig(n: bigint): bigint {
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

/** The exact text an admin would type for these marks ("2", "0.25", "1/3"): readMarks reads it back exactly. */
export function marksText(m: Marks): string {
  if (m.den === 1) return String(m.num)
  let den = m.den
  let places = 0
  while (den % 10 === 0 || den % 2 === 0 || den % 5 === 0) {
    if (den % 10 === 0) den /= 10
    else if (den % 2 === 0) den /= 2
    else den /= 5
    places++
    if (places > 4) break
  }
  if (den === 1 && places <= 4) {
    const scaled = (m.num * 10 ** places) / m.den
    const sign = scaled < 0 ? '-' : ''
    const digits = String(Math.abs(scaled)).padStart(places + 1, '0')
    return `${sign}${digits.slice(0, -places)}.${digits.slice(-places)}`.replace(/\.?0+$/, '')
  }
  return `${m.num}/${m.den}`
}

/** Marks (or negative marks) read exactly into storage units, or the message for the field. */
export function readMarkUnits(
  input: string | number,
  positive: boolean,
): { ok: true; units: number } | { ok: false; message: string } {
  const r = readMarks(input, { positive, what: positive ? 'Marks' : 'Negative marks' })
  return r.ok ? { ok: true, units: marksToStorage(r.value) } : r
}
