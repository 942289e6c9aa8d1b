import type { Kysely, Transaction } from 'kysely'
import type { Database } from '#db/schema'
import { BANK_QUIZ_ID, type BankTags } from '~/lib/bank/bank'
import { questionReadsAsSource, renderQuestionMarkup, type MarkupProblem } from '~/lib/markup/question'
import type { MarkupImages } from '~/lib/markup/render'
import { quizDefaultMarks } from '~/models/quiz/stored-question'
import { newId } from '~/utils/ids.server'

// Versions of bank questions (docs/decisions/027-question-bank.md). A bank question's versions are rows of
// `questions`: its current bank version is the unarchived row of the quiz 'question-bank', and each paper that holds
// it has a row of its own, a copy of a version with that paper's marks, section and position. A changed text,
// option, key or explanation makes a new bank version and replaces the paper rows that showed the old one the way
// the quiz editor always has (decision 002): archived when some attempt was shown it, else deleted. Attempts,
// answers and practice sets point at rows, so a result always keeps the version it was shown.

/** The columns that make up what a question says and its key: a change in any is a new version. */
export const CONTENT_COLUMNS = [
  'question_text',
  'options',
  'correct_option',
  'explanation',
  'type',
  'correct_options',
  'answer_min',
  'answer_max',
] as const

/** A version's stored columns, source and HTML, without placement (quiz, position, marks, section). */
export type VersionContent = {
  question_text: string
  options: string
  correct_option: number
  explanation: string | null
  type: 'mcq' | 'msq' | 'nat'
  correct_options: string | null
  answer_min: string | null
  answer_max: string | null
  question_html: string
  options_html: string
  explanation_html: string | null
  plain_text: number
}

/** Where a version sits in a paper (or in the bank's own quiz) and what it is worth there. */
export type Placement = { marks: number; negative_marks: number; section: string | null; topic: string | null }

const contentSelection = [
  ...CONTENT_COLUMNS,
  'question_html',
  'options_html',
  'explanation_html',
  'plain_text',
] as const

export const sameContent = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  CONTENT_COLUMNS.every((k) => (a[k] ?? null) === (b[k] ?? null))

/**
 * Renders a version's HTML from its source with the images it may name: the bank's own and those of every paper
 * that holds the question (a question written in a paper's editor names that paper's images).
 */
export async function renderVersion(
  source: Omit<VersionContent, 'question_html' | 'options_html' | 'explanation_html' | 'plain_text'>,
  images: MarkupImages,
): Promise<{ ok: true; content: VersionContent } | { ok: false; problems: MarkupProblem[] }> {
  const q = {
    questionText: source.question_text,
    options: JSON.parse(source.options) as string[],
    explanation: source.explanation,
  }
  const r = renderQuestionMarkup(q, images)
  if (!r.ok) return r
  return {
    ok: true,
    content: {
      ...source,
      question_html: r.html.text,
      options_html: JSON.stringify(r.html.options),
      explanation_html: r.html.explanation,
      plain_text: questionReadsAsSource(q, r.html) ? 1 : 0,
    },
  }
}

/** The bank's current version of a question (its row in the bank quiz), with its content. */
export async function bankHead(conn: Kysely<Database>, bankId: string) {
  return conn
    .selectFrom('questions')
    .select(['id', ...contentSelection, 'marks', 'negative_marks', 'topic', 'created_at'])
    .where('quiz_id', '=', BANK_QUIZ_ID)
    .where('bank_question_id', '=', bankId)
    .where('archived_at', 'is', null)
    .executeTakeFirst()
}

