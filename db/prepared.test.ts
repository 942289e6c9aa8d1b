// Prepared queries (./prepared.ts) on SQLite and, in the PostgreSQL run, on PostgreSQL: compiled once, they answer
// each call with that call's values (not the first call's), a slot may be used twice, inside a transaction too; a
// slot that does not reach the query as a parameter is refused at the first compile instead of running wrong SQL.
import { sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import { db, dialect } from '~/utils/db.server'
import { lockOpenAttempt } from './dialect'
import { createQuiz, createUser } from './factories'
import { statementName } from './named-statements'
import { prepared } from './prepared'

const userByEmail = prepared((conn, p: { email: string }) =>
  conn.selectFrom('users').select(['id', 'email']).where('email', '=', p.email),
)

describe('prepared queries', () => {
  test('each call runs with its own values, as the query built afresh would', async () => {
    const a = await createUser(db, { email: 'prepared-a@example.com' })
    const b = await createUser(db, { email: 'prepared-b@example.com' })
    expect(await userByEmail.first(db, { email: 'prepared-a@example.com' })).toEqual({ id: a.id, email: a.email })
    expect(await userByEmail.first(db, { email: 'prepared-b@example.com' })).toEqual({ id: b.id, email: b.email })
    expect(await userByEmail.all(db, { email: 'nobody@example.com' })).toEqual([])
    const built = await db.selectFrom('users').select(['id', 'email']).where('email', '=', b.email).execute()
    expect(await userByEmail.all(db, { email: b.email })).toEqual(built)
  })

  test('a slot used twice, a constant beside the slots, and a write in a transaction that counts its rows', async () => {
    const user = await createUser(db, { email: 'prepared-c@example.com', name: 'Before' })
    const rename = prepared((conn, p: { id: string; name: string }) =>
      conn
        .updateTable('users')
        .set({ name: p.name, updated_at: p.name })
        .where('id', '=', p.id)
        .where('role', '!=', 'admin'),
    )
    const written = await db.transaction().execute((trx) => rename.run(trx, { id: user.id, name: 'After' }))
    expect(written).toBe(1)
    expect(await rename.run(db, { id: 'no-such-user', name: 'x' })).toBe(0)
    const row = await db.selectFrom('users').select(['name', 'updated_at']).where('id', '=', user.id).executeTakeFirst()
    expect(row).toEqual({ name: 'After', updated_at: 'After' })
  })

  test('a slot that is not a parameter, or slots spread into values, are refused when first compiled', async () => {
    const inlined = prepared((conn, p: { id: string }) =>
      conn
        .selectFrom('users')
        .select('id')
        .where(sql.raw<boolean>(`id = '${p.id}'`)),
    )
    await expect(inlined.first(db, { id: 'x' })).rejects.toThrow(/slot id used as text/)
    const computed = prepared((conn, p: { email: string }) =>
      conn.selectFrom('users').select('id').where('email', '=', p.email.toLowerCase()),
    )
    await expect(computed.first(db, { email: 'x' })).rejects.toThrow(/toLowerCase/)
    const unused = prepared((conn, p: { id: string }) => {
      if (p.id === 'never') throw new Error('a slot is never equal to a value')
      return conn.selectFrom('users').select('id')
    })
    await expect(unused.first(db, { id: 'x' })).rejects.toThrow(/slot\(s\) id are not parameters/)
    const spread = prepared((conn, p: { id: string; email: string }) =>
      conn
        .selectFrom('users')
        .select('id')
        .where('id', '=', { ...p }.id),
    )
    await expect(spread.first(db, { id: 'x', email: 'y' })).rejects.toThrow(/name each slot/)
  })

  test('lockOpenAttempt locks an open attempt and reports a submitted one', async () => {
    const user = await createUser(db, { email: 'prepared-lock@example.com' })
    const quiz = await createQuiz(db, { title: 'Prepared lock' })
    const now = new Date().toISOString()
    const attempt = (id: string, submitted: string | null, mode: 'ranked' | 'practice') => ({
      id,
      user_id: user.id,
      quiz_id: quiz.id,
      started_at: now,
      submitted_at: submitted,
      total: 1,
      mode,
    })
    await db
      .insertInto('attempts')
      .values([attempt('prepared-open', null, 'practice'), attempt('prepared-closed', now, 'ranked')])
      .execute()
    const locked = await db.transaction().execute(async (trx) => ({
      open: await lockOpenAttempt(trx, 'prepared-open'),
      closed: await lockOpenAttempt(trx, 'prepared-closed'),
      missing: await lockOpenAttempt(trx, 'prepared-missing'),
    }))
    expect(locked).toEqual({ open: true, closed: false, missing: false })
  })

  test('on PostgreSQL a prepared query is a named statement of its connection, parsed once', async () => {
    await createUser(db, { email: 'prepared-named@example.com' })
    const rows = await db.transaction().execute(async (trx) => {
      // One connection: the same statement twice, then what that connection holds.
      await userByEmail.first(trx, { email: 'prepared-named@example.com' })
      const found = await userByEmail.first(trx, { email: 'prepared-named@example.com' })
      expect(found?.email).toBe('prepared-named@example.com')
      if (dialect !== 'postgres') return []
      const held = await sql<{
        name: string
        statement: string
      }>`select name, statement from pg_prepared_statements`.execute(trx)
      return held.rows
    })
    // SQLite keeps every statement by its text anyway (./client.ts), so its texts take no name (and none of the
    // cap); PostgreSQL now keeps the hot ones by name.
    if (dialect !== 'postgres') return expect(statementName(userByEmail.sqlFor(db))).toBeUndefined()
    const sqlText = userByEmail.sqlFor(db)
    const name = statementName(sqlText)
    expect(name).toMatch(/^hot_\d+$/)
    expect(rows).toContainEqual({ name, statement: sqlText })
    // A query built afresh is not kept by name.
    expect(rows.every((r) => r.name.startsWith('hot_'))).toBe(true)
  })
})
