// The demo question bank (docs/decisions/027-question-bank.md): sample questions we wrote for the seed (db/seed.ts),
// four subjects of three to four topics each, so a newcomer sees the staff search, the blueprints and the learners'
// practice draw with real choices at once. Many are built from small tables of textbook facts (Mendelian ratios,
// enzyme classes, Gram reactions, antibiotic targets...), each question true and readable on its own.
//
// Years and sources mark questions as previous-year questions (PYQ) of an entrance exam to show the filters; they
// are sample tags, not citations of real papers. Replace freely.
import type { QuestionInput } from './factories.ts'

export const BANK_SUBJECTS = ['Genetics', 'Microbiology', 'Biochemistry', 'Cell Biology'] as const
export type BankSubject = (typeof BANK_SUBJECTS)[number]

/** The entrance exams of the exams list (migrations/0018). */
export const ENTRANCE_EXAMS = ['IIT JAM BT', 'GATE XL', 'GAT-B', 'CUET PG'] as const

type Difficulty = 'easy' | 'medium' | 'hard'
type Topic = { subject: BankSubject; topic: string; subtopic?: string }

/** A bank question's tags as the seed writes them (app/lib/bank/bank.ts BankTags). */
export type SeedBankTags = {
  subject: string
  topic: string
  subtopic: string | null
  exams: string[]
  year: number | null
  difficulty: Difficulty
  source: string | null
}

export type SeedBankQuestion = QuestionInput & { tags: SeedBankTags }

type Draft = QuestionInput & { at: Topic; difficulty: Difficulty }

const mcq = (
  at: Topic,
  difficulty: Difficulty,
  questionText: string,
  options: string[],
  correctOption: number,
  explanation: string,
): Draft => ({ at, difficulty, type: 'mcq', questionText, options, correctOption, explanation })

const msq = (
  at: Topic,
  difficulty: Difficulty,
  questionText: string,
  options: string[],
  correctOptions: number[],
  explanation: string,
): Draft => ({ at, difficulty, type: 'msq', questionText, options, correctOptions, explanation })

const nat = (
  at: Topic,
  difficulty: Difficulty,
  questionText: string,
  answerMin: string,
  answerMax: string,
  explanation: string,
): Draft => ({ at, difficulty, type: 'nat', questionText, options: [], answerMin, answerMax, explanation })

/** Four options: `answer` and three others of `pool` (rotated by `seed`), the answer at place `seed % 4`. */
function choices(answer: string, pool: readonly string[], seed: number) {
  const others = pool.filter((o) => o !== answer)
  const start = seed % others.length
  const picked = [...others.slice(start), ...others.slice(0, start)].slice(0, 3)
  const at = seed % 4
  return { options: [...picked.slice(0, at), answer, ...picked.slice(at)], correctOption: at }
}

/** An MCQ whose options come from a table column: one right answer, three wrong ones of the same kind. */
const fromTable = (
  at: Topic,
  difficulty: Difficulty,
  questionText: string,
  answer: string,
  pool: readonly string[],
  seed: number,
  explanation: string,
): Draft => {
  const { options, correctOption } = choices(answer, pool, seed)
  return mcq(at, difficulty, questionText, options, correctOption, explanation)
}

/** A number as NAT answers are typed: no trailing zeros, at most `places` decimals. */
const num = (n: number, places = 2) => String(Number(n.toFixed(places)))

// ----------------------------------------------------------------------------------------------------------------
// Genetics
// ----------------------------------------------------------------------------------------------------------------

const CROSSES = {
  subject: 'Genetics',
  topic: 'Mendelian genetics',
  subtopic: 'Monohybrid and dihybrid crosses',
} as const
const EPISTASIS = { subject: 'Genetics', topic: 'Mendelian genetics', subtopic: 'Epistasis' } as const
const MENDEL = { subject: 'Genetics', topic: 'Mendelian genetics' } as const
const LINKAGE = { subject: 'Genetics', topic: 'Linkage and mapping' } as const
const POPULATION = {
  subject: 'Genetics',
  topic: 'Population genetics',
  subtopic: 'Hardy-Weinberg equilibrium',
} as const
const POP = { subject: 'Genetics', topic: 'Population genetics' } as const
const CODE = { subject: 'Genetics', topic: 'Molecular genetics', subtopic: 'Genetic code' } as const
const MUTATIONS = { subject: 'Genetics', topic: 'Molecular genetics', subtopic: 'Mutations' } as const

const RATIOS = ['3:1', '1:2:1', '1:1', '9:3:3:1', '1:1:1:1', '2:1', '9:3:4', '12:3:1', '9:7', '15:1', '13:3', '9:6:1']

const RATIO_FACTS: [Topic, Difficulty, string, string, string][] = [
  [
    CROSSES,
    'easy',
    'The phenotypic ratio among the progeny of a monohybrid cross Aa x Aa with complete dominance is',
    '3:1',
    'Three of four zygotes carry at least one dominant allele (AA, Aa, Aa) and one is aa.',
  ],
  [
    CROSSES,
    'easy',
    'The genotypic ratio among the progeny of a monohybrid cross Aa x Aa is',
    '1:2:1',
    'The gametes A and a meet at random: AA, Aa and aa in the ratio 1:2:1.',
  ],
  [
    CROSSES,
    'easy',
    'A test cross of a heterozygote (Aa x aa) gives a phenotypic ratio of',
    '1:1',
    'Half the gametes of Aa carry A and half a; every gamete of aa carries a.',
  ],
  [
    CROSSES,
    'medium',
    'Two plants heterozygous for two unlinked genes with complete dominance (AaBb x AaBb) give an F2 phenotypic ratio of',
    '9:3:3:1',
    'Independent assortment multiplies two 3:1 ratios: (3:1) x (3:1) = 9:3:3:1.',
  ],
  [
    CROSSES,
    'medium',
    'In snapdragon (Antirrhinum), red and white flower colour show incomplete dominance. The F2 of red x white shows red, pink and white in the ratio',
    '1:2:1',
    'With incomplete dominance the heterozygote has its own phenotype, so the phenotypic ratio equals the genotypic one.',
  ],
  [
    CROSSES,
    'medium',
    'In mice, the yellow coat allele is dominant for colour but lethal when homozygous. Two yellow mice give yellow and non-yellow progeny in the ratio',
    '2:1',
    'Of the 1:2:1 zygotes the homozygous yellow ones die, leaving two heterozygous yellow to one non-yellow.',
  ],
  [
    EPISTASIS,
    'hard',
    'Coat colour in Labrador retrievers: gene E is needed to deposit pigment and gene B decides black or brown. BbEe x BbEe gives black, brown and yellow dogs in the ratio',
    '9:3:4',
    'Recessive epistasis: every ee dog is yellow whatever its B alleles (3 + 1 = 4 of 16).',
  ],
  [
    EPISTASIS,
    'hard',
    'Fruit colour in summer squash: a dominant W makes fruit white whatever the Y gene says. WwYy x WwYy gives white, yellow and green fruit in the ratio',
    '12:3:1',
    'Dominant epistasis: every W_ plant is white (9 + 3 = 12 of 16); wwY_ is yellow and wwyy green.',
  ],
  [
    EPISTASIS,
    'medium',
    'In sweet pea, purple flowers need a dominant allele of both C and P (complementary genes). CcPp x CcPp gives purple and white flowers in the ratio',
    '9:7',
    'Only C_P_ (9 of 16) is purple; any plant homozygous recessive for either gene is white (3 + 3 + 1 = 7).',
  ],
  [
    EPISTASIS,
    'hard',
    "Capsule shape in shepherd's purse is triangular with a dominant allele of either of two duplicate genes. The F2 of a dihybrid shows triangular and ovoid capsules in the ratio",
    '15:1',
    'Duplicate dominant genes: only aabb (1 of 16) lacks both dominant alleles.',
  ],
  [
    EPISTASIS,
    'hard',
    'Feather colour in fowl: C allows colour and a dominant inhibitor I suppresses it. The F2 of CcIi x CcIi has white and coloured birds in the ratio',
    '13:3',
    'Dominant and recessive epistasis: only C_ii (3 of 16) is coloured; I_ birds and ccii are white.',
  ],
  [
    EPISTASIS,
    'hard',
    'Fruit shape in summer squash: a dominant allele of either gene gives sphere-shaped fruit and of both genes disc-shaped. The F2 shows disc, sphere and long fruit in the ratio',
    '9:6:1',
    'Duplicate genes with cumulative effect: A_B_ disc (9), A_bb or aaB_ sphere (3 + 3), aabb long (1).',
  ],
]