/** Writes a new bank question: its tags, its exams and its first version (the bank's row). Returns its id. */
export async function insertBankQuestion(
  trx: Transaction<Database>,
  { content, tags, placement, now }: { content: VersionContent; tags: BankTags; placement: Placement; now: string },
): Promise<string> {
  const id = newId()
  await trx
    .insertInto('bank_questions')
    .values({
      id,
      subject: tags.subject,
      topic: tags.topic,
      subtopic: tags.subtopic,
      year: tags.year,
      difficulty: tags.difficulty,
      source: tags.source,
      created_at: now,
      updated_at: now,
      retired_at: null,
    })
    .execute()
  await setExams(trx, id, tags.exams)
  await insertRow(trx, {
    quizId: BANK_QUIZ_ID,
    position: 0,
    bankId: id,
    content,
    placement: { ...placement, section: null, topic: tags.topic || placement.topic },
    now,
  })
  return id
}

/** Replaces a bank question's exams with `names` (names from the exams list; unknown ones are ignored). */
export async function setExams(trx: Kysely<Database>, bankId: string, names: readonly string[]) {
  await trx.deleteFrom('bank_question_exams').where('bank_question_id', '=', bankId).execute()
  if (!names.length) return
  const exams = await trx
    .selectFrom('exams')
    .select('id')
    .where('name', 'in', [...names])
    .execute()
  if (exams.length)
    await trx
      .insertInto('bank_question_exams')
      .values(exams.map((e) => ({ bank_question_id: bankId, exam_id: e.id })))
      .execute()
}

/** Inserts one version row. */
export async function insertRow(
  trx: Kysely<Database>,
  {
    quizId,
    position,
    bankId,
    content,
    placement,
    now,
  }: { quizId: string; position: number; bankId: string; content: VersionContent; placement: Placement; now: string },
): Promise<string> {
  const id = newId()
  await trx
    .insertInto('questions')
    .values({
      id,
      quiz_id: quizId,
      position,
      ...content,
      marks: placement.marks,
      negative_marks: placement.negative_marks,
      section: placement.section,
      topic: placement.topic,
      bank_question_id: bankId,
      created_at: now,
      archived_at: null,
    })
    .execute()
  return id
}

/**
 * Makes `content` the bank question's current version when it differs from the bank's: the bank's row is archived
 * (kept: practice sets and answers may point at it) and a new one written, then every paper holding the old content
 * gets the new one in its place (replacePaperRow). `exceptQuiz` is a paper whose own save writes its row itself.
 * Returns whether a new version was made.
 */
export async function newBankVersion(
  trx: Transaction<Database>,
  { bankId, content, now, exceptQuiz }: { bankId: string; content: VersionContent; now: string; exceptQuiz?: string },
): Promise<boolean> {
  const head = await bankHead(trx, bankId)
  if (head && sameContent(head, content)) return false
  if (head) await trx.updateTable('questions').set({ archived_at: now }).where('id', '=', head.id).execute()
  await insertRow(trx, {
    quizId: BANK_QUIZ_ID,
    position: 0,
    bankId,
    content,
    placement: {
      marks: head?.type === content.type ? Number(head.marks) : defaultMarks(content.type).marks,
      negative_marks:
        head?.type === content.type ? Number(head.negative_marks) : defaultMarks(content.type).negative_marks,
      section: null,
      topic: head?.topic ?? null,
    },
    now,
  })
  const papers = await trx
    .selectFrom('questions')
    .select(['id', 'quiz_id', 'position', 'marks', 'negative_marks', 'section', 'topic', 'created_at', 'type'])
    .where('bank_question_id', '=', bankId)
    .where('quiz_id', '!=', BANK_QUIZ_ID)
    .where('archived_at', 'is', null)
    .execute()
  for (const row of papers) {
    if (row.quiz_id === exceptQuiz) continue
    await replacePaperRow(trx, { ...row, bank_question_id: bankId }, content, now)
  }
  return true
}

/** The default scheme's marks for a type, in storage units (a bank version's, before any paper sets its own). */
export const defaultMarks = (type: VersionContent['type']) => quizDefaultMarks(type, null)

