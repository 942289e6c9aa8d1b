import { flagText, formatDuration, optionLetter, shareText } from '~/lib/quiz/stats'
import type { QuestionStats } from '~/models/quiz/stats.server'
import { Markup } from '~/components/quiz/markup'

// One question's figures on the staff statistics page: outcome shares, the option (or NAT
// answer) distribution with the key marked, average time and flags. Lists, not wide tables: it fits 320 px.

const TYPE_NAME = { mcq: 'MCQ', msq: 'MSQ', nat: 'NAT' } as const

export function QuestionStatsCard({ q }: { q: QuestionStats }) {
  const outcomes: [string, number][] = [
    ['Correct', q.correct],
    ...(q.type === 'msq' ? ([['Partial', q.partial]] as [string, number][]) : []),
    ['Wrong', q.wrong],
    ['Unattempted', q.unattempted],
  ]
  return (
    <li
      className="rounded border border-slate-200 p-3 break-words dark:border-slate-700"
      data-testid={`question-${q.number}`}
    >
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Q{q.number} · {TYPE_NAME[q.type]}
        {q.section ? ` · ${q.section}` : ''} · +{q.marks} / −{q.negativeMarks} · seen by {q.seen}
      </p>
      <Markup html={q.html} className="mb-2 font-medium" />
      {q.flags.length > 0 ? (
        <ul className="mb-2 space-y-1" aria-label={`Flags on question ${q.number}`}>
          {q.flags.map((f) => (
            <li
              key={f.kind}
              data-flag={f.kind}
              className="rounded bg-amber-50 px-2 py-1 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
            >
              ⚑ {flagText(f)}
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="mb-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4" aria-label="Outcomes">
        {outcomes.map(([name, n]) => (
          <div key={name} data-outcome={name.toLowerCase()}>
            <dt className="text-slate-600 dark:text-slate-400">{name}</dt>
            <dd className="tabular-nums">
              {shareText(n, q.seen)} <span className="text-slate-500 dark:text-slate-400">({n})</span>
            </dd>
          </div>
        ))}
      </dl>
      {q.options.length > 0 ? (
        <ul className="mb-2 space-y-1 text-sm" aria-label={`Options picked on question ${q.number}`}>
          {q.options.map((o) => (
            <li key={o.index} data-option={optionLetter(o.index)} className="flex flex-wrap gap-x-2">
              <span className="font-semibold">{optionLetter(o.index)}.</span>
              <Markup inline html={o.html} className="min-w-0 flex-1" />
              <span className="tabular-nums">
                {o.count} picked
                {o.keyed ? <strong className="text-emerald-700 dark:text-emerald-400"> ✓ key</strong> : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {q.nat ? (
        <div className="mb-2 text-sm">
          <p>
            Key: {q.nat.min === q.nat.max ? q.nat.min : `${q.nat.min} to ${q.nat.max}`}. {q.nat.distinct} different
            answer{q.nat.distinct === 1 ? '' : 's'}
            {q.nat.top.length ? '; most common:' : '.'}
          </p>
          {q.nat.top.length ? (
            <ul aria-label={`Most common answers on question ${q.number}`}>
              {q.nat.top.map((a) => (
                <li key={a.answer} data-answer={a.answer}>
                  {a.answer}: {a.count}
                  {a.correct ? <strong className="text-emerald-700 dark:text-emerald-400"> ✓ right</strong> : null}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <p className="text-sm" data-testid={`avg-time-${q.number}`}>
        Average time:{' '}
        {q.averageTimeMs === null
          ? 'not recorded'
          : `${formatDuration(q.averageTimeMs)} (${q.timedLearners} learner${q.timedLearners === 1 ? '' : 's'})`}
      </p>
    </li>
  )
}
