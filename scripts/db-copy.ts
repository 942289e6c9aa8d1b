// `npm run db:copy -- --from ./data/app.db --to postgres://...` (moving a deployment to PostgreSQL):
// copies a live SQLite deployment into an EMPTY PostgreSQL database and verifies the copy.
//
// - The target schema comes from the app's own migrations (migrateToLatest), so it is exactly the one the app
//   would make; the source must be at the same migration list (start the app once on an older file to migrate
//   it). Tables and columns are discovered from the source and must match the target's, so a new table needs
//   no change here.
// - The source is opened read-only and read inside one read transaction: a running app may keep writing, the
//   copy is the snapshot of one moment (WAL readers never block writers, and the reverse).
// - All rows go in one PostgreSQL transaction, parents first, and are read back and checked (row count and a
//   sha256 of every value per table, compared with the source's) before it commits. Any failure or mismatch
//   rolls it back, and the schema the migrations made is dropped again: the target is left empty, so the
//   command can simply be run again. A target with any table in it is refused (a second run too).
// - Uploaded files live in object storage and are not touched.
//
// Rollback: the SQLite file is never written (read-only handle, no migrations run on it). Going back is
// pointing the app at it again: unset DATABASE_URL (DATABASE_PATH names the file) and restart. Writes made on
// PostgreSQL after the switch exist only there.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import SQLite from 'better-sqlite3'
import { sql, type Kysely } from 'kysely'
import { migrateToLatest, openPostgres, redactUrl } from '../db/client.ts'
import { migrations } from '../db/migrations.ts'

const usage = `Usage: npm run db:copy -- --from <sqlite-file> --to <postgres-url>

Copies a BioCoach SQLite database (it may be in use) into an EMPTY PostgreSQL database: the schema is made by
the app's migrations, the rows are copied in one transaction and verified (row counts and per-table sha256
checksums read back from PostgreSQL) before it commits. The SQLite file is only read.

Exit status: 0 copied and verified; 1 refused or failed (the target is left empty); 2 bad arguments.`

const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock'])
/**
 * Tables the target's own triggers fill from the copied rows (quiz_score_counts: migrations/0008, decision 013).
 * Not inserted (that would count every attempt twice), but read back and verified like every other table.
 */
const DERIVED_TABLES = new Set(['quiz_score_counts'])
const BATCH_ROWS = 500
/** db:copy's advisory lock key on the target: any fixed number; these are the bytes of "dbcopy". */
const LOCK_KEY = 0x6462636f7079

/** A reason not to go on; nothing has been written when it is thrown before the migrations ran. */
class Refusal extends Error {}

type Token = string | null

interface TableInfo {
  name: string
  columns: string[]
  /** indexes into columns, in primary-key order (all columns when the table has no primary key) */
  key: number[]
  parents: string[]
}

interface TableResult {
  name: string
  sourceRows: number
  targetRows: number
  sourceSum: string
  targetSum: string
}

function usageError(message: string): never {
  console.error(`${message}\n\n${usage}`)
  process.exit(2)
}

