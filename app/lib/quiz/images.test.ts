import { describe, expect, it } from 'vitest'
import { imageMarkup, imageNameOf, QUIZ_IMAGE_NAME_MAX, quizImageUrl, uniqueImageName } from './images'
import { imageRefs, namesImage, renameImageRefs } from './image-refs'

describe('imageNameOf', () => {
  it('makes a name staff can type in markup from a file name', () => {
    expect(imageNameOf('Gel Photo (2).PNG', 'png')).toBe('gel-photo-2.png')
    expect(imageNameOf('pedigree.jpeg', 'jpeg')).toBe('pedigree.jpeg')
    expect(imageNameOf('Fig_3.webp', 'webp')).toBe('fig_3.webp')
    expect(imageNameOf('Élodie café.jpg', 'jpeg')).toBe('elodie-cafe.jpg')
  })

  it('drops folders (a ZIP path, a Windows path) and adds the extension of the real type when there is none', () => {
    expect(imageNameOf('paper/figures/Q12 gel.png', 'png')).toBe('q12-gel.png')
    expect(imageNameOf('C:\\scans\\cell.JPG', 'jpeg')).toBe('cell.jpg')
    expect(imageNameOf('diagram', 'webp')).toBe('diagram.webp')
    expect(imageNameOf('graph.gif', 'png')).toBe('graph.gif.png')
    expect(imageNameOf('', 'jpeg')).toBe('image.jpg')
    expect(imageNameOf('../../..', 'png')).toBe('image.png')
    expect(imageNameOf('%%%.png', 'png')).toBe('png.png')
  })

  it('never gives a name Markdown would read differently, and bounds its length', () => {
    for (const raw of ['a b)c.png', '![x](y).png', '<script>.png', 'a"b\'c.png', '  .hidden.png', 'x\ny.png'])
      expect(imageNameOf(raw, 'png')).toMatch(/^[a-z0-9][a-z0-9._-]*\.(png|jpe?g|webp)$/)
    const long = imageNameOf(`${'x'.repeat(200)}.png`, 'png')
    expect(long.length).toBeLessThanOrEqual(QUIZ_IMAGE_NAME_MAX)
    expect(long.endsWith('.png')).toBe(true)
  })
})

describe('uniqueImageName', () => {
  it('numbers a second and third upload of one name', () => {
    expect(uniqueImageName('gel.png', new Set())).toBe('gel.png')
    expect(uniqueImageName('gel.png', new Set(['gel.png']))).toBe('gel-2.png')
    expect(uniqueImageName('gel.png', new Set(['gel.png', 'gel-2.png']))).toBe('gel-3.png')
    const long = `${'y'.repeat(QUIZ_IMAGE_NAME_MAX - 4)}.png`
    const next = uniqueImageName(long, new Set([long]))
    expect(next.length).toBeLessThanOrEqual(QUIZ_IMAGE_NAME_MAX)
    expect(next.endsWith('-2.png')).toBe(true)
  })
})

describe('quizImageUrl and imageMarkup', () => {
  it('puts the image id in the address and gives the markup to paste', () => {
    expect(quizImageUrl({ id: 'a'.repeat(24), name: 'gel.png' })).toBe(`/quiz-images/${'a'.repeat(24)}/gel.png`)
    expect(imageMarkup({ name: 'gel.png', alt: 'Agarose gel, lanes 1-4' })).toBe('![Agarose gel, lanes 1-4](gel.png)')
    expect(imageMarkup({ name: 'x.png', alt: 'a [b]\nc' })).toBe('![a \\[b\\] c](x.png)')
  })
})

describe('imageRefs', () => {
  it('finds the images markup names, with their alt text, where Markdown renders them', () => {
    expect(imageRefs('A ![Gel, lanes 1-4](gel.png) and ![](<cell.png> "t")')).toEqual([
      { name: 'gel.png', alt: 'Gel, lanes 1-4' },
      { name: 'cell.png', alt: '' },
    ])
    expect(imageRefs('| a |\n|---|\n| ![x](t.png) |\n\n- ![y \\] z](l.png)')).toEqual([
      { name: 't.png', alt: 'x' },
      { name: 'l.png', alt: 'y ] z' },
    ])
    // A link is not an image; an escaped or code-spanned one is text.
    expect(imageRefs('[gel](gel.png) \\![a](b.png) `![c](d.png)`')).toEqual([])
    expect(imageRefs(null)).toEqual([])
  })

  it('namesImage: one name exactly', () => {
    expect(namesImage('see ![g](gel.png)', 'gel.png')).toBe(true)
    expect(namesImage('see ![g](gel.png)', 'gel')).toBe(false)
    expect(namesImage('see ![g](big-gel.png)', 'gel.png')).toBe(false)
    expect(namesImage('gel.png in words', 'gel.png')).toBe(false)
  })
})

describe('renameImageRefs', () => {
  it('renames an image target, never other text or a link', () => {
    const renames = new Map([
      ['Gel 1.PNG', 'gel-1.png'],
      ['fig.png', 'fig-2.png'],
    ])
    expect(
      renameImageRefs('![a](<Gel 1.PNG>) ![b \\] c](fig.png "t") [link](fig.png) fig.png ![d](fig.png)', renames),
    ).toBe('![a](<gel-1.png>) ![b \\] c](fig-2.png "t") [link](fig.png) fig.png ![d](fig-2.png)')
    expect(renameImageRefs('![x](fig.pngx)', renames)).toBe('![x](fig.pngx)')
  })
})
