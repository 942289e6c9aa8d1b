// Pure geometry and wording of the dashboard's server-rendered bar charts (app/components/admin/charts.tsx), kept
// apart from the markup so the numbers are unit-tested.

export type ChartPoint = { label: string; value: number }

/** The drawing area of every chart, in viewBox units: the SVG scales to its container (down to 320 px). */
export const CHART = { width: 360, height: 200, left: 30, right: 6, top: 10, bottom: 24 } as const

/** A "nice" top of the y axis: at least the largest value and 1, rounded up to 1, 2 or 5 x 10^n. */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1
  const magnitude = 10 ** Math.floor(Math.log10(max))
  for (const step of [1, 2, 5, 10]) if (step * magnitude >= max) return step * magnitude
  return 10 * magnitude
}

export type Bar = { x: number; y: number; width: number; height: number; label: string; value: number }

/**
 * One bar per point, left to right, in viewBox units. A zero keeps its slot (a day without events is a real day
 * on the axis); the component draws a thin baseline mark there so it stays visible.
 */
export function barGeometry(points: ChartPoint[]) {
  const plotWidth = CHART.width - CHART.left - CHART.right
  const plotHeight = CHART.height - CHART.top - CHART.bottom
  const top = niceMax(Math.max(0, ...points.map((p) => p.value)))
  const slot = points.length ? plotWidth / points.length : plotWidth
  const gap = Math.min(2, slot * 0.2)
  const round = (n: number) => Math.round(n * 100) / 100
  const baseline = CHART.top + plotHeight
  const bars: Bar[] = points.map((p, i) => {
    const height = round((Math.max(0, p.value) / top) * plotHeight)
    return {
      x: round(CHART.left + i * slot + gap / 2),
      y: round(baseline - height),
      width: round(slot - gap),
      height,
      label: p.label,
      value: p.value,
    }
  })
  return { bars, top, baseline, plotWidth, plotHeight }
}

/**
 * The chart's accessible description, e.g. "New sign-ups per day, 25 Oct to 23 Nov: 41 in total, most 7 on
 * 12 Nov". The first day with the highest value is named; an empty series says "none".
 */
export function chartSummary(title: string, points: ChartPoint[]): string {
  if (points.length === 0) return `${title}: no data`
  const range = `${points[0].label} to ${points[points.length - 1].label}`
  const total = points.reduce((sum, p) => sum + p.value, 0)
  if (total === 0) return `${title}, ${range}: none`
  const best = points.reduce((a, b) => (b.value > a.value ? b : a))
  return `${title}, ${range}: ${total} in total, most ${best.value} on ${best.label}`
}

export type LinePoint = { x: number; y: number; label: string; value: number }

/**
 * A line of percentages (e.g. test scores over time, /profile/progress), in the same viewBox as the bar charts:
 * points evenly spaced left to right in the order given (one point sits in the middle), y from the bottom of the
 * range to its top. The range is 0-100, reaching down to a nice negative bound when a score was below zero
 * (negative marking). `ticks` are the values worth a grid line.
 */
export function lineGeometry(points: ChartPoint[]) {
  const plotWidth = CHART.width - CHART.left - CHART.right
  const plotHeight = CHART.height - CHART.top - CHART.bottom
  const lowest = Math.min(0, ...points.map((p) => p.value))
  const bottom = lowest < 0 ? -niceMax(-lowest) : 0
  const top = Math.max(100, ...points.map((p) => p.value))
  const round = (n: number) => Math.round(n * 100) / 100
  const y = (v: number) => round(CHART.top + ((top - v) / (top - bottom)) * plotHeight)
  const step = points.length > 1 ? plotWidth / (points.length - 1) : 0
  const line: LinePoint[] = points.map((p, i) => ({
    x: round(points.length > 1 ? CHART.left + i * step : CHART.left + plotWidth / 2),
    y: y(p.value),
    label: p.label,
    value: p.value,
  }))
  const ticks = [...new Set([bottom, 0, 50, 100, top])].filter((v) => v >= bottom && v <= top).sort((a, b) => a - b)
  return { points: line, path: line.map((p) => `${p.x},${p.y}`).join(' '), top, bottom, ticks, y }
}

/**
 * The line's accessible description, e.g. "Score per test, 3 tests from 2 Jan to 9 Feb: first 40.00%, latest
 * 72.50%, best 72.50%".
 */
export function lineSummary(title: string, points: ChartPoint[], format: (v: number) => string): string {
  if (points.length === 0) return `${title}: no data`
  const first = points[0]
  const last = points[points.length - 1]
  const best = points.reduce((a, b) => (b.value > a.value ? b : a))
  const count = `${points.length} ${points.length === 1 ? 'test' : 'tests'}`
  const range = points.length === 1 ? `on ${first.label}` : `from ${first.label} to ${last.label}`
  return `${title}, ${count} ${range}: first ${format(first.value)}, latest ${format(last.value)}, best ${format(best.value)}`
}
