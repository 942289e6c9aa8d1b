import { Form, useNavigation } from 'react-router'
import { videoStatusText } from '~/lib/video/status'
import type { VideoStatus as Status } from '#db/schema'

// A lecture video's state for staff: 'Queued', 'Transcoding 42%', 'Ready', or 'Failed: <reason>' with a Retry
// button, a plain form post to the course content page (app/routes/admin/course-content.tsx), so it works without JS.

export type VideoStateView = { status: Status; progress: number; error: string | null }

export function VideoStatus({
  video,
  lectureId,
  lectureTitle,
  retryAction,
}: {
  video: VideoStateView
  lectureId: string
  lectureTitle: string
  /** Where Retry posts (the course content page). */
  retryAction: string
}) {
  const navigation = useNavigation()
  const pending =
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === 'retry-video' &&
    navigation.formData?.get('id') === lectureId
  const tone =
    video.status === 'failed'
      ? 'text-red-700 dark:text-red-400'
      : video.status === 'ready'
        ? 'text-emerald-800 dark:text-emerald-300'
        : 'text-slate-700 dark:text-slate-300'
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span>
        Own video: <span className={`font-semibold wrap-anywhere ${tone}`}>{videoStatusText(video)}</span>
      </span>
      {video.status === 'failed' ? (
        <Form method="post" action={retryAction} preventScrollReset>
          <input type="hidden" name="kind" value="lecture" />
          <input type="hidden" name="id" value={lectureId} />
          <button
            type="submit"
            name="intent"
            value="retry-video"
            aria-label={`Retry the video: ${lectureTitle}`}
            disabled={pending}
            className="rounded border border-slate-300 px-3 py-1 text-sm font-semibold hover:bg-slate-100 disabled:opacity-70 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            Retry
          </button>
        </Form>
      ) : null}
    </div>
  )
}
