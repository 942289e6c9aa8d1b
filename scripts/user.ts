// `npm run user -- --email E --password P --name N --role admin|instructor|user`: creates a
// verified account with that role, or updates role/password/name of an existing one; prints the user id.
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { passwordProblems } from '../app/lib/password-rules.ts'

const usage = 'Usage: npm run user -- --email E --password P --name N --role admin|instructor|user'

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

let values: Record<string, string | boolean | undefined>
try {
  values = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
    },
    strict: true,
  }).values
} catch (error) {
  fail(`${(error as Error).message}\n${usage}`)
}

const schema = z.object({
  email: z.email('--email must be an e-mail address'),
  password: z.string('--password is required').refine((p) => passwordProblems(p).length === 0, { message: 'weak' }),
  name: z.string('--name is required').trim().min(1, '--name is required'),
  role: z.enum(['admin', 'instructor', 'user'], '--role must be admin, instructor or user'),
})
const parsed = schema.safeParse(values)
if (!parsed.success) {
  const lines = parsed.error.issues.map((i) =>
    i.message === 'weak' ? `--password: ${passwordProblems(String(values.password)).join(' ')}` : i.message,
  )
  fail(`${lines.join('\n')}\n${usage}`)
}
const input = parsed.data

// The account is written through the model layer (the same rules as the app). No demo seed from here: the
// seed fills an empty site at the next `npm start` (accounts alone do not count as content).
process.env.SEED_DEMO ??= 'false'
const { upsertUser } = await import('../app/models/accounts/user.server.ts')
const { id } = await upsertUser(input)
console.log(id)
process.exit(0)
