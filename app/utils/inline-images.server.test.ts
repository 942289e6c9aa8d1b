import { describe, expect, it } from 'vitest'
import { inlineFirstViewImages } from './inline-images.server'

const inline = (html: string) => inlineFirstViewImages(html, 'public')

describe('inlineFirstViewImages', () => {
  it('turns a first-view static SVG of ours into a data: URL and drops its preload', () => {
    const html =
      '<head><link rel="preload" as="image" href="/images/courses/gate.svg" fetchPriority="high"/></head>' +
      '<img src="/images/courses/gate.svg" alt="" loading="eager" fetchPriority="high"/>'
    const out = inline(html)
    expect(out).not.toContain('rel="preload"')
    const src = out.match(/src="([^"]+)"/)![1]
    expect(src.startsWith('data:image/svg+xml,%3Csvg')).toBe(true)
    // Still one attribute: no double quote inside, # and < > encoded.
    expect(src).not.toMatch(/["#<>]/)
    expect(decodeURIComponent(src.slice('data:image/svg+xml,'.length))).toContain('viewBox')
  })

  it('leaves lazy images, uploads, other formats and missing files as links', () => {
    for (const tag of [
      '<img src="/images/courses/gate.svg" loading="lazy"/>',
      '<img src="/uploads/course-images/a.svg" fetchPriority="high"/>',
      '<img src="/images/photo.jpg" fetchPriority="high"/>',
      '<img src="/images/nope.svg" fetchPriority="high"/>',
      '<img src="/images/../../package.json" fetchPriority="high"/>',
    ])
      expect(inline(tag)).toBe(tag)
  })

  it('with `all`, every small static SVG of the page (the header logo and avatar), first view or not', () => {
    const html =
      '<link rel="preload" as="image" href="/images/logo.svg"/><img src="/images/logo.svg" alt="" width="28"/>' +
      '<img src="/images/default-avatar.svg" alt="A"/><img src="/uploads/profile/a.png" alt="B"/>'
    expect(inline(html)).toBe(html)
    const out = inlineFirstViewImages(html, 'public', { all: true })
    expect(out).not.toContain('rel="preload"')
    expect(out.match(/src="data:image\/svg\+xml,/g)).toHaveLength(2)
    expect(out).toContain('<img src="/uploads/profile/a.png" alt="B"/>')
  })
})
