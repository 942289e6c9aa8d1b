import { ChartSvg } from '~/components/analysis/chart-svg'
import type { ScoreBin } from '~/lib/quiz/stats'

// The score distribution of a quiz as server-rendered SVG: no script, scales down to 320 px
// through its viewBox, colours from currentColor and Tailwind fill classes (light and dark). The same counts
// follow in a <details> table, which is what a screen reader or a careful reader uses.

const W = 320
const H = 170
const PAD_X = 6
const TOP = 16 // room for the count above the tallest bar
const AXIS = 132 // baseline of the bars
const GAP = 3

export function histogramSummary(bins: readonly ScoreBin[], attempts: number): string {
  if (attempts === 0) return 'Score distribution: no submitted ranked attempts yet.'
  const top = bins.reduce((a, b) => (b.count > a.count ? b : a))
  const first = bins[0].label.split(' to ')[0]
  const last = bins[bins.length - 1].label.split(' to ')[1]
  return (
    `Score distribution of ${attempts} ranked attempt${attempts === 1 ? '' : 's'} in ${bins.length} bins ` +
    `from ${first} to ${last}; most common ${top.label} (${top.count}).`
  )
}

export function ScoreHistogram({ bins, attempts }: { bins: readonly ScoreBin[]; attempts: number }) {
  const max = Math.max(1, ...bins.map((b) => b.count))
  const slot = (W - 2 * PAD_X) / bins.length
  // Every bin's lower edge fits under it only when the bins are wide enough; otherwise every other one.
  const every = slot >= 34 ? 1 : slot >= 17 ? 2 : 3
  const summary = histogramSummary(bins, attempts)
  return (
    <figure className="mb-6" data-testid="score-histogram">
      <ChartSvg label={summary} width={W} height={H}>
        {bins.map((b, i) => {
          const h = ((AXIS - TOP) * b.count) / max
          const x = PAD_X + i * slot + GAP / 2
          return (
            <g key={b.fromUnits}>
              <rect
                data-bin={b.label}
                x={x}
                y={AXIS - h}
                width={slot - GAP}
                height={h}
                rx="2"
                className="fill-emerald-600 dark:fill-emerald-400"
              />
              {b.count > 0 ? (
                <text x={x + (slot - GAP) / 2} y={AXIS - h - 3} fontSize="10" textAnchor="middle" fill="currentColor">
                  {b.count}
                </text>
              ) : null}
              {i % every === 0 ? (
                <text x={PAD_X + i * slot} y={AXIS + 13} fontSize="9" textAnchor="start" fill="currentColor">
                  {trim(b.label.split(' to ')[0])}
                </text>
              ) : null}
            </g>
          )
        })}
        <line x1={PAD_X} x2={W - PAD_X} y1={AXIS} y2={AXIS} stroke="currentColor" strokeWidth="1" />
        <text x={W / 2} y={H - 4} fontSize="10" textAnchor="middle" fill="currentColor">
          Score (marks); bars: learners
        </text>
      </ChartSvg>
      <figcaption className="mt-2 text-sm text-slate-600 dark:text-slate-300">{summary}</figcaption>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-semibold">Table view</summary>
        <table className="mt-2 w-full text-left text-sm" data-testid="histogram-table">
          <caption className="sr-only">Learners per score range</caption>
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <th scope="col" className="py-1 pr-3">
                Score
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                Learners
              </th>
            </tr>
          </thead>
          <tbody>
            {bins.map((b) => (
              <tr key={b.fromUnits} className="border-b border-slate-100 dark:border-slate-800">
                <th scope="row" className="py-1 pr-3 font-medium">
                  {b.label}
                </th>
                <td className="py-1 pr-3 text-right tabular-nums">{b.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}

/** "2.00" -> "2", "0.50" -> "0.5": axis labels are short. */
const trim = (s: string) => s.replace(/\.?0+$/, '')
