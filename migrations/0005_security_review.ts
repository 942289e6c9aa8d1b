import { sql, type Kysely } from 'kysely'

// Security hardening.
// 1. A pending sign-up belongs to the client that started it: each register gets its own row, found by the
//    hash of a random claim the client holds in an HttpOnly cookie, so another client's register can never
//    change it. Reset codes keep one live row per e-mail.
// 2. A coupon's usage limit is enforced when an order is paid; a payment over the limit is recorded with a
//    refund reason for staff instead of being fulfilled (docs/decisions/004-payments.md).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('verifications').addColumn('claim_hash', 'text').execute()
  await db.schema.dropIndex('verifications_purpose_email_uq').execute()
  await db.schema
    .createIndex('verifications_reset_email_uq')
    .on('verifications')
    .columns(['purpose', 'email'])
    .unique()
    .where(sql.ref('purpose'), '=', sql.lit('reset'))
    .execute()
  await db.schema.createIndex('verifications_claim_uq').on('verifications').column('claim_hash').unique().execute()
  await db.schema
    .createIndex('verifications_purpose_email_idx')
    .on('verifications')
    .columns(['purpose', 'email'])
    .execute()
  // Sign-up rows made before this migration have no claim and can never verify: the learner signs up again.
  await db.deleteFrom('verifications').where('purpose', '=', 'signup').execute()

  await db.schema.alterTable('orders').addColumn('refund_reason', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('refund_reason').execute()
  await db.deleteFrom('verifications').where('purpose', '=', 'signup').execute()
  await db.schema.dropIndex('verifications_purpose_email_idx').execute()
  await db.schema.dropIndex('verifications_claim_uq').execute()
  await db.schema.dropIndex('verifications_reset_email_uq').execute()
  await db.schema.alterTable('verifications').dropColumn('claim_hash').execute()
  await db.schema
    .createIndex('verifications_purpose_email_uq')
    .on('verifications')
    .columns(['purpose', 'email'])
    .unique()
    .execute()
}
