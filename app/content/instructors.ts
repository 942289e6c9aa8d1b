// Landing-page instructor cards. SAMPLE people and photos we made up; replace freely.
export type Instructor = { name: string; image: string; subject: string; description: string; backgroundColor: string }

export const instructors: Instructor[] = [
  {
    name: 'Dr. Ananya Sen (sample)',
    image: '/images/people/ananya.svg',
    subject: 'Cell Biology',
    description: 'Ten years of teaching cell structure, signalling and the cell cycle for IIT JAM.',
    backgroundColor: '#d1fae5',
  },
  {
    name: 'Dr. Rahul Ghosh (sample)',
    image: '/images/people/rahul.svg',
    subject: 'Genetics',
    description: 'Makes Mendelian and molecular genetics problems feel simple, one pedigree at a time.',
    backgroundColor: '#e0f2fe',
  },
  {
    name: 'Priya Mukherjee (sample)',
    image: '/images/people/priya.svg',
    subject: 'Microbiology',
    description: 'Teaches microbial physiology and immunology to B.Sc Hons and GAT-B students.',
    backgroundColor: '#fef3c7',
  },
  {
    name: 'Dr. Arindam Bose (sample)',
    image: '/images/people/arindam.svg',
    subject: 'Biochemistry',
    description: 'Enzyme kinetics, metabolism and thermodynamics, with a focus on GATE numericals.',
    backgroundColor: '#ede9fe',
  },
  {
    name: 'Sneha Das (sample)',
    image: '/images/people/sneha.svg',
    subject: 'Molecular Biology',
    description: 'Gene regulation, recombinant DNA and lab techniques for CUET PG and JAM.',
    backgroundColor: '#fce7f3',
  },
]