/**
 * Puts a new version in a paper in place of its current row: the same position, section and marks (the default
 * ones when the type changed). The old row is archived when an attempt was shown it (an attempt of the paper that
 * started after the row was written, questionsShownAt's rule), else deleted.
 */
export async function replacePaperRow(
  trx: Transaction<Database>,
  row: {
    id: string
    quiz_id: string
    position: number
    marks: number
    negative_marks: number
    section: string | null
    topic: string | null
    created_at: string
    type: string
    bank_question_id: string
  },
  content: VersionContent,
  now: string,
) {
  const seen = await trx
    .selectFrom('attempts')
    .select('id')
    .where('quiz_id', '=', row.quiz_id)
    .where('practice_set_id', 'is', null)
    .where('started_at', '>=', row.created_at)
    .limit(1)
    .executeTakeFirst()
  if (seen) await trx.updateTable('questions').set({ archived_at: now }).where('id', '=', row.id).execute()
  else await trx.deleteFrom('questions').where('id', '=', row.id).execute()
  const sameType = row.type === content.type
  await insertRow(trx, {
    quizId: row.quiz_id,
    position: Number(row.position),
    bankId: row.bank_question_id,
    content,
    placement: {
      marks: sameType ? Number(row.marks) : defaultMarks(content.type).marks,
      negative_marks: sameType ? Number(row.negative_marks) : defaultMarks(content.type).negative_marks,
      section: row.section,
      topic: row.topic,
    },
    now,
  })
  await trx.updateTable('quizzes').set({ updated_at: now }).where('id', '=', row.quiz_id).execute()
}

/** A paper row's columns (the quiz editor's, with HTML) split into a version's content and its placement. */
export function splitColumns(columns: VersionContent & Placement) {
  const { marks, negative_marks, section, topic, ...rest } = columns
  const content = Object.fromEntries(
    [...contentSelection].map((k) => [k, (rest as Record<string, unknown>)[k] ?? null]),
  ) as VersionContent
  return { content, placement: { marks, negative_marks, section, topic } }
}

/**
 * The bank question a paper's new or changed row is a version of. A row the editor sent with the bank id it came
 * from (`questions[i].bankId`) stays that question, and a changed text or key becomes its new version everywhere;
 * a row without one (a new question, a CSV or ZIP import, the AI generator) becomes a new bank question, tagged
 * with the question's topic (subject and the rest are for staff to add on the bank pages).
 */
export async function bankQuestionForRow(
  trx: Transaction<Database>,
  {
    bankId,
    columns,
    quizId,
    now,
  }: { bankId?: string; columns: VersionContent & Placement; quizId: string; now: string },
): Promise<string> {
  const { content, placement } = splitColumns(columns)
  const known = bankId
    ? await trx.selectFrom('bank_questions').select(['id', 'topic']).where('id', '=', bankId).executeTakeFirst()
    : undefined
  if (known) {
    await newBankVersion(trx, { bankId: known.id, content, now, exceptQuiz: quizId })
    if (placement.topic && placement.topic !== known.topic) await setBankTopic(trx, known.id, placement.topic, now)
    return known.id
  }
  return insertBankQuestion(trx, {
    content,
    tags: {
      subject: '',
      topic: placement.topic ?? '',
      subtopic: null,
      exams: [],
      year: null,
      difficulty: 'medium',
      source: null,
    },
    placement: { ...defaultMarks(content.type), section: null, topic: placement.topic },
    now,
  })
}

/**
 * A bank question's topic, and with it the topic of every row of it: the topic is a tag, not what the question says,
 * so results and progress count it by the bank's topic, old versions included.
 */
export async function setBankTopic(trx: Kysely<Database>, bankId: string, topic: string, now: string) {
  await trx.updateTable('bank_questions').set({ topic, updated_at: now }).where('id', '=', bankId).execute()
  await trx
    .updateTable('questions')
    .set({ topic: topic || null })
    .where('bank_question_id', '=', bankId)
    .execute()
}
