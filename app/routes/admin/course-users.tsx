import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, useLocation } from 'react-router'
import { AccessUntilForm } from '~/components/admin/access-until-form'
import { EnrolForm } from '~/components/admin/enrol-form'
import { StatusButton } from '~/components/forms'
import {
  UserCell,
  ConfirmDialog,
  PageTitle,
  pageCount,
  Pagination,
  SearchBox,
  Table,
  Td,
  withParams,
} from '~/components/admin/ui'
import { ENDS_SOON_DAYS, formatAccessDate } from '~/lib/access'
import { ADMIN_PAGE_SIZE } from '~/lib/constants'
import { enrolmentSourceLabel } from '~/lib/enrolment'
import { formatIndiaDate } from '~/lib/dates'
import { isId } from '~/lib/ids'
import { getCourseName } from '~/models/catalogue/course.server'
import { enrolByHand } from '~/models/enrolment/hand-enrolment.server'
import { listCourseUsers, NotEnrolledError, setAccessUntil, setCourseAccess } from '~/models/enrolment/staff.server'
import { readListParams } from '~/schemas/admin'
import { AccessUntilSchema } from '~/schemas/access'
import { EnrolSchema } from '~/schemas/enrolment'
import { readForm } from '~/utils/body.server'
import { appOrigin } from '~/utils/origin.server'
import { requireRole } from '~/auth/guard.server'
import { dataWithError, dataWithSuccess, redirectWithSuccess } from '~/utils/toast.server'
import type { Route } from './+types/course-users'

// Admin toggles access after a confirmation (?confirm=userId, works without JS), sets when a learner's access ends
// (?until=userId, intent=until, setAccessUntil) and enrols a learner by hand (intent=enrol, enrolByHand); instructors
// see a read-only Active/Inactive badge, each end date and no form. The learner gets an e-mail on grant/revoke.
// ?ends=soon lists only the learners whose access ends within the next week.
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireRole(request, 'staff')
  const course = isId(params.courseId) ? await getCourseName(params.courseId) : undefined
  if (!course) throw data('Course not found', { status: 404 })
  const { q, page } = readListParams(request)
  const search = new URL(request.url).searchParams
  // ?ends=soon: only learners whose access ends within the next week (a link, so it works without JS).
  const endsSoon = search.get('ends') === 'soon'
  const { total, users } = await listCourseUsers({ courseId: course.id, q, page, pageSize: ADMIN_PAGE_SIZE, endsSoon })
  const learner = async (id: string | null) =>
    user.role === 'admin' && id && isId(id)
      ? ((await listCourseUsers({ courseId: course.id })).users.find((u) => u.userId === id) ?? null)
      : null
  const [confirm, until] = await Promise.all([learner(search.get('confirm')), learner(search.get('until'))])
  return {
    endsSoon,
    until,
    isAdmin: user.role === 'admin',
    courseName: course.card_title,
    q,
    page,
    total,
    users,
    pages: pageCount(total, ADMIN_PAGE_SIZE),
    confirm,
  }
}

/** The page the action came from, without the confirmation it asked for (post/redirect/get). */
function backTo(request: Request) {
  const back = new URL(request.url)
  back.searchParams.delete('confirm')
  back.searchParams.delete('until')
  back.searchParams.delete('index')
  return back.pathname + back.search
}

async function enrolLearner(request: Request, form: FormData, actorId: string, courseId: string | undefined) {
  const submission = parseWithZod(form, { schema: EnrolSchema })
  if (submission.status !== 'success')
    return data({ intent: 'enrol' as const, result: submission.reply() }, { status: 400 })
  const outcome = isId(courseId)
    ? await enrolByHand({ actorId, ...submission.value, courseId, origin: appOrigin(request) })
    : null
  if (!outcome || (!outcome.ok && outcome.reason === 'no-course')) throw data('Course not found', { status: 404 })
  if (!outcome.ok)
    return data(
      { intent: 'enrol' as const, result: submission.reply({ fieldErrors: { email: [outcome.message] } }) },
      { status: outcome.reason === 'no-account' ? 404 : 409 },
    )
  const message = `${outcome.learner.name} is enrolled`
  if (form.get('_js') === '1')
    return dataWithSuccess({ intent: 'enrol' as const, result: submission.reply({ resetForm: true }) }, message)
  throw await redirectWithSuccess(backTo(request), message)
}

