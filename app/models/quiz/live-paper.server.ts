import type { Kysely } from 'kysely'
import type { Database } from '#db/schema'
import { savedInTime } from '~/lib/quiz/clock'
import { scorePaper, type Answer } from '~/lib/quiz/scoring'

type Score = ReturnType<typeof scorePaper>
import { db } from '~/utils/db.server'
import { parseOptionIndexes } from './catalog.server'
import { scorableQuestion, scoringColumns } from './paper.server'

// The key columns of a live mock's whole paper, beside ./paper.server.ts (which scores one attempt): every ranked
// attempt scored in one pass (section ranks, the re-score) and a key correction carried to the versions the
// attempts were shown (app/models/quiz/live-rescore.server.ts).

/** How many attempts' answers rankedPaperScores reads at once. */
const SCORE_BATCH = 500

/**
 * The score of every submitted ranked attempt of a quiz, each against the questions it was shown (decision 002)
 * with the answers saved by deadline + grace, as paperScore scores one: two reads for the whole quiz and one per 500
 * attempts instead of two per attempt, so a live mock's section ranks over thousands of attempts take seconds
 * (app/models/quiz/live-results.server.ts).
 */
export async function rankedPaperScores(quizId: string, conn: Kysely<Database> = db) {
  const [attempts, questions] = await Promise.all([
    conn
      .selectFrom('attempts')
      .select(['id', 'started_at', 'deadline_at'])
      .where('quiz_id', '=', quizId)
      .where('mode', '=', 'ranked')
      .where('submitted_at', 'is not', null)
      .orderBy('id')
      .execute(),
    conn
      .selectFrom('questions')
      .select([...scoringColumns, 'created_at', 'archived_at', 'position'])
      .where('quiz_id', '=', quizId)
      .orderBy('position')
      .orderBy('created_at')
      .execute(),
  ])
  const scorable = questions.map((q) => ({ row: q, question: scorableQuestion(q) }))
  // The same filter as questionsShownAt, once per distinct start.
  const shownAt = new Map<string, typeof scorable>()
  const shown = (startedAt: string) => {
    let list = shownAt.get(startedAt)
    if (!list)
      shownAt.set(
        startedAt,
        (list = scorable.filter(
          (q) => q.row.created_at <= startedAt && (q.row.archived_at === null || q.row.archived_at > startedAt),
        )),
      )
    return list
  }
  // The answers are read a batch of attempts at a time: 10,000 learners' answers at once (200,000 rows and their
  // maps) ran a 160 MB heap out on an exam day, beside the requests still arriving (`npm run bench`, spike).
  // Only what the callers read is kept of each score (its total and section marks): the per-question results of
  // 10,000 attempts are 600,000 objects.
  const scores: {
    attemptId: string
    total: Score['total']
    sections: { key: string | null; earned: Score['total'] }[]
  }[] = []
  for (let from = 0; from < attempts.length; from += SCORE_BATCH) {
    const batch = attempts.slice(from, from + SCORE_BATCH)
    const answers = await conn
      .selectFrom('attempt_answers')
      .select(['attempt_id', 'question_id', 'selected_option', 'selected_options', 'numeric_answer', 'saved_at'])
      .where(
        'attempt_id',
        'in',
        batch.map((a) => a.id),
      )
      .execute()
    const deadlines = new Map(batch.map((a) => [a.id, a.deadline_at]))
    const byAttempt = new Map<string, Map<string, Answer>>()
    for (const a of answers) {
      if (!savedInTime(a.saved_at, deadlines.get(a.attempt_id) ?? null)) continue
      let m = byAttempt.get(a.attempt_id)
      if (!m) byAttempt.set(a.attempt_id, (m = new Map()))
      m.set(a.question_id, {
        selectedOption: a.selected_option,
        selectedOptions: parseOptionIndexes(a.selected_options),
        numericAnswer: a.numeric_answer,
      })
    }
    for (const a of batch) {
      const paper = shown(a.started_at)
      const mine = byAttempt.get(a.id)
      const score = scorePaper(
        paper.map((q) => q.question),
        paper.map((q) => mine?.get(q.row.id) ?? null),
      )
      scores.push({
        attemptId: a.id,
        total: score.total,
        sections: score.sections.map((x) => ({ key: x.key, earned: x.earned })),
      })
    }
  }
  return scores
}

/**
 * A live mock's key correction carried to the versions its attempts were shown (app/models/quiz/live-rescore.server.ts):
 * a question corrected in the editor is a new version (decision 002), so the attempts of the window still read
 * the old key. For a live mock the correction is meant for everyone who sat it: the key and marking columns of
 * each older version of the paper are set to those of its current version (the same bank question, the same
 * type); the text and HTML stay as shown. Returns how many versions changed (0 when nothing was corrected since).
 */
export async function carryCorrectedKeys(trx: Kysely<Database>, quizId: string): Promise<number> {
  const keyOf = (q: {
    correct_option: number
    correct_options: string | null
    answer_min: string | null
    answer_max: string | null
    marks: number
    negative_marks: number
  }) =>
    JSON.stringify([
      q.correct_option,
      q.correct_options,
      q.answer_min,
      q.answer_max,
      Number(q.marks),
      Number(q.negative_marks),
    ])
  const rows = await trx
    .selectFrom('questions')
    .select([...scoringColumns, 'archived_at', 'bank_question_id'])
    .where('quiz_id', '=', quizId)
    .where('bank_question_id', 'is not', null)
    .execute()
  const current = new Map(rows.filter((r) => r.archived_at === null).map((r) => [r.bank_question_id!, r]))
  let changed = 0
  for (const old of rows) {
    const now = old.archived_at === null ? undefined : current.get(old.bank_question_id!)
    if (!now || now.type !== old.type || keyOf(now) === keyOf(old)) continue
    await trx
      .updateTable('questions')
      .set({
        correct_option: now.correct_option,
        correct_options: now.correct_options,
        answer_min: now.answer_min,
        answer_max: now.answer_max,
        marks: now.marks,
        negative_marks: now.negative_marks,
      })
      .where('id', '=', old.id)
      .execute()
    changed += 1
  }
  return changed
}

/** Whether a live mock has a key correction not yet carried to the versions its attempts were shown. */
export async function hasUncarriedCorrection(quizId: string, conn: Kysely<Database> = db): Promise<boolean> {
  const rows = await conn
    .selectFrom('questions as old')
    .innerJoin('questions as cur', (j) =>
      j
        .onRef('cur.bank_question_id', '=', 'old.bank_question_id')
        .onRef('cur.quiz_id', '=', 'old.quiz_id')
        .onRef('cur.type', '=', 'old.type'),
    )
    .select('old.id')
    .where('old.quiz_id', '=', quizId)
    .where('old.archived_at', 'is not', null)
    .where('cur.archived_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('cur.correct_option', '!=', eb.ref('old.correct_option')),
        eb(eb.fn.coalesce('cur.correct_options', eb.val('')), '!=', eb.fn.coalesce('old.correct_options', eb.val(''))),
        eb(eb.fn.coalesce('cur.answer_min', eb.val('')), '!=', eb.fn.coalesce('old.answer_min', eb.val(''))),
        eb(eb.fn.coalesce('cur.answer_max', eb.val('')), '!=', eb.fn.coalesce('old.answer_max', eb.val(''))),
        eb('cur.marks', '!=', eb.ref('old.marks')),
        eb('cur.negative_marks', '!=', eb.ref('old.negative_marks')),
      ]),
    )
    .limit(1)
    .execute()
  return rows.length > 0
}
