import { absBig } from './marks'

// Numeric answers (NAT questions), compared as exact decimals (decision 011): a learner's typed answer and the
// bounds of the accepted range. Pure.

/** Longest numeric answer accepted, in characters (after trimming). */
export const NUMERIC_ANSWER_MAX_LENGTH = 20

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

/** A NAT key bound as an exact decimal, or null when it is not a plain number. */
export function readBound(bound: string | number): ExactDecimal | null {
  if (typeof bound === 'number' && !Number.isFinite(bound)) return null
  const r = parseNumericAnswer(typeof bound === 'number' ? String(bound) : bound)
  return r.ok ? r.value : null
}

/** A NAT bound normalised to plain decimal text ("2.50" -> "2.5"), or null when it is not a plain number. */
export function readBoundText(input: string | number): string | null {
  if (typeof input === 'number' && !Number.isFinite(input)) return null
  const r = parseNumericAnswer(String(input))
  return r.ok ? formatDecimal(r.value) : null
}
