// File types are decided from the bytes, never from the name or the browser's Content-Type.

export type ImageType = 'png' | 'jpeg' | 'webp'
export type NoteType = 'pdf' | 'docx' | 'pptx'

export const MIME: Record<ImageType | NoteType, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
}

const startsWith = (bytes: Uint8Array, sig: number[], offset = 0) => sig.every((b, i) => bytes[offset + i] === b)
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to))

export function sniffImage(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp'
  return null
}

/**
 * PDF by its header; DOCX/PPTX are ZIP files whose entries live under word/ or ppt/. We look for those entry
 * names in the ZIP's local headers rather than trusting the extension.
 */
export function sniffNote(bytes: Uint8Array): NoteType | null {
  if (ascii(bytes, 0, 5) === '%PDF-') return 'pdf'
  if (!startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return null
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1')
  if (!text.includes('[Content_Types].xml')) return null
  if (text.includes('word/')) return 'docx'
  if (text.includes('ppt/')) return 'pptx'
  return null
}
