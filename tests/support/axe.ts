import fs from 'node:fs'
import { expect, type Page } from '@playwright/test'

// axe-core in the page under test, as the browser flows run it. Evaluated by the test runner, not added as an
// inline <script>: the page's CSP blocks those. axe needs JavaScript, so flows call it in the `js` project; the
// markup is the same with JS off.
const axeSource = fs.readFileSync('node_modules/axe-core/axe.min.js', 'utf8')

/**
 * The serious and critical axe findings on the page, as `rule: selectors` lines. A flash toast is waited out first:
 * in its last 300 ms it fades (app.css, .toast-auto-leave), and text at part opacity reads to axe as too little
 * contrast, so a check that happened to start then would fail on a toast that was readable all along.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await expect(page.locator('.toast-auto-leave:visible')).toHaveCount(0, { timeout: 10_000 })
  await page.evaluate(axeSource)
  return page.evaluate(async () => {
    // @ts-expect-error axe is injected above
    const result = await window.axe.run(document, { resultTypes: ['violations'] })
    return (result.violations as { id: string; impact: string; nodes: { target: string[] }[] }[])
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  })
}
