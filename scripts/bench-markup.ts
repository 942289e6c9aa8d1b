// What rendering question markup costs per question (text, four options and an explanation, full of formulas
// and chemistry), as the editing model pays it once per saved question version: `npx tsx scripts/bench-markup.ts`.
// Pages never render markup, so this is a cost of saving a quiz, not of showing one. Prints one line per figure.
import { performance } from 'node:perf_hooks'
import { renderMarkup } from '../app/lib/markup/render.ts'

const images = new Map([['gel.png', { url: '/quiz-images/demo/gel.png', alt: 'Agarose gel' }]])

/** One exam question as staff enter it: the heavy end (every field holds math). */
function question(i: number) {
  return [
    `**Q${i}.** An enzyme follows Michaelis-Menten kinetics $$v = \\frac{V_{max}[S]}{K_m + [S]}$$ ` +
      `with $K_m = ${i} \\,\\text{mM}$. At $[S] = 3K_m$, what fraction of $V_{max}$ is reached? ` +
      `In the cell, $\\ce{C6H12O6 + 6O2 -> 6CO2 + 6H2O}$ and $\\Delta G = \\Delta G^\\circ + RT\\ln Q$.`,
    '$\\frac{3}{4}V_{max}$',
    '$\\frac{1}{4}V_{max}$',
    '$\\frac{2}{3}V_{max}$',
    '$V_{max}$',
    `Substitute $[S] = 3K_m$: $v = \\frac{3K_m}{4K_m}V_{max}$. Hardy-Weinberg for contrast: $p^2 + 2pq + q^2 = 1$; ` +
      `Nernst: $E = E^\\circ - \\frac{RT}{nF}\\ln\\frac{[\\text{red}]}{[\\text{ox}]}$. ![Gel, lanes 1-4](gel.png)`,
  ]
}

function renderQuestion(fields: string[]) {
  for (const source of fields) {
    const r = renderMarkup(source, { images })
    if (!r.ok) throw new Error(r.error)
  }
}

const QUESTIONS = 60
const ROUNDS = 5
// Warm up the libraries (first use compiles temml's tables), as a running server already has.
for (let i = 0; i < 10; i++) renderQuestion(question(i))
const times: number[] = []
for (let round = 0; round < ROUNDS; round++) {
  for (let i = 0; i < QUESTIONS; i++) {
    const fields = question(i)
    const started = performance.now()
    renderQuestion(fields)
    times.push(performance.now() - started)
  }
}
times.sort((a, b) => a - b)
const mean = times.reduce((a, b) => a + b, 0) / times.length
const p95 = times[Math.floor(times.length * 0.95)]!
console.log(
  `markup render per question (text + 4 options + explanation, math-heavy): mean ${mean.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms`,
)
console.log(`a ${QUESTIONS}-question paper saved at once: ${(mean * QUESTIONS).toFixed(0)} ms of rendering`)