const GENETICS: Draft[] = [
  ...RATIO_FACTS.map(([at, d, text, answer, why], i) => fromTable(at, d, text, answer, RATIOS, i * 5 + 1, why)),
  nat(
    CROSSES,
    'medium',
    'How many different genotypes are possible in the F2 of a trihybrid cross (AaBbCc x AaBbCc) with independent assortment?',
    '27',
    '27',
    'Each gene gives three genotypes (AA, Aa, aa): $3^3 = 27$.',
  ),
  nat(
    CROSSES,
    'easy',
    'How many kinds of gametes does a plant of genotype AaBbCcDd (four unlinked genes) produce?',
    '16',
    '16',
    'Each heterozygous gene doubles the number of gamete types: $2^4 = 16$.',
  ),
  nat(
    CROSSES,
    'hard',
    'In the cross AaBbCc x AaBbCc with independent assortment, what fraction of the progeny is aabbcc? (four decimals)',
    '0.0156',
    '0.0157',
    'Each gene gives aa with probability 1/4: $(1/4)^3 = 1/64 = 0.015625$.',
  ),
  nat(
    MENDEL,
    'easy',
    'Two carriers of an autosomal recessive disease (Aa x Aa) have a child. What is the probability that the child is affected? (two decimals)',
    '0.25',
    '0.25',
    'Only the aa child is affected: $1/2 \\times 1/2 = 0.25$.',
  ),
  nat(
    MENDEL,
    'medium',
    'Two carriers of an autosomal recessive disease (Aa x Aa) have an unaffected child. What is the probability that this child is a carrier? (two decimals)',
    '0.66',
    '0.67',
    'Among the unaffected children (AA, Aa, Aa), two of three are carriers: 2/3.',
  ),
  msq(
    EPISTASIS,
    'medium',
    'Which of these F2 ratios of a dihybrid cross show that the two genes interact (epistasis)?',
    ['9:7', '9:3:3:1', '12:3:1', '15:1'],
    [0, 2, 3],
    '9:3:3:1 is two genes acting independently; 9:7, 12:3:1 and 15:1 merge its classes because one gene masks or duplicates the other.',
  ),
  ...(
    [
      [430, 70],
      [900, 100],
      [340, 60],
      [780, 220],
      [552, 48],
      [375, 125],
    ] as const
  ).map(([parental, recombinant], i) =>
    nat(
      LINKAGE,
      i < 2 ? 'easy' : 'medium',
      `A test cross of a plant heterozygous for two linked genes gives ${parental} progeny of the parental types and ${recombinant} recombinants. What is the distance between the genes in map units (cM)?`,
      num((100 * recombinant) / (parental + recombinant)),
      num((100 * recombinant) / (parental + recombinant)),
      `Recombination frequency = ${recombinant} / ${parental + recombinant} = ${num(recombinant / (parental + recombinant), 3)}, i.e. ${num((100 * recombinant) / (parental + recombinant))} cM.`,
    ),
  ),
  mcq(
    LINKAGE,
    'easy',
    'One map unit (one centimorgan) corresponds to a recombination frequency of',
    ['0.1%', '1%', '10%', '50%'],
    1,
    'A map unit is defined as 1% recombinant progeny.',
  ),
  mcq(
    LINKAGE,
    'medium',
    'However far apart two genes lie on one chromosome, the recombination frequency between them does not exceed',
    ['25%', '50%', '75%', '100%'],
    1,
    'Multiple crossovers make distant genes assort as if unlinked: at most 50% recombinants.',
  ),
  mcq(
    LINKAGE,
    'easy',
    'The first genetic map, of genes on the Drosophila X chromosome, was made by',
    ['Thomas Hunt Morgan', 'Alfred Sturtevant', 'Gregor Mendel', 'Barbara McClintock'],
    1,
    "Sturtevant, a student in Morgan's laboratory, ordered five X-linked genes from recombination frequencies in 1913.",
  ),
  ...(
    [
      [20, 5],
      [50, 20],
    ] as const
  ).map(([expected, observed]) =>
    nat(
      LINKAGE,
      'hard',
      `In a three-point test cross, ${expected} double crossovers are expected from the map distances but ${observed} are observed. What is the interference, $I = 1 - \\frac{\\text{observed}}{\\text{expected}}$? (two decimals)`,
      num(1 - observed / expected),
      num(1 - observed / expected),
      `The coefficient of coincidence is ${observed}/${expected} = ${num(observed / expected)}, so $I = ${num(1 - observed / expected)}$.`,
    ),
  ),
  ...([9, 4, 1, 36] as const).map((percent) => {
    const q = Math.sqrt(percent / 100)
    const het = 2 * q * (1 - q)
    return nat(
      POPULATION,
      'medium',
      `A recessive trait is seen in ${percent}% of a population in Hardy-Weinberg equilibrium. What is the frequency of heterozygotes, $2pq$? (two decimals)`,
      num(het - 0.01),
      num(het + 0.01),
      `$q^2 = ${percent / 100}$, so $q = ${num(q, 1)}$, $p = ${num(1 - q, 1)}$ and $2pq = ${num(het)}$.`,
    )
  }),
  ...([16, 64] as const).map((percent) =>
    nat(
      POPULATION,
      'easy',
      `In a population in Hardy-Weinberg equilibrium, ${percent}% of individuals show the recessive phenotype. What is the frequency of the dominant allele, $p$? (one decimal)`,
      num(1 - Math.sqrt(percent / 100), 1),
      num(1 - Math.sqrt(percent / 100), 1),
      `$q = \\sqrt{${percent / 100}} = ${num(Math.sqrt(percent / 100), 1)}$ and $p = 1 - q$.`,
    ),
  ),
  mcq(
    POPULATION,
    'easy',
    'Which of these is NOT an assumption of the Hardy-Weinberg principle?',
    ['Random mating', 'No migration', 'Natural selection acting on the locus', 'A very large population'],
    2,
    'The equilibrium holds only without selection, mutation, migration and drift, and with random mating.',
  ),
  mcq(
    POP,
    'easy',
    'A change in allele frequencies by chance alone, strongest in small populations, is called',
    ['Gene flow', 'Genetic drift', 'Mutation pressure', 'Assortative mating'],
    1,
    'Genetic drift is random sampling of gametes; its effect grows as the population shrinks.',
  ),
  mcq(
    POP,
    'medium',
    'Inbreeding in a population increases the frequency of',
    ['Heterozygotes', 'Homozygotes', 'New mutations', 'Dominant alleles'],
    1,
    'Mating between relatives raises homozygosity without itself changing allele frequencies.',
  ),
  ...(
    [
      ['Leucine', 6],
      ['Isoleucine', 3],
      ['Glycine', 4],
      ['Tryptophan', 1],
      ['Phenylalanine', 2],
    ] as const
  ).map(([aa, n]) =>
    nat(
      CODE,
      'medium',
      `How many codons of the standard genetic code specify ${aa.toLowerCase()}?`,
      String(n),
      String(n),
      `${aa} has ${n} codon${n === 1 ? '' : 's'}; the code is degenerate for most amino acids.`,
    ),
  ),
  nat(
    CODE,
    'easy',
    'How many of the 64 codons of the standard genetic code specify amino acids?',
    '61',
    '61',
    'Three codons (UAA, UAG, UGA) are stop codons: 64 - 3 = 61.',
  ),
  mcq(
    CODE,
    'easy',
    'Which of these is NOT a stop codon?',
    ['UAA', 'UAG', 'UGA', 'UGG'],
    3,
    'UGG codes for tryptophan; UAA, UAG and UGA end translation.',
  ),
  mcq(
    CODE,
    'easy',
    'Which amino acid is specified by a single codon in the standard genetic code?',
    ['Tryptophan', 'Leucine', 'Serine', 'Glycine'],
    0,
    'Only methionine (AUG) and tryptophan (UGG) have one codon each.',
  ),
  mcq(
    CODE,
    'medium',
    'The wobble hypothesis, which explains how one tRNA reads several codons, was proposed by',
    ['Francis Crick', 'Marshall Nirenberg', 'Har Gobind Khorana', 'Sydney Brenner'],
    0,
    'Crick (1966): the third codon base pairs loosely with the first anticodon base.',
  ),
  msq(
    CODE,
    'easy',
    'Which of these are stop codons?',
    ['UAA', 'AUG', 'UGA', 'UAG'],
    [0, 2, 3],
    'AUG is the start codon (methionine); the other three are the stop codons.',
  ),
  msq(
    CODE,
    'medium',
    'Which statements about the standard genetic code are correct?',
    [
      'It is a triplet code',
      'It is degenerate',
      'Codons overlap in most genes',
      'AUG both starts translation and codes for methionine',
    ],
    [0, 1, 3],
    'The code is read in non-overlapping triplets; most amino acids have several codons.',
  ),
  mcq(
    MUTATIONS,
    'easy',
    'A point mutation that replaces a purine with the other purine (A to G) is a',
    ['Transition', 'Transversion', 'Frameshift', 'Deletion'],
    0,
    'Purine to purine or pyrimidine to pyrimidine is a transition; purine to pyrimidine a transversion.',
  ),
  mcq(
    MUTATIONS,
    'easy',
    'A mutation that changes a codon to one for a different amino acid is a',
    ['Silent mutation', 'Missense mutation', 'Nonsense mutation', 'Frameshift mutation'],
    1,
    'Missense: another amino acid; nonsense: a stop codon; silent: the same amino acid.',
  ),
  mcq(
    MUTATIONS,
    'medium',
    'Which mutagen forms thymine dimers in DNA?',
    ['Ultraviolet light', 'Ethyl methanesulfonate', '5-Bromouracil', 'Acridine orange'],
    0,
    'UV light joins adjacent pyrimidines on one strand into cyclobutane dimers.',
  ),
  mcq(
    MUTATIONS,
    'medium',
    'Acridine dyes such as proflavin mainly cause',
    ['Transitions', 'Transversions', 'Frameshift mutations', 'Thymine dimers'],
    2,
    'Acridines intercalate between bases and cause insertions or deletions of single bases.',
  ),
]

