import { data, Link } from 'react-router'
import { UserCell, PageTitle, pageCount, Pagination, secondaryButtonClass, Table, Td } from '~/components/admin/ui'
import { ADMIN_PAGE_SIZE } from '~/lib/constants'
import { formatAttemptedAt } from '~/lib/dates'
import { isId } from '~/lib/ids'
import { getQuizResults } from '~/models/quiz/staff-results.server'
import { readListParams } from '~/schemas/admin'
import { requireRole } from '~/auth/guard.server'
import { getQuiz } from '~/models/quiz/catalog.server'
import { liveMockStaffView } from '~/models/quiz/live-staff.server'
import { LiveMockPanel } from './quiz-result-live'
import { liveMockAction } from './quiz-result-live.server'
import type { Route } from './+types/quiz-result'

// Submitted attempts only, 8 a page; for a live mock, its panel (./quiz-result-live.tsx) above them.
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, 'staff')
  const { page } = readListParams(request)
  const results = isId(params.quizId) ? await getQuizResults(params.quizId, { page, pageSize: ADMIN_PAGE_SIZE }) : null
  if (!results) throw data('Quiz not found', { status: 404 })
  const quiz = await getQuiz(params.quizId)
  const live = quiz ? await liveMockStaffView(quiz) : null
  const students = results.students.map(({ submittedAt, percentile, ...s }) => ({
    ...s,
    percentile: percentile?.text ?? null,
    attemptedAt: formatAttemptedAt(submittedAt),
  }))
  return {
    quizId: params.quizId,
    page,
    pages: pageCount(results.total, ADMIN_PAGE_SIZE),
    ...results,
    students,
    live: live && {
      ...live,
      opensAt: formatAttemptedAt(live.opensAt),
      closesAt: formatAttemptedAt(live.closesAt),
      latestClose: formatAttemptedAt(live.latestClose),
      publishedAt: live.publishedAt && formatAttemptedAt(live.publishedAt),
      overrides: live.overrides.map((o) => ({
        id: o.id,
        name: o.name,
        email: o.email,
        extraMinutes: Number(o.extra_minutes),
        opensAt: formatAttemptedAt(o.opens_at ?? live.opensAt),
        closesAt: formatAttemptedAt(o.closes_at ?? live.closesAt),
      })),
    },
  }
}

/** The live mock's staff controls: Publish, Hold, an override (./quiz-result-live.server.ts). */
export async function action({ request, params }: Route.ActionArgs) {
  const staff = await requireRole(request, 'staff')
  return liveMockAction({ request, quizId: params.quizId, actorId: staff.id })
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.quizTitle ?? 'Quiz'} results | Admin` }]

export default function QuizResult({ loaderData, actionData }: Route.ComponentProps) {
  const withSections = loaderData.students.some((s) => s.sections.length > 0)
  return (
    <>
      <PageTitle
        actions={
          <>
            <Link to={`/quiz/leaderboard/${loaderData.quizId}`} className={secondaryButtonClass}>
              Leaderboard
            </Link>
            <Link to={`/admin/quiz-stats/${loaderData.quizId}`} className={secondaryButtonClass}>
              Statistics
            </Link>
            {/* A file download: a plain link, not client-side navigation. */}
            <a href={`/admin/export/quiz-results/${loaderData.quizId}.csv`} download className={secondaryButtonClass}>
              Download CSV
            </a>
          </>
        }
      >
        {loaderData.quizTitle}
      </PageTitle>
      {loaderData.live ? <LiveMockPanel live={loaderData.live} reply={actionData ?? undefined} /> : null}
      <Table
        head={[
          'Name',
          'Institute Name',
          'Is Premium',
          'Score',
          'Percentile',
          ...(withSections ? ['Sections'] : []),
          'Attempted At',
        ]}
        empty={loaderData.students.length === 0 ? 'No students attempted this quiz yet' : undefined}
      >
        {loaderData.students.map((s) => (
          <tr key={s.id}>
            <Td>
              <UserCell name={s.name} email={s.email} profileImage={s.profileImage} />
            </Td>
            <Td>{s.instituteName}</Td>
            <Td>{s.isPremiumMember ? 'Yes' : 'No'}</Td>
            <Td>{s.sections.length ? `${s.scoreText} / ${s.maxText}` : `${s.score} / ${s.total}`}</Td>
            <Td className="tabular-nums">{s.percentile ?? '---'}</Td>
            {withSections ? (
              <Td>
                {s.sections.length ? (
                  <ul className="text-sm" aria-label={`Section totals of ${s.name}`}>
                    {s.sections.map((g) => (
                      <li key={g.name} className="whitespace-nowrap">
                        {g.name}: {g.earned} / {g.max}{' '}
                        <span className="text-slate-500 dark:text-slate-400">
                          ({g.attempted} of {g.questions} attempted)
                        </span>
                      </li>
                    ))}
                  </ul>
                ) : (
                  '---'
                )}
              </Td>
            ) : null}
            <Td className="whitespace-nowrap">{s.attemptedAt}</Td>
          </tr>
        ))}
      </Table>
      <Pagination page={loaderData.page} pageCount={loaderData.pages} />
    </>
  )
}
