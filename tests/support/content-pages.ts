// The public pages that ship no framework JavaScript: what the content-page checks and the page budgets
// (tests/e2e/once/) both walk, each adding the pages only it checks.
import type { DB } from '../../db/client'

/** Home, the course list and the first M.Sc course page, the B.Sc Hons pages, the static pages, the quiz list. */
export async function contentPages(db: DB): Promise<string[]> {
  const course = await db
    .selectFrom('courses')
    .select('link_address')
    .where('course_tag', '!=', 'b.sc hons.')
    .orderBy('created_at')
    .executeTakeFirstOrThrow()
  return [
    '/',
    '/courses',
    `/courses/${course.link_address}`,
    '/courses/bsc-hons-batch',
    '/courses/bsc-hons-batch/semester-i',
    '/resources',
    '/about-us',
    '/faculties',
    '/developers',
    '/quizzes',
  ]
}