// ----------------------------------------------------------------------------------------------------------------
// Microbiology
// ----------------------------------------------------------------------------------------------------------------

const STAINING = { subject: 'Microbiology', topic: 'Bacterial cells and staining', subtopic: 'Gram stain' } as const
const CELLS = { subject: 'Microbiology', topic: 'Bacterial cells and staining' } as const
const GROWTH = { subject: 'Microbiology', topic: 'Growth and control', subtopic: 'Growth kinetics' } as const
const STERILE = { subject: 'Microbiology', topic: 'Growth and control', subtopic: 'Sterilisation' } as const
const DRUGS = { subject: 'Microbiology', topic: 'Antimicrobials' } as const
const TRANSFER = { subject: 'Microbiology', topic: 'Microbial genetics' } as const

const GRAM_POSITIVE = [
  '*Staphylococcus aureus*',
  '*Bacillus subtilis*',
  '*Streptococcus pyogenes*',
  '*Clostridium botulinum*',
  '*Listeria monocytogenes*',
]
const GRAM_NEGATIVE = [
  '*Escherichia coli*',
  '*Salmonella enterica*',
  '*Pseudomonas aeruginosa*',
  '*Vibrio cholerae*',
  '*Neisseria meningitidis*',
]

/** The ways a Gram reaction is asked (each question worded its own way). */
const GRAM_ASKED = {
  negative: [
    'Which of these bacteria is Gram-negative?',
    'Which of these bacteria stains pink-red at the end of a Gram stain?',
    'Which of these bacteria has an outer membrane containing lipopolysaccharide?',
    'Which of these bacteria loses crystal violet when decolourised with alcohol?',
  ],
  positive: [
    'Which of these bacteria is Gram-positive?',
    'Which of these bacteria keeps the crystal violet-iodine complex after decolourisation?',
    'Which of these bacteria has a thick peptidoglycan wall with teichoic acids?',
  ],
}

const gramQuestion = (answer: string, wrongPool: string[], seed: number, negative: boolean, asked: string) => {
  const { options, correctOption } = choices(answer, [answer, ...wrongPool], seed)
  return mcq(
    STAINING,
    'easy',
    asked,
    options,
    correctOption,
    `${answer.replace(/\*/g, '')} is Gram-${negative ? 'negative' : 'positive'}; the other three are Gram-${negative ? 'positive' : 'negative'}.`,
  )
}

const TARGETS: [string, string, string][] = [
  [
    'penicillin',
    'Transpeptidases that cross-link peptidoglycan',
    'Beta-lactams acylate the penicillin-binding proteins.',
  ],
  [
    'vancomycin',
    'The D-Ala-D-Ala end of peptidoglycan precursors',
    'Binding the precursor blocks its addition to the wall.',
  ],
  ['streptomycin', 'The 30S ribosomal subunit', 'Aminoglycosides bind 16S rRNA and cause misreading.'],
  ['chloramphenicol', 'Peptidyl transferase of the 50S subunit', 'It blocks peptide bond formation.'],
  ['rifampicin', 'The beta subunit of bacterial RNA polymerase', 'It blocks transcription initiation.'],
  ['ciprofloxacin', 'DNA gyrase and topoisomerase IV', 'Fluoroquinolones trap the topoisomerase-DNA complex.'],
  [
    'sulfamethoxazole',
    'Dihydropteroate synthase of folate synthesis',
    'Sulfonamides are analogues of p-aminobenzoic acid.',
  ],
  [
    'polymyxin B',
    'The outer and cytoplasmic membranes',
    'The cationic peptide disrupts membranes of Gram-negative bacteria.',
  ],
]

