// Exam syllabi keyed by course linkAddress (a course page's Syllabus item), and B.Sc Hons Microbiology syllabi per
// semester (the semester pages). Sample outlines we wrote from the public exam patterns; edit freely.
export type SyllabusItem = { subject: string; topics: string[] }

const jam: SyllabusItem[] = [
  {
    subject: 'Biology',
    topics: [
      'Cell biology and cell cycle',
      'Genetics and molecular biology',
      'Microbiology and immunology',
      'Plant and animal physiology',
      'Ecology and evolution',
    ],
  },
  {
    subject: 'Chemistry',
    topics: [
      'Atomic structure and bonding',
      'Thermodynamics and kinetics',
      'Organic reaction mechanisms',
      'Biomolecules',
    ],
  },
  {
    subject: 'Mathematics and Physics',
    topics: ['Calculus and probability', 'Mechanics and optics', 'Electricity and modern physics'],
  },
]
const gate: SyllabusItem[] = [
  {
    subject: 'Engineering Mathematics',
    topics: [
      'Linear algebra',
      'Calculus and differential equations',
      'Probability and statistics',
      'Numerical methods',
    ],
  },
  {
    subject: 'Biochemistry and Molecular Biology',
    topics: [
      'Biomolecules and enzyme kinetics',
      'Metabolism and bioenergetics',
      'Replication, transcription and translation',
      'Gene regulation',
    ],
  },
  {
    subject: 'Bioprocess Engineering',
    topics: ['Microbial growth kinetics', 'Bioreactors and sterilisation', 'Downstream processing'],
  },
  {
    subject: 'Recombinant DNA Technology',
    topics: ['Restriction enzymes and vectors', 'PCR and sequencing', 'Genomics and proteomics'],
  },
]
const gatb: SyllabusItem[] = [
  {
    subject: 'Biology',
    topics: ['Cell biology', 'Genetics', 'Microbiology', 'Immunology', 'Plant and animal biotechnology'],
  },
  { subject: 'Chemistry', topics: ['Physical chemistry', 'Organic chemistry', 'Analytical techniques'] },
  { subject: 'Mathematics and Physics', topics: ['Algebra and calculus', 'Statistics', 'General physics'] },
]
const cuet: SyllabusItem[] = [
  {
    subject: 'Life Sciences',
    topics: ['Cell and molecular biology', 'Genetics', 'Biochemistry', 'Physiology', 'Ecology and evolution'],
  },
  { subject: 'Microbiology', topics: ['Microbial diversity', 'Microbial metabolism', 'Applied microbiology'] },
  {
    subject: 'General Aptitude',
    topics: ['Quantitative reasoning', 'Data interpretation', 'Scientific comprehension'],
  },
]

export const examSyllabi: Record<'jam' | 'gate' | 'gatb' | 'cuet', SyllabusItem[]> = { jam, gate, gatb, cuet }

export const semesterSyllabi: Record<string, SyllabusItem[]> = {
  semester_i: [
    {
      subject: 'Introduction to Microbiology',
      topics: ['History of microbiology', 'Microbial diversity', 'Microscopy and staining'],
    },
    {
      subject: 'Bacteriology',
      topics: ['Bacterial cell structure', 'Growth and nutrition', 'Culture media and sterilisation'],
    },
  ],
  semester_ii: [
    { subject: 'Biochemistry', topics: ['Carbohydrates and lipids', 'Amino acids and proteins', 'Enzymes'] },
    { subject: 'Virology', topics: ['Virus structure', 'Bacteriophages', 'Plant and animal viruses'] },
  ],
  semester_iii: [
    {
      subject: 'Microbial Physiology',
      topics: ['Microbial metabolism', 'Photosynthesis in microbes', 'Nitrogen fixation'],
    },
    { subject: 'Cell Biology', topics: ['Membranes and transport', 'Cytoskeleton', 'Cell cycle'] },
  ],
  semester_iv: [
    {
      subject: 'Microbial Genetics',
      topics: ['Mutation and repair', 'Transformation, transduction, conjugation', 'Plasmids and transposons'],
    },
    {
      subject: 'Environmental Microbiology',
      topics: ['Soil and water microbiology', 'Biogeochemical cycles', 'Waste treatment'],
    },
  ],
  semester_v: [
    {
      subject: 'Immunology',
      topics: ['Innate and adaptive immunity', 'Antigens and antibodies', 'Hypersensitivity and vaccines'],
    },
    {
      subject: 'Molecular Biology',
      topics: ['Replication and transcription', 'Translation', 'Operons and gene regulation'],
    },
  ],
  semester_vi: [
    {
      subject: 'Medical Microbiology',
      topics: ['Bacterial diseases', 'Viral and fungal diseases', 'Antimicrobial therapy'],
    },
    {
      subject: 'Industrial Microbiology',
      topics: ['Fermentation', 'Microbial products', 'Food and dairy microbiology'],
    },
  ],
}

/** 'semester-iii' -> 'semester_iii' when it names one of the six semesters (a semester page's address). */
export function semesterKey(id: string): string | null {
  const key = id.trim().toLowerCase().replace(/-/g, '_')
  return Object.hasOwn(semesterSyllabi, key) ? key : null
}

/** The syllabus shown on a course page, chosen by its linkAddress. */
export function syllabusFor(linkAddress: string): SyllabusItem[] {
  const semester = semesterKey(linkAddress)
  if (semester) return semesterSyllabi[semester]
  const l = linkAddress.toLowerCase()
  if (l.includes('gat-b') || l.includes('gatb')) return gatb
  if (l.includes('gate')) return gate
  if (l.includes('cuet')) return cuet
  return jam
}
