// Entrance-exam brochures shown on every course detail page. Small sample PDFs we made (public/brochures/).
export const brochures = [
  { exam: 'IIT JAM', href: '/brochures/iit-jam.pdf' },
  { exam: 'GATE', href: '/brochures/gate.pdf' },
  { exam: 'GAT-B', href: '/brochures/gat-b.pdf' },
  { exam: 'CUET-PG', href: '/brochures/cuet-pg.pdf' },
] as const