const MICROBIOLOGY: Draft[] = [
  ...GRAM_ASKED.negative.map((asked, i) => gramQuestion(GRAM_NEGATIVE[i], GRAM_POSITIVE, i * 2 + 1, true, asked)),
  ...GRAM_ASKED.positive.map((asked, i) => gramQuestion(GRAM_POSITIVE[i], GRAM_NEGATIVE, i * 3 + 2, false, asked)),
  msq(
    STAINING,
    'medium',
    'Which of these bacteria are Gram-positive?',
    [GRAM_POSITIVE[3], GRAM_NEGATIVE[2], GRAM_POSITIVE[4], GRAM_NEGATIVE[4]],
    [0, 2],
    'Clostridium and Listeria have thick peptidoglycan walls; Pseudomonas and Neisseria are Gram-negative.',
  ),
  msq(
    STAINING,
    'medium',
    'Which of these bacteria are Gram-negative?',
    [GRAM_NEGATIVE[0], GRAM_NEGATIVE[3], GRAM_POSITIVE[0], GRAM_NEGATIVE[1]],
    [0, 1, 3],
    'E. coli, Vibrio and Salmonella have an outer membrane; Staphylococcus is Gram-positive.',
  ),
  mcq(
    STAINING,
    'easy',
    'In the Gram stain, the mordant is',
    ['Crystal violet', "Gram's iodine", 'Safranin', 'Ethanol'],
    1,
    'Iodine forms a large complex with crystal violet that thick walls retain.',
  ),
  mcq(
    STAINING,
    'easy',
    'In the Gram stain, the counterstain is',
    ['Crystal violet', "Gram's iodine", 'Safranin', 'Ethanol'],
    2,
    'Safranin stains the decolourised Gram-negative cells pink.',
  ),
  mcq(
    STAINING,
    'medium',
    'Gram-negative bacteria lose crystal violet at the decolourising step because',
    [
      'Alcohol dissolves their outer membrane and their thin peptidoglycan cannot hold the dye-iodine complex',
      'They have no ribosomes',
      'Their walls contain mycolic acids',
      'They never take up crystal violet',
    ],
    0,
    'Every cell takes up the dye; only a thick peptidoglycan layer keeps the complex after alcohol.',
  ),
  mcq(
    CELLS,
    'easy',
    'The Ziehl-Neelsen (acid-fast) stain is used to detect',
    ['*Mycobacterium tuberculosis*', '*Escherichia coli*', '*Staphylococcus aureus*', '*Treponema pallidum*'],
    0,
    'Mycolic acids in the mycobacterial wall hold carbol fuchsin against acid-alcohol.',
  ),
  mcq(
    CELLS,
    'easy',
    'The primary stain of the Schaeffer-Fulton endospore stain is',
    ['Malachite green', 'Crystal violet', 'Carbol fuchsin', 'Methylene blue'],
    0,
    'Malachite green is driven into the spores with heat; safranin counterstains the vegetative cells.',
  ),
  mcq(
    CELLS,
    'easy',
    'Bacterial capsules are usually shown by negative staining with',
    ['India ink', 'Safranin', 'Malachite green', 'Iodine'],
    0,
    'The capsule excludes the ink particles and shows as a clear halo on a dark background.',
  ),
  mcq(
    CELLS,
    'medium',
    "By Abbe's equation, $d = \\frac{0.61\\lambda}{NA}$, the smallest distance a light microscope resolves becomes smaller when",
    [
      'The wavelength increases',
      'The numerical aperture increases',
      'The eyepiece magnification increases',
      'The specimen is thicker',
    ],
    1,
    'A larger numerical aperture (oil immersion) or a shorter wavelength lowers $d$; eyepiece magnification adds no detail.',
  ),
  nat(
    CELLS,
    'medium',
    "Using Abbe's equation $d = \\frac{0.61\\lambda}{NA}$, what is the limit of resolution in nm for light of 550 nm and an objective of numerical aperture 1.25? (nearest whole number)",
    '268',
    '269',
    '$d = 0.61 \\times 550 / 1.25 = 268.4$ nm.',
  ),
  nat(
    GROWTH,
    'easy',
    'A culture of $10^3$ cells grows exponentially with a generation time of 20 minutes. How many cells are there after 2 hours?',
    '64000',
    '64000',
    'Two hours are 6 generations: $N = 10^3 \\times 2^6 = 64\\,000$.',
  ),
  nat(
    GROWTH,
    'medium',
    'A culture of $5 \\times 10^4$ cells grows exponentially with a generation time of 30 minutes. How many million cells are there after 3 hours?',
    '3.2',
    '3.2',
    'Three hours are 6 generations: $5 \\times 10^4 \\times 64 = 3.2 \\times 10^6$.',
  ),
  nat(
    GROWTH,
    'medium',
    'A culture grows exponentially from $10^4$ to $1.6 \\times 10^5$ cells in 2 hours. What is its generation time in minutes?',
    '30',
    '30',
    'A 16-fold rise is 4 generations ($2^4 = 16$): 120 / 4 = 30 minutes.',
  ),
  nat(
    GROWTH,
    'medium',
    'A culture grows exponentially from $2 \\times 10^3$ to $6.4 \\times 10^4$ cells in 100 minutes. What is its generation time in minutes?',
    '20',
    '20',
    'A 32-fold rise is 5 generations: 100 / 5 = 20 minutes.',
  ),
  nat(
    GROWTH,
    'hard',
    'A bacterium divides every 30 minutes in exponential growth. What is its specific growth rate $\\mu = \\frac{\\ln 2}{g}$ per hour? (two decimals)',
    '1.38',
    '1.39',
    '$\\mu = 0.693 / 0.5\\,\\text{h} = 1.386\\,\\text{h}^{-1}$.',
  ),
  mcq(
    GROWTH,
    'easy',
    'Bacterial cells are most uniform and most sensitive to antibiotics in the',
    ['Lag phase', 'Exponential (log) phase', 'Stationary phase', 'Death phase'],
    1,
    'Cells divide at a constant, maximal rate in the log phase, and most antibiotics act on growing cells.',
  ),
  mcq(
    GROWTH,
    'easy',
    'In the lag phase of a batch culture, cells',
    [
      'Adjust to the medium and make enzymes, with little or no division',
      'Divide at their maximum rate',
      'Die at a constant rate',
      'Stop growing because nutrients are used up',
    ],
    0,
    'The lag phase is adaptation: cells grow in size and synthesise enzymes before dividing.',
  ),
  mcq(
    GROWTH,
    'easy',
    'Organisms that grow best above 80 °C are',
    ['Mesophiles', 'Psychrophiles', 'Thermophiles', 'Hyperthermophiles'],
    3,
    'Hyperthermophiles (many archaea) have optima above 80 °C; thermophiles between about 45 and 80 °C.',
  ),
  mcq(
    GROWTH,
    'easy',
    'Organisms that grow best at about 0-15 °C are',
    ['Psychrophiles', 'Mesophiles', 'Thermophiles', 'Halophiles'],
    0,
    'Psychrophiles have optima near 15 °C or below; mesophiles about 20-45 °C.',
  ),
  mcq(
    STERILE,
    'easy',
    'Dry heat sterilisation in a hot-air oven is usually done at',
    ['100 °C for 10 minutes', '121 °C for 15 minutes', '160 °C for 2 hours', '72 °C for 15 seconds'],
    2,
    'Dry heat kills more slowly than steam, so it needs a higher temperature for longer.',
  ),
  mcq(
    STERILE,
    'easy',
    'Heat-labile solutions such as antibiotic stocks are sterilised by',
    ['Autoclaving', 'Membrane filtration through 0.22 µm pores', 'Hot-air oven', 'Boiling for 10 minutes'],
    1,
    'A 0.22 µm membrane holds back bacteria without heating the solution.',
  ),
  mcq(
    STERILE,
    'medium',
    'HTST pasteurisation of milk uses',
    ['63 °C for 30 minutes', '72 °C for 15 seconds', '121 °C for 15 minutes', '135 °C for 2 seconds'],
    1,
    'High temperature, short time: 72 °C for 15 s; 63 °C for 30 min is the older holding method, 135 °C UHT.',
  ),
  mcq(
    STERILE,
    'medium',
    'The D-value of a microbial population at a given temperature is the time needed to',
    ['Kill 50% of the cells', 'Kill 90% of the cells', 'Kill every cell', 'Double the number of cells'],
    1,
    'One D-value reduces the count tenfold (one log).',
  ),
  nat(
    STERILE,
    'hard',
    'The D-value of a spore suspension at 121 °C is 1.5 minutes. How many minutes at 121 °C reduce $10^6$ spores to one?',
    '9',
    '9',
    'Six tenfold reductions: $6 \\times 1.5 = 9$ minutes.',
  ),
  nat(
    STERILE,
    'hard',
    'A population has a D-value of 2 minutes at 115 °C. How many minutes at 115 °C reduce $10^8$ cells to $10^2$?',
    '12',
    '12',
    'Six log reductions: $6 \\times 2 = 12$ minutes.',
  ),
  ...TARGETS.map(([drug, target, why], i) =>
    fromTable(
      DRUGS,
      i < 3 ? 'easy' : 'medium',
      `The main target of ${drug} is`,
      target,
      TARGETS.map((t) => t[1]),
      i * 3 + 2,
      why,
    ),
  ),
  msq(
    DRUGS,
    'medium',
    'Which of these antibiotics inhibit bacterial protein synthesis?',
    ['Streptomycin', 'Chloramphenicol', 'Rifampicin', 'Tetracycline'],
    [0, 1, 3],
    'Rifampicin inhibits RNA polymerase (transcription), not the ribosome.',
  ),
  msq(
    DRUGS,
    'medium',
    'Which of these act on the bacterial cell wall?',
    ['Penicillin', 'Vancomycin', 'Ciprofloxacin', 'Cephalosporins'],
    [0, 1, 3],
    'Ciprofloxacin inhibits DNA gyrase; the others block peptidoglycan synthesis.',
  ),
  mcq(
    TRANSFER,
    'easy',
    'Transfer of DNA through a sex pilus between bacteria in contact is',
    ['Transformation', 'Transduction', 'Conjugation', 'Transposition'],
    2,
    'Conjugation needs cell contact and, in E. coli, the F plasmid.',
  ),
  mcq(
    TRANSFER,
    'easy',
    'Uptake of free DNA from the surroundings by a competent bacterium is',
    ['Transformation', 'Transduction', 'Conjugation', 'Lysogeny'],
    0,
    'In transformation naked DNA enters the cell and may recombine with its chromosome.',
  ),
  mcq(
    TRANSFER,
    'medium',
    "Griffith's 1928 experiment with *Streptococcus pneumoniae* in mice first showed",
    ['Transformation', 'Transduction', 'Conjugation', 'Transposition'],
    0,
    'Heat-killed smooth cells turned live rough cells into virulent smooth ones.',
  ),
  mcq(
    TRANSFER,
    'medium',
    'Generalised transduction was discovered by',
    ['Zinder and Lederberg', 'Avery, MacLeod and McCarty', 'Hershey and Chase', 'Beadle and Tatum'],
    0,
    'Zinder and Lederberg (1952) found phage P22 carrying genes between Salmonella strains.',
  ),
  mcq(
    TRANSFER,
    'medium',
    'An Hfr strain of *E. coli* is one in which',
    [
      'The F factor is integrated into the chromosome',
      'The F factor has been lost',
      'A phage genome is integrated',
      'The cells cannot form pili',
    ],
    0,
    'The integrated F factor transfers chromosomal genes in order from its origin.',
  ),
  mcq(
    TRANSFER,
    'medium',
    'In the lysogenic state, the genome of phage lambda is',
    [
      'A prophage integrated into the host chromosome',
      'Replicated hundreds of times in the cytoplasm',
      'Degraded by host nucleases',
      'Packaged into new phage heads',
    ],
    0,
    'Lambda integrates at attB and is copied with the chromosome until induced.',
  ),
  mcq(
    TRANSFER,
    'easy',
    'The Hershey-Chase experiment showed that the genetic material of phage T2 is',
    ['Protein', 'DNA', 'RNA', 'Lipid'],
    1,
    'Radioactive phosphorus (DNA) entered the bacteria; radioactive sulfur (protein) stayed outside.',
  ),
  nat(
    TRANSFER,
    'medium',
    'The *E. coli* genetic map, measured by interrupted mating, is divided into how many minutes?',
    '100',
    '100',
    'Transfer of the whole chromosome by an Hfr strain takes about 100 minutes.',
  ),
]

