import type { Kysely, Transaction } from 'kysely'
import { db } from '~/utils/db.server'
import { newId, nowIso } from '~/utils/ids.server'
import type { Database } from '#db/schema'
import { onePage } from '~/utils/page.server'

// Audit log of staff actions and of what the server did on its own (no actor): who, what, when.

export type AuditAction =
  | 'access.grant'
  | 'access.revoke'
  | 'access.until'
  | 'enrollment.manual'
  | 'course.create'
  | 'course.update'
  | 'course.delete'
  | 'section.create'
  | 'lecture.create'
  | 'section.update'
  | 'section.move'
  | 'section.delete'
  | 'lecture.update'
  | 'lecture.move'
  | 'lecture.delete'
  | 'coupon.create'
  | 'coupon.delete'
  | 'quiz.create'
  | 'quiz.update'
  | 'quiz.delete'
  | 'quiz.add-from-bank'
  | 'quiz_image.add'
  | 'quiz_image.delete'
  | 'quiz_price.update'
  | 'live_mock.publish'
  | 'live_mock.hold'
  | 'live_mock.override'
  | 'live_mock.rescore'
  | 'payment.refund_due'
  | 'payment.regrant'
  | 'payment.refund'
  | 'payment.refund_failed'
  | 'access.refund_end'
  | 'account.login_locked'
  | 'live_class.create'
  | 'live_class.update'
  | 'live_class.cancel'
  | 'live_class.recording'
  | 'calendar.replace'
  | 'bank_question.create'
  | 'bank_question.update'
  | 'bank_question.tag'
  | 'bank_question.retire'
  | 'bank_question.restore'
  | 'exam.create'
  | 'video.upload'
  | 'video.retry'
  | 'doubt.answer'
  | 'doubt.resolve'
  | 'doubt.hide'
  | 'doubt.show'

export const AUDIT_LABELS: Record<AuditAction, string> = {
  'access.grant': 'Granted course access',
  'access.revoke': 'Revoked course access',
  'access.until': 'Set when course access ends',
  'enrollment.manual': 'Enrolled a learner by hand',
  'course.create': 'Created course',
  'course.update': 'Edited course',
  'course.delete': 'Deleted course',
  'section.create': 'Added section',
  'lecture.create': 'Added lecture',
  'section.update': 'Renamed section',
  'section.move': 'Moved section',
  'section.delete': 'Deleted section with its lectures',
  'lecture.update': 'Edited lecture',
  'lecture.move': 'Moved lecture',
  'lecture.delete': 'Deleted lecture',
  'coupon.create': 'Created coupon',
  'coupon.delete': 'Deleted coupon',
  'quiz.create': 'Created quiz',
  'quiz.update': 'Edited quiz',
  'quiz.delete': 'Deleted quiz',
  'quiz.add-from-bank': 'Added questions from the bank to a quiz',
  'quiz_image.add': 'Added an image to a quiz',
  'quiz_image.delete': 'Deleted an image of a quiz',
  'quiz_price.update': 'Changed quiz bundle price',
  'live_mock.publish': 'Published the results of a live mock',
  'live_mock.hold': 'Held the results of a live mock',
  'live_mock.override': "Set a learner's live mock window",
  'live_mock.rescore': 'Re-scored a live mock after a key correction',
  'payment.refund_due': 'Payment to refund: coupon over its usage limit',
  'payment.regrant': 'Fulfilled a paid order by hand (reconciliation)',
  'payment.refund': 'Refunded a payment',
  'payment.refund_failed': 'A refund failed at the payment gateway',
  'access.refund_end': 'Ended access: the payment was refunded in full',
  'account.login_locked': 'Password login locked: too many failed attempts',
  'live_class.create': 'Scheduled a live class',
  'live_class.update': 'Edited a live class',
  'live_class.cancel': 'Cancelled a live class',
  'live_class.recording': 'Attached a live class recording',
  'calendar.replace': 'Made or replaced their calendar address',
  'bank_question.create': 'Added a question to the bank',
  'bank_question.update': 'Edited a bank question',
  'bank_question.tag': 'Tagged bank questions',
  'bank_question.retire': 'Retired bank questions',
  'bank_question.restore': 'Restored bank questions',
  'exam.create': 'Added an exam to the list',
  'video.upload': "Uploaded a lecture's video",
  'video.retry': "Retried a lecture video's transcode",
  'doubt.answer': 'Answered a doubt',
  'doubt.resolve': 'Resolved a doubt',
  'doubt.hide': 'Hid a doubt from learners',
  'doubt.show': 'Showed a hidden doubt again',
}

export async function recordAudit(
  input: {
    actorId: string | null
    action: AuditAction
    targetType: string
    targetId?: string | null
    details?: Record<string, unknown>
  },
  conn: Kysely<Database> | Transaction<Database> = db,
) {
  await conn
    .insertInto('audit_log')
    .values({
      id: newId(),
      actor_id: input.actorId,
      action: input.action,
      target_type: input.targetType,
      target_id: input.targetId ?? null,
      details: input.details ? JSON.stringify(input.details) : null,
      created_at: nowIso(),
    })
    .execute()
}

export async function listAudit({ page, pageSize }: { page: number; pageSize: number }) {
  const total = Number(
    (
      await db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    )?.n ?? 0,
  )
  const rows = await onePage(
    db
      .selectFrom('audit_log')
      .leftJoin('users', 'users.id', 'audit_log.actor_id')
      .select([
        'audit_log.id',
        'audit_log.action',
        'audit_log.target_type',
        'audit_log.target_id',
        'audit_log.details',
        'audit_log.created_at',
        'users.name as actorName',
        'users.email as actorEmail',
        'audit_log.actor_id',
      ])
      .orderBy('audit_log.created_at', 'desc')
      .orderBy('audit_log.id'),
    { page, pageSize },
  ).execute()
  return {
    total,
    entries: rows.map((r) => ({
      id: r.id,
      action: r.action,
      label: AUDIT_LABELS[r.action as AuditAction] ?? r.action,
      targetType: r.target_type,
      targetId: r.target_id,
      details: r.details ? (JSON.parse(r.details) as Record<string, unknown>) : null,
      createdAt: r.created_at,
      // No actor: the server itself recorded it (e.g. a payment that needs a refund).
      actor: r.actorName ? `${r.actorName} (${r.actorEmail})` : r.actor_id ? 'Deleted user' : 'System',
    })),
  }
}
