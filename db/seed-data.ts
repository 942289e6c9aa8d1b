// Demo content for the seed. Sample content we wrote (names, links, questions); replace freely.
import type { CourseInput, QuestionInput } from './factories.ts'
import type { Role } from './schema.ts'

// The demo accounts listed in README.md.
export const DEMO_ACCOUNTS: { name: string; email: string; password: string; role: Role }[] = [
  { name: 'Demo Admin', email: 'admin@biocoach.example', password: 'Admin@12345', role: 'admin' },
  { name: 'Demo Instructor', email: 'instructor@biocoach.example', password: 'Teach@12345', role: 'instructor' },
  { name: 'Demo Learner', email: 'learner@biocoach.example', password: 'Learn@12345', role: 'user' },
]

type SeedLecture = { title: string; videoURL: string; noteTitle?: string; noteURL?: string }
type SeedCourse = CourseInput & { sections: { title: string; lectures: SeedLecture[] }[] }

const yt = (id: string) => `https://www.youtube.com/embed/${id}`
// Sample public biology videos (YouTube embed URLs); replace with the batch's own recordings.
const V = [
  'URUJD5NEXC8',
  'H8WJ2KENlK0',
  '8kK2zwjRV0M',
  'oBwtxdI1zvk',
  '5I7UUdJl7Mo',
  '10YWgqmAEsQ',
  '8DkIgbMPgzs',
  'cj8dDTHGJBY',
]
// Every lecture carries sample notes, so the player's Notes links work at once. The seed stores a
// small generated PDF (db/sample-note.ts) through the app's storage, as a staff upload would be, and sets
// noteURL to its storage key; this file only names the note.
const lec = (title: string, i: number): SeedLecture => ({
  title,
  videoURL: yt(V[i % V.length]),
  noteTitle: `${title} (notes)`,
})

const entrance = (
  c: Omit<CourseInput, 'courseTag' | 'whatsappLink' | 'grantsQuizAccess'> & {
    grantsQuizAccess?: boolean
    sections: SeedCourse['sections']
  },
): SeedCourse => ({
  courseTag: 'm.sc entrance',
  whatsappLink: `https://chat.whatsapp.com/sample-${c.linkAddress}`,
  grantsQuizAccess: false,
  ...c,
})

