// Developers page. SAMPLE people; replace freely.
export type Developer = {
  name: string
  role: string
  email: string
  image: string
  links: { label: string; href: string }[]
}

export const developers: Developer[] = [
  {
    name: 'Arjun Roy (sample)',
    role: 'Full-stack Developer',
    email: 'arjun.dev@biocoach.example',
    image: '/images/people/dev-arjun.svg',
    links: [
      { label: 'GitHub', href: 'https://github.com/sample-arjun' },
      { label: 'LinkedIn', href: 'https://www.linkedin.com/in/sample-arjun' },
    ],
  },
  {
    name: 'Meera Iyer (sample)',
    role: 'Frontend Developer',
    email: 'meera.dev@biocoach.example',
    image: '/images/people/dev-meera.svg',
    links: [
      { label: 'GitHub', href: 'https://github.com/sample-meera' },
      { label: 'LinkedIn', href: 'https://www.linkedin.com/in/sample-meera' },
    ],
  },
  {
    name: 'Kabir Khan (sample)',
    role: 'Backend Developer',
    email: 'kabir.dev@biocoach.example',
    image: '/images/people/dev-kabir.svg',
    links: [
      { label: 'GitHub', href: 'https://github.com/sample-kabir' },
      { label: 'LinkedIn', href: 'https://www.linkedin.com/in/sample-kabir' },
    ],
  },
]
