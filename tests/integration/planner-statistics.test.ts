import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { keepPlannerStatistics, openDatabase } from '../../db/client'

// SQLite's planner statistics (db/client.ts keepPlannerStatistics): gathered at start-up for tables that have rows,
// and again, on the next run, for a table that has grown a lot since; never for one that has not changed. Plain
// SQLite files: the rule is SQLite's own (PostgreSQL's autovacuum keeps its statistics).
const opened: { close(): void; dir: string }[] = []
afterEach(() => {
  for (const o of opened.splice(0)) {
    o.close()
    fs.rmSync(o.dir, { recursive: true, force: true })
  }
})

function scratch() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stats-'))
  const { sqlite } = openDatabase(path.join(dir, 'app.db'))
  opened.push({ close: () => sqlite!.close(), dir })
  const s = sqlite!
  s.exec('create table t (id integer primary key, topic text, year integer); create index t_topic on t (topic, year)')
  const insert = s.prepare('insert into t (topic, year) values (?, ?)')
  const add = (n: number) =>
    s.transaction(() => {
      for (let i = 0; i < n; i++) insert.run(`topic ${i % 40}`, 2010 + (i % 15))
    })()
  const stat = () =>
    (s.prepare("select stat from sqlite_stat1 where idx = 't_topic'").get() as { stat: string } | undefined)?.stat
  return { s, add, stat }
}

describe('SQLite planner statistics', () => {
  test('read whole at start-up (not sampled): rows, then rows per topic and per topic and year', () => {
    const { s, add, stat } = scratch()
    add(4000)
    const stop = keepPlannerStatistics(s)
    stop()
    const kept = stat()
    // Exactly what a full ANALYZE writes: 4,000 rows, 100 a topic, 34 a (topic, year) pair. The sample PRAGMA
    // optimize takes by default reads about 400 index entries and would call the 40 topics 400 rows each.
    s.exec('analyze t')
    expect(kept).toBe(stat())
    expect(kept).toBe('4000 100 34')
  })

  test('a table that grows tenfold or more is read again on a later run; an unchanged one is not', async () => {
    const { s, add, stat } = scratch()
    add(400)
    const stop = keepPlannerStatistics(s, 50)
    try {
      expect(stat()).toBe('400 10 4')
      add(8000)
      await vi.waitFor(() => expect(stat()).toBe('8400 210 70'), { timeout: 5000, interval: 50 })
      s.exec("update sqlite_stat1 set stat = 'kept' where idx = 't_topic'")
      await new Promise((r) => setTimeout(r, 300))
      expect(stat()).toBe('kept')
    } finally {
      stop()
    }
  })
})
