import { sql, type Kysely } from 'kysely'
import { BRAND_NAME } from '~/lib/constants'
import { receiptPdf } from '~/services/receipt-pdf.server'
import type { Database } from '#db/schema'
import type { Job } from '../jobs/job'
import { getReceipt, receiptFileName } from './receipts.server'

// The purchase mail: what the learner bought, where to start, and the receipt (its link and its PDF attached), once
// per fulfilled order. Fulfilment sends it right after its transaction commits, as a job claimed under
// 'receipt:{orderId}' (app/models/jobs/claims.server.ts `deliver`): callback, webhook and retries race for the order's
// created -> paid transition and only the winner sends. A send that fails, or a process that dies between the
// commit and the send, leaves it to the scheduled sweep (`duePurchaseMails`), which sends what is still unsent for
// a week after the invoice was issued.

/** How long after issue the sweep still tries a purchase mail that was not sent. */
const RETRY_DAYS = 7
/** Fulfilment sends at once; the sweep leaves a fresh order alone this long. */
const SWEEP_AFTER_MS = 60_000

export const purchaseMailKey = (orderId: string) => `receipt:${orderId}`

/** The purchase mail of a fulfilled order (undefined when the order or its buyer is gone). */
export async function purchaseMailJob(input: {
  conn: Kysely<Database>
  orderId: string
  origin: string
}): Promise<Job | undefined> {
  const { conn, orderId, origin } = input
  const order = await conn
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .leftJoin('courses', 'courses.id', 'orders.course_id')
    .select([
      'orders.user_id',
      'orders.item_type',
      'orders.course_id',
      'users.name',
      'users.email',
      'users.role',
      'courses.course_title',
      'courses.whatsapp_link',
      'courses.grants_quiz_access',
    ])
    .where('orders.id', '=', orderId)
    .executeTakeFirst()
  if (!order) return undefined
  const receipt = await getReceipt(orderId, { id: order.user_id, role: order.role }, conn)
  if (!receipt) return undefined
  const quizNews = `You now have access to the premium mock test series: ${origin}/quizzes`
  const receiptLine = `Your ${receipt.number ? `tax invoice ${receipt.number}` : 'receipt'}: ${origin}/profile/purchases/${orderId}/receipt (the PDF is attached)`
  const course = order.item_type === 'course' ? order : null
  const title = order.course_title ?? receipt.description
  const lines = course
    ? [
        `Hi ${order.name},`,
        '',
        `Thank you for enrolling in ${title}.`,
        `Start learning: ${origin}/my-courses/${order.course_id}`,
        course.whatsapp_link ? `Join the course WhatsApp group: ${course.whatsapp_link}` : '',
        course.grants_quiz_access === 1 ? quizNews : '',
        '',
        receiptLine,
        '',
        `Team ${BRAND_NAME}`,
      ]
    : [`Hi ${order.name},`, '', `Thank you for your purchase. ${quizNews}`, '', receiptLine, '', `Team ${BRAND_NAME}`]
  return {
    key: purchaseMailKey(orderId),
    mail: {
      to: order.email,
      subject: course ? `You are enrolled: ${title}` : `${BRAND_NAME}: premium mock tests unlocked`,
      text: lines.filter((l, i, all) => l !== '' || (i > 0 && all[i - 1] !== '')).join('\n'),
      attachments: [
        { filename: receiptFileName(receipt), content: await receiptPdf(receipt), contentType: 'application/pdf' },
      ],
    },
  }
}

/**
 * For the sweep: purchase mails of orders fulfilled in the last RETRY_DAYS (more than a minute ago) that were never
 * claimed, or were claimed and not sent for longer than the claim's retry time (the sweep's `claim` decides).
 */
export async function duePurchaseMails(input: {
  conn: Kysely<Database>
  now: Date
  origin: string
  retryMinutes: number
}): Promise<Job[]> {
  const { conn, now } = input
  const stale = new Date(now.getTime() - input.retryMinutes * 60_000).toISOString()
  const rows = await conn
    .selectFrom('invoices')
    .leftJoin('job_claims', (join) =>
      join.on(sql<boolean>`${sql.ref('job_claims.key')} = 'receipt:' || ${sql.ref('invoices.order_id')}`),
    )
    .select('invoices.order_id')
    .where('invoices.issued_at', '>=', new Date(now.getTime() - RETRY_DAYS * 86_400_000).toISOString())
    .where('invoices.issued_at', '<=', new Date(now.getTime() - SWEEP_AFTER_MS).toISOString())
    .where((eb) =>
      eb.or([
        eb('job_claims.key', 'is', null),
        eb.and([eb('job_claims.sent_at', 'is', null), eb('job_claims.claimed_at', '<=', stale)]),
      ]),
    )
    .orderBy('invoices.issued_at')
    .limit(100)
    .execute()
  const jobs: Job[] = []
  for (const r of rows) {
    const job = await purchaseMailJob({ conn, orderId: r.order_id, origin: input.origin })
    if (job) jobs.push(job)
  }
  return jobs
}
