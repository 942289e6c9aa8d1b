import { describe, expect, test } from 'vitest'
import { renderMarkup } from './render'

const label = (source: string) => {
  const r = renderMarkup(source, { mathLabels: true })
  if (!r.ok) throw new Error(r.error)
  return [...r.html.matchAll(/<math[^>]* aria-label="([^"]*)"/g)].map((m) => m[1])
}

describe('formulas that label a control carry their words', () => {
  test.each([
    ['$0.25\\,V_{max}$', '0.25 V sub max'],
    ['$\\dfrac{RT}{zF}\\ln 10$', 'RT over zF ln 10'],
    ['$\\ce{2H2 + O2 -> 2H2O}$', '2 H sub 2 + O sub 2 → 2 H sub 2 O'],
    ['$\\sqrt{x^2+y^2}$', 'square root of x to the power 2 + y to the power 2'],
    ['$\\binom{n}{k}$', '( n choose k )'],
    ['$\\sum_{i=1}^{n} i$', '∑ from i = 1 to n i'],
    ['$\\sqrt[3]{8}$', 'root 3 of 8'],
  ])('%s reads "%s"', (source, words) => expect(label(source)).toEqual([words]))

  test('only when asked; the label is escaped like any attribute', () => {
    const plain = renderMarkup('$x$', {})
    expect(plain.ok && plain.html).toBe('<p><math><mi>x</mi></math></p>\n')
    expect(label('$a < b$ and $\\text{"q"}$')).toEqual(['a &lt; b', '&quot;q&quot;'])
  })
})
