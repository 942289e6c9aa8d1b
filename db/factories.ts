// Factories shared by the demo seed and the tests: one way to make each kind of row.
import crypto from 'node:crypto'
import type { Kysely } from 'kysely'
import { hashPassword } from '../app/lib/password.server.ts'
import type { Database, QuestionType, Role } from './schema.ts'
import type { QuestionDraft } from '../app/lib/quiz/quiz-input.ts'
import { marksToStorage } from '../app/lib/quiz/marks.ts'
import { MARKING_SCHEMES } from '../app/lib/quiz/schemes.ts'
import { markupMessage, questionReadsAsSource, renderQuestionMarkup } from '../app/lib/markup/question.ts'
import type { MarkupImages } from '../app/lib/markup/render.ts'

type DB = Kysely<Database>
const newId = () => crypto.randomBytes(12).toString('hex')
let tick = 0
// Strictly increasing timestamps keep insertion order stable for rows created in the same millisecond.
const stamp = () => new Date(Date.now() + tick++).toISOString()

export async function createUser(
  db: DB,
  input: Partial<{
    name: string
    email: string
    password: string
    role: Role
    mobileNumber: string
    instituteName: string
    presentCourseOfStudy: string
    isPremiumMember: boolean
    hasAccessToQuizzes: boolean
    profileImage: string
  }> = {},
) {
  const id = newId()
  const email = (input.email ?? `user-${id}@example.test`).toLowerCase()
  const password = input.password ?? 'Passw0rd!'
  const now = stamp()
  await db
    .insertInto('users')
    .values({
      id,
      name: input.name ?? 'Test Learner',
      email,
      password_hash: await hashPassword(password),
      role: input.role ?? 'user',
      mobile_number: input.mobileNumber ?? null,
      institute_name: input.instituteName ?? null,
      present_course_of_study: input.presentCourseOfStudy ?? null,
      profile_image: input.profileImage ?? null,
      is_premium_member: input.isPremiumMember ? 1 : 0,
      has_access_to_quizzes: input.hasAccessToQuizzes ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .execute()
  return { id, email, password }
}

export type CourseInput = {
  cardTitle: string
  subTitle: string
  courseTag: string
  mode: 'live' | 'recorded'
  language: string
  courseImage: string
  actualPrice: number
  discountedPrice: number
  linkAddress: string
  courseTitle: string
  courseDescription: string
  whatsappLink: string
  grantsQuizAccess: boolean
  /** Whole days one payment buys; null (the default) for good. */
  accessDays?: number | null
}

export async function createCourse(db: DB, input: Partial<CourseInput> = {}) {
  const id = newId()
  const title = input.cardTitle ?? `Test Course ${id.slice(0, 6)}`
  const linkAddress = input.linkAddress ?? title.trim().toLowerCase().replace(/\s+/g, '-')
  await db
    .insertInto('courses')
    .values({
      id,
      card_title: title,
      sub_title: input.subTitle ?? 'A complete course',
      course_tag: input.courseTag ?? 'm.sc entrance',
      mode: input.mode ?? 'recorded',
      language: input.language ?? 'English',
      course_image: input.courseImage ?? '/images/courses/default.svg',
      actual_price: input.actualPrice ?? 4999,
      discounted_price: input.discountedPrice ?? 2999,
      link_address: linkAddress,
      course_title: input.courseTitle ?? title,
      course_description: input.courseDescription ?? 'Course description.',
      whatsapp_link: input.whatsappLink ?? 'https://chat.whatsapp.com/sample-group',
      grants_quiz_access: input.grantsQuizAccess ? 1 : 0,
      access_days: input.accessDays ?? null,
      created_at: stamp(),
    })
    .execute()
  return { id, linkAddress }
}

export async function createSection(db: DB, input: { courseId: string; title: string; position?: number }) {
  const id = newId()
  const position =
    input.position ??
    Number(
      (
        await db
          .selectFrom('sections')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('course_id', '=', input.courseId)
          .executeTakeFirst()
      )?.n ?? 0,
    )
  await db
    .insertInto('sections')
    .values({ id, course_id: input.courseId, title: input.title, position, created_at: stamp() })
    .execute()
  return { id }
}

export async function createLecture(
  db: DB,
  input: {
    sectionId: string
    title: string
    videoURL: string
    noteTitle?: string | null
    noteURL?: string | null
    position?: number
  },
) {
  const id = newId()
  const position =
    input.position ??
    Number(
      (
        await db
          .selectFrom('lectures')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('section_id', '=', input.sectionId)
          .executeTakeFirst()
      )?.n ?? 0,
    )
  await db
    .insertInto('lectures')
    .values({
      id,
      section_id: input.sectionId,
      title: input.title,
      video_url: input.videoURL,
      note_title: input.noteTitle ?? null,
      note_url: input.noteURL ?? null,
      position,
      created_at: stamp(),
    })
    .execute()
  return { id }
}

/**
 * A question as the factories take it. Without `type` it is today's MCQ (+1 / -0.25). Marks are in mark units
 * (1/30000 of a mark, app/lib/quiz/marks.ts: MARKS_UNIT); leave them out for the type's default.
 */
export type QuestionInput = Omit<QuestionDraft, 'correctOption' | 'explanation' | 'section' | 'topic'> & {
  /** mcq: the key (0-3). For msq and nat it may be left out. */
  correctOption?: number
  explanation?: string | null
  section?: string | null
  topic?: string | null
}

/** The default scheme's marks per type, in mark units (mcq +1 / -0.25; msq and nat +1 / 0). */
const DEFAULT_MARKS = Object.fromEntries(
  (['mcq', 'msq', 'nat'] as const).map((t) => [
    t,
    {
      marks: marksToStorage(MARKING_SCHEMES.spec[t].marks),
      negativeMarks: marksToStorage(MARKING_SCHEMES.spec[t].negativeMarks),
    },
  ]),
) as Record<QuestionType, { marks: number; negativeMarks: number }>

export async function createQuiz(
  db: DB,
  input: {
    title?: string
    description?: string
    category?: 'free' | 'paid'
    timeLimit?: number
    questions?: QuestionInput[]
    /** Images the questions' markup names (`![alt](name)`), as the editing model resolves them. */
    images?: MarkupImages
  } = {},
) {
  const id = newId()
  const now = stamp()
  await db
    .insertInto('quizzes')
    .values({
      id,
      title: input.title ?? `Test Quiz ${id.slice(0, 6)}`,
      description: input.description ?? 'A practice quiz.',
      category: input.category ?? 'free',
      time_limit: input.timeLimit ?? 10,
      created_at: now,
      updated_at: now,
    })
    .execute()
  const questions = input.questions ?? [
    {
      questionText: 'Which organelle is the site of aerobic respiration?',
      options: ['Nucleus', 'Mitochondrion', 'Golgi body', 'Ribosome'],
      correctOption: 1,
    },
    {
      questionText: 'DNA replication is',
      options: ['Conservative', 'Dispersive', 'Semi-conservative', 'Random'],
      correctOption: 2,
    },
  ]
  const questionIds: string[] = []
  for (const [position, q] of questions.entries()) {
    const qid = newId()
    // Every question is a version of a bank question (migrations/0018), with the bank's own copy, as the editor
    // writes it (app/models/bank/versions.server.ts).
    const bankId = newId()
    await db
      .insertInto('bank_questions')
      .values({ id: bankId, topic: q.topic ?? '', created_at: now, updated_at: now, retired_at: null })
      .execute()
    questionIds.push(qid)
    const type = q.type ?? 'mcq'
    // Rendered as the editing model renders a saved question version: markup that does not render is a bug in
    // the caller's fixture, so it throws with the model's message.
    const rendered = renderQuestionMarkup(q, input.images)
    if (!rendered.ok) throw new Error(rendered.problems.map((p) => markupMessage(position, p)).join('; '))
    await db
      .insertInto('questions')
      .values({
        id: qid,
        quiz_id: id,
        position,
        question_text: q.questionText,
        options: JSON.stringify(q.options),
        correct_option:
          type === 'mcq' ? (q.correctOption ?? 0) : type === 'msq' ? Math.min(...(q.correctOptions ?? [0])) : 0,
        explanation: q.explanation ?? null,
        created_at: now,
        type,
        marks: q.marks ?? DEFAULT_MARKS[type].marks,
        negative_marks: q.negativeMarks ?? DEFAULT_MARKS[type].negativeMarks,
        correct_options: type === 'msq' ? JSON.stringify([...(q.correctOptions ?? [])].sort()) : null,
        answer_min: type === 'nat' ? (q.answerMin ?? null) : null,
        answer_max: type === 'nat' ? (q.answerMax ?? null) : null,
        section: q.section ?? null,
        topic: q.topic ?? null,
        question_html: rendered.html.text,
        options_html: JSON.stringify(rendered.html.options),
        explanation_html: rendered.html.explanation,
        plain_text: questionReadsAsSource(q, rendered.html) ? 1 : 0,
        bank_question_id: bankId,
      })
      .execute()
    const row = await db.selectFrom('questions').selectAll().where('id', '=', qid).executeTakeFirstOrThrow()
    await db
      .insertInto('questions')
      .values({ ...row, id: newId(), quiz_id: 'question-bank', position: 0, section: null })
      .execute()
  }
  return { id, questionIds }
}

export async function createCoupon(
  db: DB,
  input: { courseId: string; code: string; discount: number; expiresAt?: string | null; usageLimit?: number | null },
) {
  const id = newId()
  await db
    .insertInto('coupons')
    .values({
      id,
      course_id: input.courseId,
      code: input.code.trim().toLowerCase(),
      discount: input.discount,
      expires_at: input.expiresAt ?? null,
      usage_limit: input.usageLimit ?? null,
      created_at: stamp(),
    })
    .execute()
  return { id }
}

export async function enrol(
  db: DB,
  input: { userId: string; courseId: string; isActive?: boolean; source?: string; accessUntil?: string | null },
) {
  const id = newId()
  const now = stamp()
  await db
    .insertInto('enrollments')
    .values({
      id,
      user_id: input.userId,
      course_id: input.courseId,
      is_active: input.isActive === false ? 0 : 1,
      source: input.source ?? 'admin',
      access_until: input.accessUntil ?? null,
      created_at: now,
      updated_at: now,
    })
    .execute()
  await db.updateTable('users').set({ is_premium_member: 1 }).where('id', '=', input.userId).execute()
  return { id }
}

export async function setQuizPrice(db: DB, price: { actualPrice: number; discountedPrice: number }) {
  const now = stamp()
  await db
    .insertInto('settings')
    .values({ key: 'quiz_price', value: JSON.stringify(price), updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(price), updated_at: now }))
    .execute()
}

/**
 * A tagged bank question (migrations/0018) with its bank version (a row of the bank's own quiz 'question-bank') and,
 * for each quiz in `papers`, that paper's copy of it at the end of the paper. Exams are names from the exams list.
 * Returns the bank question's id, its bank row and its paper rows (in the order of `papers`).
 */
export async function createBankQuestion(
  db: DB,
  input: {
    subject?: string
    topic?: string
    subtopic?: string | null
    year?: number | null
    difficulty?: 'easy' | 'medium' | 'hard'
    exams?: string[]
    retired?: boolean
    question?: QuestionInput
    papers?: string[]
    images?: MarkupImages
    createdAt?: string
  } = {},
) {
  const id = newId()
  const now = input.createdAt ?? stamp()
  const q: QuestionInput = input.question ?? {
    questionText: `Bank question ${id.slice(0, 6)}`,
    options: ['A', 'B', 'C', 'D'],
    correctOption: 0,
  }
  const topic = input.topic ?? q.topic ?? ''
  await db
    .insertInto('bank_questions')
    .values({
      id,
      subject: input.subject ?? '',
      topic,
      subtopic: input.subtopic ?? null,
      year: input.year ?? null,
      difficulty: input.difficulty ?? 'medium',
      source: null,
      created_at: now,
      updated_at: now,
      retired_at: input.retired ? now : null,
    })
    .execute()
  if (input.exams?.length) {
    const exams = await db.selectFrom('exams').select('id').where('name', 'in', input.exams).execute()
    await db
      .insertInto('bank_question_exams')
      .values(exams.map((e) => ({ bank_question_id: id, exam_id: e.id })))
      .execute()
  }
  const type = q.type ?? 'mcq'
  const rendered = renderQuestionMarkup(q, input.images)
  if (!rendered.ok) throw new Error(rendered.problems.map((p) => markupMessage(0, p)).join('; '))
  const row = {
    question_text: q.questionText,
    options: JSON.stringify(q.options),
    correct_option:
      type === 'mcq' ? (q.correctOption ?? 0) : type === 'msq' ? Math.min(...(q.correctOptions ?? [0])) : 0,
    explanation: q.explanation ?? null,
    created_at: now,
    type,
    marks: q.marks ?? DEFAULT_MARKS[type].marks,
    negative_marks: q.negativeMarks ?? DEFAULT_MARKS[type].negativeMarks,
    correct_options: type === 'msq' ? JSON.stringify([...(q.correctOptions ?? [])].sort()) : null,
    answer_min: type === 'nat' ? (q.answerMin ?? null) : null,
    answer_max: type === 'nat' ? (q.answerMax ?? null) : null,
    topic: topic || null,
    question_html: rendered.html.text,
    options_html: JSON.stringify(rendered.html.options),
    explanation_html: rendered.html.explanation,
    plain_text: questionReadsAsSource(q, rendered.html) ? 1 : 0,
    bank_question_id: id,
    archived_at: null,
  }
  const bankRowId = newId()
  await db
    .insertInto('questions')
    .values({ ...row, id: bankRowId, quiz_id: 'question-bank', position: 0, section: null })
    .execute()
  const paperRowIds: string[] = []
  for (const quizId of input.papers ?? []) {
    const last = await db
      .selectFrom('questions')
      .select((eb) => eb.fn.max('position').as('p'))
      .where('quiz_id', '=', quizId)
      .executeTakeFirst()
    const rowId = newId()
    await db
      .insertInto('questions')
      .values({ ...row, id: rowId, quiz_id: quizId, position: Number(last?.p ?? -1) + 1, section: q.section ?? null })
      .execute()
    paperRowIds.push(rowId)
  }
  return { id, bankRowId, paperRowIds }
}
