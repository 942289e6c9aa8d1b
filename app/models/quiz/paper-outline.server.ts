import { formatMarks, marksFromStorage } from '~/lib/quiz/marks'
import { currentQuestionRows } from './catalog.server'

// A paper's outline before it opens (the live mock card, app/routes/quiz/attempt.tsx): per section, how many
// questions and how many marks. Counts only: no question text, option or key is selected, so the outline may reach
// a learner while the paper itself is still withheld (app/models/quiz/access.server.ts 'not-open').

export type OutlineSection = { name: string | null; questions: number; marks: string }

const marksText = (stored: number) => {
  const text = formatMarks(marksFromStorage(stored))
  return text.endsWith('.00') ? text.slice(0, -3) : text
}

/** The current paper's sections in paper order (questions without a section form one group named null). */
export async function paperOutline(quizId: string): Promise<OutlineSection[]> {
  const rows = await currentQuestionRows(quizId).select(['section', 'marks']).execute()
  const groups = new Map<string | null, { questions: number; marks: number }>()
  for (const row of rows) {
    const group = groups.get(row.section) ?? { questions: 0, marks: 0 }
    group.questions += 1
    group.marks += Number(row.marks)
    groups.set(row.section, group)
  }
  return [...groups].map(([name, g]) => ({ name, questions: g.questions, marks: marksText(g.marks) }))
}
