import { barGeometry, CHART, chartSummary, type ChartPoint } from '~/lib/chart'
import { ChartFigure } from '../chart-figure'

// A bar chart drawn on the server as SVG (no chart script). It scales by its viewBox, names itself
// for screen readers (role="img" with a title and a description summarising the series), gives every bar its own
// <title> (a tooltip on hover), and carries the same numbers as a table under "Show as table" (a <details>, so it
// opens with JavaScript off too). Colours come from Tailwind classes with dark variants, so it reads in both modes.

export function BarChart({
  id,
  title,
  points,
  unit,
  unitOne = unit,
  valueHeading = 'Count',
}: {
  /** Unique on the page: the title and description ids derive from it. */
  id: string
  title: string
  points: ChartPoint[]
  /** Words after a bar's value in its tooltip, e.g. 'sign-ups' (and 'sign-up' after a 1). */
  unit: string
  unitOne?: string
  valueHeading?: string
}) {
  const { bars, top, baseline } = barGeometry(points)
  const summary = chartSummary(title, points)
  // Date labels under the first, middle and last bars: enough to read the axis at 320 px without overlap.
  const labelled = new Set([0, Math.floor((bars.length - 1) / 2), bars.length - 1])
  return (
    <ChartFigure
      id={id}
      title={title}
      summary={summary}
      after={
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer font-semibold text-emerald-700 dark:text-emerald-400">
            Show as table
          </summary>
          <table className="mt-2 w-full text-left" aria-label={`${title}: table`}>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-3 font-semibold">
                  Day
                </th>
                <th scope="col" className="py-1 text-right font-semibold">
                  {valueHeading}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
              {points.map((p) => (
                <tr key={p.label}>
                  <td className="py-1 pr-3">{p.label}</td>
                  <td className="py-1 text-right tabular-nums">{p.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      }
    >
      {/* y axis: 0, half (when a whole number: these are counts) and the top, with light grid lines */}
      {[0, top / 2, top].filter(Number.isInteger).map((v) => {
        const y = baseline - (v / top) * (baseline - CHART.top)
        return (
          <g key={v} aria-hidden="true">
            <line
              x1={CHART.left}
              x2={CHART.width - CHART.right}
              y1={y}
              y2={y}
              className="stroke-slate-200 dark:stroke-slate-700"
              strokeWidth={1}
            />
            <text
              x={CHART.left - 6}
              y={y + 4}
              textAnchor="end"
              fontSize={13}
              className="fill-slate-600 dark:fill-slate-300"
            >
              {v}
            </text>
          </g>
        )
      })}
      {bars.map((b, i) => (
        <g key={i} data-point={b.value}>
          <title>{`${b.label}: ${b.value} ${b.value === 1 ? unitOne : unit}`}</title>
          {/* a thin mark on the baseline keeps a zero day visible as a day */}
          <rect
            x={b.x}
            y={b.height > 0 ? b.y : baseline - 1}
            width={b.width}
            height={b.height > 0 ? b.height : 1}
            className={b.height > 0 ? 'fill-emerald-600 dark:fill-emerald-400' : 'fill-slate-300 dark:fill-slate-600'}
          />
          {labelled.has(i) ? (
            <text
              x={b.x + b.width / 2}
              y={CHART.height - 6}
              textAnchor={i === 0 ? 'start' : i === bars.length - 1 ? 'end' : 'middle'}
              fontSize={13}
              className="fill-slate-600 dark:fill-slate-300"
              aria-hidden="true"
            >
              {b.label}
            </text>
          ) : null}
        </g>
      ))}
    </ChartFigure>
  )
}
