import { Form, Link } from 'react-router'
import { StatusButton } from '~/components/forms'
import { JoinLink } from '~/components/live-classes'
import { formatAccessDate } from '~/lib/access'
import { formatIndiaMonthYear } from '~/lib/dates'
import { ProgressSummary } from '~/components/lecture-progress'
import { getEnrolledCourses } from '~/models/accounts/account.server'
import { opensPaidQuizzes } from '~/models/quiz/access.server'
import { lastOpenedLectures, progressByCourse } from '~/models/enrolment/lecture-progress.server'
import { calendarToken, replaceCalendarToken } from '~/models/live/calendar.server'
import { nextClassFor } from '~/models/live/learner-classes.server'
import { requireUser } from '~/auth/guard.server'
import { answeredCountText } from '~/lib/doubts/rules'
import { answeredDoubtCount } from '~/models/doubts/learner.server'
import { readForm } from '~/utils/body.server'
import { appOrigin } from '~/utils/origin.server'
import { dataWithError, redirectWithSuccess } from '~/utils/toast.server'
import type { Route } from './+types/index'

// Photo, name, premium badge, member since, contact and study details, enrolled courses (each with its lectures
// done and a 'Continue' link to the lecture last opened), links to My progress and Revise mistakes,
// the edit link, and Mock Test Series only with hasAccessToQuizzes; the next live class of a course they can open
// and their private calendar address, which they can replace (the old one then answers 404).

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const [enrolled, nextClass, token, answeredDoubts] = await Promise.all([
    getEnrolledCourses(user.id),
    nextClassFor(user),
    calendarToken(user.id),
    answeredDoubtCount(user.id),
  ])
  const ids = enrolled.map((c) => c.id)
  const [progress, lastOpened] = await Promise.all([progressByCourse(user.id, ids), lastOpenedLectures(user.id, ids)])
  // 'Continue' opens the lecture last opened there (the player falls back to the first when it is gone).
  const courses = enrolled.map((c) => ({
    ...c,
    progress: progress.get(c.id)!,
    continueTo: `/my-courses/${c.id}${lastOpened.has(c.id) ? `?lecture=${lastOpened.get(c.id)}` : ''}`,
  }))
  return {
    nextClass,
    calendarUrl: token ? `${appOrigin(request)}/calendar/${token}.ics` : null,
    // '2 doubts answered', beside the link to the learner's doubts.
    doubts: { answered: answeredDoubts, text: answeredCountText(answeredDoubts) },
    user: {
      name: user.name,
      email: user.email,
      profileImage: user.profile_image,
      mobileNumber: user.mobile_number,
      instituteName: user.institute_name,
      presentCourseOfStudy: user.present_course_of_study,
      isPremiumMember: user.is_premium_member === 1,
      hasAccessToQuizzes: await opensPaidQuizzes(user),
      memberSince: formatIndiaMonthYear(user.created_at),
    },
    courses,
  }
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request)
  const form = await readForm(request)
  if (form.get('intent') !== 'replace-calendar') return dataWithError(null, 'Unknown action')
  await replaceCalendarToken(user.id)
  throw await redirectWithSuccess('/profile', 'Your calendar address is ready')
}

export const meta: Route.MetaFunction = () => [{ title: 'Profile | BioCoach' }]

