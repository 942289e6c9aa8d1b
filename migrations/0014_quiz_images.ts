import type { Kysely } from 'kysely'

// Images staff upload to a quiz and name in its question markup (`![alt](name)`):
// - `name` is what staff type in markup, unique within its quiz (a second 'gel.png' becomes 'gel-2.png');
// - `storage_key` is where the bytes live in the storage service (`quizzes/{quizId}/{random}.{ext}`);
// - `alt` is the text a screen reader reads when the markup gives none; required at upload;
// - `content_type` and `byte_size` are read from the bytes at upload, `width`/`height` too (pixels), so a page can
//   reserve the figure's box before it loads;
// - `created_by` is the staff member who uploaded it (kept when the account goes: set null).
// Deleting a quiz deletes its image rows; the stored files are removed after that commit by the app.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('quiz_images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('quiz_id', 'text', (c) => c.notNull().references('quizzes.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('alt', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute()
  await db.schema
    .createIndex('quiz_images_quiz_name_uq')
    .unique()
    .on('quiz_images')
    .columns(['quiz_id', 'name'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('quiz_images').execute()
}
