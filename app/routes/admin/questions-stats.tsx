import type { BankQuestionStats } from '~/models/bank/stats.server'

// How the bank pages show a question's statistics across every paper it was in (app/models/bank/stats.server.ts).

/** '62.5%', or '-' when nobody answered. */
export const shareText = (share: number | null) => (share === null ? '-' : `${(share * 100).toFixed(1)}%`)

/** '0.42', or '-' when there are too few learners. */
export const separationText = (value: number | null) => (value === null ? '-' : value.toFixed(2))

/** 'Separation 0.42: Separates well', or 'Separation: too few answers'. */
export const separationLine = (stats: BankQuestionStats) =>
  stats.separation === null
    ? `Separation: ${stats.separationLabel.toLowerCase()}`
    : `Separation ${separationText(stats.separation)}: ${stats.separationLabel}`

/** The edit page's figures, as a description list. */
export function BankStatsList({ stats }: { stats: BankQuestionStats }) {
  const rows: [string, string][] = [
    ['Learners shown it', String(stats.learners)],
    ['Times answered', String(stats.answered)],
    ['Answered right', stats.answered ? `${stats.correct} (${shareText(stats.shareCorrect)})` : '-'],
    [
      'Separation',
      stats.separation === null
        ? stats.separationLabel
        : `${separationText(stats.separation)}: ${stats.separationLabel}`,
    ],
  ]
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="bank-stats">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold">{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
