// Table types for Kysely. Column names mirror migrations/ exactly (snake_case).
import type { Generated } from 'kysely'
import type { RefundStatus } from '../app/lib/refunds.ts'
import type { Role } from '../app/lib/roles.ts'
import type { VideoStatus } from '../app/lib/video/status.ts'

// The roles and a refund's states are the app's own vocabulary (app/lib/roles.ts, app/lib/refunds.ts); the table
// types name them from there.
export type { RefundStatus, Role }
export type Bool = 0 | 1

export interface UsersTable {
  id: string
  name: string
  email: string
  password_hash: string
  role: Role
  profile_image: string | null
  mobile_number: string | null
  institute_name: string | null
  present_course_of_study: string | null
  is_premium_member: Generated<number>
  /**
   * Quiz access granted directly: the quiz bundle (for good) or an admin. A course that grants quiz access adds to
   * it only while that course is open, worked out when read (migrations/0017); never copied here.
   */
  has_access_to_quizzes: Generated<number>
  password_changed_at: string | null
  created_at: string
  updated_at: string
  /** migrations/0016: the learner's state or union territory, a GST state code (app/lib/indian-states.ts). */
  state: Generated<string | null>
  /** migrations/0023: 1 when the learner chose 'Data saver' in the video player (the lowest video rung). */
  video_data_saver: Generated<number>
}

export interface SessionsTable {
  id: string
  user_id: string
  expires_at: string
  created_at: string
}

export interface VerificationsTable {
  id: string
  purpose: 'signup' | 'reset'
  email: string
  code_hash: string
  payload: string | null
  attempts: Generated<number>
  expires_at: string
  last_sent_at: string
  verified_at: string | null
  proof_hash: string | null
  proof_expires_at: string | null
  consumed_at: string | null
  created_at: string
  /** sign-up only: SHA-256 of the claim the starting client holds (migration 0005) */
  claim_hash: string | null
}

export interface RateLimitsTable {
  key: string
  window_start: number
  count: number
}

export interface CoursesTable {
  id: string
  card_title: string
  sub_title: string
  course_tag: string
  mode: string
  language: string
  course_image: string
  actual_price: number
  discounted_price: number
  link_address: string
  course_title: string
  course_description: string
  whatsapp_link: Generated<string>
  grants_quiz_access: Generated<number>
  /** 1: on sale and listed; 0: a draft only staff see. */
  published: Generated<number>
  /** Whole days one payment buys; null: for good. */
  access_days: number | null
  created_at: string
}

export interface SectionsTable {
  id: string
  course_id: string
  title: string
  position: number
  created_at: string
}

export interface LecturesTable {
  id: string
  section_id: string
  title: string
  video_url: string
  note_title: string | null
  note_url: string | null
  position: number
  created_at: string
}

export interface EnrollmentsTable {
  id: string
  user_id: string
  course_id: string
  is_active: Generated<number>
  source: Generated<string>
  /** Staff's note on a hand enrolment. */
  note: string | null
  /** migrations/0011: when access ends (ISO, UTC); null for good. Read through app/lib/access.ts. */
  access_until: string | null
  /**
   * migrations/0017: why access was ended early ('refund', 'revoke', 'staff'), or null for an end that runs out in
   * time (the only kind the 'renew' reminders are for).
   */
  access_ended_by: Generated<AccessEndedBy | null>
  created_at: string
  updated_at: string
}

export type AccessEndedBy = 'refund' | 'revoke' | 'staff'

export interface LiveClassesTable {
  id: string
  course_id: string
  title: string
  /** ISO instant, UTC. */
  starts_at: string
  duration_minutes: number
  /** The paid link: only ever shown to learners with current access. */
  join_url: string
  notes: string | null
  notify: Generated<number>
  cancelled_at: string | null
  recording_url: string | null
  created_at: string
  updated_at: string
}

