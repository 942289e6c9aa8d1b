import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely'
import { finalizeExpiredAttempts } from '~/models/quiz/attempt.server'
import { imageUrl } from '~/services/storage.server'
import { db } from '~/utils/db.server'
import { newId, nowIso } from '~/utils/ids.server'
import { hashPassword } from '~/lib/password.server'
import { prepared } from '#db/prepared'
import { turnBatched } from '#db/turn-batch'
import type { Database, Role, UsersTable } from '#db/schema'
import { nameContains, onePage } from '~/utils/page.server'
import { normaliseEmail } from '~/lib/text'
import { paidQuizAccessSql, sqlTrue } from '../enrolment/access.server'
import { rememberVersionReadWith } from './session-version.server'

// Columns safe to hand to a page or the API: never password_hash.
export const publicUserColumns = [
  'id',
  'name',
  'email',
  'role',
  'profile_image',
  'mobile_number',
  'institute_name',
  'present_course_of_study',
  'is_premium_member',
  'created_at',
  'updated_at',
] as const

/**
 * A user as pages and the API see it: the table's row without the password hash (db/schema), and whether they hold
 * paid quiz access at the moment the row was read (app/models/enrolment/access.server.ts `paidQuizAccessSql`), in
 * the same query, so a request that checks it costs no second round trip.
 */
export type UserRow = Pick<Selectable<UsersTable>, (typeof publicUserColumns)[number]> & { paidQuizAccess: boolean }

// The columns named with their table: the batched session read joins sessions, which has an id of its own.
const publicUserSelection = publicUserColumns.map(
  (column) => `users.${column}` as const,
) as readonly `users.${(typeof publicUserColumns)[number]}`[]

/** The users with their paid quiz access at `now`, on `conn` (the prepared session read passes its slot as `now`). */
const userRows = (now: Date | string = new Date(), conn: Kysely<Database> = db) =>
  conn
    .selectFrom('users')
    .select(publicUserSelection)
    .select((eb) => paidQuizAccessSql(now)(eb).as('paid_quiz_access'))

function toUserRow<R extends { paid_quiz_access: unknown }>(row: R | undefined) {
  if (!row) return undefined
  const { paid_quiz_access, ...rest } = row
  return { ...rest, paidQuizAccess: sqlTrue(paid_quiz_access) }
}

export async function getUserById(id: string): Promise<UserRow | undefined> {
  return toUserRow(await userRows().where('users.id', '=', id).executeTakeFirst())
}

/**
 * The user a live session names, in one query (the session's row and the user's): what every signed-in request
 * reads first. Undefined for an unknown or expired session, or a deleted user.
 */
export async function getUserBySession(sessionId: string): Promise<UserRow | undefined> {
  const row = await readSessionUser(db, sessionId)
  if (!row) return undefined
  const { content_version, ...rest } = row
  const user = toUserRow(rest)!
  // The quiz gate takes the paper at this version instead of reading it again (./session-version.server.ts).
  rememberVersionReadWith(user, content_version === null ? 0 : Number(content_version))
  return user
}

const contentVersionColumn = (eb: ExpressionBuilder<Database, 'users'>) =>
  eb
    .selectFrom('content_version')
    .select('content_version.version')
    .where('content_version.id', '=', 1)
    .as('content_version')

// Every signed-in request's first query: compiled once (#db/prepared).
const userOfSessionQuery = prepared((conn, p: { sessionId: string; now: string }) =>
  userRows(p.now, conn)
    .select(contentVersionColumn)
    .where('users.id', '=', (eb) =>
      eb
        .selectFrom('sessions')
        .select('sessions.user_id')
        .where('sessions.id', '=', p.sessionId)
        .where('sessions.expires_at', '>', p.now),
    ),
)
// ...and the sessions of the requests of one turn on PostgreSQL in one statement (#db/turn-batch): at a live mock's
// opening, hundreds of Starts and saves a second.
const usersOfSessionsQuery = prepared((conn, p: { sessionIds: readonly string[]; now: string }) =>
  userRows(p.now, conn)
    .innerJoin('sessions', 'sessions.user_id', 'users.id')
    .select(contentVersionColumn)
    .select('sessions.id as session_id')
    .where('sessions.id', '=', sql<string>`any(${p.sessionIds})`)
    .where('sessions.expires_at', '>', p.now),
)
const readSessionUser = turnBatched({
  one: (conn, sessionId: string) => userOfSessionQuery.first(conn, { sessionId, now: nowIso() }),
  many: async (conn, sessionIds: string[]) => {
    const rows = await usersOfSessionsQuery.all(conn, { sessionIds: [...new Set(sessionIds)], now: nowIso() })
    const bySession = new Map(rows.map(({ session_id, ...row }) => [session_id, row]))
    return sessionIds.map((id) => bySession.get(id))
  },
})

export async function getUserByEmail(email: string): Promise<UserRow | undefined> {
  return toUserRow(await userRows().where('users.email', '=', normaliseEmail(email)).executeTakeFirst())
}

