// Small real image files for tests: a PNG drawn in code (solid colour, any size, valid CRCs, so browsers show it),
// and JPEG / WebP files whose headers are real (what the app checks: signature, size), with no picture data.
import zlib from 'node:zlib'

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A width x height PNG of one colour (RGB); `noise` adds that many bytes of random rows, to make it big. */
export function pngBytes(width = 8, height = 6, rgb: [number, number, number] = [20, 120, 200], noise = false) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const row = Buffer.alloc(1 + width * 3)
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3)
  const rows = Buffer.concat(
    Array.from({ length: height }, () => {
      if (!noise) return row
      const r = Buffer.from(row)
      for (let i = 1; i < r.length; i++) r[i] = Math.floor(Math.random() * 256)
      return r
    }),
  )
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', zlib.deflateSync(rows, { level: noise ? 0 : 9 })),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  )
}

/** A JPEG's start: SOI, an APP0 segment, then a baseline frame header of width x height. */
export function jpegBytes(width = 640, height = 480) {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0, 0]
  const sof = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03]
  return new Uint8Array([0xff, 0xd8, ...app0, ...sof, ...new Array(9).fill(0), 0xff, 0xd9])
}

/** A WebP file (RIFF, extended format VP8X) of width x height. */
export function webpBytes(width = 300, height = 200) {
  const three = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff]
  const vp8x = [0x56, 0x50, 0x38, 0x58, 10, 0, 0, 0, 0, 0, 0, 0, ...three(width - 1), ...three(height - 1)]
  const body = [0x57, 0x45, 0x42, 0x50, ...vp8x]
  return new Uint8Array([0x52, 0x49, 0x46, 0x46, body.length, 0, 0, 0, ...body])
}
