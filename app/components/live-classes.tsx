import type { LearnerClass } from '~/models/live/learner-classes.server'

// The live classes a learner with access sees on the player: when (India time), 'Join' only inside the join
// window (the loader sends the link only then), 'Cancelled', and the recording after the class.

export function JoinLink({ c }: { c: Pick<LearnerClass, 'joinUrl' | 'title'> }) {
  if (!c.joinUrl) return null
  return (
    <a
      href={c.joinUrl}
      target="_blank"
      rel="noreferrer"
      aria-label={`Join ${c.title}`}
      className="inline-block rounded bg-emerald-700 px-3 py-1 text-sm font-semibold text-white hover:bg-emerald-800"
    >
      Join
    </a>
  )
}

export function ClassState({ c }: { c: LearnerClass }) {
  if (c.phase === 'cancelled')
    return <span className="text-sm font-semibold text-red-700 dark:text-red-400">Cancelled</span>
  if (c.phase === 'joinable') return <JoinLink c={c} />
  if (c.phase === 'ended')
    return c.recordingUrl ? (
      <a
        href={c.recordingUrl}
        target="_blank"
        rel="noreferrer"
        className="text-sm text-emerald-700 underline dark:text-emerald-400"
        aria-label={`Recording of ${c.title}`}
      >
        Recording
      </a>
    ) : (
      <span className="text-sm text-slate-600 dark:text-slate-300">Ended</span>
    )
  return <span className="text-sm text-slate-600 dark:text-slate-300">The join link opens 15 minutes before</span>
}

export function LiveClassList({ classes }: { classes: LearnerClass[] }) {
  if (classes.length === 0) return null
  return (
    <section
      aria-labelledby="live-classes-title"
      className="mt-6 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
    >
      <h2 id="live-classes-title" className="text-lg font-semibold">
        Live classes
      </h2>
      <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-700">
        {classes.map((c) => (
          <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <div className="min-w-0">
              <p className={`font-medium wrap-anywhere ${c.phase === 'cancelled' ? 'line-through' : ''}`}>{c.title}</p>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {c.when} · {c.durationMinutes} min
              </p>
              {c.notes ? <p className="text-sm wrap-anywhere">{c.notes}</p> : null}
            </div>
            <ClassState c={c} />
          </li>
        ))}
      </ul>
    </section>
  )
}