function parse(): { from: string; to: string } {
  let values: { from?: string; to?: string; help?: boolean }
  try {
    ;({ values } = parseArgs({
      options: { from: { type: 'string' }, to: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }))
  } catch (error) {
    usageError((error as Error).message)
  }
  if (values.help) {
    console.log(usage)
    process.exit(0)
  }
  if (!values.from) usageError('Missing --from <sqlite-file>.')
  if (!values.to) usageError('Missing --to <postgres-url>.')
  let protocol: string
  try {
    protocol = new URL(values.to).protocol
  } catch {
    usageError('--to is not a URL (postgres://user:password@host:5432/database).')
  }
  if (protocol !== 'postgres:' && protocol !== 'postgresql:')
    usageError(`--to must be a postgres:// or postgresql:// URL, not ${protocol}//...`)
  return { from: values.from, to: values.to }
}

const quoteSqlite = (name: string) => `"${name.replaceAll('"', '""')}"`

// ---- canonical values: the same string for the same value whichever database it was read from ----

/** 1 and 1.0 agree (integral values print as integers, at any size); other doubles print shortest-exact. */
function canonicalNumber(n: number): string {
  return Number.isInteger(n) ? BigInt(n).toString() : String(n)
}

/** A value as better-sqlite3 returns it (integers as BigInt: safeIntegers, so none is rounded). */
function sourceToken(value: unknown): Token {
  if (value === null || value === undefined) return null
  if (typeof value === 'bigint') return `n:${value}`
  if (typeof value === 'number') return `n:${canonicalNumber(value)}`
  if (typeof value === 'string') return `s:${value}`
  if (value instanceof Uint8Array) return `x:${Buffer.from(value).toString('hex')}`
  throw new Error(`unexpected SQLite value of type ${typeof value}`)
}

/**
 * A value PostgreSQL printed as text (`col::text`), read by its column type: no JavaScript parsing of the
 * driver's in between, and bigint stays exact. Doubles print shortest-exact (extra_float_digits > 0, PG 12+).
 */
function targetToken(text: string | null, dataType: string): Token {
  if (text === null) return null
  switch (dataType) {
    case 'int2':
    case 'int4':
    case 'int8':
      return `n:${BigInt(text)}`
    case 'float4':
    case 'float8':
    case 'numeric':
      return `n:${/^-?\d+$/.test(text) ? BigInt(text) : canonicalNumber(Number(text))}`
    case 'bool':
      return `n:${text === 'true' ? 1 : 0}`
    case 'bytea':
      return `x:${text.slice(2)}`
    default:
      return `s:${text}`
  }
}

function compareTokens(a: Token, b: Token): number {
  if (a === b) return 0
  if (a === null) return -1
  if (b === null) return 1
  return Buffer.compare(Buffer.from(a), Buffer.from(b))
}

/**
 * sha256 over the table's name, columns and rows. Rows are sorted here, by primary key in byte order (then by
 * the whole row), so both sides hash the same sequence whatever order or collation each database returns.
 */
function checksum(table: TableInfo, rows: Token[][]): string {
  const sorted = rows
    .map((tokens) => ({ tokens, line: JSON.stringify(tokens) }))
    .sort((a, b) => {
      for (const i of table.key) {
        const c = compareTokens(a.tokens[i], b.tokens[i])
        if (c !== 0) return c
      }
      return compareTokens(a.line, b.line)
    })
  const hash = createHash('sha256')
  hash.update(`${JSON.stringify([table.name, table.columns])}\n`)
  for (const row of sorted) hash.update(`${row.line}\n`)
  return hash.digest('hex')
}

// ---- the source ----

function openSource(file: string): SQLite.Database {
  if (!fs.existsSync(file)) throw new Refusal(`no SQLite database at ${file}`)
  let sqlite: SQLite.Database
  try {
    sqlite = new SQLite(file, { readonly: true, fileMustExist: true })
    sqlite.pragma('busy_timeout = 5000')
    // The snapshot starts at the first read below and holds until COMMIT.
    sqlite.exec('BEGIN')
    sqlite.prepare('select count(*) from sqlite_master').get()
  } catch (error) {
    throw new Refusal(`cannot read ${file} as a SQLite database: ${(error as Error).message}`)
  }
  return sqlite
}

function checkSourceMigrations(sqlite: SQLite.Database, file: string): string[] {
  const hasTable = sqlite
    .prepare(`select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'`)
    .get()
  if (!hasTable)
    throw new Refusal(`${file} has no kysely_migration table: not a BioCoach database, or one the app never started on`)
  const known = Object.keys(migrations).sort()
  const applied = sqlite.prepare('select name from kysely_migration order by name').pluck().all() as string[]
  const missing = known.filter((name) => !applied.includes(name))
  const unknown = applied.filter((name) => !known.includes(name))
  if (unknown.length)
    throw new Refusal(
      `the source has migrations this code does not know (${unknown.join(', ')}): it was written by a newer BioCoach; copy with that version`,
    )
  if (missing.length)
    throw new Refusal(
      `the source is missing migrations ${missing.join(', ')}: start the app once on ${file} (DATABASE_PATH, without DATABASE_URL), which migrates it, then copy again`,
    )
  return applied
}

function readSourceTables(sqlite: SQLite.Database): Map<string, TableInfo> {
  const names = sqlite
    .prepare(
      `select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name`,
    )
    .pluck()
    .all() as string[]
  const tables = new Map<string, TableInfo>()
  for (const name of names.filter((n) => !MIGRATION_TABLES.has(n))) {
    const info = sqlite.prepare('select name, pk from pragma_table_info(?) order by cid').all(name) as {
      name: string
      pk: number
    }[]
    const columns = info.map((c) => c.name)
    const pk = info
      .map((c, i) => ({ i, pk: c.pk }))
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.i)
    const parents = sqlite
      .prepare('select distinct "table" from pragma_foreign_key_list(?)')
      .pluck()
      .all(name) as string[]
    tables.set(name, { name, columns, key: pk.length ? pk : columns.map((_, i) => i), parents })
  }
  return tables
}

