import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { LineChart } from './line-chart'

// Server-rendered markup in the shared chart frame: one labelled SVG, a point with its own <title> per test, a line
// joining them, labels under the first and last points only.
test('a line of percentages: named, summed up, one titled point per test', () => {
  const points = [
    { label: '2 Nov', value: 40 },
    { label: '9 Nov', value: 72.5 },
    { label: '16 Nov', value: 60 },
  ]
  const html = renderToStaticMarkup(
    <LineChart id="trend" title="Percentage per test" points={points} format={(v) => `${v.toFixed(2)}%`} />,
  )
  expect(html).toContain('data-testid="chart-trend"')
  expect(html).toContain('role="img"')
  expect(html).toContain('aria-labelledby="trend-title" aria-describedby="trend-desc"')
  expect(html).toContain('<title id="trend-title">Percentage per test</title>')
  expect(html).toContain(
    '<desc id="trend-desc">Percentage per test, 3 tests from 2 Nov to 16 Nov: first 40.00%, latest 60.00%, best 72.50%</desc>',
  )
  expect(html.match(/<circle /g)).toHaveLength(3)
  expect(html).toContain('<title>9 Nov: 72.50%</title>')
  expect(html.match(/<polyline /g)).toHaveLength(1)
  expect(html).toContain('>2 Nov</text>')
  expect(html).toContain('>16 Nov</text>')
  expect(html).not.toContain('>9 Nov</text>')
  expect(html).not.toMatch(/<script/)
})

test('a single test: a point and no line', () => {
  const html = renderToStaticMarkup(
    <LineChart id="one" title="Percentage per test" points={[{ label: '2 Nov', value: 50 }]} format={(v) => `${v}%`} />,
  )
  expect(html.match(/<circle /g)).toHaveLength(1)
  expect(html).not.toContain('<polyline')
  expect(html).toContain('1 test on 2 Nov')
})
