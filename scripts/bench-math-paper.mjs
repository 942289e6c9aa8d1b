// The bench's math paper: 60 questions as a real IIT JAM / GATE paper has them, full of formulas (Michaelis-Menten,
// Hardy-Weinberg, Nernst, free energy, Henderson-Hasselbalch, Beer-Lambert), chemical equations (mhchem) and a few
// figures, options that are formulas, explanations with working. The bench seeds it through the admin API, as staff
// would (create the quiz, upload its figures, save the questions that name them), so its pages carry the stored
// HTML the editing model rendered. scripts/bench-markup.ts renders the same questions to time the renderer.
import fs from 'node:fs'
import path from 'node:path'

export const MATH_PAPER_TITLE = 'Bench math paper (60 questions)'
export const MATH_PAPER_SIZE = 60

/** Figures uploaded to the paper: file in db/figures, name in markup, alt text. */
export const MATH_PAPER_FIGURES = [
  { file: 'gel.png', name: 'gel.png', alt: 'Agarose gel: ladder M and lanes 1 to 3' },
  { file: 'pedigree.png', name: 'pedigree.png', alt: 'Three-generation pedigree; affected individuals shaded' },
  { file: 'gel.png', name: 'gel-answer.png', alt: 'The same gel with the fragment sizes marked' },
]

