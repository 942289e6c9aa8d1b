import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { BarChart, type BarSeries } from './bar-chart'

// The chart is server-rendered SVG: these read the bars' geometry back out of the markup.

function chart(values: number[], groups = ['Total marks']) {
  const names = ['You', 'Topper', 'Average']
  const series: BarSeries[] = values.map((v, i) => ({
    name: names[i],
    fillClass: `fill-${i}`,
    values: [v],
    labels: [v.toFixed(2)],
  }))
  return renderToStaticMarkup(
    <BarChart testId="c" title="Total marks" groups={groups} series={series} caption="Out of 10.00 marks." />,
  )
}

/** The value bars (the legend's swatches are 10 x 10), in series order. */
function bars(html: string) {
  return [...html.matchAll(/<rect x="([\d.]+)" y="[\d.]+" width="([\d.]+)" height="14" class="([^"]+)"/g)].map((m) => ({
    x: Number(m[1]),
    width: Number(m[2]),
    fill: m[3],
  }))
}

/** The zero line's x, when one is drawn. */
function zeroLine(html: string) {
  const m = html.match(/<line x1="([\d.]+)" x2="([\d.]+)"/)
  return m ? Number(m[1]) : null
}

describe('negative values', () => {
  test('a total of -1.00 alone is not drawn as a full bar: it runs left from a zero line that has room beside it', () => {
    const html = chart([-1, -1, -1])
    const zero = zeroLine(html)
    expect(zero, 'a zero line').not.toBeNull()
    const drawn = bars(html)
    expect(drawn).toHaveLength(3)
    // What a top score gets: the whole plot.
    const full = bars(chart([10]))[0].width
    for (const b of drawn) {
      // Left of zero, ending on it.
      expect(b.x + b.width).toBeCloseTo(zero!, 5)
      expect(b.x).toBeLessThan(zero!)
      // Not the chart's whole width: as much room stays on the positive side as the bar takes.
      expect(b.width).toBeLessThan(full * 0.6)
    }
    // The zero is labelled, and each value is written out.
    expect(html).toMatch(
      /<text x="[\d.]+" y="[\d.]+" font-size="10" text-anchor="middle" fill="currentColor">0<\/text>/,
    )
    expect(html.match(/>-1\.00</g)).toHaveLength(3 + 3) // on the bars and in the table
  })

  test('-1 beside 2: the negative bar left of zero, the positive right, lengths in proportion', () => {
    const html = chart([-1, 2])
    const zero = zeroLine(html)!
    const [you, topper] = bars(html)
    expect(you.x + you.width).toBeCloseTo(zero, 5)
    expect(topper.x).toBeCloseTo(zero, 5)
    expect(topper.width / you.width).toBeCloseTo(2, 5)
  })

  test('no negatives: no zero line, bars start at the left edge, the largest fills the plot', () => {
    const html = chart([3, 6, 4.5])
    expect(zeroLine(html)).toBeNull()
    const [you, topper, average] = bars(html)
    expect(you.x).toBe(0)
    expect(topper.width / you.width).toBeCloseTo(2, 5)
    expect(average.width / you.width).toBeCloseTo(1.5, 5)
    expect(html).not.toMatch(/>0<\/text>/)
  })

  test('a zero value keeps a hairline bar', () => {
    const [bar] = bars(chart([0]))
    expect(bar.width).toBe(1)
  })
})
