import type { ExpressionBuilder, Kysely } from 'kysely'
import type { Database } from '#db/schema'
import { BANK_QUIZ_ID, isPaperId } from '~/lib/bank/bank'
import { quizImageUrl } from '~/lib/quiz/images'
import { isStaff } from '~/lib/roles'
import { db } from '~/utils/db.server'
import { resultsPublicSql } from './visibility.server'

// Where a quiz's image is shown, and so who may fetch it. A question version shows the image when its stored HTML
// (rendered when the version was saved, with this image's address) holds the image's address. Every version
// counts: archived ones are kept for attempts' reviews (decision 002). The address holds the image's id, so a later
// image of the same name is another. An image that the quiz's questions use only in explanations is the answer's,
// so it reaches a learner only after they submit. Storing and deleting images is images.server.ts.

/** `column like '%/quiz-images/{id}/%'`: the id is hex, so the pattern holds no wildcard of its own. */
const showsImage = (imageId: string) => `%${quizImageUrl({ id: imageId, name: '' })}%`

export type ImageUse = {
  /** 1-based numbers of the current questions that show the image (text, an option or the explanation). */
  current: number[]
  /** How many earlier (archived) versions, kept for attempts' reviews, show it. */
  archived: number
  /**
   * The bank's own images only: the bank questions whose current version shows it. The bank's rows are versions,
   * not a paper's numbered questions (all at position 0), so they have no numbers in `current`.
   */
  bankQuestions?: string[]
}

/**
 * Which questions of the quiz show the image: the current paper's numbers, and how many earlier versions. For the
 * bank's own quiz (app/lib/bank/bank.ts), the bank questions whose current version shows it instead of numbers.
 */
export async function imageUse(quizId: string, imageId: string, conn: Kysely<Database> = db): Promise<ImageUse> {
  const pattern = showsImage(imageId)
  const rows = await conn
    .selectFrom('questions')
    .select(['archived_at', 'position', 'bank_question_id'])
    .where('quiz_id', '=', quizId)
    .where((eb) =>
      eb.or([
        eb('question_html', 'like', pattern),
        eb('options_html', 'like', pattern),
        eb('explanation_html', 'like', pattern),
      ]),
    )
    .execute()
  const archived = rows.filter((r) => r.archived_at !== null).length
  if (quizId === BANK_QUIZ_ID) {
    const ids = rows.filter((r) => r.archived_at === null && r.bank_question_id).map((r) => r.bank_question_id!)
    return { current: [], archived, bankQuestions: [...new Set(ids)].sort() }
  }
  const current = await conn
    .selectFrom('questions')
    .select('position')
    .where('quiz_id', '=', quizId)
    .where('archived_at', 'is', null)
    .orderBy('position')
    .execute()
  const number = new Map(current.map((r, i) => [Number(r.position), i + 1]))
  return {
    current: rows
      .filter((r) => r.archived_at === null)
      .map((r) => number.get(Number(r.position))!)
      .sort((a, b) => a - b),
    archived,
  }
}

/**
 * The image behind an address (/quiz-images/{id}/{name}) and who may fetch it: 'public' when some version of a
 * question shows it in its text or an option (it was on a test page, so anyone taking the quiz has seen its
 * address), else 'after-submit' (an explanation's image, or one not used yet: it may belong to the answer).
 */
export async function imageForServing(imageId: string, name: string) {
  const row = await db
    .selectFrom('quiz_images')
    .select(['id', 'quiz_id', 'name', 'storage_key', 'content_type'])
    .where('id', '=', imageId)
    .executeTakeFirst()
  if (!row || row.name !== name) return null
  const pattern = showsImage(row.id)
  // Its own quiz first; then the bank's versions, which copy a paper's HTML (migrations/0018) and are what a
  // practice test drawn from the bank shows.
  const shownIn = (quizId: string) =>
    db
      .selectFrom('questions')
      .select('id')
      .where('quiz_id', '=', quizId)
      .where((eb) => eb.or([eb('question_html', 'like', pattern), eb('options_html', 'like', pattern)]))
      .limit(1)
      .executeTakeFirst()
  const inTest = (await shownIn(row.quiz_id)) ?? (await shownIn(BANK_QUIZ_ID))
  return {
    quizId: row.quiz_id,
    storageKey: row.storage_key,
    contentType: row.content_type,
    visibility: inTest ? ('public' as const) : ('after-submit' as const),
  }
}

