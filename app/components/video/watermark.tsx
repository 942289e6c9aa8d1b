/**
 * The learner's e-mail drifting faintly across their video (app/app.css `.video-watermark`), so a screen recording
 * names who made it. CSS only (it moves with JavaScript off); it takes no clicks, and screen readers skip it: it is
 * decoration over the video, not content.
 */
export function VideoWatermark({ email }: { email: string }) {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 overflow-hidden select-none">
      <div className="video-watermark absolute inset-0">
        <span className="inline-block rounded px-1 text-xs font-medium whitespace-nowrap text-white/35 sm:text-sm">
          {email}
        </span>
      </div>
    </div>
  )
}
