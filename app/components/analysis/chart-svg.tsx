import type { ReactNode } from 'react'

/**
 * The frame of a bare server-rendered chart (the result analysis, the staff score histogram): one image to assistive
 * technology, named by `label` (also its tooltip), scaled to the container's width through its viewBox, drawing in
 * currentColor for light and dark. A chart with a caption and a spoken summary uses ChartFigure
 * (app/components/chart-figure.tsx).
 */
export function ChartSvg({
  label,
  width,
  height,
  children,
}: {
  label: string
  width: number
  height: number
  children: ReactNode
}) {
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${height}`}
      className="h-auto w-full max-w-xl text-slate-700 dark:text-slate-200"
      preserveAspectRatio="xMinYMin meet"
    >
      <title>{label}</title>
      {children}
    </svg>
  )
}