export const DEMO_COURSES: SeedCourse[] = [
  entrance({
    cardTitle: 'IIT JAM Biotechnology Live',
    subTitle: 'Live batch for IIT JAM BT',
    mode: 'live',
    language: 'English',
    courseImage: '/images/courses/iit-jam.svg',
    actualPrice: 2999,
    discountedPrice: 1999,
    linkAddress: 'iit-jam-biotechnology-live',
    courseTitle: 'IIT JAM Biotechnology Live Batch',
    courseDescription:
      'Live classes covering the full IIT JAM Biotechnology syllabus: biology, chemistry, mathematics and physics, with weekly tests and the full mock test series included.',
    grantsQuizAccess: true,
    sections: [
      {
        title: 'Cell Biology',
        lectures: [lec('The cell and its organelles', 0), lec('Membranes and transport', 1), lec('The cell cycle', 2)],
      },
      { title: 'Molecular Biology', lectures: [lec('The lac operon', 3), lec('The trp operon', 4)] },
    ],
  }),
  entrance({
    cardTitle: 'IIT JAM Biotechnology Recorded',
    subTitle: 'Self-paced recorded course for IIT JAM BT',
    mode: 'recorded',
    language: 'English',
    courseImage: '/images/courses/iit-jam-recorded.svg',
    actualPrice: 1999,
    discountedPrice: 1499,
    linkAddress: 'iit-jam-biotechnology-recorded',
    courseTitle: 'IIT JAM Biotechnology Recorded Course',
    courseDescription:
      'The complete IIT JAM Biotechnology course as recorded lectures with notes. Study at your own pace.',
    sections: [
      { title: 'Biology', lectures: [lec('Introduction to cells', 0), lec('Biological molecules', 1)] },
      { title: 'Chemistry', lectures: [lec('Chemical bonding', 2), lec('Thermodynamics basics', 7)] },
    ],
  }),
  entrance({
    cardTitle: 'GATE Biotechnology Live',
    subTitle: 'Live batch for GATE BT',
    mode: 'live',
    language: 'English',
    courseImage: '/images/courses/gate.svg',
    actualPrice: 3999,
    discountedPrice: 2499,
    linkAddress: 'gate-biotechnology-live',
    courseTitle: 'GATE Biotechnology Live Batch',
    courseDescription:
      'Live classes for GATE Biotechnology: engineering mathematics, biochemistry, bioprocess engineering and recombinant DNA technology.',
    sections: [
      { title: 'Biochemistry', lectures: [lec('Enzyme kinetics', 1), lec('Metabolism overview', 2)] },
      { title: 'Bioprocess Engineering', lectures: [lec('Microbial growth kinetics', 7)] },
    ],
  }),
  entrance({
    cardTitle: 'GAT-B Recorded',
    subTitle: 'Recorded course for GAT-B',
    mode: 'recorded',
    language: 'English',
    courseImage: '/images/courses/gat-b.svg',
    actualPrice: 1499,
    discountedPrice: 999,
    linkAddress: 'gat-b-recorded',
    courseTitle: 'GAT-B Recorded Course',
    courseDescription: 'Recorded lectures and practice sets for the Graduate Aptitude Test - Biotechnology.',
    sections: [{ title: 'Genetics', lectures: [lec('Mendelian genetics', 2), lec('Linkage and mapping', 3)] }],
  }),
  entrance({
    cardTitle: 'CUET PG Life Sciences',
    subTitle: 'Recorded course for CUET PG',
    mode: 'recorded',
    language: 'English',
    courseImage: '/images/courses/cuet-pg.svg',
    actualPrice: 999,
    discountedPrice: 999,
    linkAddress: 'cuet-pg-life-sciences',
    courseTitle: 'CUET PG Life Sciences Course',
    courseDescription: 'Recorded lectures for CUET PG Life Sciences with topic tests.',
    sections: [{ title: 'Life Sciences', lectures: [lec('Cell and molecular biology', 0), lec('Ecology basics', 5)] }],
  }),
  ...(['i', 'ii', 'iii', 'iv', 'v', 'vi'] as const).map((n, i): SeedCourse => ({
    cardTitle: `B.Sc Hons Microbiology Semester ${n.toUpperCase()}`,
    subTitle: `Semester ${n.toUpperCase()} live batch (Bengali)`,
    courseTag: 'b.sc hons.',
    mode: 'live',
    language: 'Bengali',
    courseImage: '/images/courses/bsc.svg',
    actualPrice: 1500,
    discountedPrice: 999,
    linkAddress: `semester-${n}`,
    courseTitle: `B.Sc Hons Microbiology Semester ${n.toUpperCase()}`,
    courseDescription: `Live Bengali-medium classes for B.Sc Hons Microbiology semester ${n.toUpperCase()}, with notes and internal-exam practice.`,
    whatsappLink: `https://chat.whatsapp.com/sample-semester-${n}`,
    grantsQuizAccess: false,
    sections: [
      { title: `Semester ${n.toUpperCase()}: Unit 1`, lectures: [lec('Lecture 1', i), lec('Lecture 2', i + 1)] },
      { title: `Semester ${n.toUpperCase()}: Unit 2`, lectures: [lec('Lecture 3', i + 2)] },
    ],
  })),
]

type SeedQuiz = {
  title: string
  description: string
  category: 'free' | 'paid'
  timeLimit: number
  questions: QuestionInput[]
  /** Figures its questions name (`![alt](name)`): a committed file of db/figures, stored by the seed as an upload. */
  images?: Array<{ name: string; file: string; alt: string }>
}

export const PEDIGREE_ALT = 'Three-generation pedigree of a rare trait; affected individuals shaded'

const q = (
  questionText: string,
  options: [string, string, string, string],
  correctOption: 0 | 1 | 2 | 3,
  explanation: string,
): QuestionInput => ({
  questionText,
  options,
  correctOption,
  explanation,
})

