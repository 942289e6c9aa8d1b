import { DomUtils, parseDOM } from 'htmlparser2'
import { describe, expect, test } from 'vitest'
import { renderMarkup } from './render'
import { MAX_LENGTH_EM, MAX_OFFSET_EM, sanitizeMarkup } from './sanitize'

// Payloads that, unbounded, draw a box or move a glyph across the whole page (measured in em of the formula's font).
const PAYLOADS = [
  '\\rule{10000em}{10000em}',
  '\\rule[-9999em]{1em}{1em}',
  '\\raisebox{-9999em}{x}',
  '\\raisebox{9999em}{x}',
  '\\lower{999em}{x}',
  '\\kern-9999em x',
  '\\kern9999em x',
  '\\hspace{9999cm}x',
  '\\hskip-9999pt x',
  '\\mkern-99999mu x',
  '\\rule{9999in}{9999px}',
  '\\rule{9999pc}{9999mm}',
  '\\rule{9999ex}{9999dd}',
  '\\Huge\\rule{999em}{999em}',
  '\\mathrlap{\\rule{999em}{1em}}',
  '\\phantom{\\rule{999em}{999em}}',
  '\\colorbox{red}{\\rule{999em}{999em}}',
  '\\genfrac(]{9999em}{0}{a}{b}',
  'a\\above9999em b',
  '\\begin{matrix}a\\\\[9999em]b\\end{matrix}',
]

const LENGTH_ATTRIBUTES = ['width', 'height', 'depth', 'lspace', 'rspace', 'voffset', 'minsize', 'maxsize']
const EM: Record<string, number> = {
  em: 1,
  ex: 0.5,
  px: 1 / 16,
  pt: 1 / 12,
  pc: 1,
  in: 6,
  cm: 6 / 2.54,
  mm: 0.6 / 2.54,
}

/** Every length attribute in the HTML, in em. */
function lengths(html: string): { name: string; em: number }[] {
  const out: { name: string; em: number }[] = []
  for (const element of DomUtils.findAll(() => true, parseDOM(html))) {
    expect(element.attribs.style, `style on <${element.name}>`).toBeUndefined()
    for (const name of [...LENGTH_ATTRIBUTES, 'linethickness', 'mathsize']) {
      const value = element.attribs[name]
      if (value === undefined || /^[a-z]+$/i.test(value)) continue
      const m = /^([+-]?[\d.]+)([a-z]*)$/i.exec(value)
      expect(m, `${name}="${value}"`).not.toBeNull()
      out.push({ name, em: Number(m![1]) * (EM[m![2]!.toLowerCase()] ?? 1) })
    }
  }
  return out
}

describe('formulas cannot draw a page-sized box or move ink off their line', () => {
  test.each(PAYLOADS)('%s', (tex) => {
    const r = renderMarkup(`$${tex}$`)
    if (!r.ok) return // Refused outright is as good.
    const found = lengths(r.html)
    for (const { name, em } of found) {
      expect(em, name).toBeLessThanOrEqual(name === 'voffset' ? MAX_OFFSET_EM : MAX_LENGTH_EM)
      expect(em, name).toBeGreaterThanOrEqual(-MAX_OFFSET_EM)
    }
  })

  test('a formula of ordinary sizes is left as it is', () => {
    const r = renderMarkup('$\\rule[-0.5em]{2em}{1em}\\,\\!\\raisebox{0.25em}{x}\\Huge y$')
    expect(r.ok && r.html).toContain('voffset="-0.5em"')
    expect(r.ok && r.html).toContain('width="2em"')
    expect(r.ok && r.html).toContain('voffset="0.25em"')
    expect(r.ok && r.html).toContain('mathsize="2.4880em"')
  })
})

describe('the sanitiser bounds every MathML length, whatever wrote it', () => {
  const clean = (html: string) => sanitizeMarkup(html, new Set())
  test('sizes beyond the cap become the cap, offsets beyond a few em the offset cap', () => {
    expect(clean('<math><mspace width="9999in" height="+9999em" depth="-9999em"></mspace></math>')).toBe(
      `<math><mspace width="${MAX_LENGTH_EM}em" height="${MAX_LENGTH_EM}em" depth="-${MAX_OFFSET_EM}em"></mspace></math>`,
    )
    expect(clean('<math><mpadded voffset="9999em" lspace="-50em"><mi>x</mi></mpadded></math>')).toBe(
      `<math><mpadded voffset="${MAX_OFFSET_EM}em" lspace="-${MAX_OFFSET_EM}em"><mi>x</mi></mpadded></math>`,
    )
    expect(clean('<math><mtable rowspacing="1em 9999em" columnspacing="0.5em"></mtable></math>')).toBe(
      `<math><mtable rowspacing="1em ${MAX_LENGTH_EM}em" columnspacing="0.5em"></mtable></math>`,
    )
    expect(clean('<math><mstyle mathsize="99em"><mi>x</mi></mstyle></math>')).toBe(
      '<math><mstyle mathsize="5em"><mi>x</mi></mstyle></math>',
    )
  })
  test('a length that cannot be read is dropped; keywords and percentages up to 100% stay', () => {
    expect(clean('<math><mspace width="calc(1e9em)" height="1e9em"></mspace></math>')).toBe(
      '<math><mspace></mspace></math>',
    )
    expect(
      clean('<math><mfrac linethickness="thin"><mi>a</mi><mi>b</mi></mfrac><mpadded width="100%"></mpadded></math>'),
    ).toBe('<math><mfrac linethickness="thin"><mi>a</mi><mi>b</mi></mfrac><mpadded width="100%"></mpadded></math>')
  })
})

describe('an image keeps its size only as whole pixels', () => {
  const clean = (html: string) => sanitizeMarkup(html, new Set(['/quiz-images/q/a.png']))
  test('1 to 10000 px stay; anything else (units, script, zero, huge) is dropped, the image kept', () => {
    expect(clean('<img src="/quiz-images/q/a.png" alt="" width="640" height="360">')).toBe(
      '<img src="/quiz-images/q/a.png" alt="" width="640" height="360" />',
    )
    for (const bad of ['0', '-5', '64.5', '100%', '10em', '99999', 'javascript:x', ''])
      expect(clean(`<img src="/quiz-images/q/a.png" alt="" width="${bad}" height="${bad}">`)).toBe(
        '<img src="/quiz-images/q/a.png" alt="" />',
      )
  })
})
