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

/**
 * An image's size in pixels from its header (PNG's IHDR, JPEG's first start-of-frame segment, WebP's VP8, VP8L or
 * VP8X chunk), or null when the header does not say. Pages use it to reserve a figure's box before it loads.
 */
export function imageSize(bytes: Uint8Array, type: ImageType): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const sized = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : null)
  try {
    if (type === 'png') return ascii(bytes, 12, 16) === 'IHDR' ? sized(view.getUint32(16), view.getUint32(20)) : null
    if (type === 'jpeg') {
      let at = 2
      while (at + 9 < bytes.length) {
        if (bytes[at] !== 0xff) return null
        const marker = bytes[at + 1]!
        // Fill bytes and the markers that carry no length.
        if (marker === 0xff) {
          at++
          continue
        }
        if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
          at += 2
          continue
        }
        // Start-of-frame markers C0-CF, except DHT (C4), JPG (C8) and DAC (CC): precision, height, width.
        if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
          return sized(view.getUint16(at + 7), view.getUint16(at + 5))
        at += 2 + view.getUint16(at + 2)
      }
      return null
    }
    // Every WebP header below ends within the first 30 bytes.
    if (bytes.length < 30) return null
    const chunk = ascii(bytes, 12, 16)
    if (chunk === 'VP8 ') return sized(view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff)
    if (chunk === 'VP8L') {
      const bits = view.getUint32(21, true)
      return sized((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1)
    }
    if (chunk === 'VP8X') {
      const three = (i: number) => bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16)
      return sized(three(24) + 1, three(27) + 1)
    }
    return null
  } catch {
    // A header cut short (RangeError from the view): no size, the image is still what its signature says.
    return null
  }
}

/** The video containers an upload may be: the transcoder (ffmpeg) reads them all. */
export type VideoKind = 'mp4' | 'mov' | 'mkv' | 'webm'

export const VIDEO_MIME: Record<VideoKind, string> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  mkv: 'video/x-matroska',
  webm: 'video/webm',
}

/**
 * A video's container from its first bytes (the first 64 are enough): MP4 and MOV are ISO base media files that
 * open with an `ftyp` box (its type at offset 4; QuickTime's brand is 'qt  '), MKV and WebM are EBML files
 * (magic 1A 45 DF A3) whose header names their DocType ('webm' or 'matroska') within its first few dozen bytes.
 * Whether ffmpeg can read the rest is probed separately (app/models/video/probe.server.ts).
 */
export function videoKindOf(bytes: Uint8Array): VideoKind | null {
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') return ascii(bytes, 8, 12) === 'qt  ' ? 'mov' : 'mp4'
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) {
    const header = ascii(bytes, 4, Math.min(bytes.length, 64))
    if (header.includes('webm')) return 'webm'
    // An EBML file whose DocType is not WebM is read as Matroska, WebM's parent format.
    return 'mkv'
  }
  return null
}
