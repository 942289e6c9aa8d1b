import type { Difficulty } from '~/lib/bank/bank'
import { parseOptions } from '~/models/quiz/catalog.server'
import { db } from '~/utils/db.server'
import { onePage } from '~/utils/page.server'
import { bankQuestionsMatching, examsOf, type BankFilters } from './filters.server'

// The bank questions staff pick from for one paper (the 'Add questions from the bank' page): a page of those
// matching the filters, newest first, each with its stored HTML, its tags and whether the paper holds it already.

export const PICK_PAGE_SIZE = 20

export type PickableQuestion = {
  id: string
  html: string
  optionsHtml: string[]
  type: 'mcq' | 'msq' | 'nat'
  subject: string
  topic: string
  subtopic: string | null
  exams: string[]
  year: number | null
  difficulty: Difficulty
  /** The paper holds it now: shown, not offered. */
  inPaper: boolean
}

export async function bankQuestionsToPick({
  quizId,
  filters,
  page,
}: {
  quizId: string
  filters: BankFilters
  page: number
}): Promise<{ questions: PickableQuestion[]; total: number; page: number; pages: number }> {
  const counted = await bankQuestionsMatching(filters)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst()
  const total = Number(counted?.n ?? 0)
  const pages = Math.max(1, Math.ceil(total / PICK_PAGE_SIZE))
  const current = Math.min(Math.max(1, page), pages)
  const rows = await onePage(
    bankQuestionsMatching(filters)
      .select([
        'b.id',
        'b.subject',
        'b.topic',
        'b.subtopic',
        'b.year',
        'b.difficulty',
        'h.type',
        'h.question_html',
        'h.options_html',
      ])
      .orderBy('b.created_at', 'desc')
      .orderBy('b.id'),
    { page: current, pageSize: PICK_PAGE_SIZE },
  ).execute()
  const ids = rows.map((r) => r.id)
  const exams = await examsOf(ids)
  const held = ids.length
    ? new Set(
        (
          await db
            .selectFrom('questions')
            .select('bank_question_id')
            .where('quiz_id', '=', quizId)
            .where('archived_at', 'is', null)
            .where('bank_question_id', 'in', ids)
            .execute()
        ).map((r) => r.bank_question_id),
      )
    : new Set<string | null>()
  return {
    total,
    page: current,
    pages,
    questions: rows.map((r) => ({
      id: r.id,
      html: r.question_html,
      optionsHtml: parseOptions(r.options_html),
      type: r.type,
      subject: r.subject,
      topic: r.topic,
      subtopic: r.subtopic,
      exams: exams.get(r.id) ?? [],
      year: r.year == null ? null : Number(r.year),
      difficulty: r.difficulty,
      inPaper: held.has(r.id),
    })),
  }
}
