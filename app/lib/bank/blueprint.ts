import {
  BLUEPRINT_MAX,
  isDifficulty,
  readYear,
  TAG_MAX,
  type BlueprintLine,
  type Difficulty,
  type FieldProblem,
} from './bank'

// A paper's blueprint as staff send it (the page's fixed rows, the admin API's JSON list): read and checked here,
// once for both, every problem naming its field (`blueprint[1].count`). Drawing it is drawBlueprint's (./bank.ts).

/** Most lines one blueprint may have (the page shows 5; the API takes up to this many). */
export const BLUEPRINT_LINES_MAX = 20

/** The lines the page's blueprint form shows (JavaScript off: fixed rows, blank ones ignored). */
export const BLUEPRINT_FORM_LINES = 5

/** A line as sent: form text or JSON values, any field missing. */
export type BlueprintInput = {
  count?: unknown
  subject?: unknown
  topic?: unknown
  exam?: unknown
  year?: unknown
  difficulty?: unknown
}

const FIELDS = ['count', 'subject', 'topic', 'exam', 'year', 'difficulty'] as const

const blank = (v: unknown) => v == null || (typeof v === 'string' && !v.trim())

/** A form row with nothing typed or chosen in it. */
export const isBlankLine = (row: BlueprintInput) => FIELDS.every((k) => blank(row[k]))

/**
 * Checks a blueprint's lines. `skipBlank`: rows with nothing in them are left out (the page's spare rows); `rows`
 * then gives each kept line's index in `input`, so a refusal can name the row staff typed it in. Exams must be
 * names from `knownExams`.
 */
export function readBlueprint(
  input: unknown,
  knownExams: readonly string[],
  { skipBlank = false }: { skipBlank?: boolean } = {},
): { ok: true; lines: BlueprintLine[]; rows: number[] } | { ok: false; problems: FieldProblem[] } {
  if (!Array.isArray(input))
    return { ok: false, problems: [{ field: 'blueprint', message: 'The blueprint must be a list of lines' }] }
  if (input.length > BLUEPRINT_LINES_MAX)
    return {
      ok: false,
      problems: [{ field: 'blueprint', message: `A blueprint has at most ${BLUEPRINT_LINES_MAX} lines` }],
    }
  const problems: FieldProblem[] = []
  const lines: BlueprintLine[] = []
  const rows: number[] = []
  input.forEach((raw: unknown, i) => {
    const at = `blueprint[${i}]`
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      problems.push({ field: at, message: `Line ${i + 1} must be an object with count and tags` })
      return
    }
    const row = raw as BlueprintInput
    if (skipBlank && isBlankLine(row)) return
    const line = readLine(row, at, i, knownExams, problems)
    if (line) {
      lines.push(line)
      rows.push(i)
    }
  })
  if (problems.length) return { ok: false, problems }
  const whole = checkBlueprint(lines)
  return whole ? { ok: false, problems: [whole] } : { ok: true, lines, rows }
}

function readLine(
  row: BlueprintInput,
  at: string,
  i: number,
  knownExams: readonly string[],
  problems: FieldProblem[],
): BlueprintLine | null {
  const before = problems.length
  const count = readCount(row.count)
  if (count === null)
    problems.push({ field: `${at}.count`, message: `Line ${i + 1}: how many questions, a whole number from 1` })
  const text = (field: 'subject' | 'topic' | 'exam') => {
    const v = row[field]
    if (blank(v)) return undefined
    if (typeof v !== 'string') {
      problems.push({ field: `${at}.${field}`, message: `Line ${i + 1}: ${field} must be text` })
      return undefined
    }
    if (v.trim().length > TAG_MAX)
      problems.push({
        field: `${at}.${field}`,
        message: `Line ${i + 1}: ${field} is longer than ${TAG_MAX} characters`,
      })
    return v.trim()
  }
  const subject = text('subject')
  const topic = text('topic')
  const exam = text('exam')
  if (exam !== undefined && !knownExams.includes(exam))
    problems.push({ field: `${at}.exam`, message: `Line ${i + 1}: unknown exam '${exam.slice(0, 60)}'` })
  const year = readYear(row.year, problems, `${at}.year`)
  const difficulty = blank(row.difficulty) ? undefined : row.difficulty
  if (difficulty !== undefined && !isDifficulty(difficulty))
    problems.push({ field: `${at}.difficulty`, message: `Line ${i + 1}: difficulty must be easy, medium or hard` })
  if (problems.length > before) return null
  return {
    count: count!,
    ...(subject ? { subject } : {}),
    ...(topic ? { topic } : {}),
    ...(exam ? { exam } : {}),
    ...(year !== null ? { year } : {}),
    ...(difficulty ? { difficulty: difficulty as Difficulty } : {}),
  }
}

function readCount(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d{1,6}\s*$/.test(v) ? Number(v) : NaN
  return Number.isInteger(n) && n >= 1 ? n : null
}

/**
 * The rules of a blueprint as a whole: 1 to BLUEPRINT_LINES_MAX lines, each of at least one question, together at
 * most BLUEPRINT_MAX. Null when it keeps them.
 */
export function checkBlueprint(lines: readonly BlueprintLine[]): FieldProblem | null {
  if (!lines.length) return { field: 'blueprint', message: 'Fill in at least one line of the blueprint' }
  if (lines.length > BLUEPRINT_LINES_MAX)
    return { field: 'blueprint', message: `A blueprint has at most ${BLUEPRINT_LINES_MAX} lines` }
  const bad = lines.findIndex((l) => !Number.isInteger(l.count) || l.count < 1)
  if (bad >= 0)
    return { field: `blueprint[${bad}].count`, message: `Line ${bad + 1}: how many questions, a whole number from 1` }
  const total = lines.reduce((sum, l) => sum + l.count, 0)
  if (total > BLUEPRINT_MAX)
    return {
      field: 'blueprint',
      message: `A blueprint draws at most ${BLUEPRINT_MAX} questions (this one asks for ${total})`,
    }
  return null
}

/**
 * Why a line cannot be drawn: `line` 0-based, `available` the matching questions still free for it, `matching`
 * all that match it (the paper's own and retired ones left out); fewer free than matching means other lines took
 * the rest.
 */
export function shortLineMessage({
  line,
  count,
  available,
  matching,
}: {
  line: number
  count: number
  available: number
  matching: number
}) {
  const questions = available === 1 ? 'question' : 'questions'
  return (
    `Line ${line + 1} asks for ${count} but the bank has ${available} matching ${questions} not already in this ` +
    `paper${available < matching ? ' or drawn by another line' : ''}`
  )
}
