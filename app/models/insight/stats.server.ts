import { db } from '~/utils/db.server'

// The staff dashboard's counts (docs/legacy-api.md §2.5 stats/*).

const count = (n: unknown) => Number(n ?? 0)

export async function getStats() {
  const [users, premium, courses] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('is_premium_member', '=', 1)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('courses')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
  ])
  return { totalUsers: count(users.n), premiumUsers: count(premium.n), totalCourses: count(courses.n) }
}