function Row({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-slate-100 py-2 sm:flex-row sm:gap-4 dark:border-slate-800">
      <dt className="w-48 shrink-0 text-sm text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="break-words">{value || 'Not added yet'}</dd>
    </div>
  )
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { user, courses, nextClass, calendarUrl, doubts } = loaderData
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <section className="flex flex-col items-center gap-4 rounded-lg border border-slate-200 p-6 sm:flex-row dark:border-slate-700">
        <img
          src={user.profileImage ?? '/images/default-avatar.svg'}
          alt={`${user.name}'s avatar`}
          width={112}
          height={112}
          className="h-28 w-28 rounded-full border object-cover dark:border-slate-600"
        />
        <div className="text-center sm:text-left">
          <h1 className="text-2xl font-bold">{user.name}</h1>
          {user.isPremiumMember ? (
            <span className="mt-1 inline-block rounded-full bg-amber-100 px-3 py-0.5 text-xs font-semibold text-amber-800 dark:bg-amber-900 dark:text-amber-100">
              Premium Member
            </span>
          ) : null}
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Member since {user.memberSince}</p>
          <div className="mt-3 flex flex-wrap justify-center gap-2 sm:justify-start">
            <Link
              to="/profile/edit"
              className="rounded bg-emerald-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-emerald-800 dark:bg-emerald-700"
            >
              Edit Profile
            </Link>
            {user.hasAccessToQuizzes ? (
              <Link
                to="/quizzes"
                className="rounded border border-emerald-600 px-3 py-1.5 text-sm font-semibold text-emerald-700 dark:text-emerald-400"
              >
                Mock Test Series
              </Link>
            ) : null}
            <Link
              to="/profile/progress"
              className="rounded border border-emerald-600 px-3 py-1.5 text-sm font-semibold text-emerald-700 dark:text-emerald-400"
            >
              My progress
            </Link>
            <Link
              to="/practice"
              className="rounded border border-emerald-600 px-3 py-1.5 text-sm font-semibold text-emerald-700 dark:text-emerald-400"
            >
              Revise mistakes
            </Link>
          </div>
        </div>
      </section>

      <section className="mt-6 rounded-lg border border-slate-200 p-6 dark:border-slate-700">
        <h2 className="mb-2 text-lg font-semibold">Details</h2>
        <dl>
          <Row label="Email" value={user.email} />
          <Row label="Mobile Number" value={user.mobileNumber} />
          <Row label="Institute Name" value={user.instituteName} />
          <Row label="Present Course of Study" value={user.presentCourseOfStudy} />
        </dl>
      </section>

      <section className="mt-6 rounded-lg border border-slate-200 p-6 dark:border-slate-700">
        <h2 className="mb-2 text-lg font-semibold">Enrolled Courses</h2>
        {courses.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            You have not enrolled in any course yet.{' '}
            <Link to="/courses" className="text-emerald-700 underline dark:text-emerald-400">
              Browse courses
            </Link>
          </p>
        ) : (
          <ul className="flex flex-col gap-4">
            {courses.map((c) => (
              <li key={c.id} data-testid="enrolled-course">
                <div className="flex flex-wrap items-baseline justify-between gap-x-4">
                  <Link to={`/my-courses/${c.id}`} className="text-emerald-700 underline dark:text-emerald-400">
                    {c.title}
                  </Link>
                  {c.accessUntil ? (
                    <span className="text-sm text-slate-600 dark:text-slate-300">
                      Access until {formatAccessDate(c.accessUntil)}
                    </span>
                  ) : null}
                </div>
                <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1">
                  <div className="min-w-48 flex-1">
                    <ProgressSummary progress={c.progress} label={`${c.title}: lectures done`} />
                  </div>
                  <Link
                    to={c.continueTo}
                    className="rounded border border-emerald-600 px-3 py-1 text-sm font-semibold text-emerald-700 dark:text-emerald-400"
                  >
                    Continue
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-3 text-sm">
          <Link to="/profile/purchases" className="text-emerald-700 underline dark:text-emerald-400">
            Purchases and receipts
          </Link>
        </p>
        <p className="mt-2 text-sm" data-testid="doubts-answered">
          <Link to="/profile/doubts" className="text-emerald-700 underline dark:text-emerald-400">
            {doubts.answered > 0 ? `My doubts: ${doubts.text}` : 'My doubts'}
          </Link>
        </p>
      </section>

      <section
        aria-labelledby="live-title"
        className="mt-6 rounded-lg border border-slate-200 p-6 dark:border-slate-700"
      >
        <h2 id="live-title" className="mb-2 text-lg font-semibold">
          Live classes
        </h2>
        {nextClass ? (
          <p className="flex flex-wrap items-center gap-2">
            <span>
              Next live class:{' '}
              <Link
                to={`/my-courses/${nextClass.courseId}`}
                className="text-emerald-700 underline dark:text-emerald-400"
              >
                {nextClass.title}
              </Link>{' '}
              ({nextClass.courseTitle}), {nextClass.when}
            </span>
            <JoinLink c={nextClass} />
          </p>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">No live classes coming up.</p>
        )}
        {calendarUrl ? (
          <>
            <p className="mt-4 text-sm">
              Your calendar address (add it to Google Calendar or your phone&apos;s calendar as a subscription; keep it
              private):
            </p>
            <p className="mt-1 rounded bg-slate-100 p-2 font-mono text-xs break-all dark:bg-slate-800">
              <a href={calendarUrl}>{calendarUrl}</a>
            </p>
          </>
        ) : (
          <p className="mt-4 text-sm">
            Get a private calendar address to see your live classes in Google Calendar or your phone&apos;s calendar.
          </p>
        )}
        <Form method="post" className="mt-2">
          <StatusButton name="intent" value="replace-calendar" pendingText="Saving...">
            {calendarUrl ? 'Replace calendar address' : 'Get calendar address'}
          </StatusButton>
        </Form>
      </section>
    </main>
  )
}
