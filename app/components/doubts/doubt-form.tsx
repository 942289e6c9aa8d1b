import { useEffect, useRef, useState, type ChangeEvent } from 'react'
import { Form } from 'react-router'
import { ErrorList, inputClass, StatusButton } from '~/components/forms'
import { videoClock } from '~/lib/doubts/rules'
import type { DoubtFormSettings, DoubtReply } from './types'

// The doubt form (field names fixed: body, videoAt, image). A plain multipart post to the doubts page's action,
// which answers a refusal with this form again: the message beside its field, a summary at the top, what was typed
// kept. With JavaScript two things are added, neither needed: 'Use the video's time' when the page has a <video>,
// and the browser refuses a file over 1 MB before a slow upload starts.

const hintClass = 'mt-1 text-xs text-slate-600 dark:text-slate-300'

function summaryOf(reply: DoubtReply): string {
  const again = reply.lost
    ? ' The form was too large to read, so what you typed was not kept: please type your doubt again.'
    : reply.imageChosen
      ? ' Please choose your image again (a page cannot keep a chosen file).'
      : ''
  return `Your doubt was not sent. ${reply.message}${again}`
}

export function DoubtForm({
  action,
  from,
  settings,
  reply,
}: {
  action: string
  from: 'player' | 'page'
  settings: DoubtFormSettings
  reply: DoubtReply | null
}) {
  const videoAtRef = useRef<HTMLInputElement>(null)
  // Shown only when script runs and the page plays a video itself (not a YouTube frame).
  const [hasVideo, setHasVideo] = useState(false)
  useEffect(() => setHasVideo(document.querySelector('video') !== null), [])
  const errorFor = (field: DoubtReply['field']) => (reply?.field === field ? [reply.message] : null)
  const describedBy = (field: DoubtReply['field'], hint: string) =>
    [reply?.field === field ? `doubt-${field}-error` : null, hint].filter(Boolean).join(' ')

  function fillVideoTime() {
    const video = document.querySelector('video')
    if (video && videoAtRef.current) videoAtRef.current.value = videoClock(Math.max(0, Math.floor(video.currentTime)))
  }
  function checkSize(e: ChangeEvent<HTMLInputElement>) {
    const file = e.currentTarget.files?.[0]
    e.currentTarget.setCustomValidity(file && file.size > settings.imageMaxBytes ? settings.imageTooBig : '')
  }

  return (
    <Form method="post" action={action} encType="multipart/form-data" className="mt-4" aria-label="Ask a doubt">
      <input type="hidden" name="from" value={from} />
      {reply ? (
        <p
          role="alert"
          className="mb-3 rounded bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
          data-testid="doubt-refusal"
        >
          {summaryOf(reply)}
        </p>
      ) : null}
      <div className="mb-3">
        <label htmlFor="doubt-body" className="mb-1 block text-sm font-medium">
          Your doubt
        </label>
        <textarea
          id="doubt-body"
          name="body"
          rows={4}
          required
          defaultValue={reply?.values.body ?? ''}
          className={inputClass}
          aria-invalid={reply?.field === 'body' ? true : undefined}
          aria-describedby={describedBy('body', 'doubt-body-hint')}
        />
        <p id="doubt-body-hint" className={hintClass}>
          At most {settings.maxChars} characters. You can write formulas as $x^2$ and chemistry as \ce{'{H2O}'}.
        </p>
        <ErrorList id="doubt-body-error" errors={errorFor('body')} />
      </div>
      {settings.withVideoAt ? (
        <div className="mb-3">
          <label htmlFor="doubt-videoAt" className="mb-1 block text-sm font-medium">
            Time in the video (optional)
          </label>
          <div className="flex flex-wrap items-center gap-2">
            <input
              ref={videoAtRef}
              id="doubt-videoAt"
              name="videoAt"
              type="text"
              autoComplete="off"
              placeholder="12:34"
              defaultValue={reply?.values.videoAt ?? ''}
              className={`${inputClass} max-w-32`}
              aria-invalid={reply?.field === 'videoAt' ? true : undefined}
              aria-describedby={describedBy('videoAt', 'doubt-videoAt-hint')}
            />
            {hasVideo ? (
              <button
                type="button"
                onClick={fillVideoTime}
                className="rounded border border-slate-300 px-3 py-1.5 text-sm dark:border-slate-600"
              >
                Use the video&apos;s time
              </button>
            ) : null}
          </div>
          <p id="doubt-videoAt-hint" className={hintClass}>
            Minutes and seconds, as 12:34.
          </p>
          <ErrorList id="doubt-videoAt-error" errors={errorFor('videoAt')} />
        </div>
      ) : null}
      <div className="mb-3">
        <label htmlFor="doubt-image" className="mb-1 block text-sm font-medium">
          Image (optional)
        </label>
        <input
          id="doubt-image"
          name="image"
          type="file"
          accept="image/png,image/jpeg,image/webp"
          onChange={checkSize}
          className="block w-full max-w-full text-sm"
          aria-invalid={reply?.field === 'image' ? true : undefined}
          aria-describedby={describedBy('image', 'doubt-image-hint')}
        />
        <p id="doubt-image-hint" className={hintClass}>
          A PNG, JPEG or WebP image up to 1 MB.
          {reply?.imageChosen ? ' Choose it again if you want to send it.' : ''}
        </p>
        <ErrorList id="doubt-image-error" errors={errorFor('image')} />
      </div>
      <StatusButton name="intent" value="ask" pendingText="Sending...">
        Ask doubt
      </StatusButton>
    </Form>
  )
}