/**
 * Whether `viewer` may fetch an explanation's image `imageId` of quiz `quizId`: staff, or a learner with a submitted
 * attempt of that quiz (the explanations are theirs to read from then on), or with a submitted practice set or paper
 * that showed a version holding the image, once that paper's results are public (a bank question's versions copy the HTML of the paper it was written in,
 * so a set drawn from the bank or another paper shows the image too). Anyone else is told it does not exist.
 * The bank's own quiz is no paper: an attempt of it is a practice set of a few of its questions, which opens only
 * the images that set showed, never every explanation of the bank.
 */
export async function canSeeAnswerImage(
  viewer: { id: string; role: Parameters<typeof isStaff>[0] } | null,
  quizId: string,
  imageId: string,
): Promise<boolean> {
  if (!viewer) return false
  if (isStaff(viewer.role)) return true
  // Explanations are keys: a paper's reach them once its results are public (app/lib/quiz/visibility.ts), so a
  // live mock's not before publication, however early the learner submitted.
  const attempt =
    isPaperId(quizId) &&
    (await db
      .selectFrom('attempts as a')
      .innerJoin('quizzes as z', 'z.id', 'a.quiz_id')
      .select('a.id')
      .where('a.user_id', '=', viewer.id)
      .where('a.quiz_id', '=', quizId)
      .where('a.submitted_at', 'is not', null)
      .where(resultsPublicSql('z'))
      .executeTakeFirst())
  if (attempt) return true
  const pattern = showsImage(imageId)
  const holds = (eb: ExpressionBuilder<Database, 'questions'>) =>
    eb.or([
      eb('questions.question_html', 'like', pattern),
      eb('questions.options_html', 'like', pattern),
      eb('questions.explanation_html', 'like', pattern),
    ])
  const inSet = await db
    .selectFrom('attempts as a')
    .innerJoin('practice_set_questions as psq', 'psq.set_id', 'a.practice_set_id')
    .innerJoin('questions', 'questions.id', 'psq.question_id')
    .select('a.id')
    .where('a.user_id', '=', viewer.id)
    .where('a.submitted_at', 'is not', null)
    .where(holds)
    .limit(1)
    .executeTakeFirst()
  if (inSet) return true
  const inPaper = await db
    .selectFrom('attempts as a')
    .innerJoin('questions', 'questions.quiz_id', 'a.quiz_id')
    .innerJoin('quizzes as z', 'z.id', 'a.quiz_id')
    .where(resultsPublicSql('z'))
    .select('a.id')
    .where('a.user_id', '=', viewer.id)
    .where('a.submitted_at', 'is not', null)
    .where('a.practice_set_id', 'is', null)
    .whereRef('questions.created_at', '<=', 'a.started_at')
    .where(holds)
    .limit(1)
    .executeTakeFirst()
  return Boolean(inPaper)
}

/**
 * Whether `viewer` may fetch a figure (text or options) owned by a PAID paper. The paper's own learners may: staff,
 * and whoever passes its quiz gate (`gateOk`: access now, and a live mock's opening). A bank question's versions copy
 * the HTML of the paper it was written in, so the figure may also be shown by a FREE paper's current question (which
 * anyone signed in may take, and practise from the bank) that has opened, or have been shown to this learner in an
 * attempt they submitted (canSeeAnswerImage). Anyone else is told it does not exist: a paid paper's figures are what
 * its access pays for, and the address alone must not open them (to a learner whose access has ended, or to anyone
 * it was passed to).
 */
export async function canSeePaidFigure(
  viewer: { id: string; role: Parameters<typeof isStaff>[0] } | null,
  quizId: string,
  imageId: string,
  gateOk: boolean,
): Promise<boolean> {
  if (!viewer) return false
  if (isStaff(viewer.role) || gateOk) return true
  const pattern = showsImage(imageId)
  const inFreePaper = await db
    .selectFrom('questions')
    .innerJoin('quizzes as z', 'z.id', 'questions.quiz_id')
    .select('questions.id')
    .where('z.category', '=', 'free')
    .where('z.id', '!=', BANK_QUIZ_ID)
    .where('questions.archived_at', 'is', null)
    .where((eb) => eb.or([eb('z.opens_at', 'is', null), eb('z.opens_at', '<=', new Date().toISOString())]))
    .where((eb) =>
      eb.or([eb('questions.question_html', 'like', pattern), eb('questions.options_html', 'like', pattern)]),
    )
    .limit(1)
    .executeTakeFirst()
  return Boolean(inFreePaper) || canSeeAnswerImage(viewer, quizId, imageId)
}
