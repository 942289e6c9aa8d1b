import { describe, expect, it } from 'vitest'
import { jpegBytes, pngBytes, webpBytes } from '../../tests/support/images'
import { imageSize, sniffImage, videoKindOf } from './file-type'

describe('imageSize', () => {
  it('reads the size from PNG, JPEG and WebP headers', () => {
    expect(imageSize(pngBytes(37, 11), 'png')).toEqual({ width: 37, height: 11 })
    expect(imageSize(jpegBytes(640, 480), 'jpeg')).toEqual({ width: 640, height: 480 })
    expect(imageSize(webpBytes(300, 200), 'webp')).toEqual({ width: 300, height: 200 })
    expect(sniffImage(webpBytes())).toBe('webp')
    expect(sniffImage(jpegBytes())).toBe('jpeg')
  })

  it('answers null for a header cut short or missing, never throws', () => {
    expect(imageSize(pngBytes().subarray(0, 20), 'png')).toBeNull()
    expect(imageSize(jpegBytes().subarray(0, 12), 'jpeg')).toBeNull()
    expect(imageSize(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0xff, 0xff]), 'jpeg')).toBeNull()
    expect(imageSize(webpBytes().subarray(0, 16), 'webp')).toBeNull()
  })
})

describe('videoKindOf', () => {
  const bytes = (...parts: Array<string | number[]>) =>
    new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)))

  it('reads MP4 and MOV from the ftyp box at offset 4', () => {
    expect(videoKindOf(bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0], 'isomiso2avc1mp41'))).toBe('mp4')
    expect(videoKindOf(bytes([0, 0, 0, 0x14], 'ftypqt  ', [0, 0, 2, 0], 'qt  '))).toBe('mov')
  })

  it('reads WebM and MKV from the EBML magic and DocType', () => {
    const ebml = [0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]
    expect(videoKindOf(bytes(ebml, 'webm', [0x42, 0x87, 0x81, 0x04]))).toBe('webm')
    expect(videoKindOf(bytes([...ebml.slice(0, 11), 0x88], 'matroska'))).toBe('mkv')
  })

  it('refuses anything else, including an ftyp box in the wrong place and a short file', () => {
    expect(videoKindOf(bytes('this is plain text, not a video at all'))).toBeNull()
    expect(videoKindOf(bytes('ftypisom....'))).toBeNull()
    expect(videoKindOf(bytes([0, 0, 0, 0x20], 'ftyp'))).toBeNull()
    expect(videoKindOf(new Uint8Array(0))).toBeNull()
    expect(videoKindOf(bytes('%PDF-1.4'))).toBeNull()
  })
})