/** Parents before children (PostgreSQL checks each insert's foreign keys as it runs); alphabetical otherwise. */
function copyOrder(tables: Map<string, TableInfo>): TableInfo[] {
  const order: TableInfo[] = []
  const state = new Map<string, 'visiting' | 'done'>()
  const visit = (name: string, via: string[]) => {
    if (state.get(name) === 'done') return
    if (state.get(name) === 'visiting') throw new Refusal(`foreign keys form a cycle: ${[...via, name].join(' -> ')}`)
    state.set(name, 'visiting')
    const table = tables.get(name)!
    for (const parent of [...table.parents].sort()) {
      if (parent !== name && tables.has(parent)) visit(parent, [...via, name])
    }
    state.set(name, 'done')
    order.push(table)
  }
  for (const name of [...tables.keys()].sort()) visit(name, [])
  return order
}

function readSourceRows(sqlite: SQLite.Database, table: TableInfo): unknown[][] {
  const columns = table.columns.map(quoteSqlite).join(', ')
  return sqlite
    .prepare(`select ${columns} from ${quoteSqlite(table.name)}`)
    .raw(true)
    .safeIntegers(true)
    .all() as unknown[][]
}

// ---- the target ----

async function currentSchema(db: Kysely<any>): Promise<string> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db)
  const schema = rows[0]?.schema
  if (!schema) throw new Refusal('the target has no current schema (check the search_path of the URL’s role)')
  return schema
}