// Questions by kind; `n` varies the numbers so no two questions are the same text.
const KINDS = [
  (n) => ({
    questionText:
      `An enzyme follows Michaelis-Menten kinetics,\n\n$$v = \\frac{V_{max}[S]}{K_m + [S]}$$\n\n` +
      `with $K_m = ${n + 1}\\,\\text{mM}$. At $[S] = ${n + 3}\\,\\text{mM}$ the rate is`,
    options: [
      `$\\frac{${n + 3}}{${2 * n + 4}}V_{max}$`,
      `$\\frac{${n + 1}}{${2 * n + 4}}V_{max}$`,
      `$\\frac{1}{2}V_{max}$`,
      `$V_{max}$`,
    ],
    correctOption: 0,
    explanation: `$v = \\dfrac{${n + 3}}{${n + 1} + ${n + 3}}V_{max} = \\dfrac{${n + 3}}{${2 * n + 4}}V_{max}$.`,
  }),
  (n) => ({
    questionText:
      `In a population in Hardy-Weinberg equilibrium, $p^2 + 2pq + q^2 = 1$ and the recessive phenotype has ` +
      `frequency $q^2 = 0.${String(n + 10).padStart(2, '0')}$. The carrier frequency $2pq$ is closest to`,
    options: ['$2pq \\approx 0.42$', '$2pq \\approx 0.48$', '$2pq \\approx 0.32$', '$2pq \\approx 0.18$'],
    correctOption: 1,
    explanation: `$q = \\sqrt{q^2}$, $p = 1 - q$, so $2pq = 2\\sqrt{q^2}\\,(1 - \\sqrt{q^2})$.`,
  }),
  (n) => ({
    questionText:
      `The equilibrium potential of $\\ce{K+}$ at $37\\,^{\\circ}\\text{C}$ with $[\\ce{K+}]_{out} = ${n + 4}$ mM and ` +
      `$[\\ce{K+}]_{in} = 140$ mM is given by the Nernst equation\n\n$$E_K = \\frac{RT}{zF}\\ln\\frac{[\\ce{K+}]_{out}}{[\\ce{K+}]_{in}}$$\n\nIts sign is`,
    options: ['$E_K < 0$', '$E_K > 0$', '$E_K = 0$', '$E_K = \\frac{RT}{F}$'],
    correctOption: 0,
    explanation: `$\\frac{[\\ce{K+}]_{out}}{[\\ce{K+}]_{in}} = \\frac{${n + 4}}{140} < 1$, so $\\ln(\\cdot) < 0$ and $E_K < 0$.`,
  }),
  (n) => ({
    questionText:
      `For ATP hydrolysis $$\\ce{ATP + H2O -> ADP + P_i}$$ with $\\Delta G^\\circ{}' = -30.5\\,\\text{kJ mol}^{-1}$, ` +
      `the actual $\\Delta G$ in a cell where $Q = ${(n % 9) + 1} \\times 10^{-3}$ is $\\Delta G = \\Delta G^\\circ{}' + RT\\ln Q$, which is`,
    options: [
      "more negative than $\\Delta G^\\circ{}'$",
      "less negative than $\\Delta G^\\circ{}'$",
      'zero',
      'positive',
    ],
    correctOption: 0,
    explanation: `$Q < 1$ gives $RT\\ln Q < 0$, so $\\Delta G < \\Delta G^\\circ{}'$.`,
  }),
  (n) => ({
    questionText:
      `A buffer of acetic acid ($pK_a = 4.76$) holds $[\\ce{A-}]/[\\ce{HA}] = ${n + 2}$. By Henderson-Hasselbalch, ` +
      `$$\\mathrm{pH} = pK_a + \\log_{10}\\frac{[\\ce{A-}]}{[\\ce{HA}]}$$ the pH is`,
    options: [`$4.76 + \\log_{10} ${n + 2}$`, `$4.76 - \\log_{10} ${n + 2}$`, `$4.76 \\times ${n + 2}$`, '$4.76$'],
    correctOption: 0,
    explanation: `Substitute the ratio: $\\mathrm{pH} = 4.76 + \\log_{10} ${n + 2}$.`,
  }),
  (n) => ({
    questionText:
      `A protein solution gives absorbance $A = 0.${n + 20}$ at 280 nm in a 1 cm cuvette. With Beer-Lambert, ` +
      `$A = \\varepsilon c l$, and $\\varepsilon = ${n + 40}\\,000\\ \\text{M}^{-1}\\text{cm}^{-1}$, the concentration $c$ is`,
    options: [
      `$\\dfrac{0.${n + 20}}{${n + 40}\\,000}\\ \\text{M}$`,
      `$0.${n + 20} \\times ${n + 40}\\,000\\ \\text{M}$`,
      `$\\dfrac{${n + 40}\\,000}{0.${n + 20}}\\ \\text{M}$`,
      '$1\\ \\text{M}$',
    ],
    correctOption: 0,
    explanation: '$c = \\dfrac{A}{\\varepsilon l}$.',
  }),
  (n) => ({
    questionText:
      `Photosynthesis overall: $$\\ce{6CO2 + 6H2O ->[h\\nu] C6H12O6 + 6O2}$$ How many moles of $\\ce{O2}$ are ` +
      `released when ${n + 2} mol of $\\ce{CO2}$ are fixed?`,
    options: [`$${n + 2}$`, `$${2 * (n + 2)}$`, `$\\frac{${n + 2}}{6}$`, `$${6 * (n + 2)}$`],
    correctOption: 0,
    explanation: 'The equation fixes one $\\ce{CO2}$ for each $\\ce{O2}$ released.',
  }),
  (n) => ({
    questionText:
      `In a Lineweaver-Burk plot $$\\frac{1}{v} = \\frac{K_m}{V_{max}}\\cdot\\frac{1}{[S]} + \\frac{1}{V_{max}}$$ a ` +
      `competitive inhibitor at ${n + 1} µM changes`,
    options: ['the slope only', 'the $y$-intercept only', 'both slope and intercept', 'neither'],
    correctOption: 0,
    explanation:
      'Competitive inhibition raises the apparent $K_m$; $V_{max}$ (the intercept $1/V_{max}$) is unchanged.',
  }),
]