// One IIT JAM style paper, so a newcomer sees the exam simulator at once, with a real paper's markup: display
// formulas (Michaelis-Menten, free energy), options that are formulas (Nernst), a chemical equation (mhchem). JAM
// marking in mark units (1 mark = 30000, decision 011): Section A MCQ 1 mark -1/3 and 2 marks -2/3; Section B MSQ
// 2 marks, no negative, all and only the right options; Section C NAT 1 and 2 marks, no negative, an inclusive range.
const MARK = 30000
const mcqJam = (
  marks: 1 | 2,
  topic: string,
  questionText: string,
  options: [string, string, string, string],
  correctOption: 0 | 1 | 2 | 3,
  explanation: string,
): QuestionInput => ({
  type: 'mcq',
  section: 'Section A: MCQ',
  topic,
  marks: marks * MARK,
  negativeMarks: (marks * MARK) / 3,
  questionText,
  options,
  correctOption,
  explanation,
})
const msqJam = (
  topic: string,
  questionText: string,
  options: [string, string, string, string],
  correctOptions: number[],
  explanation: string,
): QuestionInput => ({
  type: 'msq',
  section: 'Section B: MSQ',
  topic,
  marks: 2 * MARK,
  negativeMarks: 0,
  questionText,
  options,
  correctOptions,
  explanation,
})
const natJam = (
  marks: 1 | 2,
  topic: string,
  questionText: string,
  answerMin: string,
  answerMax: string,
  explanation: string,
): QuestionInput => ({
  type: 'nat',
  section: 'Section C: NAT',
  topic,
  marks: marks * MARK,
  negativeMarks: 0,
  questionText,
  options: [],
  answerMin,
  answerMax,
  explanation,
})

