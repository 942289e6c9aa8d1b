// Resources page: Molecular Biology, topic Operon, four videos and four PDF notes.
// SAMPLE selection: the videos are public YouTube embeds, the notes are small PDFs we wrote (public/notes/).
export type ResourceVideo = { title: string; url: string }
export type ResourceNote = { title: string; href: string; fileName: string }

export const resources = {
  subject: 'Molecular Biology',
  topic: 'Operon',
  videos: [
    { title: 'The lac operon: an introduction', url: 'https://www.youtube.com/embed/oBwtxdI1zvk' },
    { title: 'The trp operon: repressible control', url: 'https://www.youtube.com/embed/5I7UUdJl7Mo' },
    { title: 'Positive control: CAP and cAMP', url: 'https://www.youtube.com/embed/10YWgqmAEsQ' },
    { title: 'Attenuation explained', url: 'https://www.youtube.com/embed/8DkIgbMPgzs' },
  ] satisfies ResourceVideo[],
  notes: [
    { title: 'Operon basics', href: '/notes/operon-basics.pdf', fileName: 'operon-basics.pdf' },
    { title: 'The lac operon', href: '/notes/lac-operon.pdf', fileName: 'lac-operon.pdf' },
    { title: 'The trp operon and attenuation', href: '/notes/trp-operon.pdf', fileName: 'trp-operon.pdf' },
    { title: 'Operon practice questions', href: '/notes/operon-practice.pdf', fileName: 'operon-practice.pdf' },
  ] satisfies ResourceNote[],
}
