// The bench's own line to an app server's database, the same few calls on SQLite and PostgreSQL:
// learners and sessions are written straight into the tables (no sign-up, no password hashing) and a few counts
// are read back. SQL is written with `?` placeholders; PostgreSQL gets them as $1, $2, ...
//
//   const db = openBenchDb({ file })  or  openBenchDb({ url })
//   await db.all('select ... where x = ?', [x])          // rows
//   await db.run('update ... where x = ?', [x])         // no rows back
//   await db.insert([{ table, columns, rows }, ...])      // all batches in one transaction
//   await db.activity()                                   // PostgreSQL: the app's connections right now; SQLite: null
//   await db.close()
import SQLite from 'better-sqlite3'
import pg from 'pg'

export function openBenchDb({ file, url }) {
  return url ? openPostgres(url) : openSqlite(file)
}

function openSqlite(file) {
  const db = new SQLite(file)
  db.pragma('busy_timeout = 10000')
  return {
    kind: 'sqlite',
    async all(text, params = []) {
      return db.prepare(text).all(...params)
    },
    /** A statement that returns no rows (update, insert ... select). */
    async run(text, params = []) {
      db.prepare(text).run(...params)
    },
    async insert(batches) {
      db.transaction(() => {
        for (const { table, columns, rows } of batches) {
          const stmt = db.prepare(
            `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`,
          )
          for (const row of rows) stmt.run(...row)
        }
      })()
    },
    async activity() {
      return null
    },
    async stats() {
      return null
    },
    async close() {
      db.close()
    },
  }
}

// Rows per multi-row INSERT: 1,000 rows x 7 columns stays far below PostgreSQL's 65,535 parameters.
const CHUNK = 1000

function openPostgres(url) {
  // application_name tells the bench's own connections apart from the app's in pg_stat_activity.
  const pool = new pg.Pool({ connectionString: url, max: 2, application_name: 'biocoach-bench' })
  const numbered = (text) => {
    let n = 0
    return text.replace(/\?/g, () => `$${++n}`)
  }
  return {
    kind: 'postgres',
    async all(text, params = []) {
      return (await pool.query(numbered(text), params)).rows
    },
    async run(text, params = []) {
      await pool.query(numbered(text), params)
    },
    async insert(batches) {
      const client = await pool.connect()
      try {
        await client.query('begin')
        for (const { table, columns, rows } of batches) {
          for (let i = 0; i < rows.length; i += CHUNK) {
            const values = []
            const tuples = rows.slice(i, i + CHUNK).map(
              (row) =>
                `(${row
                  .map((v) => {
                    values.push(v)
                    return `$${values.length}`
                  })
                  .join(', ')})`,
            )
            await client.query(`insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')}`, values)
          }
        }
        await client.query('commit')
      } catch (error) {
        await client.query('rollback').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },
    /** The app's connections to this database right now (ours excluded): how many, busy, waiting on a lock. */
    async activity() {
      const { rows } = await pool.query(
        `select count(*)::int as connections,
                count(*) filter (where state = 'active')::int as active,
                count(*) filter (where state = 'idle in transaction')::int as in_transaction,
                count(*) filter (where wait_event_type = 'Lock')::int as lock_waits
           from pg_stat_activity
          where datname = current_database() and backend_type = 'client backend'
            and application_name <> 'biocoach-bench'`,
      )
      return rows[0]
    },
    /** Counters of this database since the server started (pg_stat_database: backends flush them about once a s). */
    async stats() {
      const { rows } = await pool.query(
        `select xact_commit::float8 as commits, xact_rollback::float8 as rollbacks, deadlocks::float8 as deadlocks,
                tup_inserted::float8 as inserted, tup_updated::float8 as updated, tup_returned::float8 as returned,
                active_time as active_ms, idle_in_transaction_time as idle_in_transaction_ms
           from pg_stat_database where datname = current_database()`,
      )
      return rows[0]
    },
    async close() {
      await pool.end()
    },
  }
}
