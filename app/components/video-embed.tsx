import { useState } from 'react'
import { youtubeEmbedUrl, youtubeId, youtubeThumbUrl, youtubeWatchUrl } from '~/lib/youtube'

/**
 * A YouTube video that loads only on click (issue 2 §6: keeps 2G pages light). Before the click it is a
 * thumbnail (or `poster`) with a play button; without JavaScript that is a plain link to the video on YouTube.
 * With JS the click swaps in the iframe. Used by the home hero, the resources page and the course player.
 * Pass a `key` that changes with `url` when the same slot plays different videos (course player).
 */
export function VideoEmbed({
  url,
  title,
  poster,
  autoplay = true,
  className = '',
}: {
  url: string
  title: string
  poster?: string
  autoplay?: boolean
  className?: string
}) {
  const [playing, setPlaying] = useState(false)
  const id = youtubeId(url)
  const frame = `relative aspect-video w-full overflow-hidden rounded-lg bg-slate-900 ${className}`

  if (!id) {
    return (
      <div className={`${frame} flex items-center justify-center p-4 text-center text-sm text-slate-200`}>
        This video is not available.
      </div>
    )
  }
  if (playing) {
    return (
      <div className={frame}>
        <iframe
          src={youtubeEmbedUrl(id, autoplay)}
          title={title}
          className="absolute inset-0 h-full w-full"
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
        />
      </div>
    )
  }
  return (
    <a
      href={youtubeWatchUrl(id)}
      target="_blank"
      rel="noreferrer"
      className={`group block ${frame}`}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return
        e.preventDefault()
        setPlaying(true)
      }}
    >
      <img
        src={poster ?? youtubeThumbUrl(id)}
        alt=""
        loading="lazy"
        decoding="async"
        width={480}
        height={360}
        className="absolute inset-0 h-full w-full object-cover opacity-90 transition group-hover:opacity-100"
      />
      <span className="absolute inset-0 flex items-center justify-center">
        <span className="flex h-14 w-20 items-center justify-center rounded-2xl bg-red-600 shadow-lg transition group-hover:scale-105">
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" fill="#fff">
            <path d="M8 5v14l11-7z" />
          </svg>
        </span>
      </span>
      <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/70 to-transparent p-3 text-left text-sm font-medium text-white">
        <span className="sr-only">Play video: </span>
        {title}
      </span>
    </a>
  )
}
