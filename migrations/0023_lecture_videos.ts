import type { Kysely } from 'kysely'

// Lectures on our own video (docs/decisions/033-lecture-video.md).
// - videos: one per lecture (replacing a lecture's video deletes the old row and its files first). `status` is
//   'queued' | 'transcoding' | 'ready' | 'failed'; the transcode is this row claimed with a lease (`lease_owner`,
//   `lease_until`): a worker that dies lets the lease run out and another takes the row over (`tries` counts the
//   claims, so a video that kills ffmpeg every time ends failed instead of looping). `source_key` is the upload as
//   stored; the ladder, the small MP4 and the poster live under `videos/{id}/` in storage. `rungs` is the JSON list
//   of the rungs written (never above the source).
// - video_uploads: a resumable upload in progress (JavaScript on): the bytes received so far sit in a staging file
//   on this machine's disk until the last chunk arrives, then the whole file goes to storage in one stream.
// - lecture_positions: where a learner stopped in a lecture's video ('Continue at 12:34').
// - users.video_data_saver: the learner's 'Data saver' choice, remembered across devices.
// No existing row changes: every lecture keeps its YouTube link until staff upload a file.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('videos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('lecture_id', 'text', (c) => c.notNull().references('lectures.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('source_key', 'text', (c) => c.notNull())
    .addColumn('source_name', 'text')
    .addColumn('source_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('duration_seconds', 'integer')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('rungs', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('ready_at', 'text')
    .execute()
  await db.schema.createIndex('videos_lecture_idx').unique().on('videos').column('lecture_id').execute()
  await db.schema.createIndex('videos_status_idx').on('videos').columns(['status', 'lease_until']).execute()

  await db.schema
    .createTable('video_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('received', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('lecture_positions')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('lecture_id', 'text', (c) => c.notNull().references('lectures.id').onDelete('cascade'))
    .addColumn('seconds', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('lecture_positions_pk', ['user_id', 'lecture_id'])
    .execute()

  await db.schema
    .alterTable('users')
    .addColumn('video_data_saver', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('video_data_saver').execute()
  await db.schema.dropTable('lecture_positions').execute()
  await db.schema.dropTable('video_uploads').execute()
  await db.schema.dropTable('videos').execute()
}
