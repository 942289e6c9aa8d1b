import type { Kysely } from 'kysely'
import type { Database } from '#db/schema'
import type { Mail } from '~/services/mail.server'

// What the scheduled sweep (app/models/sweep/sweep.server.ts) sends, in a module of its own: the producers (reminders, class
// notices) and the sweep both import it, so neither imports the other's module to name it.

/**
 * One message the sweep may send: its claim key and the mail; `stillDue`, read after the claim is won and just
 * before sending, drops a message the world moved past meanwhile (a renewal between the sweep's read and its send).
 */
export type Job = { key: string; mail: Mail; stillDue?: (conn: Kysely<Database>) => Promise<boolean> }
