import type { Kysely } from 'kysely'

// The integrity of a lecture video's upload and transcode (docs/decisions/040-video-upload-integrity.md).
// - video_upload_chunks: the ledger of a resumable upload's chunks. A chunk is claimed by inserting its row (the
//   upload and the chunk's first byte), so of several requests or instances exactly one writes it; `token` is the
//   claim's own, `claimed_at` its last sign of life (a claim idle too long may be taken over); `sha256` is set once
//   the chunk's bytes are on disk, and the whole file is checked against these before the upload counts as complete.
// - video_uploads.sha256: the SHA-256 the client declared for the whole file, if it did; `verified_sha256` the
//   SHA-256 of the staged file once every chunk matched (the upload is complete only then).
// - videos.source_sha256: the SHA-256 of the upload as stored, checked by the transcode before ffmpeg reads it.
// - videos.lease_token: the claim's own token (lease_owner names the process, shared by its claims), so a run whose
//   claim was taken over, even by its own process, writes nothing more.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('video_upload_chunks')
    .addColumn('upload_id', 'text', (c) => c.notNull().references('video_uploads.id').onDelete('cascade'))
    .addColumn('byte_start', 'bigint', (c) => c.notNull())
    .addColumn('byte_count', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text')
    .addColumn('token', 'text')
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('video_upload_chunks_pk', ['upload_id', 'byte_start'])
    .execute()
  await db.schema.alterTable('video_uploads').addColumn('sha256', 'text').execute()
  await db.schema.alterTable('video_uploads').addColumn('verified_sha256', 'text').execute()
  await db.schema.alterTable('videos').addColumn('source_sha256', 'text').execute()
  await db.schema.alterTable('videos').addColumn('lease_token', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('videos').dropColumn('lease_token').execute()
  await db.schema.alterTable('videos').dropColumn('source_sha256').execute()
  await db.schema.alterTable('video_uploads').dropColumn('verified_sha256').execute()
  await db.schema.alterTable('video_uploads').dropColumn('sha256').execute()
  await db.schema.dropTable('video_upload_chunks').execute()
}