const IIT_JAM_PAPER: SeedQuiz = {
  title: 'IIT JAM Biotechnology Mock Paper',
  description:
    'An IIT JAM style paper: Section A MCQs (1 mark, -1/3; 2 marks, -2/3), Section B MSQs (2 marks, no negative ' +
    'marking, all and only the right options) and Section C numerical answers (no negative marking).',
  category: 'free',
  timeLimit: 30,
  images: [{ name: 'pedigree.png', file: 'pedigree.png', alt: PEDIGREE_ALT }],
  questions: [
    mcqJam(
      1,
      'Cell Biology',
      'Which of the following organelles contains its own circular DNA?',
      ['Golgi apparatus', 'Lysosome', 'Chloroplast', 'Peroxisome'],
      2,
      'Chloroplasts and mitochondria carry circular genomes, a trace of their endosymbiotic origin.',
    ),
    mcqJam(
      1,
      'Biochemistry',
      'The peptide bond has partial double-bond character because of',
      ['Hydrogen bonding', 'Resonance', 'Hydrophobic interaction', 'Disulfide bridging'],
      1,
      'Resonance between the carbonyl and the amide nitrogen makes the C-N bond planar and rigid.',
    ),
    mcqJam(
      1,
      'Genetics',
      'In a dihybrid test cross (AaBb x aabb) with unlinked genes, the expected phenotypic ratio is',
      ['9:3:3:1', '1:1:1:1', '3:1', '1:2:1'],
      1,
      'Each of the four gamete types of AaBb meets an ab gamete, giving four phenotypes in equal numbers.',
    ),
    mcqJam(
      2,
      'Genetics',
      `The pedigree shows a rare trait; affected individuals are shaded.\n\n![${PEDIGREE_ALT}](pedigree.png)\n\n` +
        'Its most likely mode of inheritance is',
      ['Autosomal recessive', 'Autosomal dominant', 'X-linked dominant', 'Y-linked'],
      0,
      'Two unaffected parents have an affected daughter, and an affected son and daughter appear in generation III: ' +
        'the trait skips generations and affects both sexes, so both parents are carriers ($Aa \\times Aa$).',
    ),
    mcqJam(
      2,
      'Molecular Biology',
      'A eukaryotic mRNA has a 5\u2032 cap and a poly(A) tail. Which enzyme transcribes it?',
      ['RNA polymerase I', 'RNA polymerase II', 'RNA polymerase III', 'Primase'],
      1,
      'RNA polymerase II transcribes protein-coding genes; its CTD recruits the capping and polyadenylation machinery.',
    ),
    mcqJam(
      2,
      'Biochemistry',
      'For an enzyme obeying Michaelis-Menten kinetics,\n\n$$v = \\frac{V_{max}[S]}{K_m + [S]}$$\n\n' +
        'the rate at $[S] = 3K_m$ is',
      ['$0.25\\,V_{max}$', '$0.5\\,V_{max}$', '$0.75\\,V_{max}$', '$V_{max}$'],
      2,
      '$v = \\dfrac{3K_m}{K_m + 3K_m}\\,V_{max} = 0.75\\,V_{max}$.',
    ),
    mcqJam(
      1,
      'Biochemistry',
      'The standard free-energy change of a reaction and its equilibrium constant are related by\n\n' +
        '$$\\Delta G^\\circ = -RT \\ln K_{eq}$$\n\nFor a reaction with $K_{eq} = 1$, $\\Delta G^\\circ$ is',
      ['$0$', '$RT$', '$-RT$', '$1$'],
      0,
      'With $K_{eq} = 1$, $\\ln K_{eq} = 0$, so $\\Delta G^\\circ = 0$: neither direction is favoured.',
    ),
    mcqJam(
      2,
      'Biophysics',
      'Which expression gives the equilibrium (Nernst) potential of an ion $X$ of charge $z$ across a membrane?',
      [
        '$E_X = \\dfrac{RT}{zF}\\ln\\dfrac{[X]_{out}}{[X]_{in}}$',
        '$E_X = \\dfrac{zF}{RT}\\ln\\dfrac{[X]_{out}}{[X]_{in}}$',
        '$E_X = \\dfrac{RT}{zF}\\ln\\dfrac{[X]_{in}}{[X]_{out}}$',
        '$E_X = zFRT\\ln [X]_{out}$',
      ],
      0,
      'At equilibrium the electrical work balances the concentration term: $zFE_X = RT\\ln\\frac{[X]_{out}}{[X]_{in}}$.',
    ),
    msqJam(
      'Microbiology',
      'Which of the following are found in the cell wall of Gram-positive bacteria?',
      ['Teichoic acids', 'Thick peptidoglycan', 'Outer membrane with LPS', 'Porins in an outer membrane'],
      [0, 1],
      'Gram-positive walls are thick peptidoglycan with teichoic acids; LPS and porins belong to the Gram-negative outer membrane.',
    ),
    msqJam(
      'Molecular Biology',
      'Which statements about DNA replication in E. coli are correct?',
      [
        'It is semi-conservative',
        'DNA polymerase III synthesises most of the new DNA',
        'The lagging strand is made continuously',
        'It starts at a single origin, oriC',
      ],
      [0, 1, 3],
      'Replication is semi-conservative from oriC, mostly by Pol III; the lagging strand is discontinuous (Okazaki fragments).',
    ),
    msqJam(
      'Immunology',
      'Which of these are professional antigen-presenting cells?',
      ['Dendritic cells', 'Macrophages', 'B cells', 'Erythrocytes'],
      [0, 1, 2],
      'Dendritic cells, macrophages and B cells express MHC class II and co-stimulatory molecules; erythrocytes have no MHC.',
    ),
    natJam(
      1,
      'Genetics',
      'In a population in Hardy-Weinberg equilibrium, $p^2 + 2pq + q^2 = 1$, the frequency of the recessive phenotype is 0.16. What is the frequency of the heterozygotes? (two decimals)',
      '0.47',
      '0.49',
      '$q^2 = 0.16$, so $q = 0.4$ and $p = 0.6$; $2pq = 0.48$.',
    ),
    natJam(
      2,
      'Biochemistry',
      'Aerobic respiration of glucose overall:\n\n$$\\ce{C6H12O6 + 6O2 -> 6CO2 + 6H2O}$$\n\n' +
        'How many grams of $\\ce{O2}$ are consumed per mole of glucose? (O = 16 g/mol)',
      '192',
      '192',
      'Six moles of $\\ce{O2}$ at 32 g/mol each: $6 \\times 32 = 192$ g.',
    ),
    natJam(
      1,
      'Biochemistry',
      'How many ATP are consumed in the preparatory (investment) phase of glycolysis per glucose?',
      '2',
      '2',
      'Hexokinase and phosphofructokinase-1 each use one ATP.',
    ),
    natJam(
      2,
      'Biophysics',
      'The absorbance of a DNA solution at 260 nm is 0.5 in a 1 cm cuvette. What is its concentration in \u00b5g/mL? (double-stranded DNA: A260 of 1 = 50 \u00b5g/mL)',
      '24.5',
      '25.5',
      '0.5 x 50 \u00b5g/mL = 25 \u00b5g/mL.',
    ),
  ],
}

