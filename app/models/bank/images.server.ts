import type { Kysely } from 'kysely'
import type { Database } from '#db/schema'
import { BANK_QUIZ_ID } from '~/lib/bank/bank'
import type { MarkupImages } from '~/lib/markup/render'
import { quizImageMap } from '~/models/quiz/images.server'

// The images a bank question's markup may name. Apart from versions.server.ts so that the demo seed, which writes
// bank questions while the database module opens, imports nothing that imports the database module.

/** The images a bank question's markup may name: the bank's own, then those of the papers that hold it. */
export async function bankImageMap(conn: Kysely<Database>, bankId: string | null): Promise<MarkupImages> {
  const map = new Map(await quizImageMap(BANK_QUIZ_ID, conn))
  if (!bankId) return map
  const quizzes = await conn
    .selectFrom('questions')
    .select('quiz_id')
    .distinct()
    .where('bank_question_id', '=', bankId)
    .where('quiz_id', '!=', BANK_QUIZ_ID)
    .execute()
  for (const { quiz_id } of quizzes)
    for (const [name, image] of await quizImageMap(quiz_id, conn)) if (!map.has(name)) map.set(name, image)
  return map
}