/** Every relation in the current schema: any of them, migration bookkeeping included, makes it non-empty. */
async function targetRelations(db: Kysely<any>, schema: string, kinds = ['r', 'p', 'v', 'm', 'f']) {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_catalog.pg_class c
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${schema} and c.relkind in (${sql.join(kinds)})
    order by c.relname`.execute(db)
  return rows.map((r) => r.name)
}

/** Data types of the target's tables in the current schema, checked against the source's tables and columns. */
async function targetColumns(db: Kysely<any>, schema: string, source: Map<string, TableInfo>) {
  const tables = (await db.introspection.getTables()).filter((t) => t.schema === schema && !t.isView)
  const types = new Map(tables.map((t) => [t.name, new Map(t.columns.map((c) => [c.name, c.dataType]))]))
  const problems: string[] = []
  const onlySource = [...source.keys()].filter((t) => !types.has(t))
  const onlyTarget = [...types.keys()].filter((t) => !source.has(t))
  if (onlySource.length) problems.push(`tables missing on the target: ${onlySource.join(', ')}`)
  if (onlyTarget.length) problems.push(`tables missing in the source: ${onlyTarget.join(', ')}`)
  for (const [name, table] of source) {
    const target = types.get(name)
    if (!target) continue
    const missing = table.columns.filter((c) => !target.has(c))
    const extra = [...target.keys()].filter((c) => !table.columns.includes(c))
    if (missing.length) problems.push(`${name}: columns missing on the target: ${missing.join(', ')}`)
    if (extra.length) problems.push(`${name}: columns missing in the source: ${extra.join(', ')}`)
  }
  if (problems.length) throw new Error(`the source and the schema the migrations made differ (${problems.join('; ')})`)
  return types
}

class Mismatch extends Error {
  constructor(readonly results: TableResult[]) {
    super('verification failed')
  }
}

/**
 * Inserts every table's rows, parents first, then reads each table back and compares count and checksum with
 * the source's, all in one transaction that commits only when everything matches.
 */
async function copyAndVerify(
  db: Kysely<any>,
  sqlite: SQLite.Database,
  order: TableInfo[],
  types: Map<string, Map<string, string>>,
): Promise<TableResult[]> {
  return db.transaction().execute(async (trx) => {
    // Nobody else writes these tables until we commit, so the read-back sees only our rows.
    await sql`lock table ${sql.join(order.map((t) => sql.table(t.name)))} in exclusive mode`.execute(trx)
    await sql`set local extra_float_digits = 3`.execute(trx)
    // Rows the migrations themselves wrote on the target (the exam list and the question bank's own quiz of
    // migrations/0018, and the content version their trigger bumped) are the source's to give: children first.
    for (const table of [...order].reverse()) await sql`delete from ${sql.table(table.name)}`.execute(trx)
    const sourceSums = new Map<string, { rows: number; sum: string }>()
    for (const table of order) {
      const rows = readSourceRows(sqlite, table)
      sourceSums.set(table.name, {
        rows: rows.length,
        sum: checksum(
          table,
          rows.map((row) => row.map(sourceToken)),
        ),
      })
      if (DERIVED_TABLES.has(table.name)) continue
      for (let start = 0; start < rows.length; start += BATCH_ROWS) {
        const batch = rows
          .slice(start, start + BATCH_ROWS)
          .map((row) => Object.fromEntries(table.columns.map((column, i) => [column, row[i]])))
        try {
          await trx.insertInto(table.name).values(batch).execute()
        } catch (error) {
          throw new Error(`${table.name}, rows ${start + 1}-${start + batch.length}: ${(error as Error).message}`)
        }
      }
    }
    const results: TableResult[] = []
    for (const table of order) {
      const columnTypes = types.get(table.name)!
      const { rows: counted } = await sql<{ n: string }>`
        select count(*)::text as n from ${sql.table(table.name)}`.execute(trx)
      const { rows } = await sql<Record<string, string | null>>`
        select ${sql.join(table.columns.map((c) => sql`${sql.ref(c)}::text as ${sql.ref(c)}`))}
        from ${sql.table(table.name)}`.execute(trx)
      const tokens = rows.map((row) => table.columns.map((c) => targetToken(row[c], columnTypes.get(c)!)))
      const source = sourceSums.get(table.name)!
      results.push({
        name: table.name,
        sourceRows: source.rows,
        targetRows: Number(counted[0].n),
        sourceSum: source.sum,
        targetSum: checksum(table, tokens),
      })
    }
    if (results.some((r) => !matches(r))) throw new Mismatch(results)
    return results
  })
}

async function rowCount(db: Kysely<any>, table: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db)
  return Number(rows[0].n)
}

const matches = (r: TableResult) => r.sourceRows === r.targetRows && r.sourceSum === r.targetSum

/**
 * After a failure once the migrations ran: the database was empty before, so the tables in it now are the
 * migrations' (holding only the rows the migrations wrote, `migrationsWrote`: the copy rolled back). Drops them so a corrected run is not refused; keeps
 * everything if any table has rows after all (someone else wrote there meanwhile).
 */
async function emptyTargetAgain(
  db: Kysely<any>,
  schema: string,
  migrationsWrote: Map<string, number>,
): Promise<string> {
  try {
    return await db.transaction().execute(async (trx) => {
      const tables = await targetRelations(trx, schema, ['r', 'p'])
      if (!tables.length) return 'the target is empty.'
      await sql`lock table ${sql.join(tables.map((t) => sql.table(t)))} in access exclusive mode`.execute(trx)
      for (const table of tables.filter((t) => !MIGRATION_TABLES.has(t))) {
        if ((await rowCount(trx, table)) > (migrationsWrote.get(table) ?? 0))
          return `left the target as it is: ${table} has rows that db:copy did not write.`
      }
      await sql`drop table ${sql.join(tables.map((t) => sql.table(t)))} cascade`.execute(trx)
      return 'dropped the schema the migrations made: the target is empty again.'
    })
  } catch (error) {
    return `could not empty the target again (${(error as Error).message}): drop and recreate the database before another run.`
  }
}

// ---- output ----

const short = (sum: string) => sum.slice(0, 12)

function printResults(results: TableResult[]) {
  const width = Math.max(5, ...results.map((r) => r.name.length))
  const rowsWidth = Math.max(4, ...results.map((r) => String(r.sourceRows).length))
  console.log(`${'table'.padEnd(width)}  ${'rows'.padStart(rowsWidth)}  checksum`)
  for (const r of results) {
    const line = `${r.name.padEnd(width)}  ${String(r.sourceRows).padStart(rowsWidth)}  ${short(r.sourceSum)}`
    if (matches(r)) console.log(`${line}  ok`)
    else console.log(`${line}  MISMATCH: PostgreSQL has ${r.targetRows} rows, checksum ${short(r.targetSum)}`)
  }
}

// ---- main ----

/** Everything that writes to the target; the session holds db:copy's advisory lock meanwhile. */
async function copyInto(db: Kysely<any>, sqlite: SQLite.Database, order: TableInfo[], started: number) {
  const schema = await currentSchema(db)
  const existing = await targetRelations(db, schema)
  if (existing.length) {
    const names = existing.slice(0, 5).join(', ') + (existing.length > 5 ? ', ...' : '')
    throw new Refusal(
      `the target database is not empty: schema "${schema}" has ${existing.length} table(s) (${names}); db:copy only writes into an empty database`,
    )
  }
  const migrationsWrote = new Map<string, number>()
  try {
    const ran = await migrateToLatest(db)
    console.log(`Target schema: made by ${ran.length} migrations in schema "${schema}"`)
    for (const table of order) migrationsWrote.set(table.name, await rowCount(db, table.name))
    const types = await targetColumns(db, schema, new Map(order.map((t) => [t.name, t])))
    console.log(`Copying ${order.length} tables in one transaction, up to ${BATCH_ROWS} rows per insert\n`)
    const results = await copyAndVerify(db, sqlite, order, types)
    printResults(results)
    const total = results.reduce((n, r) => n + r.sourceRows, 0)
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    console.log(
      `\nDone: ${total} rows in ${results.length} tables copied in ${seconds} s; row counts and checksums read back from PostgreSQL match the source.`,
    )
    return 0
  } catch (error) {
    if (error instanceof Mismatch) {
      printResults(error.results)
      console.error('\nVerification failed: the copy was rolled back.')
    } else {
      console.error(`\nCopy failed, rolled back: ${(error as Error).message}`)
    }
    console.error(`db:copy ${await emptyTargetAgain(db, schema, migrationsWrote)}`)
    return 1
  }
}

async function main(): Promise<number> {
  const args = parse()
  const started = performance.now()
  console.log(`Source: ${path.resolve(args.from)} (SQLite, read-only)`)
  console.log(`Target: ${redactUrl(args.to)} (PostgreSQL)`)

  let sqlite: SQLite.Database | null = null
  const db = openPostgres(args.to, { max: 3 }).db as Kysely<any>
  try {
    sqlite = openSource(args.from)
    const applied = checkSourceMigrations(sqlite, args.from)
    const order = copyOrder(readSourceTables(sqlite))
    console.log(`Source migrations: ${applied.length}, up to ${applied.at(-1)} (the same as this code)`)
    const source = sqlite
    return await db.connection().execute(async (session) => {
      // Session-level, on this connection: a second db:copy into the same database is refused at once instead
      // of racing this one.
      const { rows } = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${LOCK_KEY}) as ok`.execute(session)
      if (!rows[0].ok) throw new Refusal('another db:copy is writing into this database')
      try {
        return await copyInto(db, source, order, started)
      } finally {
        await sql`select pg_advisory_unlock(${LOCK_KEY})`.execute(session)
      }
    })
  } catch (error) {
    if (error instanceof Refusal) console.error(`Refused: ${error.message}. Nothing was written.`)
    else console.error(`Failed before writing anything: ${(error as Error).message}`)
    return 1
  } finally {
    if (sqlite?.inTransaction) sqlite.exec('COMMIT')
    sqlite?.close()
    await db.destroy()
  }
}

process.exit(await main())