/** The figure questions: where figures sit in the paper (0-based positions), and one used only in an explanation. */
const FIGURES = {
  2: (n) => ({
    questionText:
      `The gel below separates restriction fragments; lane M is a ladder.\n\n![Agarose gel: ladder M and lanes 1 to 3](gel.png)\n\n` +
      `Which lane holds the fragment of lowest molecular mass (it ran furthest), if $d \\propto -\\log_{10} M$?`,
    options: ['Lane 1', 'Lane 2', 'Lane 3', 'Lane M'],
    correctOption: 2,
    explanation: `Distance grows as $\\log_{10} M$ falls: the lowest band wins (${n}).`,
  }),
  16: (n) => ({
    questionText:
      `The pedigree shows a rare trait (shaded).\n\n![Three-generation pedigree; affected individuals shaded](pedigree.png)\n\n` +
      `Its most likely mode of inheritance is (${n})`,
    options: ['autosomal recessive', 'autosomal dominant', 'X-linked dominant', 'Y-linked'],
    correctOption: 0,
    explanation: 'Unaffected parents with affected children of both sexes: $Aa \\times Aa \\to \\frac{1}{4}aa$.',
  }),
  32: (n) => ({
    questionText:
      `Estimate the size of the band in lane 2 from the ladder.\n\n![Agarose gel: ladder M and lanes 1 to 3](gel.png)\n\n` +
      `The ladder's bands are $100 \\times 2^k$ bp for $k = 0, \\dots, 6$ (${n}).`,
    options: ['about 800 bp', 'about 100 bp', 'about 6400 bp', 'about 50 bp'],
    correctOption: 0,
    explanation:
      'Lane 2 sits level with the fourth ladder band: $100 \\times 2^3 = 800$ bp.\n\n' +
      '![The same gel with the fragment sizes marked](gel-answer.png)',
  }),
  47: (n) => ({
    questionText:
      `In the pedigree, what is the probability that the next child of II-3 and II-4 is affected?\n\n` +
      `![Three-generation pedigree; affected individuals shaded](pedigree.png) (${n})`,
    options: ['$\\frac{1}{4}$', '$\\frac{1}{2}$', '$\\frac{3}{4}$', '$0$'],
    correctOption: 0,
    explanation: 'Both parents are carriers ($Aa$), as their affected children show: $P(aa) = \\frac{1}{4}$.',
  }),
}

/** The 60 questions, in paper order (what the admin API takes; correctOption 0-3). */
export function mathPaperQuestions() {
  return Array.from({ length: MATH_PAPER_SIZE }, (_, i) => (FIGURES[i] ?? KINDS[i % KINDS.length])(i))
}

/**
 * Seeds the math paper on a running app through its admin API (`adminCookie`: a signed-in admin's session): creates
 * the quiz, uploads the figures, saves the 60 questions. Returns its id and question ids, as freeQuiz() does.
 */
export async function seedMathPaper({ base, db, adminCookie }) {
  const headers = { Cookie: adminCookie, Origin: base }
  const quiz = {
    title: MATH_PAPER_TITLE,
    description: 'Formulas, chemistry and figures in every part of the paper.',
    category: 'free',
    timeLimit: 180,
  }
  const api = async (method, url, body) => {
    const res = await fetch(`${base}/api/v1/admin${url}`, {
      method,
      headers: body instanceof FormData ? headers : { ...headers, 'Content-Type': 'application/json' },
      body: body instanceof FormData ? body : JSON.stringify(body),
    })
    const json = await res.json()
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${json.message}`)
    return json
  }
  const created = await api('POST', '/create-quiz', {
    ...quiz,
    questions: [{ questionText: 'Placeholder', options: ['a', 'b', 'c', 'd'], correctOption: 0 }],
  })
  const id = created.quiz._id
  for (const figure of MATH_PAPER_FIGURES) {
    const form = new FormData()
    const bytes = fs.readFileSync(path.join('db/figures', figure.file))
    form.append('image', new Blob([bytes], { type: 'image/png' }), figure.name)
    form.append('alt', figure.alt)
    const { image } = await api('POST', `/quiz/${id}/images`, form)
    if (image.name !== figure.name) throw new Error(`figure stored as ${image.name}, not ${figure.name}`)
  }
  await api('PUT', `/quiz/${id}`, { ...quiz, questions: mathPaperQuestions() })
  const rows = await db.all('select id from questions where quiz_id = ? and archived_at is null order by position', [
    id,
  ])
  return { id, questions: rows.map((r) => r.id) }
}
