import { sql, type Kysely } from 'kysely'

// Core schema. Ids are 24 lowercase hex characters (docs/legacy-api.md §1.6), timestamps ISO-8601 UTC strings,
// booleans 0/1 integers, prices integer rupees and payment amounts integer paise.
// Every "only once" rule is backed by a unique index here, not by application checks alone.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('user')
        .check(sql`role in ('user','admin','instructor')`),
    )
    .addColumn('profile_image', 'text')
    .addColumn('mobile_number', 'text')
    .addColumn('institute_name', 'text')
    .addColumn('present_course_of_study', 'text')
    .addColumn('is_premium_member', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('has_access_to_quizzes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('password_changed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('users_created_at_idx').on('users').column('created_at').execute()

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute()

  // Server-side truth for one-time codes: one live row per (purpose, email).
  await db.schema
    .createTable('verifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('signup','reset')`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('payload', 'text') // JSON: pending sign-up data (name, password hash)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('last_sent_at', 'text', (c) => c.notNull())
    .addColumn('verified_at', 'text')
    .addColumn('proof_hash', 'text') // single-use reset proof, hashed
    .addColumn('proof_expires_at', 'text')
    .addColumn('consumed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('verifications_purpose_email_uq')
    .on('verifications')
    .columns(['purpose', 'email'])
    .unique()
    .execute()

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('courses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('card_title', 'text', (c) => c.notNull())
    .addColumn('sub_title', 'text', (c) => c.notNull())
    .addColumn('course_tag', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('course_image', 'text', (c) => c.notNull())
    .addColumn('actual_price', 'integer', (c) => c.notNull())
    .addColumn('discounted_price', 'integer', (c) => c.notNull())
    .addColumn('link_address', 'text', (c) => c.notNull().unique())
    .addColumn('course_title', 'text', (c) => c.notNull())
    .addColumn('course_description', 'text', (c) => c.notNull())
    .addColumn('whatsapp_link', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('grants_quiz_access', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('sections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('sections_course_idx').on('sections').columns(['course_id', 'position']).execute()

  await db.schema
    .createTable('lectures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('section_id', 'text', (c) => c.notNull().references('sections.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('video_url', 'text', (c) => c.notNull())
    .addColumn('note_title', 'text')
    .addColumn('note_url', 'text') // storage key ("uploads/...") or an external URL
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('lectures_section_idx').on('lectures').columns(['section_id', 'position']).execute()

  await db.schema
    .createTable('enrollments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('purchase'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  // One enrolment per learner per course: callback + webhook + retries enrol exactly once.
  await db.schema
    .createIndex('enrollments_user_course_uq')
    .on('enrollments')
    .columns(['user_id', 'course_id'])
    .unique()
    .execute()
  await db.schema.createIndex('enrollments_course_idx').on('enrollments').column('course_id').execute()

  await db.schema
    .createTable('coupons')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull()) // stored lower-cased and trimmed (docs/legacy-api.md §3)
    .addColumn('discount', 'integer', (c) => c.notNull().check(sql`discount between 1 and 100`))
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('expires_at', 'text')
    .addColumn('usage_limit', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('coupons_course_code_uq').on('coupons').columns(['course_id', 'code']).unique().execute()

  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item_type', 'text', (c) => c.notNull().check(sql`item_type in ('course','quiz_bundle')`))
    .addColumn('course_id', 'text', (c) => c.references('courses.id').onDelete('set null'))
    .addColumn('coupon_id', 'text', (c) => c.references('coupons.id').onDelete('set null'))
    .addColumn('amount_paise', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('INR'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('created')
        .check(sql`status in ('created','paid','failed')`),
    )
    .addColumn('provider', 'text', (c) => c.notNull()) // 'razorpay' | 'demo' | 'free'
    .addColumn('provider_order_id', 'text', (c) => c.unique())
    .addColumn('provider_payment_id', 'text')
    .addColumn('phone', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .execute()
  await db.schema.createIndex('orders_user_idx').on('orders').column('user_id').execute()
  await db.schema.createIndex('orders_coupon_status_idx').on('orders').columns(['coupon_id', 'status']).execute()

  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull()) // 'callback' | 'webhook' | 'free' | 'demo'
    .addColumn('event_id', 'text', (c) => c.unique()) // X-Razorpay-Event-Id: webhook de-duplication
    .addColumn('payment_id', 'text')
    .addColumn('fulfilled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('quizzes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull().check(sql`category in ('free','paid')`))
    .addColumn('time_limit', 'integer', (c) => c.notNull().defaultTo(0)) // minutes; 0 = untimed
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  // Questions are versioned: a question that answers refer to is archived, never rewritten
  // (docs/decisions/002-quiz-edits-keep-results.md).
  await db.schema
    .createTable('questions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('quiz_id', 'text', (c) => c.notNull().references('quizzes.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('question_text', 'text', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull()) // JSON array of 4 strings
    .addColumn('correct_option', 'integer', (c) => c.notNull().check(sql`correct_option between 0 and 3`))
    .addColumn('explanation', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('archived_at', 'text')
    .execute()
  await db.schema
    .createIndex('questions_quiz_idx')
    .on('questions')
    .columns(['quiz_id', 'archived_at', 'position'])
    .execute()

  await db.schema
    .createTable('attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('quiz_id', 'text', (c) => c.notNull().references('quizzes.id').onDelete('cascade'))
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('deadline_at', 'text') // null: untimed
    .addColumn('submitted_at', 'text')
    .addColumn('score', 'real')
    .addColumn('total', 'integer', (c) => c.notNull())
    .execute()
  // One attempt per learner per quiz.
  await db.schema.createIndex('attempts_user_quiz_uq').on('attempts').columns(['user_id', 'quiz_id']).unique().execute()
  // Leaderboard: higher score first, then earlier submission.
  await db.schema
    .createIndex('attempts_leaderboard_idx')
    .on('attempts')
    .expression(sql`quiz_id, score desc, submitted_at asc`)
    .where(sql.ref('submitted_at'), 'is not', null)
    .execute()

  await db.schema
    .createTable('attempt_answers')
    .addColumn('attempt_id', 'text', (c) => c.notNull().references('attempts.id').onDelete('cascade'))
    .addColumn('question_id', 'text', (c) => c.notNull().references('questions.id').onDelete('cascade'))
    .addColumn('selected_option', 'integer', (c) => c.check(sql`selected_option between 0 and 3`))
    .addColumn('marked_for_review', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('saved_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('attempt_answers_pk', ['attempt_id', 'question_id'])
    .execute()

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull()) // JSON
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('actor_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text')
    .addColumn('details', 'text') // JSON
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('audit_log_created_idx').on('audit_log').column('created_at').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'audit_log',
    'settings',
    'attempt_answers',
    'attempts',
    'questions',
    'quizzes',
    'payment_events',
    'orders',
    'coupons',
    'enrollments',
    'lectures',
    'sections',
    'courses',
    'rate_limits',
    'verifications',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(t).ifExists().execute()
  }
}
