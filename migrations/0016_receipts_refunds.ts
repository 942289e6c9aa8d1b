import { sql, type Kysely } from 'kysely'

// Receipts, GST invoices, refunds and credit notes. Amounts are integer paise like orders.amount_paise; times are
// ISO instants in UTC (text on both databases).
// - `users.state`, `orders.state`: a GST state code ('19'), the learner's in their profile and the one chosen at
//   checkout; the invoice's place of supply is read from them when it is issued.
// - `invoices`: one row per fulfilled order, written in the fulfilment transaction: a numbered tax invoice
//   (`number` like '2026-27/000123', unique) when the seller has a GSTIN and the order took money, else a receipt
//   (no number). It keeps the facts as they were when issued (seller, rate, place of supply, amounts), so a later
//   change of the environment or the course title does not rewrite a document already given to the learner.
// - `refunds`: each refund of a paid order, with who asked and why, the gateway's refund id (unique: its webhooks are
//   matched by it) and, for a refunded tax invoice, its credit note ('CN2026-27/000001', unique) and the taxable
//   value and tax it takes back. `accepted_at`: the gateway took the refund (or it was recorded locally).
// - `document_counters`: the last number given per series and financial year. Taken with an upsert that holds the
//   row's lock until the transaction ends, so numbers are consecutive with no gaps and no duplicates, also across
//   several app instances on one PostgreSQL; a rolled-back transaction gives its number back.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('state', 'text').execute()
  await db.schema.alterTable('orders').addColumn('state', 'text').execute()
  // Refund webhooks name the payment, not the order.
  await db.schema.createIndex('orders_payment_idx').on('orders').column('provider_payment_id').execute()

  await db.schema
    .createTable('invoices')
    .addColumn('order_id', 'text', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('invoice', 'receipt')`))
    .addColumn('number', 'text', (c) => c.unique())
    .addColumn('financial_year', 'text')
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('seller_name', 'text', (c) => c.notNull())
    .addColumn('seller_address', 'text')
    .addColumn('seller_gstin', 'text')
    .addColumn('seller_state', 'text')
    .addColumn('sac', 'text')
    .addColumn('gst_rate_bp', 'integer')
    .addColumn('buyer_name', 'text', (c) => c.notNull())
    .addColumn('buyer_email', 'text', (c) => c.notNull())
    .addColumn('place_of_supply', 'text')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('total_paise', 'integer', (c) => c.notNull())
    .addColumn('taxable_paise', 'integer', (c) => c.notNull())
    .addColumn('cgst_paise', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sgst_paise', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('igst_paise', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.createIndex('invoices_issued_idx').on('invoices').column('issued_at').execute()

  await db.schema
    .createTable('refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('amount_paise', 'integer', (c) => c.notNull().check(sql`amount_paise > 0`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'processed', 'failed')`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('provider_refund_id', 'text', (c) => c.unique())
    .addColumn('failure', 'text')
    .addColumn('accepted_at', 'text')
    .addColumn('processed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('credit_note_number', 'text', (c) => c.unique())
    .addColumn('credit_note_at', 'text')
    .addColumn('credit_taxable_paise', 'integer')
    .addColumn('credit_cgst_paise', 'integer')
    .addColumn('credit_sgst_paise', 'integer')
    .addColumn('credit_igst_paise', 'integer')
    .execute()
  await db.schema.createIndex('refunds_order_idx').on('refunds').columns(['order_id', 'status']).execute()
  await db.schema.createIndex('refunds_created_idx').on('refunds').column('created_at').execute()

  await db.schema
    .createTable('document_counters')
    .addColumn('series', 'text', (c) => c.notNull())
    .addColumn('financial_year', 'text', (c) => c.notNull())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('document_counters_pk', ['series', 'financial_year'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('document_counters').execute()
  await db.schema.dropTable('refunds').execute()
  await db.schema.dropTable('invoices').execute()
  await db.schema.dropIndex('orders_payment_idx').execute()
  await db.schema.alterTable('orders').dropColumn('state').execute()
  await db.schema.alterTable('users').dropColumn('state').execute()
}