/** One row per message the scheduled sweep sends, claimed before sending (app/models/jobs/claims.server.ts). */
export interface JobClaimsTable {
  key: string
  claimed_at: string
  sent_at: string | null
}

export interface CalendarTokensTable {
  user_id: string
  token: string
  created_at: string
}

export interface CouponsTable {
  id: string
  code: string
  discount: number
  course_id: string
  expires_at: string | null
  usage_limit: number | null
  created_at: string
}

export type OrderStatus = 'created' | 'paid' | 'failed'
export interface OrdersTable {
  id: string
  user_id: string
  item_type: 'course' | 'quiz_bundle'
  course_id: string | null
  coupon_id: string | null
  amount_paise: number
  currency: Generated<string>
  status: Generated<OrderStatus>
  provider: 'razorpay' | 'demo' | 'free'
  provider_order_id: string | null
  provider_payment_id: string | null
  phone: string | null
  created_at: string
  updated_at: string
  paid_at: string | null
  /** set when a payment was taken but not fulfilled (e.g. coupon over its limit): staff refund it */
  refund_reason: string | null
  /** migrations/0011: the access end this course order produced when fulfilled (null: for good or not yet). */
  access_until: Generated<string | null>
  /** migrations/0011: 1 when the buyer already had the course when this order was fulfilled (a renewal). */
  renewal: Generated<number>
  /** migrations/0016: the state chosen at checkout (a GST state code), for the invoice's place of supply. */
  state: Generated<string | null>
}

/**
 * migrations/0016: the receipt or tax invoice of a fulfilled order, with the facts as they were when it was issued
 * (app/models/money/documents.server.ts).
 */
export interface InvoicesTable {
  order_id: string
  /** 'invoice': a numbered tax invoice (GSTIN set, money taken); 'receipt': no number, no tax lines. */
  kind: 'invoice' | 'receipt'
  number: string | null
  financial_year: string | null
  issued_at: string
  seller_name: string
  seller_address: string | null
  seller_gstin: string | null
  seller_state: string | null
  sac: string | null
  /** Basis points: 1800 is 18%. */
  gst_rate_bp: number | null
  buyer_name: string
  buyer_email: string
  /** A GST state code. */
  place_of_supply: string | null
  description: string
  total_paise: number
  taxable_paise: number
  cgst_paise: number
  sgst_paise: number
  igst_paise: number
}

/** migrations/0016: a refund of a paid order and, for a refunded tax invoice, its credit note. */
export interface RefundsTable {
  id: string
  order_id: string
  amount_paise: number
  status: RefundStatus
  reason: string
  /** The admin who refunded; null when the gateway told us of a refund made in its own dashboard. */
  actor_id: string | null
  provider_refund_id: string | null
  failure: string | null
  accepted_at: string | null
  processed_at: string | null
  created_at: string
  updated_at: string
  credit_note_number: string | null
  credit_note_at: string | null
  credit_taxable_paise: number | null
  credit_cgst_paise: number | null
  credit_sgst_paise: number | null
  credit_igst_paise: number | null
}

/** migrations/0016: the last document number given per series and financial year. */
export interface DocumentCountersTable {
  series: string
  financial_year: string
  last_number: number
}

export interface PaymentEventsTable {
  id: string
  order_id: string
  source: string
  event_id: string | null
  payment_id: string | null
  fulfilled: Generated<number>
  created_at: string
}

export interface QuizzesTable {
  id: string
  title: string
  description: string
  category: 'free' | 'paid'
  time_limit: Generated<number>
  created_at: string
  updated_at: string
  /** migrations/0007: JSON { mcq?, msq?, nat?: { marks, negativeMarks } } in mark units (decision 011), or null. */
  marking_defaults: string | null
  /** migrations/0021: a live mock's window (ISO, UTC); both null for an anytime paper. */
  opens_at: Generated<string | null>
  closes_at: Generated<string | null>
  /** When its ranks were published (null: not yet). */
  results_published_at: Generated<string | null>
  /** 1: staff hold the results (a key to correct first); the close does not publish them. */
  results_held: Generated<number>
}

