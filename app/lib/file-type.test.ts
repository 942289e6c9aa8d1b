import { describe, expect, it } from 'vitest'
import { jpegBytes, pngBytes, webpBytes } from '../../tests/support/images'
import { imageSize, sniffImage } from './file-type'

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
