import { videoFacadeDoc, youtubeId } from '~/lib/youtube'

/**
 * A YouTube video that loads only on a tap (keeps 2G pages light) and plays in the page with or
 * without JavaScript: an `<iframe srcdoc>` whose tiny document is a link (thumbnail or `poster`,
 * play button, title) to the embed URL, so the tap navigates the frame to YouTube's player. No script of ours,
 * the same markup with JS on and off. The frame has a fixed 16:9 box, so nothing shifts when the video loads.
 * Used by the home hero, the resources page and the course player; pass a `key` that changes with `url` when the
 * same slot plays different videos (course player), so the frame starts again from its facade.
 */
export function VideoEmbed({
  url,
  title,
  poster,
  className = '',
}: {
  url: string
  title: string
  poster?: string
  className?: string
}) {
  const id = youtubeId(url)
  const frame = `relative aspect-video w-full overflow-hidden rounded-lg bg-slate-900 ${className}`

  if (!id) {
    return (
      <div className={`${frame} flex items-center justify-center p-4 text-center text-sm text-slate-200`}>
        This video is not available.
      </div>
    )
  }
  return (
    <div className={frame}>
      <iframe
        srcDoc={videoFacadeDoc({ id, title, poster })}
        title={title}
        className="absolute inset-0 h-full w-full border-0"
        // The frame's first document is ours (srcdoc), so a bare feature name would allow it only to our origin:
        // name YouTube's origin for the player the tap loads into the frame.
        allow="autoplay https://www.youtube-nocookie.com; encrypted-media https://www.youtube-nocookie.com; picture-in-picture https://www.youtube-nocookie.com; fullscreen https://www.youtube-nocookie.com"
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  )
}
