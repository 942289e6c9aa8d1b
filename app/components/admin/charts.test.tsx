import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { BarChart } from './charts'

// The chart is server-rendered markup: one labelled SVG, a <title> per bar, and the same numbers as a table.
describe('BarChart', () => {
  const points = Array.from({ length: 30 }, (_, i) => ({ label: `${i + 1} Nov`, value: i === 11 ? 7 : i % 2 }))
  const html = renderToStaticMarkup(
    <BarChart id="signups" title="New sign-ups per day" points={points} unit="sign-ups" />,
  )

  test('an image named by its title and a summary of the series', () => {
    expect(html).toContain('role="img"')
    expect(html).toContain('aria-labelledby="signups-title" aria-describedby="signups-desc"')
    expect(html).toContain('<title id="signups-title">New sign-ups per day</title>')
    expect(html).toContain(
      '<desc id="signups-desc">New sign-ups per day, 1 Nov to 30 Nov: 21 in total, most 7 on 12 Nov</desc>',
    )
    expect(html).toMatch(/viewBox="0 0 360 200"/)
    expect(html).not.toMatch(/<script/)
  })

  test('one bar with its own title per point, zero days included', () => {
    expect(html.match(/data-point="/g)).toHaveLength(30)
    expect(html.match(/<rect /g)).toHaveLength(30)
    expect(html).toContain('<title>12 Nov: 7 sign-ups</title>')
    expect(html).toContain('<title>1 Nov: 0 sign-ups</title>')
  })

  test('a table of the same numbers under Show as table', () => {
    expect(html).toContain('<summary')
    expect(html).toContain('Show as table')
    const cells = [...html.matchAll(/<td class="py-1 text-right tabular-nums">(\d+)<\/td>/g)].map((m) => Number(m[1]))
    expect(cells).toEqual(points.map((p) => p.value))
  })
})

test('a singular unit after a 1', () => {
  const one = renderToStaticMarkup(
    <BarChart
      id="x"
      title="Enrolments per day"
      points={[{ label: '1 Nov', value: 1 }]}
      unit="enrolments"
      unitOne="enrolment"
    />,
  )
  expect(one).toContain('<title>1 Nov: 1 enrolment</title>')
})
