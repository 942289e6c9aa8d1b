// The question bank's rules that need no database (docs/decisions/027-question-bank.md). Pure; shared by the
// staff pages, the admin API, the practice builder and their tests.

/**
 * The quiz whose rows are the bank's own current versions (migrations/0018). It is never a paper: every quiz list,
 * page and API answer leaves it out (isPaperId), and practice from the bank is an attempt of its rows.
 */
export const BANK_QUIZ_ID = 'question-bank'

/** Whether a quiz id names a paper (anything but the bank's own quiz). */
export const isPaperId = (quizId: string) => quizId !== BANK_QUIZ_ID

export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const
export type Difficulty = (typeof DIFFICULTIES)[number]
export const isDifficulty = (v: unknown): v is Difficulty => DIFFICULTIES.includes(v as Difficulty)

/** The earliest and latest exam year a question may carry (a PYQ's year). */
export const YEAR_MIN = 1990
export const YEAR_MAX = 2100

export const TAG_MAX = 120
export const SOURCE_MAX = 300

/** A bank question's tags as pages and the API show them. */
export type BankTags = {
  subject: string
  topic: string
  subtopic: string | null
  exams: string[]
  year: number | null
  difficulty: Difficulty
  source: string | null
}

/** A refusal that names the field it is about (pages put it under the field, the API returns it as is). */
export type FieldProblem = { field: string; message: string }

/** Reads tags from form or JSON values; every problem names its field. `exams` must be names from `knownExams`. */
export function readTags(
  input: {
    subject?: unknown
    topic?: unknown
    subtopic?: unknown
    exams?: unknown
    year?: unknown
    difficulty?: unknown
    source?: unknown
  },
  knownExams: readonly string[],
): { ok: true; tags: BankTags } | { ok: false; problems: FieldProblem[] } {
  const problems: FieldProblem[] = []
  const text = (field: string, value: unknown, max: number, required: boolean) => {
    const v = typeof value === 'string' ? value.trim() : value == null ? '' : null
    if (v === null) {
      problems.push({ field, message: `${label(field)} must be text` })
      return ''
    }
    if (required && !v) problems.push({ field, message: `${label(field)} is required` })
    if (v.length > max) problems.push({ field, message: `${label(field)} must be at most ${max} characters` })
    return v
  }
  const subject = text('subject', input.subject, TAG_MAX, true)
  const topic = text('topic', input.topic, TAG_MAX, true)
  const subtopic = text('subtopic', input.subtopic, TAG_MAX, false) || null
  const source = text('source', input.source, SOURCE_MAX, false) || null
  const exams = readExams(input.exams, knownExams, problems)
  const year = readYear(input.year, problems)
  const difficulty = input.difficulty == null || input.difficulty === '' ? 'medium' : input.difficulty
  if (!isDifficulty(difficulty))
    problems.push({ field: 'difficulty', message: 'Difficulty must be easy, medium or hard' })
  if (problems.length) return { ok: false, problems }
  return { ok: true, tags: { subject, topic, subtopic, exams, year, difficulty: difficulty as Difficulty, source } }
}

function readExams(value: unknown, known: readonly string[], problems: FieldProblem[]): string[] {
  const list = value == null || value === '' ? [] : Array.isArray(value) ? value : [value]
  const names: string[] = []
  for (const v of list) {
    if (typeof v !== 'string') {
      problems.push({ field: 'exams', message: 'Exams must be a list of exam names' })
      return []
    }
    const name = v.trim()
    if (!name) continue
    if (!known.includes(name)) {
      problems.push({ field: 'exams', message: `Unknown exam '${name.slice(0, 60)}': add it to the exam list first` })
      continue
    }
    if (!names.includes(name)) names.push(name)
  }
  return names
}

/** A year from a form ('' = none) or JSON (null = none). */
export function readYear(value: unknown, problems: FieldProblem[], field = 'year'): number | null {
  if (value == null || value === '') return null
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d{4}$/.test(value.trim()) ? Number(value) : NaN
  if (!Number.isInteger(n) || n < YEAR_MIN || n > YEAR_MAX) {
    problems.push({ field, message: `Year must be a year between ${YEAR_MIN} and ${YEAR_MAX}` })
    return null
  }
  return n
}

function label(field: string) {
  return field.charAt(0).toUpperCase() + field.slice(1)
}

/** One line of a blueprint: how many questions, and the tags they must have (each optional). */
export type BlueprintLine = {
  count: number
  subject?: string
  topic?: string
  exam?: string
  year?: number
  difficulty?: Difficulty
}

/** Most questions one blueprint draws (a paper of 200 is already longer than any exam we prepare for). */
export const BLUEPRINT_MAX = 300

/**
 * Draws a blueprint without repeats: each line takes `count` of its candidates (ids matching the line's tags, the
 * paper's own and retired ones already left out) that no other line took. Lines with fewer candidates choose
 * first, so a narrow line ('4 medium Genetics') is not starved by a wide one ('8 Genetics') drawn before it.
 * Refused whole, naming the first line (0-based) that is short. `random` is injectable for tests.
 */
export function drawBlueprint(
  lines: readonly BlueprintLine[],
  candidates: readonly (readonly string[])[],
  random: () => number = Math.random,
): { ok: true; ids: string[] } | { ok: false; line: number; available: number } {
  const chosen = new Set<string>()
  const picks: string[][] = lines.map(() => [])
  const order = lines.map((_, i) => i).sort((a, b) => candidates[a].length - candidates[b].length || a - b)
  for (const i of order) {
    const free = shuffle(
      candidates[i].filter((id) => !chosen.has(id)),
      random,
    )
    if (free.length < lines[i].count) return { ok: false, line: i, available: free.length }
    for (const id of free.slice(0, lines[i].count)) {
      chosen.add(id)
      picks[i].push(id)
    }
  }
  return { ok: true, ids: picks.flat() }
}

/** Fisher-Yates on a copy. */
export function shuffle<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[out[i], out[j]] = [out[j], out[i]]
  }
  return out
}

/**
 * How well a question separates strong from weak learners: the point-biserial correlation between answering it
 * right (1/0) and the learner's score on the paper (as a share of its maximum), over every submitted ranked
 * attempt that was shown it. -1..1; above 0.3 separates well, below 0.1 hardly at all, below 0 the strong get it
 * wrong more often (look at the key). Null below 5 learners or when everyone scored alike.
 */
export function separation(points: readonly { correct: boolean; share: number; n?: number }[]): number | null {
  // `n`: how many learners the point stands for (default 1), so figures grouped in SQL by score need no expanding.
  const n = points.reduce((t, p) => t + (p.n ?? 1), 0)
  if (n < 5) return null
  let sx = 0
  let sy = 0
  let sxy = 0
  let syy = 0
  for (const p of points) {
    const w = p.n ?? 1
    const x = p.correct ? 1 : 0
    sx += w * x
    sy += w * p.share
    sxy += w * x * p.share
    syy += w * p.share * p.share
  }
  const varX = n * sx - sx * sx
  const varY = n * syy - sy * sy
  if (varX <= 0 || varY <= 1e-12) return null
  return (n * sxy - sx * sy) / Math.sqrt(varX * varY)
}

/** What staff read beside the separation figure. */
export function separationLabel(value: number | null): string {
  if (value === null) return 'Too few answers'
  if (value < 0) return 'Strong learners miss it: check the key'
  if (value < 0.1) return 'Hardly separates'
  if (value < 0.3) return 'Separates somewhat'
  return 'Separates well'
}