// ----------------------------------------------------------------------------------------------------------------
// Biochemistry
// ----------------------------------------------------------------------------------------------------------------

const CLASSES = { subject: 'Biochemistry', topic: 'Enzymes', subtopic: 'Enzyme classes' } as const
const KINETICS = { subject: 'Biochemistry', topic: 'Enzymes', subtopic: 'Kinetics' } as const
const CYCLES = { subject: 'Biochemistry', topic: 'Metabolism', subtopic: 'Glycolysis and TCA cycle' } as const
const METABOLISM = { subject: 'Biochemistry', topic: 'Metabolism' } as const
const AMINO = { subject: 'Biochemistry', topic: 'Biomolecules', subtopic: 'Amino acids' } as const
const SUGARS = { subject: 'Biochemistry', topic: 'Biomolecules', subtopic: 'Carbohydrates' } as const
const NUCLEIC = { subject: 'Biochemistry', topic: 'Biomolecules', subtopic: 'Nucleic acids' } as const
const ENERGY = { subject: 'Biochemistry', topic: 'Bioenergetics' } as const

const EC = ['Oxidoreductases', 'Transferases', 'Hydrolases', 'Lyases', 'Isomerases', 'Ligases']
const ENZYME_CLASSES: [string, number][] = [
  ['Lactate dehydrogenase', 0],
  ['Hexokinase', 1],
  ['Trypsin', 2],
  ['Aldolase', 3],
  ['Triose phosphate isomerase', 4],
  ['DNA ligase', 5],
  ['Catalase', 0],
  ['Alanine aminotransferase', 1],
  ['Pancreatic lipase', 2],
  ['Carbonic anhydrase', 3],
  ['Phosphoglucomutase', 4],
  ['Glutamine synthetase', 5],
]
const CLASS_REASON = [
  'it transfers electrons (hydrogen) between substrates',
  'it moves a group (phosphate, amino) from one molecule to another',
  'it breaks bonds by adding water',
  'it breaks bonds by means other than hydrolysis or oxidation, often leaving a double bond (or adds a group to one)',
  'it rearranges atoms within one molecule',
  'it joins two molecules using the energy of ATP',
]

const mm = (s: string, fraction: number, explanation: string) =>
  nat(
    KINETICS,
    'medium',
    `For an enzyme obeying $v = \\frac{V_{max}[S]}{K_m + [S]}$, what fraction of $V_{max}$ is reached at $[S] = ${s}$? (two decimals)`,
    num(fraction),
    num(fraction),
    explanation,
  )

const INHIBITION = [
  'Apparent Km increases, Vmax unchanged',
  'Apparent Km and Vmax both decrease',
  'Vmax decreases, Km unchanged',
  'Km and Vmax both increase',
]

