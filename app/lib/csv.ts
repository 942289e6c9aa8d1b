import Papa from 'papaparse'
import { compareDecimals, parseNumericAnswer } from '~/lib/quiz/numeric'
import { readBoundText } from '~/lib/quiz/numeric'
import { readMarkUnits } from '~/lib/quiz/marks'
import { type QuestionDraft } from '~/lib/quiz/quiz-input'

// CSV import of quiz questions: question, option 1-4, correct (1-4), explanation (optional).
// Optional exam columns follow the explanation, in this order: type (mcq | msq | nat, blank = mcq),
// marks, negative marks (blank = the type's default; exact: "1", "0.25", "1/3"), correct options (msq: the
// right options 1-4 separated by ';' or spaces, e.g. "1;3"), answer min, answer max (nat: the inclusive range),
// section, topic. NAT rows leave the options and the correct column blank; MSQ rows leave the correct column
// blank. The sample file public/samples/quiz-import-sample.csv shows every type.
// A header row is optional. Every bad row is reported with its line number; good rows are kept.

export type CsvRowError = { line: number; message: string }
/** The good rows' questions, the file line each came from (same order), and every bad row's problems. */
export type CsvResult = { questions: QuestionDraft[]; lines: number[]; errors: CsvRowError[] }

export const CSV_MAX_ROWS = 200

const isHeader = (cells: string[]) =>
  /^question/i.test(cells[0]?.trim() ?? '') && !/^[1-4]$/.test(cells[5]?.trim() ?? '') && !isType(cells[7])
const isType = (cell: string | undefined) => /^(mcq|msq|nat)$/i.test(cell?.trim() ?? '')

function aboveMax(min: string, max: string) {
  const a = parseNumericAnswer(min)
  const b = parseNumericAnswer(max)
  return a.ok && b.ok && compareDecimals(a.value, b.value) > 0
}

/** The columns in file order: the original seven, then the optional exam columns. */
export const CSV_COLUMNS = [
  'question',
  'option 1',
  'option 2',
  'option 3',
  'option 4',
  'correct',
  'explanation',
  'type',
  'marks',
  'negative marks',
  'correct options',
  'answer min',
  'answer max',
  'section',
  'topic',
] as const

export function parseQuestionsCsv(text: string): CsvResult {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false })
  const questions: QuestionDraft[] = []
  const lines: number[] = []
  const errors: CsvRowError[] = []
  let rows: Array<{ cells: string[]; line: number }> = []
  let line = 1
  for (const raw of parsed.data) {
    const cells = raw.map((c) => String(c ?? ''))
    const start = line
    // A quoted cell may span lines: the next row starts after every line break this row holds.
    line += 1 + cells.reduce((n, c) => n + (c.match(/\r\n|\n|\r/g)?.length ?? 0), 0)
    if (cells.every((c) => c.trim() === '')) continue
    rows.push({ cells, line: start })
  }
  if (rows.length && isHeader(rows[0].cells)) rows = rows.slice(1)
  if (rows.length === 0) return { questions, lines, errors: [{ line: 1, message: 'The file has no questions' }] }
  if (rows.length > CSV_MAX_ROWS)
    return {
      questions,
      lines,
      errors: [{ line: CSV_MAX_ROWS + 1, message: `At most ${CSV_MAX_ROWS} questions per file` }],
    }
  for (const { cells, line } of rows) {
    const [question = '', o1 = '', o2 = '', o3 = '', o4 = '', correct = '', explanation = '', ...extra] = cells.map(
      (c) => c.trim(),
    )
    const [
      typeCell = '',
      marks = '',
      negativeMarks = '',
      keyed = '',
      answerMin = '',
      answerMax = '',
      section = '',
      topic = '',
      ...rest
    ] = extra
    // An eighth cell that is not a type is what the 7-column format always called 'too many columns'.
    const knownType = typeCell === '' || isType(typeCell)
    const type = (knownType ? typeCell.toLowerCase() || 'mcq' : 'mcq') as 'mcq' | 'msq' | 'nat'
    const problems: string[] = []
    let correctOptions: number[] = []
    if (cells.length < 6)
      problems.push(`expected at least 6 columns (question, 4 options, correct), found ${cells.length}`)
    else {
      if (rest.some((c) => c !== '')) problems.push('too many columns')
      else if (!knownType) problems.push('too many columns')
      if (!question) problems.push('question is empty')
      if (type !== 'nat')
        [o1, o2, o3, o4].forEach((o, i) => {
          if (!o) problems.push(`option ${i + 1} is empty`)
        })
      if (type === 'mcq' && !/^[1-4]$/.test(correct)) problems.push('correct option must be 1, 2, 3 or 4')
      if (type === 'msq') {
        const parts = keyed.split(/[;\s,]+/).filter(Boolean)
        if (!parts.length || parts.some((p) => !/^[1-4]$/.test(p)) || new Set(parts).size !== parts.length)
          problems.push('correct options must be distinct numbers 1 to 4, like 1;3')
        else correctOptions = parts.map((p) => Number(p) - 1).sort((a, b) => a - b)
      }
      if (type === 'nat') {
        const min = readBoundText(answerMin)
        const max = readBoundText(answerMax)
        if (min === null || max === null) problems.push('answer min and answer max must be plain numbers, like 2.5')
        else if (aboveMax(min, max)) problems.push('answer min is above answer max')
      }
      for (const [value, positive, what] of [
        [marks, true, 'marks'],
        [negativeMarks, false, 'negative marks'],
      ] as const) {
        if (!value) continue
        const r = readMarkUnits(value, positive)
        if (!r.ok) problems.push(`${what}: ${r.message}`)
      }
      if (section.length > 100 || topic.length > 100) problems.push('section or topic is too long')
      if (question.length > 2000 || [o1, o2, o3, o4].some((o) => o.length > 500) || explanation.length > 2000)
        problems.push('text is too long')
    }
    if (problems.length) {
      errors.push({ line, message: problems.join('; ') })
      continue
    }
    const units = (v: string, positive: boolean) => {
      const r = v ? readMarkUnits(v, positive) : null
      return r?.ok ? r.units : undefined
    }
    lines.push(line)
    questions.push({
      questionText: question,
      options: type === 'nat' ? [] : [o1, o2, o3, o4],
      correctOption: type === 'mcq' ? Number(correct) - 1 : type === 'msq' ? correctOptions[0] : 0,
      ...(explanation ? { explanation } : {}),
      ...(typeCell ? { type } : {}),
      ...(marks ? { marks: units(marks, true) } : {}),
      ...(negativeMarks ? { negativeMarks: units(negativeMarks, false) } : {}),
      ...(type === 'msq' ? { correctOptions } : {}),
      ...(type === 'nat' ? { answerMin: readBoundText(answerMin)!, answerMax: readBoundText(answerMax)! } : {}),
      ...(section ? { section } : {}),
      ...(topic ? { topic } : {}),
    })
  }
  return { questions, lines, errors }
}
