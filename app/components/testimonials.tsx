import { useEffect, useState } from 'react'
import { testimonials, type Testimonial } from '~/content/testimonials'
import { isTruncated, truncate } from '~/lib/text'

/**
 * A message cut after 210 characters with an ellipsis and a See more / See less toggle. The toggle
 * is a native <details>, so it works without JS; while open the short text is hidden via :has().
 */
function Message({ text }: { text: string }) {
  if (!isTruncated(text)) return <p className="text-sm leading-relaxed">{text}</p>
  return (
    <div className="group/msg text-sm leading-relaxed">
      <p className="group-has-[details[open]]/msg:hidden">{truncate(text)}</p>
      <details className="group relative open:pb-6">
        <summary className="cursor-pointer list-none font-semibold text-emerald-700 group-open:absolute group-open:bottom-0 group-open:left-0 dark:text-emerald-400 [&::-webkit-details-marker]:hidden">
          <span className="group-open:hidden">See more</span>
          <span className="hidden group-open:inline">See less</span>
        </summary>
        <p>{text}</p>
      </details>
    </div>
  )
}

function Card({ t, copy }: { t: Testimonial; copy?: boolean }) {
  return (
    <li
      aria-hidden={copy || undefined}
      inert={copy || undefined}
      className="w-80 shrink-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <figure>
        <blockquote>
          <Message text={t.message} />
        </blockquote>
        <figcaption className="mt-4 flex items-center gap-3">
          <img src={t.imageUrl} alt="" width={40} height={40} loading="lazy" className="h-10 w-10 rounded-full" />
          <span className="text-sm">
            <span className="block font-semibold">{t.name}</span>
            <span className="block text-slate-500 dark:text-slate-400">
              {t.presentCourseOfStudy}, {t.instituteName}
            </span>
          </span>
        </figcaption>
      </figure>
    </li>
  )
}

/** The looping testimonials marquee: ten static entries. */
export function Testimonials() {
  // With JS the list is doubled (the copy hidden from assistive tech) for a seamless loop.
  const [looped, setLooped] = useState(false)
  useEffect(() => setLooped(true), [])
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label="Testimonials"
      className="overflow-x-auto pb-4 motion-safe:overflow-hidden"
    >
      <ul
        className={`flex w-max items-start gap-6 px-4 hover:[animation-play-state:paused] focus-within:[animation-play-state:paused] motion-reduce:animate-none ${
          looped
            ? 'animate-[marquee-loop_80s_linear_infinite]'
            : 'animate-[marquee-drift_60s_linear_infinite_alternate]'
        }`}
      >
        {testimonials.map((t) => (
          <Card key={t.name} t={t} />
        ))}
        {looped ? testimonials.map((t) => <Card key={`copy-${t.name}`} t={t} copy />) : null}
      </ul>
    </div>
  )
}
