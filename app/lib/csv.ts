import Papa from 'papaparse'
import type { QuestionDraft } from '~/schemas/admin-quiz'

// CSV import of quiz questions (issue 6 §6): question, option 1-4, correct (1-4), explanation (optional).
// A header row is optional. Every bad row is reported with its line number; good rows are kept.

export type CsvRowError = { line: number; message: string }
export type CsvResult = { questions: QuestionDraft[]; errors: CsvRowError[] }

export const CSV_MAX_ROWS = 200

const isHeader = (cells: string[]) =>
  /^question/i.test(cells[0]?.trim() ?? '') && !/^[1-4]$/.test(cells[5]?.trim() ?? '')

export function parseQuestionsCsv(text: string): CsvResult {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false })
  const questions: QuestionDraft[] = []
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
  if (rows.length === 0) return { questions, errors: [{ line: 1, message: 'The file has no questions' }] }
  if (rows.length > CSV_MAX_ROWS)
    return { questions, errors: [{ line: CSV_MAX_ROWS + 1, message: `At most ${CSV_MAX_ROWS} questions per file` }] }
  for (const { cells, line } of rows) {
    const [question = '', o1 = '', o2 = '', o3 = '', o4 = '', correct = '', explanation = '', ...rest] = cells.map(
      (c) => c.trim(),
    )
    const problems: string[] = []
    if (cells.length < 6)
      problems.push(`expected at least 6 columns (question, 4 options, correct), found ${cells.length}`)
    else {
      if (rest.some((c) => c !== '')) problems.push('too many columns')
      if (!question) problems.push('question is empty')
      ;[o1, o2, o3, o4].forEach((o, i) => {
        if (!o) problems.push(`option ${i + 1} is empty`)
      })
      if (!/^[1-4]$/.test(correct)) problems.push('correct option must be 1, 2, 3 or 4')
      if (question.length > 2000 || [o1, o2, o3, o4].some((o) => o.length > 500) || explanation.length > 2000)
        problems.push('text is too long')
    }
    if (problems.length) {
      errors.push({ line, message: problems.join('; ') })
      continue
    }
    questions.push({
      questionText: question,
      options: [o1, o2, o3, o4],
      correctOption: Number(correct) - 1,
      ...(explanation ? { explanation } : {}),
    })
  }
  return { questions, errors }
}