export async function getPasswordHash(email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where('email', '=', normaliseEmail(email))
    .executeTakeFirst()
}

/** Creates a verified account, or updates role/password/name of an existing one (`npm run user`). */
export async function upsertUser(input: { email: string; password: string; name: string; role: Role }) {
  const email = normaliseEmail(input.email)
  const passwordHash = await hashPassword(input.password)
  const now = nowIso()
  const existing = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()
  if (existing) {
    await db
      .updateTable('users')
      .set({
        name: input.name,
        role: input.role,
        password_hash: passwordHash,
        password_changed_at: now,
        updated_at: now,
      })
      .where('id', '=', existing.id)
      .execute()
    // A changed password ends the account's sessions.
    await db.deleteFrom('sessions').where('user_id', '=', existing.id).execute()
    return { id: existing.id, created: false }
  }
  const id = newId()
  await db
    .insertInto('users')
    .values({
      id,
      email,
      name: input.name,
      role: input.role,
      password_hash: passwordHash,
      created_at: now,
      updated_at: now,
    })
    .execute()
  return { id, created: true }
}

/** Quiz ids the learner has finished (submitted, or past deadline + grace and so scored). */
export async function getAttemptedQuizIds(userId: string): Promise<string[]> {
  // An attempt past deadline + grace is scored when next read, so it counts as attempted.
  await finalizeExpiredAttempts({ userId })
  const rows = await db
    .selectFrom('attempts')
    .select('quiz_id')
    .where('user_id', '=', userId)
    .where('submitted_at', 'is not', null)
    // The ranked attempt: practice attempts after it do not make the quiz "attempted" twice.
    .where('mode', '=', 'ranked')
    .execute()
  return rows.map((r) => r.quiz_id)
}

const userListColumns = [
  'id',
  'name',
  'email',
  'role',
  'profile_image',
  'mobile_number',
  'institute_name',
  'is_premium_member',
  'created_at',
] as const

/** A user as the staff lists show them. */
export type UserListRow = {
  id: string
  name: string
  email: string
  role: Role
  profileImage: string | null
  mobileNumber: string | null
  instituteName: string | null
  isPremiumMember: boolean
  hasAccessToQuizzes: boolean
  createdAt: string
}

/** The list's columns and paid quiz access as it stands now (never the stored grant flag alone). */
const listedUsers = (now = new Date()) =>
  db
    .selectFrom('users')
    .select(userListColumns)
    .select((eb) => paidQuizAccessSql(now)(eb).as('quiz_access'))

function toUserListRow(
  r: Pick<Selectable<UsersTable>, (typeof userListColumns)[number]> & { quiz_access: unknown },
): UserListRow {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    role: r.role,
    profileImage: imageUrl(r.profile_image),
    mobileNumber: r.mobile_number,
    instituteName: r.institute_name,
    isPremiumMember: r.is_premium_member === 1,
    hasAccessToQuizzes: sqlTrue(r.quiz_access),
    createdAt: r.created_at,
  }
}

/** Users newest first, optionally filtered by name, one page at a time. */
export async function listUsers({ q = '', page = 1, pageSize }: { q?: string; page?: number; pageSize: number }) {
  let base = db.selectFrom('users')
  if (q) base = base.where(nameContains('name', q))
  const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n ?? 0)
  const now = new Date()
  const listed = base.select(userListColumns).select((eb) => paidQuizAccessSql(now)(eb).as('quiz_access'))
  const rows = await onePage(listed.orderBy('created_at', 'desc').orderBy('id'), {
    page,
    pageSize,
  }).execute()
  return { total, users: rows.map(toUserListRow) }
}

/** Users newest first (all, or the first `limit`), each with the quizzes they finished (get-all-users). */
export async function listUsersWithAttempts(
  limit?: number,
): Promise<Array<UserListRow & { attemptedQuizIds: string[] }>> {
  let query = listedUsers().orderBy('created_at', 'desc').orderBy('id')
  if (limit) query = query.limit(limit)
  const rows = await query.execute()
  // One query for every user's attempts; the id list only when a small page was asked for (SQLite caps bound
  // variables).
  let attemptsQuery = db
    .selectFrom('attempts')
    .select(['user_id', 'quiz_id'])
    .where('submitted_at', 'is not', null)
    .where('mode', '=', 'ranked')
  if (limit && rows.length)
    attemptsQuery = attemptsQuery.where(
      'user_id',
      'in',
      rows.map((r) => r.id),
    )
  const attempted = new Map<string, string[]>()
  if (rows.length) {
    for (const a of await attemptsQuery.execute()) {
      const list = attempted.get(a.user_id) ?? []
      list.push(a.quiz_id)
      attempted.set(a.user_id, list)
    }
  }
  return rows.map((r) => ({ ...toUserListRow(r), attemptedQuizIds: attempted.get(r.id) ?? [] }))
}