export const DEMO_QUIZZES: SeedQuiz[] = [
  {
    title: 'Cell Biology Basics',
    description: 'Ten questions on cell structure and function.',
    category: 'free',
    timeLimit: 10,
    questions: [
      q(
        'Which organelle is the site of aerobic respiration?',
        ['Nucleus', 'Mitochondrion', 'Golgi apparatus', 'Lysosome'],
        1,
        'The Krebs cycle and oxidative phosphorylation take place in mitochondria.',
      ),
      q(
        'Ribosomes of prokaryotes have a sedimentation coefficient of',
        ['60S', '70S', '80S', '90S'],
        1,
        'Prokaryotic ribosomes are 70S (30S + 50S); cytosolic eukaryotic ribosomes are 80S.',
      ),
      q(
        'Which cytoskeletal filament is built from tubulin?',
        ['Microfilament', 'Intermediate filament', 'Microtubule', 'Myosin filament'],
        2,
        'Microtubules are polymers of alpha/beta-tubulin dimers; microfilaments are actin.',
      ),
      q(
        'Proteins destined for secretion are synthesised on ribosomes bound to the',
        ['Smooth ER', 'Rough ER', 'Mitochondrial membrane', 'Nuclear pore'],
        1,
        'A signal peptide targets the ribosome to the rough ER, where secretory proteins enter the lumen.',
      ),
      q(
        'During which phase of the cell cycle is DNA replicated?',
        ['G1', 'S', 'G2', 'M'],
        1,
        'DNA synthesis occurs in S phase, between G1 and G2.',
      ),
      q(
        'The fluid mosaic model of the plasma membrane was proposed by',
        ['Watson and Crick', 'Singer and Nicolson', 'Robertson', 'Danielli and Davson'],
        1,
        'S. J. Singer and G. L. Nicolson proposed the fluid mosaic model in 1972.',
      ),
      q(
        'Which organelle contains acid hydrolases for intracellular digestion?',
        ['Peroxisome', 'Lysosome', 'Ribosome', 'Centriole'],
        1,
        'Lysosomes hold acid hydrolases working at about pH 5.',
      ),
      q(
        'Crossing over between homologous chromosomes occurs in which stage of prophase I?',
        ['Leptotene', 'Zygotene', 'Pachytene', 'Diakinesis'],
        2,
        'Synapsis completes in zygotene; crossing over (recombination) happens in pachytene.',
      ),
      q(
        'The sodium-potassium pump moves ions in the ratio',
        ['3 Na+ out, 2 K+ in', '2 Na+ out, 3 K+ in', '1 Na+ out, 1 K+ in', '3 Na+ in, 2 K+ out'],
        0,
        'Each ATP hydrolysed exports three Na+ and imports two K+.',
      ),
      q(
        'Which junction allows direct passage of small molecules between adjacent animal cells?',
        ['Tight junction', 'Desmosome', 'Gap junction', 'Hemidesmosome'],
        2,
        'Gap junctions are connexon channels linking the cytoplasm of neighbouring cells.',
      ),
    ],
  },
  {
    title: 'Genetics and Molecular Biology',
    description: 'Ten questions on inheritance, DNA and gene expression.',
    category: 'free',
    timeLimit: 12,
    questions: [
      q(
        'DNA replication is',
        ['Conservative', 'Dispersive', 'Semi-conservative', 'Random'],
        2,
        'Meselson and Stahl showed each daughter duplex keeps one parental strand.',
      ),
      q(
        'A dihybrid cross between two heterozygotes (AaBb x AaBb) with independent assortment gives a phenotypic ratio of',
        ['3:1', '1:2:1', '9:3:3:1', '1:1:1:1'],
        2,
        'Independent assortment of two dominant/recessive genes gives 9:3:3:1.',
      ),
      q(
        'Which enzyme joins Okazaki fragments?',
        ['DNA polymerase III', 'Primase', 'DNA ligase', 'Helicase'],
        2,
        'DNA ligase seals the nicks after DNA polymerase I replaces the RNA primers.',
      ),
      q(
        'In the lac operon, the inducer that binds the repressor is',
        ['Lactose', 'Allolactose', 'Glucose', 'cAMP'],
        1,
        'Allolactose, an isomer made from lactose by beta-galactosidase, inactivates the lac repressor.',
      ),
      q(
        'Which codon is the usual start codon?',
        ['UAA', 'AUG', 'UGA', 'GUG only'],
        1,
        'AUG codes for methionine (formyl-methionine in bacteria) and starts translation.',
      ),
      q(
        'The trp operon is an example of a',
        [
          'Inducible operon under negative control',
          'Repressible operon',
          'Constitutive operon',
          'Positive inducible operon only',
        ],
        1,
        'Tryptophan acts as a co-repressor that switches the trp operon off.',
      ),
      q(
        'Red-green colour blindness in humans is inherited as',
        ['Autosomal dominant', 'Autosomal recessive', 'X-linked recessive', 'Y-linked'],
        2,
        'The genes for red and green opsins lie on the X chromosome; the trait is X-linked recessive.',
      ),
      q(
        'Which RNA polymerase transcribes mRNA genes in eukaryotes?',
        ['RNA polymerase I', 'RNA polymerase II', 'RNA polymerase III', 'Primase'],
        1,
        'Pol II makes pre-mRNA; Pol I makes most rRNA; Pol III makes tRNA and 5S rRNA.',
      ),
      q(
        'A mutation that changes a codon into a stop codon is called',
        ['Missense', 'Silent', 'Nonsense', 'Frameshift'],
        2,
        'A nonsense mutation creates a premature stop codon (UAA, UAG or UGA).',
      ),
      q(
        "Chargaff's rule states that in double-stranded DNA",
        ['A = G and C = T', 'A = T and G = C', 'A + T = G + C always', 'Purines exceed pyrimidines'],
        1,
        'Base pairing makes adenine equal thymine and guanine equal cytosine.',
      ),
    ],
  },
  {
    title: 'Microbiology and Biochemistry Mock Test',
    description: 'A premium mock test: ten exam-level questions on microbes and metabolism.',
    category: 'paid',
    timeLimit: 15,
    questions: [
      q(
        'Gram-positive bacteria retain crystal violet because they have',
        ['An outer membrane', 'A thick peptidoglycan layer', 'Mycolic acids', 'A capsule'],
        1,
        'The thick peptidoglycan wall traps the crystal violet-iodine complex during decolourisation.',
      ),
      q(
        'Which process transfers DNA between bacteria through a bacteriophage?',
        ['Transformation', 'Transduction', 'Conjugation', 'Transposition'],
        1,
        'In transduction a phage carries bacterial DNA from one cell to another.',
      ),
      q(
        'The net ATP yield of glycolysis per glucose molecule is',
        ['1', '2', '4', '36'],
        1,
        'Glycolysis makes 4 ATP but uses 2, giving a net gain of 2 ATP (and 2 NADH).',
      ),
      q(
        'Michaelis constant (Km) is the substrate concentration at which the reaction velocity is',
        ['Zero', 'Half of Vmax', 'Equal to Vmax', 'Twice Vmax'],
        1,
        'By definition v = Vmax/2 when [S] = Km.',
      ),
      q(
        'A competitive inhibitor',
        [
          'Decreases Vmax, Km unchanged',
          'Increases Km, Vmax unchanged',
          'Decreases both Km and Vmax',
          'Increases Vmax',
        ],
        1,
        'It competes for the active site, so a higher substrate concentration restores Vmax: apparent Km rises.',
      ),
      q(
        'Endospores are produced by',
        ['Escherichia coli', 'Bacillus subtilis', 'Staphylococcus aureus', 'Salmonella typhi'],
        1,
        'Bacillus and Clostridium species form heat-resistant endospores.',
      ),
      q(
        'Autoclaving at standard conditions uses',
        ['100 °C for 10 min', '121 °C at 15 psi for 15-20 min', '160 °C dry heat for 2 h', '72 °C for 15 s'],
        1,
        'Moist heat at 121 °C and 15 psi for 15-20 minutes kills endospores.',
      ),
      q(
        'Which vitamin is the precursor of coenzyme A?',
        ['Riboflavin', 'Niacin', 'Pantothenic acid', 'Biotin'],
        2,
        'Coenzyme A contains pantothenic acid (vitamin B5).',
      ),
      q(
        'Penicillin kills bacteria by inhibiting',
        ['Protein synthesis', 'Peptidoglycan cross-linking', 'DNA gyrase', 'Folate synthesis'],
        1,
        'Beta-lactams block transpeptidases (penicillin-binding proteins) that cross-link peptidoglycan.',
      ),
      q(
        'The enzyme that fixes CO2 in the Calvin cycle is',
        ['PEP carboxylase', 'RuBisCO', 'Carbonic anhydrase', 'Pyruvate carboxylase'],
        1,
        'Ribulose-1,5-bisphosphate carboxylase/oxygenase fixes CO2 onto RuBP.',
      ),
      q(
        'Which immunoglobulin crosses the human placenta?',
        ['IgA', 'IgG', 'IgM', 'IgE'],
        1,
        'IgG is actively transported across the placenta via the neonatal Fc receptor.',
      ),
    ],
  },
  IIT_JAM_PAPER,
]

export const DEMO_COUPON = { linkAddress: 'iit-jam-biotechnology-live', code: 'welcome10', discount: 10 }
