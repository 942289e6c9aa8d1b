// The question palette's rules (decision 010): which of the five CBT states a question is in, how many are in
// each, the counters beside the palette, how the palette is grouped by section and what each cell is called and
// links to. Pure: the test view draws these, the no-JS confirmation page counts with them, tests pin them.

/** What the palette knows of a learner's answer to one question. */
export type PaletteAnswer = {
  selectedOption: number | null
  selectedOptions?: number[]
  numericAnswer?: string | null
  markedForReview: boolean
  /** Shown at least once (a row on the server): Not Answered rather than Not Visited. */
  visited?: boolean
}

/** The five CBT palette states. Answered & Marked for Review is evaluated (its answer counts). */
export type PaletteState = 'notVisited' | 'notAnswered' | 'answered' | 'marked' | 'answeredMarked'

/** The legend's and the summary's order. */
export const PALETTE_STATES: readonly PaletteState[] = [
  'notVisited',
  'notAnswered',
  'answered',
  'marked',
  'answeredMarked',
]

export const STATE_LABEL: Record<PaletteState, string> = {
  notVisited: 'Not Visited',
  notAnswered: 'Not Answered',
  answered: 'Answered',
  marked: 'Marked for Review',
  answeredMarked: 'Answered & Marked for Review (evaluated)',
}

/** A shape per state beside its colour, so neither the palette nor its legend is colour alone. */
export const STATE_MARK: Record<PaletteState, string> = {
  notVisited: '',
  notAnswered: '✕',
  answered: '✓',
  marked: '?',
  answeredMarked: '✓?',
}

/** An answer is given when an option is chosen, an MSQ option ticked, or a numeric answer typed. */
export function isAnswerGiven(a: PaletteAnswer | undefined): boolean {
  return !!a && (a.selectedOption !== null || (a.selectedOptions?.length ?? 0) > 0 || !!a.numericAnswer?.trim())
}

/**
 * The mark wins over the answer (marked, or answered and marked); then answered; then a question seen (or on
 * screen now: `current`) is Not Answered, one never shown Not Visited.
 */
export function paletteState(a: PaletteAnswer | undefined, current = false): PaletteState {
  const answered = isAnswerGiven(a)
  if (a?.markedForReview) return answered ? 'answeredMarked' : 'marked'
  if (answered) return 'answered'
  return a?.visited || current ? 'notAnswered' : 'notVisited'
}

export type StateCounts = Record<PaletteState, number>

/** Questions per palette state; `currentId` is the question on screen (seen, so never Not Visited). */
export function stateCounts(
  questions: readonly { id: string }[],
  answers: Readonly<Record<string, PaletteAnswer>>,
  currentId?: string,
): StateCounts {
  const counts: StateCounts = { notVisited: 0, notAnswered: 0, answered: 0, marked: 0, answeredMarked: 0 }
  for (const q of questions) counts[paletteState(answers[q.id], q.id === currentId)] += 1
  return counts
}

/** The counters above the palette: Attempted (an answer given), Remaining (the rest), Marked (any mark). */
export function progressCounts(counts: StateCounts) {
  const total = PALETTE_STATES.reduce((sum, s) => sum + counts[s], 0)
  const attempted = counts.answered + counts.answeredMarked
  return { attempted, remaining: total - attempted, marked: counts.marked + counts.answeredMarked }
}

/** The palette heading of questions that have no section, when others have one. */
export const NO_SECTION_HEADING = 'Other questions'

export type PaletteGroup = {
  /** The section, or null for questions without one. */
  name: string | null
  /** Indexes into the questions, in paper order. */
  indexes: number[]
  /** The group's heading and its navigation's name; no heading when the paper has no sections at all. */
  heading: string | null
  navLabel: string
}

/** Sections in order of first appearance, each with its questions' indexes; one unnamed group when none. */
export function paletteGroups(questions: readonly { section?: string | null }[]): PaletteGroup[] {
  const groups: { name: string | null; indexes: number[] }[] = []
  questions.forEach((q, i) => {
    const name = q.section ?? null
    let g = groups.find((x) => x.name === name)
    if (!g) groups.push((g = { name, indexes: [] }))
    g.indexes.push(i)
  })
  const hasSections = groups.some((g) => g.name !== null)
  return groups.map((g) => {
    const heading = hasSections ? (g.name ?? NO_SECTION_HEADING) : null
    return { ...g, heading, navLabel: heading ? `Question Navigation: ${heading}` : 'Question Navigation' }
  })
}

/** A palette cell's accessible name: its number, its state, and whether it is on screen. */
export function cellLabel(index: number, state: PaletteState, current: boolean): string {
  return `Question ${index + 1}, ${STATE_LABEL[state]}${current ? ', current' : ''}`
}

/**
 * Where a palette cell links (1-based `?q=`). Without JavaScript the link also tells the server which question
 * it leaves and since when that question was shown (`shownAt`), so the time spent on it is recorded.
 */
export function paletteHref(target: number, current: number, shownAt?: string): string {
  return shownAt && target !== current
    ? `?q=${target + 1}&from=${current + 1}&shown=${encodeURIComponent(shownAt)}`
    : `?q=${target + 1}`
}
