import { ChartSvg } from './chart-svg'

// A grouped horizontal bar chart drawn as server-rendered SVG: no JavaScript, scales to any width through its
// viewBox, and always followed by a table with the same numbers (the chart is role="img" with a label; the
// table is what screen readers and narrow screens read).

export type BarSeries = {
  name: string
  /** Tailwind fill class for the bars and the legend swatch. */
  fillClass: string
  /** One value per group (null: no bar), as a number for drawing. */
  values: (number | null)[]
  /** The same values as text (2 decimals), shown on the bars and in the table. */
  labels: (string | null)[]
}

const WIDTH = 280
const LABEL_W = 0
const BAR_H = 14
const BAR_GAP = 3
const GROUP_GAP = 22
const PAD_TOP = 8
/** Room under the bars for the "0" under the zero line, when there are negative values. */
const AXIS_H = 12

/**
 * The horizontal scale, in viewBox units. Bars grow from zero: right for positive values, left for negative ones,
 * so the scale spans min(0, lowest) to max(0, highest). When nothing is above zero the positive side mirrors the
 * negative one, keeping zero mid-chart: a negative total then reads as a short bar left of zero, never as a bar
 * across the whole chart the way a top score is drawn.
 */
export function barScale(values: readonly number[], plotWidth: number) {
  const min = Math.min(0, ...values)
  let max = Math.max(0, ...values)
  if (max === 0 && min < 0) max = -min
  const span = max - min || 1
  const x = (v: number) => ((v - min) / span) * plotWidth
  return { x, zeroX: x(0), negative: min < 0 }
}

export function BarChart({
  title,
  groups,
  series,
  caption,
  testId,
}: {
  title: string
  groups: string[]
  series: BarSeries[]
  caption: string
  testId?: string
}) {
  const values = series.flatMap((s) => s.values.filter((v): v is number => v !== null))
  const plotW = WIDTH - LABEL_W - 44 // room for the value text
  const scale = barScale(values, plotW)
  const x = (v: number) => LABEL_W + scale.x(v)
  const zeroX = x(0)
  const perGroup = series.length * (BAR_H + BAR_GAP) + 14 // the group's name sits above its bars
  const barsBottom = PAD_TOP + groups.length * perGroup + (groups.length - 1) * GROUP_GAP + 6
  const height = barsBottom + (scale.negative ? AXIS_H : 0)
  const ariaLabel = `${title}: ${groups
    .map((g, gi) => `${g}: ${series.map((s) => `${s.name} ${s.labels[gi] ?? 'none'}`).join(', ')}`)
    .join('; ')}`

  return (
    <figure className="mb-6" data-testid={testId}>
      <ul className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs" aria-hidden="true">
        {series.map((s) => (
          <li key={s.name} className="flex items-center gap-1">
            <svg width="10" height="10" aria-hidden="true" focusable="false">
              <rect width="10" height="10" className={s.fillClass} />
            </svg>
            {s.name}
          </li>
        ))}
      </ul>
      <ChartSvg label={ariaLabel} width={WIDTH} height={height}>
        {groups.map((g, gi) => {
          const top = PAD_TOP + gi * (perGroup + GROUP_GAP)
          return (
            <g key={`${g}-${gi}`}>
              <text x={LABEL_W} y={top + 9} fontSize="11" fontWeight="600" fill="currentColor">
                {g}
              </text>
              {series.map((s, si) => {
                const v = s.values[gi]
                const y = top + 14 + si * (BAR_H + BAR_GAP)
                if (v === null) return null
                const left = Math.min(x(v), zeroX)
                const w = Math.max(Math.abs(x(v) - zeroX), 1)
                return (
                  <g key={s.name}>
                    <rect x={left} y={y} width={w} height={BAR_H} className={s.fillClass} rx="2" />
                    <text x={Math.max(x(v), zeroX) + 4} y={y + BAR_H - 3} fontSize="10" fill="currentColor">
                      {s.labels[gi]}
                    </text>
                  </g>
                )
              })}
            </g>
          )
        })}
        {scale.negative ? (
          <g aria-hidden="true">
            <line x1={zeroX} x2={zeroX} y1={PAD_TOP} y2={barsBottom} stroke="currentColor" strokeWidth="1" />
            <text x={Math.max(zeroX, 4)} y={height - 2} fontSize="10" textAnchor="middle" fill="currentColor">
              0
            </text>
          </g>
        ) : null}
      </ChartSvg>
      <figcaption className="mt-2 text-sm text-slate-600 dark:text-slate-300">{caption}</figcaption>
      <div className="mt-2 max-w-full overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <th scope="col" className="py-1 pr-3">
                &nbsp;
              </th>
              {series.map((s) => (
                <th key={s.name} scope="col" className="py-1 pr-3 text-right">
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {groups.map((g, gi) => (
              <tr key={`${g}-${gi}`} className="border-b border-slate-100 dark:border-slate-800">
                <th scope="row" className="py-1 pr-3 font-medium">
                  {g}
                </th>
                {series.map((s) => (
                  <td key={s.name} className="py-1 pr-3 text-right tabular-nums">
                    {s.labels[gi] ?? '—'}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  )
}
