// A tiny valid PDF for the demo seed's lecture notes: one A4 page in Helvetica with the lecture's
// title and a few lines, made here rather than committed so every lecture's note names its own lecture.

/** PDF string literal text: printable ASCII only (Helvetica's standard encoding), with ( ) \ escaped. */
const pdfText = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[()\\]/g, (c) => `\\${c}`)

/** A one-page PDF (about 700 bytes) showing `title` as a heading above `lines`. */
export function samplePdf(title: string, lines: string[]): Uint8Array {
  const text = [
    'BT /F1 18 Tf 56 770 Td 22 TL',
    `(${pdfText(title)}) Tj /F1 12 Tf T*`,
    ...lines.map((line) => `(${pdfText(line)}) '`),
    'ET',
  ].join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
  ]
  // Every character is ASCII, so string lengths are byte offsets for the cross-reference table.
  let pdf = '%PDF-1.4\n'
  const offsets = objects.map((body, i) => {
    const offset = pdf.length
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`
    return offset
  })
  const xref = pdf.length
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return new TextEncoder().encode(pdf)
}