const BIOCHEMISTRY: Draft[] = [
  ...ENZYME_CLASSES.map(([enzyme, c], i) =>
    fromTable(
      CLASSES,
      i < 6 ? 'easy' : 'medium',
      `To which EC class does ${/^[A-Z][a-z]/.test(enzyme) ? enzyme.toLowerCase() : enzyme} belong?`,
      EC[c],
      EC,
      i * 7 + 3,
      `EC ${c + 1}, ${EC[c].toLowerCase()}: ${CLASS_REASON[c]}.`,
    ),
  ),
  mm('K_m', 0.5, 'At $[S] = K_m$, $v = V_{max}/2$ (the definition of $K_m$).'),
  mm('4K_m', 0.8, '$v = \\frac{4K_m}{K_m + 4K_m}V_{max} = 0.8\\,V_{max}$.'),
  mm('9K_m', 0.9, '$v = \\frac{9}{10}V_{max}$.'),
  mm('K_m/3', 0.25, '$v = \\frac{K_m/3}{K_m + K_m/3}V_{max} = \\frac{1}{4}V_{max}$.'),
  nat(
    KINETICS,
    'medium',
    'At what substrate concentration, as a multiple of $K_m$, does a Michaelis-Menten enzyme reach 75% of $V_{max}$?',
    '3',
    '3',
    '$\\frac{[S]}{K_m + [S]} = 0.75$ gives $[S] = 3K_m$.',
  ),
  nat(
    KINETICS,
    'medium',
    'A Lineweaver-Burk plot of an enzyme meets the y-axis at 0.02 min/µmol. What is $V_{max}$ in µmol/min?',
    '50',
    '50',
    'The y-intercept is $1/V_{max}$: $1/0.02 = 50$.',
  ),
  nat(
    KINETICS,
    'hard',
    'A Lineweaver-Burk plot meets the x-axis at $-0.5\\ \\text{mM}^{-1}$. What is $K_m$ in mM?',
    '2',
    '2',
    'The x-intercept is $-1/K_m$, so $K_m = 2$ mM.',
  ),
  mcq(
    KINETICS,
    'medium',
    'A competitive inhibitor changes the kinetics of an enzyme so that',
    INHIBITION,
    0,
    'It competes with the substrate for the active site; enough substrate still reaches $V_{max}$.',
  ),
  mcq(
    KINETICS,
    'hard',
    'An uncompetitive inhibitor, which binds only the enzyme-substrate complex, makes',
    INHIBITION,
    1,
    'Both $K_m$ and $V_{max}$ fall by the same factor, giving parallel Lineweaver-Burk lines.',
  ),
  mcq(
    KINETICS,
    'medium',
    'A pure non-competitive inhibitor, binding enzyme and enzyme-substrate complex equally, makes',
    INHIBITION,
    2,
    'It lowers the amount of working enzyme without changing its affinity for the substrate.',
  ),
  mcq(
    KINETICS,
    'medium',
    'In a Lineweaver-Burk plot ($1/v$ against $1/[S]$), the x-intercept equals',
    ['$-1/K_m$', '$1/V_{max}$', '$K_m/V_{max}$', '$-K_m$'],
    0,
    'Setting $1/v = 0$ in $\\frac{1}{v} = \\frac{K_m}{V_{max}}\\frac{1}{[S]} + \\frac{1}{V_{max}}$ gives $1/[S] = -1/K_m$.',
  ),
  mcq(
    KINETICS,
    'medium',
    'The turnover number ($k_{cat}$) of an enzyme is',
    [
      'The substrate molecules one active site converts per second at saturation',
      'The substrate concentration at half-maximal velocity',
      'The number of active sites per enzyme molecule',
      'The rate of enzyme synthesis in the cell',
    ],
    0,
    '$k_{cat} = V_{max}/[E]_t$.',
  ),
  msq(
    CYCLES,
    'medium',
    'Which glycolytic enzymes catalyse irreversible, regulated steps?',
    ['Hexokinase', 'Phosphofructokinase-1', 'Pyruvate kinase', 'Phosphoglycerate mutase'],
    [0, 1, 2],
    'These three steps have large negative free-energy changes; gluconeogenesis bypasses them.',
  ),
  nat(
    CYCLES,
    'easy',
    'How many NADH are formed per acetyl-CoA oxidised in the citric acid cycle?',
    '3',
    '3',
    'Isocitrate dehydrogenase, alpha-ketoglutarate dehydrogenase and malate dehydrogenase each make one NADH.',
  ),
  nat(
    CYCLES,
    'easy',
    'How many FADH2 are formed per acetyl-CoA oxidised in the citric acid cycle?',
    '1',
    '1',
    'Succinate dehydrogenase reduces FAD.',
  ),
  nat(
    CYCLES,
    'medium',
    'How many molecules of CO2 are released per glucose in its complete oxidation (glycolysis, pyruvate dehydrogenase and the citric acid cycle)?',
    '6',
    '6',
    'Two from pyruvate dehydrogenase and four from two turns of the cycle.',
  ),
  nat(
    CYCLES,
    'easy',
    'How many NADH does glycolysis produce per glucose?',
    '2',
    '2',
    'Glyceraldehyde-3-phosphate dehydrogenase acts twice per glucose.',
  ),
  mcq(
    CYCLES,
    'medium',
    'The citric acid cycle enzyme that makes GTP (or ATP) by substrate-level phosphorylation is',
    ['Succinyl-CoA synthetase', 'Citrate synthase', 'Isocitrate dehydrogenase', 'Fumarase'],
    0,
    'The thioester energy of succinyl-CoA drives phosphorylation of GDP or ADP.',
  ),
  mcq(
    METABOLISM,
    'easy',
    'The final electron acceptor of the mitochondrial electron transport chain is',
    ['NAD+', 'Oxygen', 'Cytochrome c', 'Ubiquinone'],
    1,
    'Cytochrome c oxidase reduces oxygen to water.',
  ),
  mcq(
    METABOLISM,
    'easy',
    'Cytochrome c oxidase of the electron transport chain is',
    ['Complex I', 'Complex II', 'Complex III', 'Complex IV'],
    3,
    'Complex IV passes electrons from cytochrome c to oxygen.',
  ),
  mcq(
    METABOLISM,
    'medium',
    'Rotenone blocks electron transport at',
    ['Complex I', 'Complex II', 'Complex III', 'Complex IV'],
    0,
    'Rotenone inhibits NADH-ubiquinone oxidoreductase; antimycin A blocks complex III, cyanide complex IV.',
  ),
  mcq(
    METABOLISM,
    'medium',
    'The first, rate-limiting enzyme of the urea cycle, in the mitochondrial matrix, is',
    ['Carbamoyl phosphate synthetase I', 'Arginase', 'Ornithine transcarbamoylase', 'Argininosuccinate lyase'],
    0,
    'CPS I makes carbamoyl phosphate from ammonia and bicarbonate; N-acetylglutamate activates it.',
  ),
  msq(
    { ...METABOLISM, subtopic: 'Gluconeogenesis' },
    'medium',
    'Which enzymes are used in gluconeogenesis but not in glycolysis?',
    [
      'Pyruvate carboxylase',
      'Phosphoenolpyruvate carboxykinase',
      'Fructose-1,6-bisphosphatase',
      'Phosphoglycerate kinase',
    ],
    [0, 1, 2],
    'Phosphoglycerate kinase works in both directions; the others bypass irreversible glycolytic steps.',
  ),
  mcq(
    { ...METABOLISM, subtopic: 'Gluconeogenesis' },
    'hard',
    'Glucose-6-phosphatase, which releases free glucose into the blood, is absent from',
    ['Liver', 'Kidney cortex', 'Skeletal muscle', 'Small intestine'],
    2,
    'Muscle keeps its glycogen glucose for itself: it cannot dephosphorylate glucose-6-phosphate.',
  ),
  mcq(
    AMINO,
    'easy',
    'Which amino acid is not chiral?',
    ['Glycine', 'Alanine', 'Serine', 'Proline'],
    0,
    'The side chain of glycine is a hydrogen atom, so its alpha carbon has two identical groups.',
  ),
  mcq(
    AMINO,
    'easy',
    'Which amino acid has its alpha-amino group in a ring (an imino acid)?',
    ['Proline', 'Histidine', 'Tryptophan', 'Lysine'],
    0,
    'The side chain of proline bonds back to its own amino nitrogen.',
  ),
  mcq(
    AMINO,
    'easy',
    'Which amino acid has a basic side chain?',
    ['Lysine', 'Aspartate', 'Glutamate', 'Valine'],
    0,
    'Lysine carries an epsilon-amino group, positively charged at neutral pH.',
  ),
  msq(
    AMINO,
    'easy',
    'Which amino acids contain sulfur?',
    ['Cysteine', 'Methionine', 'Serine', 'Threonine'],
    [0, 1],
    'Cysteine has a thiol and methionine a thioether; serine and threonine have hydroxyl groups.',
  ),
  msq(
    AMINO,
    'easy',
    'Which amino acids have aromatic side chains?',
    ['Phenylalanine', 'Tyrosine', 'Tryptophan', 'Leucine'],
    [0, 1, 2],
    'Leucine has a branched aliphatic side chain.',
  ),
  ...(
    [
      ['alanine', 2.34, 9.69],
      ['glycine', 2.34, 9.6],
    ] as const
  ).map(([aa, a, b]) =>
    nat(
      AMINO,
      'medium',
      `The pKa values of ${aa} are ${a} (carboxyl) and ${b} (amino). What is its isoelectric point? (two decimals)`,
      num((a + b) / 2 - 0.005),
      num((a + b) / 2 + 0.005),
      `$pI = \\frac{${a} + ${b}}{2} = ${num((a + b) / 2, 3)}$.`,
    ),
  ),
  ...(
    [
      ['Sucrose', 'Glucose and fructose', 'an alpha-1,beta-2 glycosidic bond'],
      ['Lactose', 'Galactose and glucose', 'a beta-1,4 glycosidic bond'],
      ['Maltose', 'Two glucose units', 'an alpha-1,4 glycosidic bond'],
    ] as const
  ).map(([sugar, parts, bond], i) =>
    fromTable(
      SUGARS,
      'easy',
      `${sugar} is made of`,
      parts,
      [
        'Glucose and fructose',
        'Galactose and glucose',
        'Two glucose units',
        'Fructose and galactose',
        'Two fructose units',
      ],
      i * 2 + 1,
      `${sugar}: ${parts.toLowerCase()} joined by ${bond}.`,
    ),
  ),
  mcq(
    SUGARS,
    'easy',
    'Which of these sugars is non-reducing?',
    ['Maltose', 'Lactose', 'Sucrose', 'Glucose'],
    2,
    'In sucrose both anomeric carbons are in the glycosidic bond, so no free aldehyde or ketone remains.',
  ),
  ...(
    [
      ['adenine', 20, 'guanine', 30],
      ['adenine', 15, 'cytosine', 35],
      ['thymine', 32, 'guanine', 18],
      ['cytosine', 28, 'adenine', 22],
    ] as const
  ).map(([given, p, asked, answer]) =>
    nat(
      NUCLEIC,
      'easy',
      `A double-stranded DNA contains ${p}% ${given}. What percentage of its bases is ${asked}?`,
      String(answer),
      String(answer),
      `A = T and G = C (Chargaff), so ${given} and its partner make ${2 * p}% and the other pair ${100 - 2 * p}%, half of it ${asked}.`,
    ),
  ),
  nat(
    NUCLEIC,
    'medium',
    'A dsDNA sample diluted tenfold has $A_{260} = 0.3$ in a 1 cm cuvette. What is the concentration of the undiluted sample in µg/mL? ($A_{260}$ of 1 = 50 µg/mL)',
    '150',
    '150',
    '$0.3 \\times 50 \\times 10 = 150$ µg/mL.',
  ),
  nat(
    NUCLEIC,
    'easy',
    'A dsDNA solution has $A_{260} = 0.8$ in a 1 cm cuvette. What is its concentration in µg/mL? ($A_{260}$ of 1 = 50 µg/mL)',
    '40',
    '40',
    '$0.8 \\times 50 = 40$ µg/mL.',
  ),
  nat(
    ENERGY,
    'hard',
    "A reaction has $K'_{eq} = 10$ at 298 K. Using $\\Delta G^{\\circ\\prime} = -RT\\ln K'_{eq}$ with $R = 8.314$ J/(mol K), what is $\\Delta G^{\\circ\\prime}$ in kJ/mol? (two decimals)",
    '-5.72',
    '-5.69',
    '$-8.314 \\times 298 \\times \\ln 10 = -5705$ J/mol $= -5.70$ kJ/mol.',
  ),
  mcq(
    ENERGY,
    'easy',
    'A reaction with a negative free-energy change ($\\Delta G < 0$) is',
    ['Exergonic and spontaneous', 'Endergonic', 'At equilibrium', 'Impossible without an enzyme'],
    0,
    'A negative $\\Delta G$ means the reaction proceeds forward; an enzyme changes only its rate.',
  ),
  mcq(
    ENERGY,
    'medium',
    'The standard free energy of hydrolysis of ATP to ADP and Pi is about',
    ['-30.5 kJ/mol', '-7.3 kJ/mol', '+30.5 kJ/mol', '-61.9 kJ/mol'],
    0,
    'About -30.5 kJ/mol (-7.3 kcal/mol); -61.9 kJ/mol is phosphoenolpyruvate.',
  ),
  mcq(
    ENERGY,
    'medium',
    'Which compound has a more negative standard free energy of hydrolysis than ATP?',
    ['Phosphoenolpyruvate', 'Glucose-6-phosphate', 'Glycerol-3-phosphate', 'AMP'],
    0,
    'Phosphoenolpyruvate (-61.9 kJ/mol) can phosphorylate ADP in the pyruvate kinase step.',
  ),
]