/** intent=until: the learner's end date from the dialog (app/schemas/access.ts reads it). */
async function setEnd(request: Request, form: FormData, actorId: string, courseId: string | undefined) {
  const submission = parseWithZod(form, { schema: AccessUntilSchema })
  if (submission.status !== 'success')
    return data({ intent: 'until' as const, result: submission.reply() }, { status: 400 })
  const { userId, accessUntil } = submission.value
  try {
    if (!isId(userId) || !isId(courseId)) throw new NotEnrolledError()
    await setAccessUntil({ actorId, userId, courseId, accessUntil })
  } catch (error) {
    if (!(error instanceof NotEnrolledError)) throw error
    return data(
      { intent: 'until' as const, result: submission.reply({ formErrors: [error.message] }) },
      { status: 404 },
    )
  }
  throw await redirectWithSuccess(backTo(request), accessUntil ? 'End date saved' : 'Access is now for good')
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireRole(request, 'admin')
  const form = await readForm(request)
  if (form.get('intent') === 'enrol') return enrolLearner(request, form, admin.id, params.courseId)
  if (form.get('intent') === 'until') return setEnd(request, form, admin.id, params.courseId)
  const userId = form.get('userId')
  const intent = form.get('intent')
  const courseId = params.courseId
  if (typeof userId !== 'string' || !isId(userId) || !isId(courseId) || (intent !== 'grant' && intent !== 'revoke')) {
    return dataWithError(null, 'Failed to update access')
  }
  try {
    await setCourseAccess({ actorId: admin.id, userId, courseId, active: intent === 'grant' })
  } catch (error) {
    if (error instanceof NotEnrolledError) return dataWithError(null, error.message)
    throw error
  }
  throw await redirectWithSuccess(
    backTo(request),
    intent === 'grant' ? 'Access granted successfully' : 'Access revoked successfully',
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Enrolled users | Admin' }]

export default function CourseUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { search, pathname } = useLocation()
  const { confirm, until } = loaderData
  const intent = actionData?.intent
  return (
    <>
      <PageTitle>{loaderData.courseName}</PageTitle>
      {loaderData.isAdmin ? <EnrolForm lastResult={intent === 'enrol' ? actionData?.result : undefined} /> : null}
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">
        {loaderData.endsSoon ? `Access ending within ${ENDS_SOON_DAYS} days` : 'Enrolled users'}: {loaderData.total}
      </p>
      <SearchBox q={loaderData.q} />
      <p className="mb-4 text-sm">
        {loaderData.endsSoon ? (
          <Link to={withParams(search, { ends: undefined, page: undefined })} className="underline">
            Show all learners
          </Link>
        ) : (
          <Link to={withParams(search, { ends: 'soon', page: undefined })} className="underline">
            Ends within {ENDS_SOON_DAYS} days
          </Link>
        )}
      </p>
      <Table
        head={['Name/email', 'Mobile No.', 'Institute Name', 'Enrolled On', 'Source', 'Access until', 'Course Access']}
        empty={loaderData.users.length === 0 ? 'No users found' : undefined}
      >
        {loaderData.users.map((u) => (
          <tr key={u.userId}>
            <Td>
              <UserCell name={u.name} email={u.email} profileImage={u.profileImage} />
            </Td>
            <Td>{u.mobileNumber || '---'}</Td>
            <Td>{u.instituteName || '---'}</Td>
            <Td className="whitespace-nowrap">{formatIndiaDate(u.createdAt)}</Td>
            <Td className="max-w-xs break-words">{enrolmentSourceLabel(u.source, u.note)}</Td>
            <Td className="whitespace-nowrap">
              {u.accessUntil ? formatAccessDate(u.accessUntil) : 'For good'}
              {loaderData.isAdmin ? (
                <Link
                  to={withParams(search, { until: u.userId })}
                  preventScrollReset
                  aria-label={`Change when ${u.name}'s access ends`}
                  className="ml-2 text-emerald-700 underline dark:text-emerald-400"
                >
                  Change
                </Link>
              ) : null}
            </Td>
            <Td>
              {loaderData.isAdmin ? (
                <Link
                  to={withParams(search, { confirm: u.userId })}
                  preventScrollReset
                  role="switch"
                  aria-checked={u.isActive}
                  aria-label={`Course access for ${u.name}: ${u.isActive ? 'Active' : 'Inactive'}`}
                  className={`inline-flex items-center gap-2 rounded-full px-3 py-1 text-xs font-semibold ${u.isActive ? 'bg-emerald-700 text-white' : 'bg-slate-300 text-slate-800 dark:bg-slate-700 dark:text-slate-100'}`}
                >
                  {u.isActive ? 'Active' : 'Inactive'}
                </Link>
              ) : (
                <span
                  className={`rounded-full px-3 py-1 text-xs font-semibold ${u.isActive ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100' : 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200'}`}
                >
                  {u.isActive ? 'Active' : 'Inactive'}
                </span>
              )}
            </Td>
          </tr>
        ))}
      </Table>
      <Pagination page={loaderData.page} pageCount={loaderData.pages} />
      {confirm ? (
        <ConfirmDialog
          title={confirm.isActive ? 'Revoke access?' : 'Grant access?'}
          cancelTo={pathname + withParams(search, { confirm: undefined })}
        >
          <p>
            {confirm.isActive ? 'Revoke' : 'Grant'} {confirm.name}&apos;s access to {loaderData.courseName}? They will
            be told by e-mail.
          </p>
          <Form method="post" className="mt-4" preventScrollReset>
            <input type="hidden" name="userId" value={confirm.userId} />
            <StatusButton
              name="intent"
              value={confirm.isActive ? 'revoke' : 'grant'}
              className={confirm.isActive ? 'rounded bg-red-600 px-4 py-2 font-semibold text-white' : undefined}
            >
              {confirm.isActive ? 'Revoke Access' : 'Grant Access'}
            </StatusButton>
          </Form>
        </ConfirmDialog>
      ) : null}
      {until ? (
        <ConfirmDialog title="When does access end?" cancelTo={pathname + withParams(search, { until: undefined })}>
          <p>
            {until.name}&apos;s access to {loaderData.courseName}:{' '}
            {until.accessUntil ? `until ${formatAccessDate(until.accessUntil)}` : 'for good'}.
          </p>
          <AccessUntilForm
            userId={until.userId}
            accessUntil={until.accessUntil}
            lastResult={intent === 'until' ? actionData?.result : undefined}
          />
        </ConfirmDialog>
      ) : null}
    </>
  )
}
