import { CHART, lineGeometry, lineSummary, type ChartPoint } from '~/lib/chart'
import { ChartFigure } from './chart-figure'

// A line chart drawn on the server as SVG (no chart script), e.g. a learner's score per test over time. It scales by
// its viewBox (down to 320 px), names itself for screen readers (role="img" with a title and a description that
// sums the line up) and gives every point its own <title>; the page puts the same numbers in a table beside it.
// Colours come from Tailwind classes with dark variants.

export function LineChart({
  id,
  title,
  points,
  format,
}: {
  /** Unique on the page: the title and description ids derive from it. */
  id: string
  title: string
  points: ChartPoint[]
  /** A value as the tooltip and the description say it, e.g. "72.50%". */
  format: (value: number) => string
}) {
  const { points: line, path, ticks, y } = lineGeometry(points)
  // Labels under the first and last points only: enough to read the axis at 320 px without overlap.
  const labelled = new Set([0, line.length - 1])
  return (
    <ChartFigure id={id} title={title} summary={lineSummary(title, points, format)}>
      {ticks.map((v) => (
        <g key={v} aria-hidden="true">
          <line
            x1={CHART.left}
            x2={CHART.width - CHART.right}
            y1={y(v)}
            y2={y(v)}
            className={v === 0 ? 'stroke-slate-400 dark:stroke-slate-500' : 'stroke-slate-200 dark:stroke-slate-700'}
            strokeWidth={1}
          />
          <text
            x={CHART.left - 4}
            y={y(v) + 4}
            textAnchor="end"
            fontSize={11}
            className="fill-slate-600 dark:fill-slate-300"
          >
            {v}
          </text>
        </g>
      ))}
      {line.length > 1 ? (
        <polyline
          points={path}
          fill="none"
          strokeWidth={2}
          className="stroke-emerald-600 dark:stroke-emerald-400"
          aria-hidden="true"
        />
      ) : null}
      {line.map((p, i) => (
        <g key={i} data-point={p.value}>
          <title>{`${p.label}: ${format(p.value)}`}</title>
          <circle cx={p.x} cy={p.y} r={4} className="fill-emerald-600 dark:fill-emerald-400" />
          {labelled.has(i) ? (
            <text
              x={p.x}
              y={CHART.height - 6}
              textAnchor={line.length === 1 ? 'middle' : i === 0 ? 'start' : 'end'}
              fontSize={12}
              className="fill-slate-600 dark:fill-slate-300"
              aria-hidden="true"
            >
              {p.label}
            </text>
          ) : null}
        </g>
      ))}
    </ChartFigure>
  )
}
