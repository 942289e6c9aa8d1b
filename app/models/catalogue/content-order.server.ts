import { sql, type Transaction } from 'kysely'
import type { Database } from '#db/schema'
import { NotFoundError, type SectionSummary } from './section.server'

// The order of a course's sections and of a section's lectures, for the staff edits in section-edits.server.ts
// and lecture-edits.server.ts (docs/decisions/021-course-management.md). Positions are dense (0..n-1 per parent)
// and unique (migrations/0010). Every change of order runs in one transaction that first locks the parent row (the
// course for sections, the section for lectures), so two staff moving or adding at once are serialised instead of
// both picking the same place. A lecture moves within its section only: moving it elsewhere is deleting and adding
// it again.

export type Trx = Transaction<Database>
type Kind = 'section' | 'lecture'

/** A place outside 0..n-1, asked of a move (the API's 1-based `position`). */
export class PositionError extends Error {
  constructor(public count: number) {
    super(`Position must be between 1 and ${count}`)
  }
}

/** Where each kind's siblings live: its table and the column naming its parent. */
const PARENT = {
  section: { table: 'sections', parent: 'course_id' },
  lecture: { table: 'lectures', parent: 'section_id' },
} as const

/** A parent's children in order, with their stored positions. */
async function children(trx: Trx, kind: Kind, parentId: string) {
  const { table, parent } = PARENT[kind]
  const { rows } = await sql<{ id: string; position: number }>`
    select id, position from ${sql.table(table)} where ${sql.ref(parent)} = ${parentId} order by position, created_at, id
  `.execute(trx)
  return rows.map((r) => ({ id: r.id, position: Number(r.position) }))
}

/**
 * Writes `ordered` (a parent's children in their new order) as positions 0..n-1, changing only the rows whose
 * place changed. Two steps, because PostgreSQL checks a unique index row by row: each moved row first goes to its
 * own negative place (-1 - its new position; no row holds a negative one), then one statement flips them all
 * back, and no moment has two rows of a parent on one position.
 */
async function writeOrder(trx: Trx, kind: Kind, parentId: string, ordered: Array<{ id: string; position: number }>) {
  const { table, parent } = PARENT[kind]
  const moved = ordered.map((row, to) => ({ ...row, to })).filter((row) => row.position !== row.to)
  if (moved.length === 0) return
  for (const row of moved)
    await sql`update ${sql.table(table)} set position = ${-1 - row.to} where id = ${row.id}`.execute(trx)
  await sql`
    update ${sql.table(table)} set position = -1 - position where ${sql.ref(parent)} = ${parentId} and position < 0
  `.execute(trx)
}

/**
 * Moves one child of a locked parent to place `to` (0-based) and renumbers the rest; returns its old and new place.
 * PositionError when `to` is outside 0..n-1.
 */
export async function moveChild(trx: Trx, kind: Kind, parentId: string, id: string, to: number) {
  const rows = await children(trx, kind, parentId)
  const from = rows.findIndex((r) => r.id === id)
  if (from < 0) throw new NotFoundError(kind === 'section' ? 'Section not found' : 'Lecture not found')
  if (!Number.isInteger(to) || to < 0 || to >= rows.length) throw new PositionError(rows.length)
  const [row] = rows.splice(from, 1)
  rows.splice(to, 0, row)
  await writeOrder(trx, kind, parentId, rows)
  return { from, to }
}

/**
 * Moves one child of a locked parent one place up (-1) or down (+1); its old and new place, or null when it is
 * already first or last (nothing changes).
 */
export async function stepChild(trx: Trx, kind: Kind, parentId: string, id: string, by: -1 | 1) {
  const rows = await children(trx, kind, parentId)
  const from = rows.findIndex((r) => r.id === id)
  const to = from + by
  if (to < 0 || to >= rows.length) return null
  await moveChild(trx, kind, parentId, id, to)
  return { from, to }
}

/** Closes the gap a deleted child of a locked parent left: its siblings as positions 0..n-1 again. */
export async function renumber(trx: Trx, kind: Kind, parentId: string) {
  await writeOrder(trx, kind, parentId, await children(trx, kind, parentId))
}

/** A section and its lecture ids in order, read in `trx` (what an edit answers with). */
export async function sectionSummary(trx: Trx, sectionId: string): Promise<SectionSummary> {
  const section = await trx
    .selectFrom('sections')
    .select(['id', 'title'])
    .where('id', '=', sectionId)
    .executeTakeFirst()
  if (!section) throw new NotFoundError('Section not found')
  const lectures = await trx
    .selectFrom('lectures')
    .select('id')
    .where('section_id', '=', sectionId)
    .orderBy('position')
    .execute()
  return { id: section.id, title: section.title, lectureIds: lectures.map((l) => l.id) }
}
