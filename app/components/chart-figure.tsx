import type { ReactNode } from 'react'
import { CHART } from '~/lib/chart'

// The frame of a captioned server-drawn chart (a learner's progress line, the staff dashboard's bars): a figure
// holding an SVG that scales by its viewBox (down to 320 px) and names itself for screen readers (role="img", a
// <title> and a <desc> summing the chart up). The chart draws its marks as `children`; `after` is what follows the
// drawing inside the figure (a table of the numbers). Bare charts without a caption use ChartSvg
// (app/components/analysis/chart-svg.tsx).

export function ChartFigure({
  id,
  title,
  summary,
  children,
  after,
}: {
  /** Unique on the page: the title and description ids derive from it. */
  id: string
  title: string
  summary: string
  children: ReactNode
  after?: ReactNode
}) {
  const titleId = `${id}-title`
  const descId = `${id}-desc`
  return (
    <figure className="rounded-lg border border-slate-200 p-3 dark:border-slate-700" data-testid={`chart-${id}`}>
      <figcaption className="mb-2 font-semibold">{title}</figcaption>
      <svg
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        className="h-auto w-full"
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={titleId}>{title}</title>
        <desc id={descId}>{summary}</desc>
        {children}
      </svg>
      {after}
    </figure>
  )
}