// ----------------------------------------------------------------------------------------------------------------
// Cell Biology
// ----------------------------------------------------------------------------------------------------------------

const ORGANELLES = { subject: 'Cell Biology', topic: 'Organelles' } as const
const MITOSIS = { subject: 'Cell Biology', topic: 'Cell cycle', subtopic: 'Mitosis' } as const
const MEIOSIS = { subject: 'Cell Biology', topic: 'Cell cycle', subtopic: 'Meiosis' } as const
const CYCLE = { subject: 'Cell Biology', topic: 'Cell cycle' } as const
const TRANSPORT = { subject: 'Cell Biology', topic: 'Membranes and signalling', subtopic: 'Transport' } as const
const SIGNALS = { subject: 'Cell Biology', topic: 'Membranes and signalling', subtopic: 'Signalling' } as const
const SKELETON = { subject: 'Cell Biology', topic: 'Cytoskeleton' } as const

const ORGANELLE_FACTS: [string, string][] = [
  ['oxidative phosphorylation', 'Mitochondrion'],
  ['synthesis of secretory and membrane proteins', 'Rough endoplasmic reticulum'],
  ['synthesis of phospholipids and steroid hormones', 'Smooth endoplasmic reticulum'],
  ['glycosylation and sorting of proteins for secretion', 'Golgi apparatus'],
  ['breakdown of hydrogen peroxide by catalase', 'Peroxisome'],
  ['rRNA synthesis and assembly of ribosomal subunits', 'Nucleolus'],
  ['digestion of engulfed material by acid hydrolases', 'Lysosome'],
  ['the Calvin cycle', 'Chloroplast'],
]

const MEIOSIS_STAGES = ['Leptotene', 'Zygotene', 'Pachytene', 'Diplotene', 'Diakinesis']

const CELL_BIOLOGY: Draft[] = [
  ...ORGANELLE_FACTS.map(([task, organelle], i) =>
    fromTable(
      ORGANELLES,
      'easy',
      `The main site of ${task} in a eukaryotic cell is the`,
      organelle,
      ORGANELLE_FACTS.map((f) => f[1]),
      i * 3 + 1,
      `${task.charAt(0).toUpperCase()}${task.slice(1)} takes place in the ${organelle.toLowerCase()}.`,
    ),
  ),
  nat(
    MITOSIS,
    'easy',
    'Maize has $2n = 20$. How many chromatids does a maize cell have at metaphase of mitosis?',
    '40',
    '40',
    'Each of the 20 replicated chromosomes has two sister chromatids.',
  ),
  nat(
    MITOSIS,
    'medium',
    '*Drosophila melanogaster* has $2n = 8$. How many chromosomes does a cell have at anaphase of mitosis, counting each separated chromatid as a chromosome?',
    '16',
    '16',
    'The 8 chromosomes split into 16 daughter chromosomes, moving 8 to each pole.',
  ),
  nat(
    MEIOSIS,
    'easy',
    'The garden pea has $2n = 14$. How many bivalents form in meiosis I?',
    '7',
    '7',
    'Each bivalent is one pair of homologous chromosomes: $n = 7$.',
  ),
  nat(
    MEIOSIS,
    'easy',
    'Onion has $2n = 16$. How many chromosomes does each daughter cell have after meiosis I?',
    '8',
    '8',
    'Homologues separate in meiosis I, halving the number (each chromosome still has two chromatids).',
  ),
  nat(
    MEIOSIS,
    'easy',
    'Rice has $2n = 24$. How many chromosomes are there in a rice gamete?',
    '12',
    '12',
    'Gametes are haploid: $n = 12$.',
  ),
  mcq(
    CYCLE,
    'medium',
    'A diploid cell has 2C DNA in G1. Its DNA content in G2 is',
    ['1C', '2C', '4C', '8C'],
    2,
    'DNA replicates in S phase, doubling 2C to 4C.',
  ),
  ...(
    [
      ['Synapsis of homologous chromosomes begins in', 1, 'The synaptonemal complex forms in zygotene.'],
      ['Chiasmata first become visible in', 3, 'The synaptonemal complex dissolves in diplotene and chiasmata show.'],
      [
        'Terminalisation of chiasmata is completed in',
        4,
        'In diakinesis chromosomes condense most and chiasmata move to the ends.',
      ],
    ] as const
  ).map(([text, stage, why], i) =>
    fromTable(
      MEIOSIS,
      'medium',
      `${text} prophase I of meiosis, in`,
      MEIOSIS_STAGES[stage],
      MEIOSIS_STAGES,
      i + 2,
      why,
    ),
  ),
  mcq(
    CYCLE,
    'hard',
    'The G1 to S transition of mammalian cells is driven mainly by',
    ['Cyclin D-CDK4/6 and cyclin E-CDK2', 'Cyclin B-CDK1', 'APC/C with Cdc20', 'Separase'],
    0,
    'They phosphorylate Rb, releasing E2F to transcribe S-phase genes; cyclin B-CDK1 drives mitosis.',
  ),
  mcq(
    CYCLE,
    'medium',
    'At anaphase, sister chromatids separate when separase cleaves',
    ['Cohesin', 'Condensin', 'Tubulin', 'Securin'],
    0,
    'APC/C destroys securin, freeing separase to cut the cohesin rings.',
  ),
  mcq(
    CYCLE,
    'easy',
    'Cells that have left the cycle and stopped dividing, such as most neurons, are in',
    ['G0', 'G1', 'S', 'G2'],
    0,
    'G0 is a resting state outside the cycle.',
  ),
  msq(
    MEIOSIS,
    'medium',
    'Which events happen in meiosis but not in mitosis?',
    [
      'Pairing of homologous chromosomes',
      'Crossing over between homologues',
      'Separation of sister chromatids',
      'Halving of the chromosome number',
    ],
    [0, 1, 3],
    'Sister chromatids separate in mitosis and in meiosis II alike.',
  ),
  mcq(
    TRANSPORT,
    'medium',
    'Glucose enters intestinal epithelial cells from the gut lumen by',
    ['Na+-glucose symport (SGLT1)', 'Simple diffusion', 'Endocytosis', 'A glucose-ATPase pump'],
    0,
    'The sodium gradient made by the Na+/K+-ATPase drives glucose in against its gradient.',
  ),
  mcq(
    TRANSPORT,
    'easy',
    'Channels that let water cross membranes rapidly are',
    ['Aquaporins', 'Connexins', 'Porins', 'Integrins'],
    0,
    'Aquaporins (Peter Agre) pass water molecules in single file.',
  ),
  mcq(
    TRANSPORT,
    'easy',
    'Movement of a solute down its gradient through a carrier protein, without energy, is',
    ['Facilitated diffusion', 'Primary active transport', 'Secondary active transport', 'Endocytosis'],
    0,
    'Carriers such as GLUT1 speed diffusion but cannot move solutes uphill.',
  ),
  msq(
    TRANSPORT,
    'medium',
    'Which of these hydrolyse ATP directly to move ions?',
    ['Na+/K+-ATPase', 'Ca2+-ATPase of the sarcoplasmic reticulum', 'GLUT1 glucose transporter', 'Aquaporin'],
    [0, 1],
    'P-type pumps use ATP; GLUT1 and aquaporins are passive.',
  ),
  nat(
    TRANSPORT,
    'hard',
    'A neuron has 5 mM K+ outside and 140 mM inside. Using $E = \\frac{RT}{zF}\\ln\\frac{[K^+]_{out}}{[K^+]_{in}}$ with $\\frac{RT}{F} = 26.7$ mV at 37 °C, what is $E_K$ in mV? (nearest whole number)',
    '-90',
    '-88',
    '$26.7 \\times \\ln(5/140) = 26.7 \\times (-3.33) = -89$ mV.',
  ),
  mcq(
    SIGNALS,
    'medium',
    'Which second messenger releases Ca2+ from the endoplasmic reticulum?',
    ['Inositol 1,4,5-trisphosphate (IP3)', 'Diacylglycerol', 'cAMP', 'cGMP'],
    0,
    'IP3 opens IP3-gated Ca2+ channels of the ER; DAG stays in the membrane and activates protein kinase C.',
  ),
  mcq(
    SIGNALS,
    'medium',
    'Cholera toxin raises cAMP in intestinal cells because it',
    [
      'ADP-ribosylates Gs-alpha so that it cannot hydrolyse its GTP',
      'Inhibits adenylyl cyclase',
      'Activates phosphodiesterase',
      'Blocks the receptor of the hormone',
    ],
    0,
    'Gs-alpha stays active and keeps adenylyl cyclase on.',
  ),
  msq(
    SIGNALS,
    'easy',
    'Which of these are second messengers?',
    ['cAMP', 'Diacylglycerol', 'Ca2+', 'Insulin'],
    [0, 1, 2],
    'Insulin is a first messenger (a hormone) that binds a receptor tyrosine kinase.',
  ),
  mcq(
    SKELETON,
    'easy',
    'Microfilaments are polymers of',
    ['Actin', 'Tubulin', 'Keratin', 'Myosin'],
    0,
    'Microfilaments (about 7 nm) are actin; microtubules are tubulin.',
  ),
  mcq(
    SKELETON,
    'easy',
    'The intermediate filaments of the nuclear lamina are made of',
    ['Lamins', 'Keratins', 'Vimentin', 'Desmin'],
    0,
    'Lamins A, B and C line the inner nuclear membrane.',
  ),
  mcq(
    SKELETON,
    'medium',
    'The motor protein that carries cargo toward the plus end of microtubules is',
    ['Kinesin', 'Dynein', 'Myosin II', 'Dynamin'],
    0,
    'Most kinesins walk to the plus end (out toward the cell edge); dyneins to the minus end.',
  ),
  mcq(
    SKELETON,
    'medium',
    'Colchicine stops dividing cells at metaphase because it',
    [
      'Prevents polymerisation of microtubules',
      'Stabilises actin filaments',
      'Blocks DNA replication',
      'Inhibits cytokinesis only',
    ],
    0,
    'Colchicine binds tubulin dimers, so no spindle forms.',
  ),
  nat(
    SKELETON,
    'easy',
    'How many protofilaments make up a typical microtubule in cross-section?',
    '13',
    '13',
    'Thirteen protofilaments of alpha/beta-tubulin form the hollow tube.',
  ),
  nat(
    SKELETON,
    'easy',
    'How many outer microtubule doublets does the axoneme of a motile cilium have?',
    '9',
    '9',
    'The 9 + 2 arrangement: nine outer doublets around a central pair.',
  ),
]

