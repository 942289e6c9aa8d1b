import type { Transaction, Updateable } from 'kysely'
import { classPhase, type ClassPhase } from '~/lib/live-classes'
import type { LiveClassFields } from '~/schemas/live-class'
import { db } from '~/utils/db.server'
import { newId, nowIso } from '~/utils/ids.server'
import type { Database, LiveClassesTable } from '#db/schema'
import { recordAudit } from '../audit/audit.server'

// Live classes for staff: schedule, edit, cancel and attach recordings, each audited. What learners see is in
// app/models/live/learner-classes.server.ts (which checks their access), the e-mails about a class in
// app/models/live/class-notices.server.ts.

const STAFF_COLUMNS = [
  'id',
  'course_id',
  'title',
  'starts_at',
  'duration_minutes',
  'join_url',
  'notes',
  'notify',
  'cancelled_at',
  'recording_url',
  'created_at',
  'updated_at',
] as const

export type StaffClass = {
  id: string
  title: string
  startsAt: string
  durationMinutes: number
  joinUrl: string
  notes: string | null
  notify: boolean
  cancelledAt: string | null
  recordingUrl: string | null
  phase: ClassPhase
}

function toStaffClass(
  r: {
    id: string
    title: string
    starts_at: string
    duration_minutes: number
    join_url: string
    notes: string | null
    notify: number
    cancelled_at: string | null
    recording_url: string | null
  },
  now: Date,
): StaffClass {
  return {
    id: r.id,
    title: r.title,
    startsAt: r.starts_at,
    durationMinutes: r.duration_minutes,
    joinUrl: r.join_url,
    notes: r.notes,
    notify: r.notify === 1,
    cancelledAt: r.cancelled_at,
    recordingUrl: r.recording_url,
    phase: classPhase({ startsAt: r.starts_at, durationMinutes: r.duration_minutes, cancelledAt: r.cancelled_at }, now),
  }
}

/** Every class of a course for staff, soonest first. */
export async function listCourseClasses(courseId: string, now = new Date()): Promise<StaffClass[]> {
  const rows = await db
    .selectFrom('live_classes')
    .select(STAFF_COLUMNS)
    .where('course_id', '=', courseId)
    .orderBy('starts_at')
    .orderBy('id')
    .execute()
  return rows.map((r) => toStaffClass(r, now))
}

export async function getCourseClass(courseId: string, classId: string, now = new Date()) {
  const row = await db
    .selectFrom('live_classes')
    .select(STAFF_COLUMNS)
    .where('course_id', '=', courseId)
    .where('id', '=', classId)
    .executeTakeFirst()
  return row ? toStaffClass(row, now) : undefined
}

const columnsOf = (f: LiveClassFields) => ({
  title: f.title,
  starts_at: f.startsAt,
  duration_minutes: f.durationMinutes,
  join_url: f.joinUrl,
  notes: f.notes ? f.notes : null,
  notify: f.notify ? 1 : 0,
})

/** Staff schedule a class (audited). With `notify`, the sweep tells its learners (app/models/sweep/sweep.server.ts). */
export async function scheduleClass(input: { actorId: string; courseId: string; fields: LiveClassFields }) {
  const now = nowIso()
  const id = newId()
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('live_classes')
      .values({ id, course_id: input.courseId, ...columnsOf(input.fields), created_at: now, updated_at: now })
      .execute()
    await audit(trx, input.actorId, 'live_class.create', id, { courseId: input.courseId, ...auditFields(input.fields) })
  })
  return id
}

/** The audit trail names the class and when it is, never its join link (the log is read by every staff member). */
const auditFields = (f: LiveClassFields) => ({
  title: f.title,
  startsAt: f.startsAt,
  durationMinutes: f.durationMinutes,
  notify: f.notify,
})

async function audit(
  trx: Transaction<Database>,
  actorId: string,
  action: 'live_class.create' | 'live_class.update' | 'live_class.cancel' | 'live_class.recording',
  classId: string,
  details: Record<string, unknown>,
) {
  await recordAudit({ actorId, action, targetType: 'live_class', targetId: classId, details }, trx)
}

type ClassChange = {
  actorId: string
  courseId: string
  classId: string
  action: 'live_class.update' | 'live_class.cancel' | 'live_class.recording'
  /** The columns to write (`updated_at` is added), given the moment of the change. */
  set: (at: string) => Updateable<LiveClassesTable>
  /** What the audit row says besides the course. */
  details?: Record<string, unknown>
  /** Only a class not cancelled yet is changed (a second cancel is refused). */
  notCancelled?: boolean
}

/**
 * The one way staff change an existing class: the update is limited to the class of that course, and the audit row
 * is written in the same transaction only when a row changed. False when the course has no such class.
 */
async function changeClass(change: ClassChange): Promise<boolean> {
  const at = nowIso()
  return db.transaction().execute(async (trx) => {
    let update = trx
      .updateTable('live_classes')
      .set({ ...change.set(at), updated_at: at })
      .where('id', '=', change.classId)
      .where('course_id', '=', change.courseId)
    if (change.notCancelled) update = update.where('cancelled_at', 'is', null)
    const res = await update.executeTakeFirst()
    if (Number(res.numUpdatedRows) !== 1) return false
    await audit(trx, change.actorId, change.action, change.classId, { courseId: change.courseId, ...change.details })
    return true
  })
}

type ClassRef = { actorId: string; courseId: string; classId: string }

/** Staff edit a class (audited); false when the course has no such class. */
export async function updateClass(input: ClassRef & { fields: LiveClassFields }): Promise<boolean> {
  const { fields, ...ref } = input
  return changeClass({
    ...ref,
    action: 'live_class.update',
    set: () => columnsOf(fields),
    details: auditFields(fields),
  })
}

/** Staff cancel a class (audited): it stays listed as 'Cancelled', with no join link and no notices. */
export async function cancelClass(input: ClassRef): Promise<boolean> {
  return changeClass({ ...input, action: 'live_class.cancel', set: (at) => ({ cancelled_at: at }), notCancelled: true })
}

/** Staff attach (or replace) a class's recording link (audited). */
export async function setRecording(input: ClassRef & { recordingUrl: string }): Promise<boolean> {
  const { recordingUrl, ...ref } = input
  return changeClass({
    ...ref,
    action: 'live_class.recording',
    set: () => ({ recording_url: recordingUrl }),
    details: { recordingUrl },
  })
}