/** migrations/0021: who registered for a live mock. */
export interface LiveMockRegistrationsTable {
  quiz_id: string
  user_id: string
  registered_at: string
}

/** migrations/0021: a learner's extra minutes or separate window for a live mock, set by staff. */
export interface LiveMockOverridesTable {
  quiz_id: string
  user_id: string
  extra_minutes: Generated<number>
  opens_at: string | null
  closes_at: string | null
  set_by: string | null
  set_at: string
}

export type QuestionType = 'mcq' | 'msq' | 'nat'
export type AttemptMode = 'ranked' | 'practice'

export interface QuestionsTable {
  id: string
  quiz_id: string
  position: number
  question_text: string
  options: string // JSON array of 4 strings
  /** mcq: the key; msq: the smallest keyed option; nat: 0, meaningless (migrations/0007). */
  correct_option: number
  explanation: string | null
  created_at: string
  archived_at: string | null
  type: Generated<QuestionType>
  /** Mark units (1/30000 of a mark, decision 011): +marks when right, -negative_marks when wrong. */
  marks: Generated<number>
  negative_marks: Generated<number>
  /** msq: JSON array of the keyed option indexes (0-3). */
  correct_options: string | null
  /** nat: the inclusive key range, exact decimal strings. */
  answer_min: string | null
  answer_max: string | null
  section: string | null
  topic: string | null
  /**
   * The sanitised HTML pages show, rendered from the source columns when the version is saved (migrations/0013):
   * the question text, a JSON array with one entry per option, the explanation (null without one).
   */
  question_html: string
  options_html: string
  explanation_html: string | null
  /** 1 when every field's HTML says exactly its source text (the older client may show the quiz), else 0. */
  plain_text: number
  /**
   * migrations/0018: the bank question this row is a version of. Rows of the quiz 'question-bank' are the bank's
   * own current versions; rows of a paper are the versions it shows. Null only for a row written before the bank.
   */
  bank_question_id: string | null
}

export type Difficulty = 'easy' | 'medium' | 'hard'

/** migrations/0018: a question written once, with its tags; its versions are rows of `questions`. */
export interface BankQuestionsTable {
  id: string
  subject: Generated<string>
  topic: Generated<string>
  subtopic: string | null
  year: number | null
  difficulty: Generated<Difficulty>
  source: string | null
  created_at: string
  updated_at: string
  /** Kept in old papers and results; never offered for new papers or practice. */
  retired_at: string | null
}

/** migrations/0018: the exams a bank question is tagged with, from a list staff extend. */
export interface ExamsTable {
  id: string
  name: string
  position: number
  created_at: string
}

export interface BankQuestionExamsTable {
  bank_question_id: string
  exam_id: string
}

/** migrations/0014: an image uploaded to a quiz, named in its question markup (app/models/quiz/images.server.ts). */
export interface QuizImagesTable {
  id: string
  quiz_id: string
  /** What staff type in markup: `![alt](name)`; unique per quiz. */
  name: string
  storage_key: string
  alt: string
  content_type: string
  byte_size: number
  /** Pixels, read from the bytes at upload (null if the header did not say). */
  width: number | null
  height: number | null
  created_at: string
  created_by: string | null
}

export interface AttemptsTable {
  id: string
  user_id: string
  quiz_id: string
  started_at: string
  deadline_at: string | null
  submitted_at: string | null
  score: number | null
  total: number
  /** The exact score in mark units (decision 011); score = score_units / 30000. */
  score_units: number | null
  mode: Generated<AttemptMode>
  /** migrations/0015: the practice set this attempt is of (mode 'practice'; its paper is the set's questions). */
  practice_set_id: Generated<string | null>
}

/**
 * Submitted ranked attempts per quiz and exact score, kept by triggers on `attempts` (migrations/0008, decision
 * 013): the leaderboard's participant count and ranks are sums over these few rows. Never written by the app.
 */
