import { describe, expect, test } from 'vitest'
import { barGeometry, CHART, chartSummary, lineGeometry, lineSummary, niceMax } from './chart'
import { dailySeries, lastDays, revenueWindows } from './insight-days'

const points = (values: number[]) => values.map((value, i) => ({ label: `${i + 1} Nov`, value }))

describe('chart geometry', () => {
  test('one bar per point, left to right inside the plot, heights proportional to a nice top', () => {
    const values = Array.from({ length: 30 }, (_, i) => (i === 11 ? 7 : i % 3))
    const { bars, top, baseline } = barGeometry(points(values))
    expect(bars).toHaveLength(30)
    expect(top).toBe(10)
    expect(baseline).toBe(CHART.height - CHART.bottom)
    for (let i = 1; i < bars.length; i++) expect(bars[i].x).toBeGreaterThan(bars[i - 1].x)
    expect(bars[0].x).toBeGreaterThanOrEqual(CHART.left)
    const last = bars[29]
    expect(last.x + last.width).toBeLessThanOrEqual(CHART.width - CHART.right)
    const plot = CHART.height - CHART.top - CHART.bottom
    expect(bars[11].height).toBeCloseTo((7 / 10) * plot, 1)
    expect(bars[11].y + bars[11].height).toBeCloseTo(baseline, 5)
    expect(bars[0].height).toBe(0)
  })

  test('all zeros: a top of 1, every bar of height 0', () => {
    const { bars, top } = barGeometry(points([0, 0, 0]))
    expect(top).toBe(1)
    expect(bars.map((b) => b.height)).toEqual([0, 0, 0])
  })

  test('niceMax rounds up to 1, 2 or 5 x 10^n', () => {
    expect([0, 1, 3, 7, 10, 11, 41, 120, 999].map(niceMax)).toEqual([1, 1, 5, 10, 10, 20, 50, 200, 1000])
  })

  test('the accessible summary names the range, the total and the first highest day', () => {
    const values = [1, 7, 0, 7]
    expect(chartSummary('New sign-ups per day', points(values))).toBe(
      'New sign-ups per day, 1 Nov to 4 Nov: 15 in total, most 7 on 2 Nov',
    )
    expect(chartSummary('Enrolments per day', points([0, 0]))).toBe('Enrolments per day, 1 Nov to 2 Nov: none')
  })
})

describe('Indian calendar days', () => {
  test('windows: today, 7 and 30 days including today, ending tomorrow', () => {
    expect(revenueWindows(new Date('2026-11-24T08:00:00Z'))).toEqual({
      today: '2026-11-23T18:30:00.000Z',
      last7: '2026-11-17T18:30:00.000Z',
      last30: '2026-10-25T18:30:00.000Z',
      end: '2026-11-24T18:30:00.000Z',
    })
  })

  test('30 days, oldest first; counts land on their IST day and zero days stay', () => {
    const days = lastDays(new Date('2026-11-24T08:00:00Z'))
    expect(days).toHaveLength(30)
    expect(days[0]).toBe('2026-10-26')
    expect(days[29]).toBe('2026-11-24')
    const series = dailySeries(days, [
      { prefix: '2026-11-23T18:3', n: 2 }, // 00:00 IST on the 24th
      { prefix: '2026-11-23T18:2', n: 5 }, // 23:50 IST on the 23rd
      { prefix: '2026-10-25T18:2', n: 9 }, // before the first day: ignored
    ])
    expect(series).toHaveLength(30)
    expect(series[29]).toEqual({ day: '2026-11-24', label: '24 Nov', value: 2 })
    expect(series[28]).toMatchObject({ day: '2026-11-23', value: 5 })
    expect(series.reduce((s, p) => s + p.value, 0)).toBe(7)
  })
})

describe('line geometry (score per test)', () => {
  const pts = (values: number[]) => values.map((value, i) => ({ label: `${i + 1} Jan`, value }))

  test('points evenly spaced across the plot, 0-100 from the baseline to the top', () => {
    const { points: line, top, bottom, ticks, path } = lineGeometry(pts([0, 50, 100]))
    expect([bottom, top]).toEqual([0, 100])
    expect(line.map((p) => p.x)).toEqual([
      CHART.left,
      (CHART.left + CHART.width - CHART.right) / 2,
      CHART.width - CHART.right,
    ])
    expect(line[0].y).toBe(CHART.height - CHART.bottom)
    expect(line[2].y).toBe(CHART.top)
    expect(line[1].y).toBeCloseTo((CHART.top + CHART.height - CHART.bottom) / 2, 5)
    expect(ticks).toEqual([0, 50, 100])
    expect(path.split(' ')).toHaveLength(3)
  })

  test('one test sits in the middle; a negative score extends the range down to a nice bound', () => {
    const one = lineGeometry(pts([40]))
    expect(one.points[0].x).toBe(CHART.left + (CHART.width - CHART.left - CHART.right) / 2)
    const neg = lineGeometry(pts([-12.5, 60]))
    expect(neg.bottom).toBe(-20)
    expect(neg.ticks).toEqual([-20, 0, 50, 100])
    expect(neg.points[0].y).toBeLessThan(CHART.height - CHART.bottom)
    expect(neg.points[0].y).toBeGreaterThan(neg.y(0))
    expect(lineGeometry([]).points).toEqual([])
  })

  test('the summary names the count, the range, the first, latest and best', () => {
    const f = (v: number) => `${v.toFixed(2)}%`
    expect(lineSummary('Score per test', pts([40, 72.5, 60]), f)).toBe(
      'Score per test, 3 tests from 1 Jan to 3 Jan: first 40.00%, latest 60.00%, best 72.50%',
    )
    expect(lineSummary('Score per test', pts([40]), f)).toBe(
      'Score per test, 1 test on 1 Jan: first 40.00%, latest 40.00%, best 40.00%',
    )
    expect(lineSummary('Score per test', [], f)).toBe('Score per test: no data')
  })
})
