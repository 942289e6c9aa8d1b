// Faculty page. SAMPLE people and photos; replace freely.
export type Faculty = {
  id: string
  facultyName: string
  facultyTitle: string
  facultyImage: string
  facultyDescription: string
  experties: string[]
}

export const faculty: Faculty[] = [
  {
    id: 'f1',
    facultyName: 'Dr. Ananya Sen (sample)',
    facultyTitle: 'Founder, Cell Biology',
    facultyImage: '/images/people/ananya.svg',
    facultyDescription: 'PhD in cell biology; has guided many students to top IIT JAM ranks.',
    experties: ['Cell Biology', 'Cell Signalling', 'IIT JAM'],
  },
  {
    id: 'f2',
    facultyName: 'Dr. Rahul Ghosh (sample)',
    facultyTitle: 'Genetics Faculty',
    facultyImage: '/images/people/rahul.svg',
    facultyDescription: 'Researcher in population genetics who loves problem-solving classes.',
    experties: ['Genetics', 'Evolution', 'GATE'],
  },
  {
    id: 'f3',
    facultyName: 'Priya Mukherjee (sample)',
    facultyTitle: 'Microbiology Faculty',
    facultyImage: '/images/people/priya.svg',
    facultyDescription: 'Runs the Bengali-medium B.Sc Hons Microbiology semester batches.',
    experties: ['Microbiology', 'Immunology', 'B.Sc Hons'],
  },
  {
    id: 'f4',
    facultyName: 'Dr. Arindam Bose (sample)',
    facultyTitle: 'Biochemistry Faculty',
    facultyImage: '/images/people/arindam.svg',
    facultyDescription: 'Teaches biochemistry and biophysics with a numerical-first approach.',
    experties: ['Biochemistry', 'Enzymology', 'GAT-B'],
  },
]

export const adjunctFaculty: Faculty[] = [
  {
    id: 'a1',
    facultyName: 'Sneha Das (sample)',
    facultyTitle: 'Adjunct Faculty, Molecular Biology',
    facultyImage: '/images/people/sneha.svg',
    facultyDescription: 'Takes weekend doubt-clearing sessions on gene regulation and techniques.',
    experties: ['Molecular Biology', 'Biotechnology', 'CUET PG'],
  },
]
