import { randomBytes } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import { dialectOf } from '../db/dialect.ts'

// The question bank (docs/decisions/027-question-bank.md). Runs on SQLite and PostgreSQL.
//
// - `bank_questions`: a question written once, with its tags (subject, topic, subtopic, year, difficulty, source)
//   and `retired_at` (kept in old papers and results, never offered for new ones or for practice).
// - `exams` and `bank_question_exams`: the exams a question belongs to, from a list staff extend.
// - `questions.bank_question_id`: every question row is a version of one bank question. A paper's rows stay what
//   they were (the version it shows, with that paper's marks, section and position, archived when replaced), so
//   attempts, answers, scores, ranks, saved questions and practice sets keep pointing at the very rows they did.
//   No foreign key (SQLite could not drop the column again): bank questions are retired, never deleted.
// - The bank's own current version of each question is a row of the quiz 'question-bank', a quiz that is never a
//   paper (every quiz list and page leaves it out): practice from the bank is an attempt of a set of its rows.
//
// Existing papers: each current row gets a bank question of its own (topic kept, the rest to be tagged by staff)
// and the bank a copy of it; an archived row joins the bank question of the current row at the same position of
// its quiz, or, with none, a retired bank question of its own. No attempt, answer or score is touched.

export const BANK_QUIZ_ID = 'question-bank'

const EXAMS = ['IIT JAM BT', 'GATE XL', 'GAT-B', 'CUET PG', ...[1, 2, 3, 4, 5, 6].map((n) => `B.Sc semester ${n}`)]

const newId = () => randomBytes(12).toString('hex')

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bank_questions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('topic', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('subtopic', 'text')
    .addColumn('year', 'integer')
    .addColumn('difficulty', 'text', (c) =>
      c
        .notNull()
        .defaultTo('medium')
        .check(sql`difficulty in ('easy','medium','hard')`),
    )
    .addColumn('source', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('retired_at', 'text')
    .execute()
  // The staff filters and the practice draw narrow by subject and topic first, then by year and difficulty.
  await db.schema
    .createIndex('bank_questions_subject_topic_idx')
    .on('bank_questions')
    .columns(['subject', 'topic', 'year'])
    .execute()
  await db.schema.createIndex('bank_questions_topic_idx').on('bank_questions').columns(['topic', 'year']).execute()
  await db.schema.createIndex('bank_questions_year_idx').on('bank_questions').columns(['year']).execute()

  await db.schema
    .createTable('exams')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('bank_question_exams')
    .addColumn('bank_question_id', 'text', (c) => c.notNull().references('bank_questions.id').onDelete('cascade'))
    .addColumn('exam_id', 'text', (c) => c.notNull().references('exams.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('bank_question_exams_pk', ['bank_question_id', 'exam_id'])
    .execute()
  await db.schema
    .createIndex('bank_question_exams_exam_idx')
    .on('bank_question_exams')
    .columns(['exam_id', 'bank_question_id'])
    .execute()

  await db.schema.alterTable('questions').addColumn('bank_question_id', 'text').execute()
  // A bank question's rows: its current bank version, the papers that hold it, its statistics.
  await db.schema
    .createIndex('questions_bank_question_idx')
    .on('questions')
    .columns(['bank_question_id', 'archived_at'])
    .execute()

  const now = new Date().toISOString()
  await db
    .insertInto('exams')
    .values(EXAMS.map((name, position) => ({ id: newId(), name, position, created_at: now })))
    .execute()
  await db
    .insertInto('quizzes')
    .values({
      id: BANK_QUIZ_ID,
      title: 'Question bank',
      description: 'The current version of every bank question (never a paper).',
      category: 'paid',
      time_limit: 0,
      created_at: now,
      updated_at: now,
    })
    .execute()
  await moveExistingQuestions(db, now)
  // PostgreSQL: the rows written above queued the deferred content-version triggers (migrations/0009); run them now,
  // so that a later migration of the same run may alter or index these tables (pending trigger events forbid it).
  if (dialectOf(db) === 'postgres') await sql`set constraints all immediate`.execute(db)
}

type Row = Record<string, any> & {
  id: string
  quiz_id: string
  position: number
  archived_at: string | null
  created_at: string
  topic: string | null
}

async function moveExistingQuestions(db: Kysely<any>, now: string) {
  const rows = (await db
    .selectFrom('questions')
    .selectAll()
    .where('quiz_id', '!=', BANK_QUIZ_ID)
    .orderBy('quiz_id')
    .orderBy('created_at')
    .orderBy('id')
    .execute()) as Row[]
  const currentAt = new Map<string, string>()
  let bankPosition = 0
  const newBankQuestion = async (row: Row, retired: boolean) => {
    const id = newId()
    await db
      .insertInto('bank_questions')
      .values({
        id,
        topic: row.topic?.trim() ?? '',
        created_at: row.created_at,
        updated_at: row.created_at,
        retired_at: retired ? now : null,
      })
      .execute()
    // The bank's own version: the same text, options, key, HTML and marks.
    const { id: _rowId, quiz_id: _quizId, position: _position, archived_at: _archived, ...content } = row
    await db
      .insertInto('questions')
      .values({
        ...content,
        id: newId(),
        quiz_id: BANK_QUIZ_ID,
        position: bankPosition++,
        archived_at: null,
        bank_question_id: id,
      })
      .execute()
    return id
  }
  for (const row of rows.filter((r) => r.archived_at === null)) {
    const bankId = await newBankQuestion(row, false)
    currentAt.set(`${row.quiz_id}/${Number(row.position)}`, bankId)
    await db.updateTable('questions').set({ bank_question_id: bankId }).where('id', '=', row.id).execute()
  }
  for (const row of rows.filter((r) => r.archived_at !== null)) {
    const bankId = currentAt.get(`${row.quiz_id}/${Number(row.position)}`) ?? (await newBankQuestion(row, true))
    await db.updateTable('questions').set({ bank_question_id: bankId }).where('id', '=', row.id).execute()
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db
    .deleteFrom('practice_sets')
    .where('id', 'in', (eb: any) =>
      eb.selectFrom('attempts').select('practice_set_id').where('quiz_id', '=', BANK_QUIZ_ID),
    )
    .execute()
  await db.deleteFrom('quizzes').where('id', '=', BANK_QUIZ_ID).execute()
  // PostgreSQL: the bank rows just deleted queued the deferred content-version triggers (migrations/0009), and a
  // table with pending trigger events cannot be altered; run them now.
  if (dialectOf(db) === 'postgres') await sql`set constraints all immediate`.execute(db)
  await db.schema.dropIndex('questions_bank_question_idx').execute()
  await db.schema.alterTable('questions').dropColumn('bank_question_id').execute()
  await db.schema.dropTable('bank_question_exams').execute()
  await db.schema.dropTable('exams').execute()
  await db.schema.dropTable('bank_questions').execute()
}
