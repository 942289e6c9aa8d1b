import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, useLocation } from 'react-router'
import { LiveClassForm, RecordingForm } from '~/components/admin/live-class-form'
import { ConfirmDialog, PageTitle, secondaryButtonClass, Table, Td, withParams } from '~/components/admin/ui'
import { StatusButton } from '~/components/forms'
import { isId } from '~/lib/ids'
import type { ClassPhase } from '~/lib/live-classes'
import { formatIndiaDateTime, toIndiaLocal } from '~/lib/dates'
import { getCourseName } from '~/models/catalogue/course.server'
import {
  cancelClass,
  listCourseClasses,
  scheduleClass,
  setRecording,
  updateClass,
} from '~/models/live/live-class.server'
import { LiveClassSchema, RecordingSchema } from '~/schemas/live-class'
import { requireRole } from '~/auth/guard.server'
import { readForm } from '~/utils/body.server'
import { redirectWithSuccess } from '~/utils/toast.server'
import type { Route } from './+types/live-classes'

// A course's live classes for staff (admin and instructor): schedule, edit (?edit=id), cancel after a confirmation
// (?cancel=id) and attach a recording (?recording=id); each step is a plain form post, so it works without JS,
// and each write is audited (app/models/live/live-class.server.ts).

async function courseOf(courseId: string) {
  const course = isId(courseId) ? await getCourseName(courseId) : undefined
  if (!course) throw data('Course not found', { status: 404 })
  return course
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireRole(request, 'staff')
  const course = await courseOf(params.courseId)
  const classes = await listCourseClasses(course.id)
  const search = new URL(request.url).searchParams
  const pick = (name: string) => classes.find((c) => c.id === search.get(name)) ?? null
  const edit = pick('edit')
  return {
    course: { id: course.id, title: course.course_title || course.card_title },
    classes: classes.map((c) => ({ ...c, when: formatIndiaDateTime(c.startsAt) })),
    editing: edit
      ? {
          id: edit.id,
          title: edit.title,
          startsAt: toIndiaLocal(edit.startsAt),
          durationMinutes: edit.durationMinutes,
          joinUrl: edit.joinUrl,
          notes: edit.notes ?? '',
          notify: edit.notify,
        }
      : null,
    cancelling: pick('cancel'),
    recording: pick('recording'),
  }
}

const notFound = () => data('Live class not found', { status: 404 })

export async function action({ request, params }: Route.ActionArgs) {
  const staff = await requireRole(request, 'staff')
  const course = await courseOf(params.courseId)
  const form = await readForm(request)
  const intent = form.get('intent')
  const classId = String(form.get('classId') ?? '')
  const back = `/admin/live-classes/${course.id}`
  const ids = { actorId: staff.id, courseId: course.id, classId }
  if (intent === 'schedule' || intent === 'update') {
    const submission = parseWithZod(form, { schema: LiveClassSchema })
    if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 })
    if (intent === 'schedule') await scheduleClass({ ...ids, fields: submission.value })
    else if (!isId(classId) || !(await updateClass({ ...ids, fields: submission.value }))) throw notFound()
    throw await redirectWithSuccess(back, intent === 'schedule' ? 'Class scheduled' : 'Class updated')
  }
  if (intent === 'recording') {
    const submission = parseWithZod(form, { schema: RecordingSchema })
    if (submission.status !== 'success') return data({ intent, result: submission.reply() }, { status: 400 })
    if (!isId(classId) || !(await setRecording({ ...ids, ...submission.value }))) throw notFound()
    throw await redirectWithSuccess(back, 'Recording saved')
  }
  if (intent === 'cancel') {
    if (!isId(classId) || !(await cancelClass(ids))) throw notFound()
    throw await redirectWithSuccess(back, 'Class cancelled')
  }
  return data({ intent: null, result: null }, { status: 400 })
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.course.title ?? 'Course'} live classes | Admin` },
]

const STATUS: Record<ClassPhase, string> = {
  cancelled: 'Cancelled',
  upcoming: 'Upcoming',
  joinable: 'Live now',
  ended: 'Ended',
}

export default function LiveClasses({ loaderData, actionData }: Route.ComponentProps) {
  const { course, classes, editing, cancelling, recording } = loaderData
  const { search, pathname } = useLocation()
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result : null)
  const link = 'text-sm font-semibold text-emerald-700 hover:underline dark:text-emerald-400'
  return (
    <>
      <PageTitle
        actions={
          <Link to={`/admin/course-content/${course.id}`} className={secondaryButtonClass}>
            Course content
          </Link>
        }
      >
        Live classes: {course.title}
      </PageTitle>
      <LiveClassForm
        key={editing?.id ?? 'new'}
        editing={editing}
        lastResult={resultFor(editing ? 'update' : 'schedule')}
        cancelTo={pathname}
      />
      <Table
        head={['Title', 'Starts (India time)', 'Minutes', 'Status', 'Actions']}
        empty={classes.length === 0 ? 'No classes scheduled yet' : undefined}
      >
        {classes.map((c) => (
          <tr key={c.id}>
            <Td label="Title" className="wrap-anywhere">
              {c.title}
            </Td>
            <Td label="Starts">{c.when}</Td>
            <Td label="Minutes">{c.durationMinutes}</Td>
            <Td label="Status">{STATUS[c.phase]}</Td>
            <Td label="Actions">
              <span className="flex flex-wrap gap-3">
                {c.phase === 'cancelled' ? null : (
                  <>
                    <Link to={withParams(search, { edit: c.id })} className={link} aria-label={`Edit ${c.title}`}>
                      Edit
                    </Link>
                    <Link
                      to={withParams(search, { cancel: c.id })}
                      preventScrollReset
                      className="text-sm font-semibold text-red-600 hover:underline dark:text-red-400"
                      aria-label={`Cancel class ${c.title}`}
                    >
                      Cancel class
                    </Link>
                  </>
                )}
                {c.phase === 'ended' ? (
                  <Link
                    to={withParams(search, { recording: c.id })}
                    preventScrollReset
                    className={link}
                    aria-label={`${c.recordingUrl ? 'Change recording' : 'Add recording'} of ${c.title}`}
                  >
                    {c.recordingUrl ? 'Change recording' : 'Add recording'}
                  </Link>
                ) : null}
              </span>
            </Td>
          </tr>
        ))}
      </Table>
      {cancelling ? (
        <ConfirmDialog title="Cancel this class?" cancelTo={pathname + withParams(search, { cancel: undefined })}>
          <p>
            Cancel {cancelling.title} on {formatIndiaDateTime(cancelling.startsAt)}? Learners will see it as
            &apos;Cancelled&apos; and its join link goes away.
          </p>
          <Form method="post" className="mt-4" preventScrollReset>
            <input type="hidden" name="classId" value={cancelling.id} />
            <StatusButton
              name="intent"
              value="cancel"
              pendingText="Cancelling..."
              className="rounded bg-red-600 px-4 py-2 font-semibold text-white hover:bg-red-700 disabled:opacity-70"
            >
              Cancel class
            </StatusButton>
          </Form>
        </ConfirmDialog>
      ) : null}
      {recording ? (
        <ConfirmDialog title="Class recording" cancelTo={pathname + withParams(search, { recording: undefined })}>
          <RecordingForm
            classId={recording.id}
            title={recording.title}
            current={recording.recordingUrl}
            lastResult={resultFor('recording')}
          />
        </ConfirmDialog>
      ) : null}
    </>
  )
}
