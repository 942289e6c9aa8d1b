import { UNNAMED_TOPIC, type GroupScore, type Outcome } from './scoring'

// The rules of revising: which questions go into a practice set, which count as mistakes, and accuracy per topic
// across a learner's tests (/practice, /profile/progress). Pure.

/** Questions in one practice set at most: a set is one sitting, and the post carries every id. */
export const PRACTICE_SET_MAX = 50

/**
 * The questions a 'Start practice' post asks for: each id once, in the order listed, the first PRACTICE_SET_MAX of
 * them. Whether the learner may practise them is the model's check, on every id.
 */
export function practiceSelection(ids: readonly string[]): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const id of ids) {
    if (out.length === PRACTICE_SET_MAX) break
    if (seen.has(id)) continue
    seen.add(id)
    out.push(id)
  }
  return out
}

/** A mistake is a question got wrong or left unanswered (never seen or seen and left blank). */
export const isMistake = (outcome: Outcome) => outcome !== 'correct'

/**
 * The name a topic is shown, filtered and grouped by: the trimmed topic, or the result page's name for questions
 * without one ('Other'). A topic literally called 'Other' is the same group, as it is on the result page's table.
 */
export function topicName(topic: string | null | undefined): string {
  const trimmed = typeof topic === 'string' ? topic.trim() : ''
  return trimmed === '' ? UNNAMED_TOPIC : trimmed
}

export type TopicAccuracy = {
  topic: string
  questions: number
  correct: number
  wrong: number
  unattempted: number
  attempted: number
  /** correct / attempted, the result page's accuracy; null when nothing in the topic was attempted. */
  accuracy: number | null
}

/**
 * Accuracy per topic across papers (each paper's per-topic groups, scorePaper's `topics`): the counts summed over
 * every paper, accuracy = correct / attempted as on the result page. Weakest first: topics with nothing attempted,
 * then the lowest accuracy (compared exactly, as fractions), then more wrong answers, then the name.
 */
export function topicAccuracy(
  papers: readonly (readonly Pick<GroupScore, 'key' | 'questions' | 'correct' | 'wrong' | 'unattempted'>[])[],
): TopicAccuracy[] {
  const byName = new Map<string, Omit<TopicAccuracy, 'attempted' | 'accuracy'>>()
  for (const groups of papers)
    for (const g of groups) {
      const topic = topicName(g.key)
      const t = byName.get(topic) ?? { topic, questions: 0, correct: 0, wrong: 0, unattempted: 0 }
      t.questions += g.questions
      t.correct += g.correct
      t.wrong += g.wrong
      t.unattempted += g.unattempted
      byName.set(topic, t)
    }
  const list = [...byName.values()].map((t) => {
    const attempted = t.correct + t.wrong
    return { ...t, attempted, accuracy: attempted === 0 ? null : t.correct / attempted }
  })
  return list.sort(weakestFirst)
}

function weakestFirst(a: TopicAccuracy, b: TopicAccuracy): number {
  if (a.attempted === 0 || b.attempted === 0) {
    if (a.attempted !== b.attempted) return a.attempted === 0 ? -1 : 1
  } else {
    // a.correct / a.attempted vs b.correct / b.attempted, in integers.
    const diff = a.correct * b.attempted - b.correct * a.attempted
    if (diff !== 0) return diff
  }
  if (a.wrong !== b.wrong) return b.wrong - a.wrong
  return a.topic < b.topic ? -1 : a.topic > b.topic ? 1 : 0
}