// ----------------------------------------------------------------------------------------------------------------
// Tags: exams, years and sources
// ----------------------------------------------------------------------------------------------------------------

/**
 * The exams, year and source of the i-th question: two entrance exams each; three in five marked as a PYQ of the
 * first (a year 2019-2024 and 'EXAM YEAR Qn', no two alike), the rest written at the institute; every third Microbiology and
 * Cell Biology question also belongs to a B.Sc semester.
 */
function examTags(i: number, subject: BankSubject) {
  const first = ENTRANCE_EXAMS[i % 4]
  const second = ENTRANCE_EXAMS[(i + 1 + (Math.floor(i / 4) % 3)) % 4]
  const exams: string[] = [first, second]
  if ((subject === 'Microbiology' || subject === 'Cell Biology') && i % 3 === 0)
    exams.push(`B.Sc semester ${1 + (Math.floor(i / 3) % 6)}`)
  if (i % 5 >= 3) return { exams, year: null, source: 'Institute' }
  // Exam and year repeat every 12 questions; the question number differs within each (exam, year).
  const year = 2019 + (i % 6)
  return { exams, year, source: `${first} ${year} Q${1 + ((Math.floor(i / 12) * 4 + (i % 12) * 5) % 65)}` }
}

/** The demo bank: every question with its tags. */
export const DEMO_BANK: SeedBankQuestion[] = [...GENETICS, ...MICROBIOLOGY, ...BIOCHEMISTRY, ...CELL_BIOLOGY].map(
  ({ at, difficulty, ...question }, i) => ({
    ...question,
    tags: {
      subject: at.subject,
      topic: at.topic,
      subtopic: at.subtopic ?? null,
      difficulty,
      ...examTags(i, at.subject),
    },
  }),
)

/**
 * Tags of the demo papers' questions (db/seed-data.ts DEMO_QUIZZES, by title, one per question in order): their
 * bank questions join the bank's subjects and topics, so the papers' questions show up in the same filters.
 */
export const DEMO_PAPER_TAGS: Record<string, { exams: string[]; difficulty: Difficulty; questions: Topic[] }> = {
  'Cell Biology Basics': {
    exams: ['CUET PG', 'B.Sc semester 1'],
    difficulty: 'easy',
    questions: [
      ORGANELLES,
      ORGANELLES,
      SKELETON,
      ORGANELLES,
      CYCLE,
      { subject: 'Cell Biology', topic: 'Membranes and signalling', subtopic: 'Membrane structure' },
      ORGANELLES,
      MEIOSIS,
      TRANSPORT,
      { subject: 'Cell Biology', topic: 'Membranes and signalling', subtopic: 'Cell junctions' },
    ],
  },
  'Genetics and Molecular Biology': {
    exams: ['GAT-B', 'CUET PG'],
    difficulty: 'easy',
    questions: [
      { subject: 'Genetics', topic: 'Molecular genetics', subtopic: 'Replication' },
      CROSSES,
      { subject: 'Genetics', topic: 'Molecular genetics', subtopic: 'Replication' },
      { subject: 'Genetics', topic: 'Molecular genetics', subtopic: 'Gene regulation' },
      CODE,
      { subject: 'Genetics', topic: 'Molecular genetics', subtopic: 'Gene regulation' },
      { subject: 'Genetics', topic: 'Mendelian genetics', subtopic: 'Sex-linked inheritance' },
      { subject: 'Genetics', topic: 'Molecular genetics', subtopic: 'Transcription' },
      MUTATIONS,
      NUCLEIC,
    ],
  },
  'Microbiology and Biochemistry Mock Test': {
    exams: ['GATE XL', 'IIT JAM BT'],
    difficulty: 'medium',
    questions: [
      STAINING,
      TRANSFER,
      CYCLES,
      KINETICS,
      KINETICS,
      CELLS,
      STERILE,
      { subject: 'Biochemistry', topic: 'Biomolecules', subtopic: 'Vitamins' },
      DRUGS,
      { subject: 'Biochemistry', topic: 'Metabolism', subtopic: 'Photosynthesis' },
      { subject: 'Microbiology', topic: 'Immunology' },
    ],
  },
  'IIT JAM Biotechnology Mock Paper': {
    exams: ['IIT JAM BT'],
    difficulty: 'medium',
    questions: [
      ORGANELLES,
      AMINO,
      CROSSES,
      { subject: 'Genetics', topic: 'Mendelian genetics', subtopic: 'Pedigree analysis' },
      { subject: 'Genetics', topic: 'Molecular genetics', subtopic: 'Transcription' },
      KINETICS,
      ENERGY,
      TRANSPORT,
      STAINING,
      { subject: 'Genetics', topic: 'Molecular genetics', subtopic: 'Replication' },
      { subject: 'Microbiology', topic: 'Immunology' },
      POPULATION,
      CYCLES,
      CYCLES,
      NUCLEIC,
    ],
  },
}
