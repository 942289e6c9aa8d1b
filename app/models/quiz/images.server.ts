import type { Kysely } from 'kysely'
import type { Database } from '#db/schema'
import type { MarkupImages } from '~/lib/markup/render'
import { db } from '~/utils/db.server'

// A quiz's uploaded images as question markup names them, `![alt](name)`. Placeholder until quiz images are
// stored: no quiz has any yet, so markup naming an image is refused as "unknown image". The image upload work
// replaces this module with the real lookup (same name and signature).

/** What the markup renderer resolves `![alt](name)` with: each image's name -> its address and alt text. */
export async function quizImageMap(quizId: string, conn: Kysely<Database> = db): Promise<MarkupImages> {
  void quizId
  void conn
  return new Map()
}
