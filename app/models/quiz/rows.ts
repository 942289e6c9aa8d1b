import type { Selectable } from 'kysely'
import type { AttemptsTable } from '#db/schema'

// Row types that the quiz models hand each other. An attempt is read by attempt.server.ts and passed to
// answers.server.ts, which attempt.server.ts calls to save answers: its type stands below both.

/** An attempt as the models read it: every column. */
export type AttemptRow = Selectable<AttemptsTable>
