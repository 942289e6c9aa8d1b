import { Form } from 'react-router'
import { progressText, type CourseProgress } from '~/lib/progress'
import { StatusButton } from './forms'

// Progress through a course: 'N of M lectures done' with its bar (the player, the profile), and the player's
// 'Mark as done' / 'Mark as not done' form (a plain post, so it works with JavaScript off).

export function ProgressSummary({ progress, label }: { progress: CourseProgress; label: string }) {
  return (
    <div data-testid="course-progress">
      <p className="text-sm text-slate-700 dark:text-slate-200">
        {progressText(progress)} <span className="font-semibold">({progress.percent}%)</span>
      </p>
      <div
        className="mt-1 h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
      >
        <div className="h-full rounded-full bg-emerald-600" style={{ width: `${progress.percent}%` }} />
      </div>
    </div>
  )
}

export function MarkDoneForm({ lectureId, done }: { lectureId: string; done: boolean }) {
  return (
    <Form method="post" preventScrollReset className="mt-3 flex flex-wrap items-center gap-3">
      <input type="hidden" name="lectureId" value={lectureId} />
      {done ? (
        <>
          <span className="font-semibold text-emerald-700 dark:text-emerald-400">
            <span aria-hidden="true">✓ </span>Done
          </span>
          <StatusButton
            name="intent"
            value="undone"
            pendingText="Saving..."
            className="rounded border border-slate-300 px-3 py-1.5 text-sm font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            Mark as not done
          </StatusButton>
        </>
      ) : (
        <StatusButton
          name="intent"
          value="done"
          pendingText="Saving..."
          className="rounded bg-emerald-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-emerald-800"
        >
          Mark as done
        </StatusButton>
      )}
    </Form>
  )
}