export interface QuizScoreCountsTable {
  quiz_id: string
  score_units: number
  /** The counted attempts' id digit (migrations/0022): a score's count is the sum over its shards. */
  shard: number
  n: number
}

export interface AttemptAnswersTable {
  attempt_id: string
  question_id: string
  selected_option: number | null
  marked_for_review: Generated<number>
  saved_at: string
  /** msq: JSON array of the chosen option indexes. */
  selected_options: string | null
  /** nat: the number as the learner typed it (validated). */
  numeric_answer: string | null
  /** When the question was first shown: a row with no answer and a visit is 'Not Answered', no row 'Not Visited'. */
  visited_at: string | null
  time_spent_ms: Generated<number>
}

export interface SettingsTable {
  key: string
  value: string
  updated_at: string
}

export interface AuditLogTable {
  id: string
  actor_id: string | null
  action: string
  target_type: string
  target_id: string | null
  details: string | null
  created_at: string
}

export interface Database {
  users: UsersTable
  sessions: SessionsTable
  verifications: VerificationsTable
  rate_limits: RateLimitsTable
  courses: CoursesTable
  sections: SectionsTable
  lectures: LecturesTable
  enrollments: EnrollmentsTable
  coupons: CouponsTable
  orders: OrdersTable
  payment_events: PaymentEventsTable
  quizzes: QuizzesTable
  live_mock_registrations: LiveMockRegistrationsTable
  live_mock_overrides: LiveMockOverridesTable
  questions: QuestionsTable
  attempts: AttemptsTable
  attempt_answers: AttemptAnswersTable
  quiz_score_counts: QuizScoreCountsTable
  settings: SettingsTable
  audit_log: AuditLogTable
  coupon_selections: CouponSelectionsTable
  content_version: ContentVersionTable
  live_classes: LiveClassesTable
  job_claims: JobClaimsTable
  calendar_tokens: CalendarTokensTable
  lecture_progress: LectureProgressTable
  videos: VideosTable
  video_uploads: VideoUploadsTable
  video_upload_chunks: VideoUploadChunksTable
  lecture_positions: LecturePositionsTable
  lecture_visits: LectureVisitsTable
  saved_questions: SavedQuestionsTable
  practice_sets: PracticeSetsTable
  practice_set_questions: PracticeSetQuestionsTable
  invoices: InvoicesTable
  refunds: RefundsTable
  document_counters: DocumentCountersTable
  quiz_images: QuizImagesTable
  bank_questions: BankQuestionsTable
  exams: ExamsTable
  bank_question_exams: BankQuestionExamsTable
  doubts: DoubtsTable
  doubt_texts: DoubtTextsTable
  doubt_helps: DoubtHelpsTable
}

// migrations/0015: the learning loop (app/models/enrolment/lecture-progress.server.ts, app/models/quiz/practice-set.server.ts).
/** A lecture a learner marked done. */
export type { VideoStatus }

/** A lecture's own video and its transcode job (migrations/0023, app/models/video/). */
export interface VideosTable {
  id: string
  lecture_id: string
  status: Generated<VideoStatus>
  /** Per cent of the transcode done (0-100). */
  progress: Generated<number>
  /** Why the transcode failed, in words staff can act on. */
  error: string | null
  source_key: string
  source_name: string | null
  source_bytes: Generated<number>
  duration_seconds: number | null
  width: number | null
  height: number | null
  /** JSON list of the rungs written, lowest first ('audio', '144p', ...). */
  rungs: string | null
  lease_owner: string | null
  lease_until: string | null
  /** migrations/0026: the claim's own token (a run whose claim was taken over writes nothing more). */
  lease_token: string | null
  /** migrations/0026: the SHA-256 of the upload as stored, checked before the transcode reads it. */
  source_sha256: string | null
  tries: Generated<number>
  created_by: string | null
  created_at: string
  updated_at: string
  ready_at: string | null
}

