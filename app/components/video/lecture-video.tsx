import { useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import { useHydrated } from '~/hooks/use-hydrated'
import { clockOf, LADDER } from '~/lib/video/ladder'
import type { PlayerSources } from '~/models/video/watch.server'
import { AdaptivePlayer, type Quality } from './adaptive-player'
import { VideoWatermark } from './watermark'

// A lecture's own video in the course player (docs/decisions/033-lecture-video.md). Every address in `sources` is
// signed for this learner and expires (app/models/video/tokens.server.ts).
// - JavaScript off: a <video controls preload="none"> whose first source is the small MP4 (240p: every browser plays
//   it, by ranges, and it holds 3G), then the ladder for a browser that plays HLS itself. With data saver on, the
//   lowest rung's playlist comes first (the MP4 after it for browsers without HLS); 'Audio only' (a link, '?audio=1')
//   puts the audio rung's playlist first the same way. Nothing loads until play. '?t=' starts at a second through a
//   media fragment (#t=), 'Continue at 12:34' is a link to it.
// - JavaScript on: the same element, played by app/components/video/adaptive-player.ts from the first press of
//   play, with a quality menu ('Auto', each video rung, 'Audio only').
// The box has a fixed 16:9 shape, so nothing moves when the video or its poster arrives.

export function LectureVideo({
  courseId,
  lectureId,
  title,
  email,
  start,
  audioOnly = false,
  sources,
}: {
  courseId: string
  lectureId: string
  title: string
  email: string
  start: number | null
  audioOnly?: boolean
  sources: PlayerSources
}) {
  const hydrated = useHydrated()
  const qualityId = useId()
  const video = useRef<HTMLVideoElement>(null)
  const player = useRef<AdaptivePlayer | null>(null)
  const [dataSaver, setDataSaver] = useState(sources.dataSaver)
  const [quality, setQuality] = useState<Quality>(audioOnly ? 'audio' : 'auto')
  const [error, setError] = useState<string | null>(null)
  // JS plays the element once the page has hydrated; a press of play before that is left to the browser's own
  // player (the element's <source>s).
  const [takeOver, setTakeOver] = useState(false)
  useEffect(() => {
    const el = video.current
    if (hydrated && el && el.paused && el.currentTime === 0) setTakeOver(true)
  }, [hydrated])
  const prefsUrl = `/my-courses/${courseId}/video`
  // The addresses this player was made with: the page's data is loaded again after 'Mark as done' (with new tokens
  // after a quarter hour), and that must not restart a video that is playing. A new lecture or ?t= remounts it.
  const [first] = useState(() => ({ sources, start, audioOnly }))
  useEffect(() => {
    const el = video.current
    if (!takeOver || !el) return
    // The <source>s are gone from the element now: forget the one the browser picked.
    el.load()
    const made = new AdaptivePlayer(el, first.sources, {
      start: first.start,
      dataSaver: first.sources.dataSaver,
      quality: first.audioOnly ? 'audio' : 'auto',
      onError: setError,
      savePosition: (seconds, leaving) => {
        const body = new URLSearchParams({ intent: 'position', lectureId, seconds: String(Math.floor(seconds)) })
        if (leaving && navigator.sendBeacon?.(prefsUrl, body)) return
        void fetch(prefsUrl, { method: 'POST', body, keepalive: true }).catch(() => {})
      },
    })
    player.current = made
    return () => {
      made.destroy()
      player.current = null
    }
  }, [takeOver, first, lectureId, prefsUrl])

  const fragment = start ? `#t=${String(start)}` : ''
  // The playlist a browser that plays HLS itself is offered first, when the learner asked for a 2G rung.
  const lean = audioOnly ? sources.audio : sources.dataSaver && sources.rungs[0] ? sources.rungs[0].src : null
  const rungs = LADDER.filter((r) => r.name === 'audio' || sources.rungs.some((s) => s.name === r.name))

  return (
    <div>
      <div className="relative aspect-video w-full overflow-hidden rounded-lg bg-slate-900">
        {/* eslint-disable-next-line jsx-a11y/media-has-caption -- lectures have no caption files (yet) */}
        <video
          ref={video}
          controls
          preload="none"
          playsInline
          poster={sources.poster}
          aria-label={`Lecture video: ${title}`}
          className="absolute inset-0 h-full w-full"
          controlsList="nodownload"
        >
          {takeOver ? null : (
            <>
              {lean ? <source src={lean + fragment} type="application/vnd.apple.mpegurl" /> : null}
              <source src={sources.mp4 + fragment} type="video/mp4" />
              {lean ? null : <source src={sources.master + fragment} type="application/vnd.apple.mpegurl" />}
            </>
          )}
          <a href={sources.download}>Download the lecture video</a>
        </video>
        <VideoWatermark email={email} />
      </div>
      {error ? (
        <p role="alert" className="mt-2 rounded bg-red-50 p-2 text-sm text-red-700 dark:bg-red-950 dark:text-red-200">
          {error}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        {sources.continueAt !== null ? (
          <Link
            to={`?lecture=${lectureId}&t=${String(sources.continueAt)}`}
            preventScrollReset
            className="font-semibold text-emerald-700 underline dark:text-emerald-400"
          >
            Continue at {clockOf(sources.continueAt)}
          </Link>
        ) : null}
        <a href={sources.download} className="text-emerald-700 underline dark:text-emerald-400">
          Download
        </a>
        {takeOver ? null : (
          <Link
            to={`?lecture=${lectureId}${audioOnly ? '' : '&audio=1'}`}
            preventScrollReset
            className="text-emerald-700 underline dark:text-emerald-400"
          >
            {audioOnly ? 'Video' : 'Audio only'}
          </Link>
        )}
        {takeOver ? (
          <span className="flex items-center gap-2">
            <label htmlFor={qualityId}>Quality</label>
            <select
              id={qualityId}
              value={quality}
              onChange={(e) => {
                const q = e.target.value as Quality
                setQuality(q)
                player.current?.setQuality(q)
              }}
              className="rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
            >
              <option value="auto">Auto</option>
              {rungs
                .filter((r) => r.name !== 'audio')
                .map((r) => (
                  <option key={r.name} value={r.name}>
                    {r.label}
                  </option>
                ))}
              <option value="audio">Audio only</option>
            </select>
          </span>
        ) : null}
        <form
          method="post"
          action={prefsUrl}
          className="flex items-center gap-2"
          onSubmit={(e) => {
            // JS on: saved in the background, the video keeps playing.
            e.preventDefault()
            const body = new URLSearchParams(new FormData(e.currentTarget) as never)
            void fetch(prefsUrl, { method: 'POST', body, redirect: 'manual' }).catch(() => {})
          }}
        >
          <input type="hidden" name="intent" value="data-saver" />
          <input type="hidden" name="lectureId" value={lectureId} />
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              name="dataSaver"
              checked={dataSaver}
              onChange={(e) => {
                setDataSaver(e.target.checked)
                player.current?.setDataSaver(e.target.checked)
                if (hydrated) e.target.form?.requestSubmit()
              }}
            />
            Data saver (lowest quality)
          </label>
          {hydrated ? null : (
            <button type="submit" className="rounded border border-slate-300 px-2 py-1 dark:border-slate-600">
              Save
            </button>
          )}
        </form>
      </div>
    </div>
  )
}
