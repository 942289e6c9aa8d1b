// What rendering question markup costs per question, as the editing model pays it once per saved question version
// (text, four options, explanation; app/lib/markup/question.ts): the bench's 60-question math paper
// (scripts/bench-math-paper.mjs), rendered 5 times after a warm-up. Pages never render markup (they show the stored
// HTML), so this is a cost of saving a quiz, not of showing one. Run by `npm run bench` (section markup) or alone:
// `npx tsx scripts/bench-markup.ts`. Prints its figures; exits 0.
import { performance } from 'node:perf_hooks'
import { renderQuestionMarkup } from '../app/lib/markup/question.ts'
import { MATH_PAPER_FIGURES, mathPaperQuestions } from './bench-math-paper.mjs'

type Q = { questionText: string; options: string[]; explanation: string }
const figures = MATH_PAPER_FIGURES as Array<{ name: string; alt: string }>
const images = new Map(figures.map((f) => [f.name, { url: `/quiz-images/${'0'.repeat(24)}/${f.name}`, alt: f.alt }]))
const paper = mathPaperQuestions() as Q[]

function render(q: Q) {
  const r = renderQuestionMarkup(q, images)
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('; '))
  return r.html.text.length + r.html.options.join('').length + (r.html.explanation?.length ?? 0)
}

const ROUNDS = 5
// Warm up the libraries (first use compiles temml's tables), as a running server already has.
for (const q of paper) render(q)
const times: number[] = []
let htmlBytes = 0
for (let round = 0; round < ROUNDS; round++) {
  for (const q of paper) {
    const started = performance.now()
    const bytes = render(q)
    times.push(performance.now() - started)
    if (round === 0) htmlBytes += bytes
  }
}
times.sort((a, b) => a - b)
const mean = times.reduce((a, b) => a + b, 0) / times.length
const p95 = times[Math.floor(times.length * 0.95)]!
console.log('\n== Markup rendering (once per saved question version, never per request)')
console.log(
  `per question of the math paper (text + 4 options + explanation): mean ${mean.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, max ${times.at(-1)!.toFixed(2)} ms`,
)
console.log(
  `the ${paper.length}-question paper saved at once: ${(mean * paper.length).toFixed(0)} ms of rendering; its stored HTML ${Math.round(htmlBytes / 1024)} KB (${Math.round(htmlBytes / paper.length)} B per question)`,
)