/** A resumable video upload in progress: its bytes wait in a staging file until the last chunk (migrations/0023). */
export interface VideoUploadsTable {
  id: string
  user_id: string
  file_name: string
  size: number
  received: Generated<number>
  /** migrations/0026: the SHA-256 the client declared for the whole file, if it did. */
  sha256: string | null
  /** migrations/0026: the staged file's SHA-256 once every chunk matched its ledger row (complete only then). */
  verified_sha256: string | null
  created_at: string
  updated_at: string
}

/** A resumable upload's chunk, claimed before it is written and checked before the upload completes (0026). */
export interface VideoUploadChunksTable {
  upload_id: string
  byte_start: number
  byte_count: number
  /** Set once the chunk's bytes are on disk; null while its claim is being written. */
  sha256: string | null
  token: string | null
  claimed_at: string
}

/** Where a learner stopped in a lecture's video, in whole seconds (migrations/0023). */
export interface LecturePositionsTable {
  user_id: string
  lecture_id: string
  seconds: number
  updated_at: string
}

export interface LectureProgressTable {
  user_id: string
  lecture_id: string
  done_at: string
}

/** The lecture a learner last opened in a course (one row per learner and course). */
export interface LectureVisitsTable {
  user_id: string
  course_id: string
  lecture_id: string
  opened_at: string
}

/** A question version a learner saved from a result page. */
export interface SavedQuestionsTable {
  user_id: string
  question_id: string
  created_at: string
}

/** A learner's practice set: chosen question versions across quizzes, taken as one untimed, unranked test. */
export interface PracticeSetsTable {
  id: string
  user_id: string
  title: string
  created_at: string
}

export interface PracticeSetQuestionsTable {
  set_id: string
  question_id: string
  /** The question's place in the set, from 0. */
  seq: number
}

// migrations/0003: the coupon validate-coupon-code validated, per (user, course), for create-order
// (docs/legacy-api.md §5 #2).
export interface CouponSelectionsTable {
  user_id: string
  course_id: string
  coupon_id: string
  created_at: string
}

// migrations/0009: the anonymous page cache's content version, bumped by triggers on every write to a table the
// public pages read (docs/decisions/014-anonymous-page-cache.md). One row, id 1; absent until the first bump.
export interface ContentVersionTable {
  id: number
  version: number
}

/** migrations/0024: a doubt's state: unanswered, answered by staff, or closed by staff (with or without an answer). */
export type DoubtStatus = 'open' | 'answered' | 'resolved'

/** A learner's doubt about a lecture or a question, and its answer (migrations/0024, app/models/doubts/). */
export interface DoubtsTable {
  id: string
  /** Null once the learner's account is deleted (their words go with it: doubt_texts). */
  user_id: string | null
  course_id: string | null
  lecture_id: string | null
  lecture_title: string | null
  quiz_id: string | null
  question_id: string | null
  /** The bank question asked about (the version's id when it has none): later versions keep the thread. */
  question_key: string | null
  /** Seconds into the lecture's video. */
  video_at: number | null
  status: Generated<DoubtStatus>
  /** 0 while unanswered and not hidden, 1 otherwise: the inbox's "unanswered first". */
  queue: Generated<number>
  hidden: Generated<number>
  helped: Generated<number>
  answer_body: string | null
  answer_html: string | null
  answer_image_key: string | null
  answered_by: string | null
  answered_at: string | null
  answer_mailed_at: string | null
  created_at: string
  updated_at: string
}

/** The learner's own words and image of a doubt; deleted with their account. */
export interface DoubtTextsTable {
  doubt_id: string
  user_id: string
  body: string
  body_html: string
  image_key: string | null
}

/** One 'This helped me' of a learner on a doubt. */
export interface DoubtHelpsTable {
  doubt_id: string
  user_id: string
  created_at: string
}
