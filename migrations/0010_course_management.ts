import { sql, type Kysely } from 'kysely'

// Staff run the catalogue (docs/decisions/021-course-management.md):
// - `courses.published`: a draft (0) is on no public list and its pages answer 404 to all but staff; every existing
//   and new course is published unless staff untick the box.
// - `courses.access_days`: whole days one payment buys (null: for good). Stored now; access periods read it.
// - `enrollments.note`: why staff enrolled a learner by hand ("paid in cash, receipt 114"); `source` says how.
// - Section and lecture positions become dense (0, 1, 2, ... per parent) and unique, enforced by the database:
//   moves and deletes renumber inside one transaction, so the player's order can never tie or skip.

/** Renumbers one table's positions 0..n-1 per parent, keeping today's order (position, then age, then id). */
async function renumber(db: Kysely<any>, table: 'sections' | 'lectures', parent: 'course_id' | 'section_id') {
  await sql`
    update ${sql.table(table)} set position = (
      select r.rn from (
        select id, row_number() over (partition by ${sql.ref(parent)} order by position, created_at, id) - 1 as rn
        from ${sql.table(table)}
      ) r where r.id = ${sql.table(table)}.id
    )`.execute(db)
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('courses')
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()
  await db.schema.alterTable('courses').addColumn('access_days', 'integer').execute()
  await db.schema.alterTable('enrollments').addColumn('note', 'text').execute()

  await renumber(db, 'sections', 'course_id')
  await renumber(db, 'lectures', 'section_id')
  await db.schema.dropIndex('sections_course_idx').execute()
  await db.schema.dropIndex('lectures_section_idx').execute()
  await db.schema
    .createIndex('sections_course_position_uq')
    .unique()
    .on('sections')
    .columns(['course_id', 'position'])
    .execute()
  await db.schema
    .createIndex('lectures_section_position_uq')
    .unique()
    .on('lectures')
    .columns(['section_id', 'position'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('lectures_section_position_uq').execute()
  await db.schema.dropIndex('sections_course_position_uq').execute()
  await db.schema.createIndex('lectures_section_idx').on('lectures').columns(['section_id', 'position']).execute()
  await db.schema.createIndex('sections_course_idx').on('sections').columns(['course_id', 'position']).execute()
  await db.schema.alterTable('enrollments').dropColumn('note').execute()
  await db.schema.alterTable('courses').dropColumn('access_days').execute()
  await db.schema.alterTable('courses').dropColumn('published').execute()
}
