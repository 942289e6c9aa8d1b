import temml from 'temml'
import { describe, expect, test } from 'vitest'
import { MAX_MARKUP_LENGTH, renderMarkup, type RenderResult } from './render'
import { sanitizeMarkup } from './sanitize'

const images = new Map([
  ['gel.png', { url: '/quiz-images/quiz1/gel.png', alt: 'Agarose gel, four lanes' }],
  ['pedigree', { url: 'https://cdn.example.com/quiz1/pedigree.webp' }],
  ['blot.webp', { url: '/quiz-images/quiz1/blot.webp', alt: 'Western blot', width: 640, height: 360 }],
])

function html(source: string, opts: Parameters<typeof renderMarkup>[1] = { images }): string {
  const r = renderMarkup(source, opts)
  if (!r.ok) throw new Error(`expected ok, got: ${r.error}`)
  return r.html
}

function refused(source: string, opts: Parameters<typeof renderMarkup>[1] = { images }): string {
  const r: RenderResult = renderMarkup(source, opts)
  if (r.ok) throw new Error(`expected a refusal, got: ${r.html}`)
  return r.error
}

const ALLOWED_TAGS = new Set(
  (
    'div span p br strong em s sub sup ul ol li blockquote hr code pre table thead tbody tr th td a img math semantics mrow ' +
    'mi mn mo ms mtext mspace msub msup msubsup mfrac msqrt mroot mover munder munderover mmultiscripts ' +
    'mprescripts none mtable mtr mtd mlabeledtr mpadded mphantom menclose mstyle merror'
  ).split(' '),
)

/** What must never reach a page, whatever the source: checked on the real tags (escaped text is only text). */
function expectInert(out: string) {
  for (const [, name, attrs] of out.matchAll(/<\/?([a-zA-Z][^\s/>]*)([^>]*)>/g)) {
    expect(ALLOWED_TAGS, `tag <${name}>`).toContain(name!.toLowerCase())
    for (const [, attr, value] of attrs!.matchAll(/([^\s=/]+)(?:="([^"]*)")?/g)) {
      expect(attr!.toLowerCase()).not.toMatch(/^(on|style$|id$|xlink|xmlns|action|formaction|srcdoc)/)
      if (/^(href|src)$/i.test(attr!)) expect(value ?? '').toMatch(/^(https?:|mailto:|\/[^/])/)
    }
  }
}

