import { strToU8, Zip, ZipDeflate, zipSync, type Zippable } from 'fflate'
import { describe, expect, it } from 'vitest'
import { pngBytes } from '../../../tests/support/images'
import { isZip, readQuizZip, ZIP_LIMITS } from './zip'

const CSV = 'question,o1,o2,o3,o4,correct\n"See ![Gel](gel.png)",a,b,c,d,1\n'

describe('readQuizZip', () => {
  it('reads the CSV and the images, dropping folders from names and skipping other files', () => {
    const zip = zipSync({
      'paper/questions.csv': strToU8(CSV),
      'paper/figures/gel.png': pngBytes(),
      'paper/figures/notes.txt': strToU8('not read'),
      '__MACOSX/paper/._gel.png': strToU8('fork'),
      'paper/.DS_Store': strToU8('x'),
    })
    expect(isZip(zip)).toBe(true)
    const r = readQuizZip(zip)
    if (!r.ok) throw new Error(r.message)
    expect(r.csv.base).toBe('questions.csv')
    expect(new TextDecoder().decode(r.csv.bytes)).toBe(CSV)
    expect(r.images.map((f) => [f.path, f.base])).toEqual([['paper/figures/gel.png', 'gel.png']])
    expect(Buffer.from(r.images[0]!.bytes)).toEqual(Buffer.from(pngBytes()))
  })

  it('reads an archive written as a stream (sizes after the data, as many zip tools write them)', () => {
    const chunks: Uint8Array[] = []
    const zip = new Zip((error, chunk) => {
      if (error) throw error
      chunks.push(chunk)
    })
    for (const [name, bytes] of [
      ['q.csv', strToU8(CSV)],
      ['gel.png', pngBytes(30, 30)],
    ] as const) {
      const file = new ZipDeflate(name)
      zip.add(file)
      file.push(bytes, true)
    }
    zip.end()
    const r = readQuizZip(new Uint8Array(Buffer.concat(chunks)))
    expect(r.ok && r.images.map((f) => f.base)).toEqual(['gel.png'])
  })

  it('refuses no CSV, two CSVs, two files of one name, and what is not a ZIP', () => {
    const msg = (files: Zippable) => {
      const r = readQuizZip(zipSync(files))
      return r.ok ? 'ok' : r.message
    }
    expect(msg({ 'gel.png': pngBytes() })).toBe('The ZIP holds no CSV file')
    expect(msg({ 'a.csv': strToU8(CSV), 'b/b.csv': strToU8(CSV) })).toBe(
      'The ZIP holds more than one CSV file (a.csv, b/b.csv)',
    )
    expect(msg({ 'q.csv': strToU8(CSV), 'a/gel.png': pngBytes(), 'b/GEL.png': pngBytes() })).toBe(
      'The ZIP holds two files named GEL.png (a/gel.png and b/GEL.png)',
    )
    const notZip = readQuizZip(strToU8('question,a,b\n'))
    expect(notZip.ok ? 'ok' : notZip.message).toBe('The ZIP holds no CSV file')
    const cut = zipSync({ 'q.csv': strToU8(CSV.repeat(50)), 'gel.png': pngBytes(200, 200, [1, 2, 3], true) })
    expect(readQuizZip(cut.subarray(0, cut.length / 2)).ok).toBe(false)
  })

  it('refuses an image over 1 MB and a CSV over 512 KB by what they inflate to', () => {
    const big = new Uint8Array(ZIP_LIMITS.imageBytes + 1)
    const r = readQuizZip(zipSync({ 'q.csv': strToU8(CSV), 'scan.png': big }))
    expect(r.ok ? 'ok' : r.message).toBe('scan.png is larger than 1 MB (an image may be at most 1 MB)')
    const csv = readQuizZip(zipSync({ 'q.csv': new Uint8Array(ZIP_LIMITS.csvBytes + 1) }))
    expect(csv.ok ? 'ok' : csv.message).toBe('q.csv is larger than 512 KB')
  })

  it('stops a zip bomb early: 100 MB of zeros in a small archive, or headers that understate the size', () => {
    const zeros = new Uint8Array(20 * 1024 * 1024)
    const files: Zippable = { 'q.csv': strToU8(CSV) }
    for (let i = 0; i < 5; i++) files[`bomb-${i}.png`] = zeros
    const bomb = zipSync(files, { level: 1 })
    expect(bomb.length).toBeLessThan(200 * 1024)
    const started = Date.now()
    const r = readQuizZip(bomb)
    expect(r.ok ? 'ok' : r.message).toMatch(/bomb-0\.png is larger than 1 MB/)
    expect(Date.now() - started).toBeLessThan(1000)

    // The same bomb with its headers claiming 100 bytes: the inflated bytes are what is counted.
    const lying = zipSync({ 'q.csv': strToU8(CSV), 'x.png': new Uint8Array(5 * 1024 * 1024) }, { level: 9 })
    const view = new DataView(lying.buffer, lying.byteOffset, lying.byteLength)
    for (let i = 0; i + 30 < lying.length; i++) {
      const sig = view.getUint32(i, true)
      if (sig === 0x04034b50) view.setUint32(i + 22, 100, true)
      if (sig === 0x02014b50) view.setUint32(i + 24, 100, true)
    }
    const lied = readQuizZip(lying)
    expect(lied.ok ? 'ok' : lied.message).toMatch(/x\.png is larger than 1 MB/)
  })

  it('refuses more entries than the limit and more than 20 MB in all', () => {
    const many: Zippable = { 'q.csv': strToU8(CSV) }
    for (let i = 0; i < ZIP_LIMITS.entries; i++) many[`f${i}.txt`] = strToU8('x')
    const r = readQuizZip(zipSync(many))
    expect(r.ok ? 'ok' : r.message).toBe(`The ZIP holds more than ${ZIP_LIMITS.entries} files`)
    const heavy: Zippable = { 'q.csv': strToU8(CSV) }
    for (let i = 0; i < 21; i++) heavy[`i${i}.png`] = new Uint8Array(1024 * 1024 - 10)
    const h = readQuizZip(zipSync(heavy))
    expect(h.ok ? 'ok' : h.message).toBe("The ZIP's files add up to more than 20 MB")
  })
})