describe('formulas', () => {
  test('Michaelis-Menten as display math: block MathML with a fraction', () => {
    const out = html('Rate: $$v = \\frac{V_{max}[S]}{K_m + [S]}$$')
    expect(out).toContain('<math display="block"')
    expect(out).toContain('<mfrac>')
    expect(out).toContain('<mi>K</mi><mi>m</mi>')
    expect(out).not.toContain('$')
    expect(out).not.toContain('\\frac')
  })

  test('Hardy-Weinberg inline: superscripts as msup', () => {
    const out = html('At equilibrium $p^2 + 2pq + q^2 = 1$.')
    expect(out).toMatch(/^<p>At equilibrium <math><mrow>/)
    expect(out.match(/<msup>/g)).toHaveLength(2)
    expect(out).toContain('<mn>2</mn><mi>p</mi><mi>q</mi>')
  })

  test('Nernst: subscripts, a log and a fraction with text', () => {
    const out = html('$$E = E^\\circ - \\frac{RT}{nF}\\ln\\frac{[\\text{red}]}{[\\text{ox}]}$$')
    expect(out).toContain('<math display="block"')
    expect(out).toContain('<mi>ln</mi>')
    expect(out).toContain('<mtext>red</mtext>')
    expect(out).toContain('∘')
  })

  test('ΔG: Greek letters and a unit', () => {
    const out = html('$\\Delta G = \\Delta G^\\circ + RT \\ln Q$ and $\\pu{-30.5 kJ mol-1}$')
    expect(out).toContain('Δ')
    expect(out).toContain('<mi>kJ</mi>')
    expect(out.match(/<math>/g)).toHaveLength(2)
  })

  test('mhchem: an equation with an arrow and charges', () => {
    const out = html('Glycolysis ends in $\\ce{C6H12O6 + 6O2 -> 6CO2 + 6H2O}$; $\\ce{Fe^3+ + e- <=> Fe^2+}$')
    expect(out).toContain('→')
    expect(out).toContain('⇌')
    expect(out).toMatch(/<msub><mrow><\/mrow><mn>6<\/mn><\/msub>/)
    expect(out).not.toContain('\\ce')
  })

  test('the allowlist keeps everything temml emits for real formulas', () => {
    for (const tex of [
      'v = \\frac{V_{max}[S]}{K_m + [S]}',
      'p^2 + 2pq + q^2 = 1',
      '\\ce{2H2 + O2 -> 2H2O}',
      '\\sqrt[3]{x} \\sum_{i=1}^{n} i \\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}',
    ]) {
      const raw = temml.renderToString(tex, { throwOnError: true })
      // Only style goes (matrix cell padding): browsers' own MathML cell padding stands in.
      expect(sanitizeMarkup(raw, new Set())).toBe(raw.replace(/ style="[^"]*"/g, ''))
    }
  })

  test('`\\$` is a literal dollar sign, outside and inside a formula', () => {
    expect(html('It costs \\$5 and \\$10.')).toBe('<p>It costs $5 and $10.</p>\n')
    expect(html('$\\$5$')).toContain('$')
  })

  test('a dollar sign inside inline code is code, not math', () => {
    expect(html('`echo $HOME`')).toBe('<p><code>echo $HOME</code></p>\n')
  })
})

describe('Markdown', () => {
  test('bold, italic, sub/superscript and line breaks', () => {
    expect(html('**bold** *it* H~2~O x^2^\nnext line')).toBe(
      '<p><strong>bold</strong> <em>it</em> H<sub>2</sub>O x<sup>2</sup><br />\nnext line</p>\n',
    )
  })

  test('lists', () => {
    expect(html('- one\n- two')).toBe('<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n')
    expect(html('3. three\n4. four')).toContain('<ol start="3">')
  })

  test('a simple table keeps its alignment as classes, never style', () => {
    const out = html('| Allele | Frequency |\n|:--|--:|\n| A | $p$ |\n| a | $q$ |')
    expect(out).toContain('<th class="md-align-left">Allele</th>')
    expect(out).toContain('<td class="md-align-right"><math><mi>q</mi></math></td>')
    expect(out).not.toContain('style')
  })

  test('headings and indented code stay text (a question is not a document)', () => {
    expect(html('# Not a heading')).toBe('<p># Not a heading</p>\n')
    expect(html('    indented')).toBe('<p>indented</p>\n')
  })

  test('plain text is escaped paragraphs', () => {
    expect(html('a < b & c > d\n\nSecond "para"')).toBe('<p>a &lt; b &amp; c &gt; d</p>\n<p>Second "para"</p>\n')
    expect(html('')).toBe('')
  })

  test('links: http(s) kept with rel, others shown as text', () => {
    expect(html('[paper](https://example.org/x)')).toBe(
      '<p><a href="https://example.org/x" rel="nofollow noopener noreferrer">paper</a></p>\n',
    )
  })
})

describe('images', () => {
  test('a named image resolves to its URL, lazy by default, with the markup alt text', () => {
    expect(html('![Lanes 1-4 of the gel](gel.png)')).toBe(
      '<p><img src="/quiz-images/quiz1/gel.png" alt="Lanes 1-4 of the gel" loading="lazy" decoding="async" /></p>\n',
    )
  })

  test('eager when lazyImages is false; the stored alt when the markup has none', () => {
    const out = html('![](gel.png)', { images, lazyImages: false })
    expect(out).toBe('<p><img src="/quiz-images/quiz1/gel.png" alt="Agarose gel, four lanes" decoding="async" /></p>\n')
  })

  test('an image whose pixels are known keeps its room: width and height, scaled to the column by the page', () => {
    expect(html('![](blot.webp)')).toBe(
      '<p><img src="/quiz-images/quiz1/blot.webp" alt="Western blot" width="640" height="360" loading="lazy" decoding="async" /></p>\n',
    )
  })

  test('an absolute storage URL is kept', () => {
    expect(html('![Pedigree of three generations](pedigree)')).toContain(
      'src="https://cdn.example.com/quiz1/pedigree.webp"',
    )
  })

  test('an unknown image name is refused, naming it', () => {
    expect(refused('See ![the blot](blot.png)')).toBe('unknown image "blot.png": upload it to this quiz first')
    expect(refused('![x](gel.png)', {})).toMatch(/^unknown image "gel.png"/)
  })

  test('an image cannot point anywhere else', () => {
    expect(refused('![x](https://evil.example/x.png)')).toMatch(/^unknown image/)
    expect(refused('![x](data:image/png;base64,iVBORw0KGgo=)')).toMatch(/^unknown image/)
    // A javascript: target fails markdown-it's link check and stays text.
    const out = html('![x](javascript:alert(1))')
    expect(out).not.toContain('<img')
    expectInert(out)
  })
})

describe('refusals', () => {
  test('unbalanced dollar signs', () => {
    expect(refused('costs $5')).toBe('unbalanced $: write \\$ for a dollar sign')
    expect(refused('$$x = 1')).toBe('unbalanced $$: a display formula needs a closing $$')
    expect(refused('$x$ then $')).toBe('unbalanced $: write \\$ for a dollar sign')
  })

  test('an unknown command, named', () => {
    expect(refused('$\\foo{x}$')).toBe('unknown command \\foo')
    expect(refused('$\\ce{H2O} + \\notacommand$')).toBe('unknown command \\notacommand')
  })

  test('other LaTeX errors name the problem without the caret noise', () => {
    const e = refused('$\\frac{1}{$')
    expect(e).toMatch(/^formula error: /)
    expect(e).not.toMatch(/position|\u0332/)
  })

  test('an empty formula', () => {
    expect(refused('$$$$')).toBe('empty formula between dollar signs')
    expect(refused('$ $')).toBe('empty formula between dollar signs')
  })
})

describe('hostile input', () => {
  const payloads = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<svg onload=alert(1)>',
    '<a href="javascript:alert(1)">x</a>',
    '<iframe src="javascript:alert(1)"></iframe>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '<style>body{display:none}</style>',
    '[click](javascript:alert(1))',
    '[click](JaVaScRiPt:alert(1))',
    '[click](&#106;avascript:alert(1))',
    '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '[click](vbscript:msgbox(1))',
    '<javascript:alert(1)>',
    '[a](https://x.example/"onmouseover="alert(1))',
    '![x" onerror="alert(1)](gel.png)',
    '**<b onclick=alert(1)>x</b>**',
    '| <b>a</b> |\n|--|\n| <i onclick=x>b</i> |',
    '```\n<script>alert(1)</script>\n```',
    '[x]: javascript:alert(1)\n\n[y][x]',
    '<!-- comment --><p id="x" style="color:red">hi</p>',
  ]

  test('the inertness check itself catches live markup', () => {
    for (const live of [
      '<p onclick="x">a</p>',
      '<img src="javascript:x">',
      '<a href="data:text/html,x">',
      '<svg>',
      '<mi style="x">',
    ])
      expect(() => expectInert(live)).toThrow()
  })

  test.each(payloads)('Markdown payload %j is shown as text or removed', (payload) => {
    const r = renderMarkup(payload, { images })
    if (r.ok) expectInert(r.html)
  })

  test('raw HTML tags come out as visible text', () => {
    expect(html('<script>alert(1)</script>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n')
    expect(html('<b onclick="x()">hi</b>')).toContain('&lt;b onclick="x()"&gt;hi&lt;/b&gt;')
  })

  test('a javascript: link target is not a link', () => {
    expect(html('[click](javascript:alert(1))')).not.toContain('<a')
    expect(html('[x]: javascript:alert(1)\n\n[y][x]')).not.toContain('<a')
  })

  test.each([
    '$\\href{javascript:alert(1)}{click}$',
    '$\\url{javascript:alert(1)}$',
    '$\\htmlData{foo=bar}{x}$',
    '$\\htmlId{main}{x}$',
    '$\\htmlClass{hidden}{x}$',
    '$\\htmlStyle{color:red}{x}$',
    '$\\class{x}{y}$',
    '$\\style{color:red}{x}$',
    '$\\includegraphics{x.png}$',
    '$\\def\\x{\\x}\\x$',
  ])('LaTeX %j is refused or inert', (source) => {
    const r = renderMarkup(source, { images })
    if (r.ok) expectInert(r.html)
    else expect(r.error).toMatch(/^(unknown command|formula error|nested too deeply)/)
  })

  test('links and scripting commands in LaTeX are refused as unknown commands', () => {
    expect(refused('$\\href{javascript:alert(1)}{click}$')).toBe('unknown command \\href')
    expect(refused('$\\url{javascript:alert(1)}$')).toBe('unknown command \\url')
    expect(refused('$\\htmlData{foo=bar}{x}$')).toBe('unknown command \\htmlData')
  })

  test('colour and style commands lose their style attribute', () => {
    for (const source of ['$\\color{red}{x}$', '$\\colorbox{red}{x}$', '$\\textcolor{red}{x}$']) {
      const r = renderMarkup(source, { images })
      if (r.ok) expectInert(r.html)
    }
  })

  test('the sanitiser itself strips what temml would never emit', () => {
    const out = sanitizeMarkup(
      '<math href="javascript:alert(1)" style="x" id="main" onclick="x"><mrow class="evil tml-med-pad"><mi xlink:href="javascript:x">a</mi><maction actiontype="statusline">b</maction><annotation-xml encoding="text/html"><script>alert(1)</script></annotation-xml></mrow></math><img src="/other.png">',
      new Set(),
    )
    expect(out).toBe('<math><mrow class="tml-med-pad"><mi>a</mi>b</mrow></math>')
    // The scrolling box: its class and tabindex 0 only.
    expect(
      sanitizeMarkup(
        '<div class="markup-scroll fixed" tabindex="-1" onfocus="x" style="x"></div><span class="hidden" tabindex="0">s</span>',
        new Set(),
      ),
    ).toBe('<div class="markup-scroll"></div><span tabindex="0">s</span>')
  })

  test('a display formula and a table scroll in a focusable box; not inside an option (mathLabels)', () => {
    expect(html('$$x$$')).toBe(
      '<p><span class="markup-scroll" tabindex="0"><math display="block" class="tml-display"><mi>x</mi></math></span></p>\n',
    )
    expect(html('| a |\n|--|\n| b |')).toMatch(
      /^<div class="markup-scroll" tabindex="0"><table>[\s\S]*<\/table>\n<\/div>\n$/,
    )
    const option = renderMarkup('$$x$$', { mathLabels: true })
    expect(option.ok && option.html).not.toContain('markup-scroll')
  })

  test('deep nesting is refused, not cut or crashed', () => {
    expect(refused('> '.repeat(200) + 'deep')).toBe('nested too deeply')
    expect(refused('- '.repeat(200) + 'deep')).toBe('nested too deeply')
    expect(refused('$' + '{'.repeat(2400) + 'x' + '}'.repeat(2400) + '$')).toBe('nested too deeply')
    // As deep as the length limit allows: rendered (temml nests without running out of stack), and inert.
    expectInert(html('$' + '\\sqrt{'.repeat(700) + 'x' + '}'.repeat(700) + '$'))
    // Deep inline emphasis is kept as text beyond markdown-it's limit, never a crash.
    const r = renderMarkup('*'.repeat(5000) + 'x' + '*'.repeat(5000), { images })
    if (r.ok) expectInert(r.html)
  })

  test('a very large input is refused at once with a message', () => {
    const started = performance.now()
    expect(refused('a'.repeat(MAX_MARKUP_LENGTH + 1))).toBe('too long: at most 5,000 characters')
    expect(refused('$x$'.repeat(1_000_000))).toMatch(/^too long/)
    expect(performance.now() - started).toBeLessThan(100)
  })

  test('the worst sources under the limit finish (no catastrophic backtracking)', () => {
    const n = MAX_MARKUP_LENGTH - 10
    const sources = [
      '$x$'.repeat(Math.floor(n / 3)),
      '['.repeat(n),
      '*a'.repeat(Math.floor(n / 2)),
      '![x]('.repeat(Math.floor(n / 5)),
      '$\\ce{' + 'H2O + '.repeat(Math.floor(n / 8)) + '}$',
      '|a'.repeat(Math.floor(n / 4)) + '\n|-|\n' + '|b'.repeat(Math.floor(n / 4)),
      'x^'.repeat(Math.floor(n / 2)),
      '<'.repeat(n),
      '\\'.repeat(n),
    ]
    for (const source of sources) {
      expect(source.length).toBeLessThanOrEqual(MAX_MARKUP_LENGTH)
      const started = performance.now()
      const r = renderMarkup(source, { images })
      if (r.ok) expectInert(r.html)
      // Generous for a shared CI machine; a backtracking blow-up takes minutes, not seconds.
      expect(performance.now() - started).toBeLessThan(5_000)
    }
  })
})
