import { describe, expect, test } from 'vitest'
import {
  POSTER_GRADIENT,
  videoFacadeDoc,
  VIDEO_FALLBACK_POSTER,
  youtubeEmbedUrl,
  youtubeId,
  youtubeThumbUrl,
} from './youtube'

describe('youtubeId', () => {
  test('reads embed, watch, short and youtu.be links', () => {
    expect(youtubeId('https://www.youtube.com/embed/URUJD5NEXC8')).toBe('URUJD5NEXC8')
    expect(youtubeId('https://www.youtube.com/embed/URUJD5NEXC8?start=10')).toBe('URUJD5NEXC8')
    expect(youtubeId('https://youtube.com/watch?v=URUJD5NEXC8&t=3')).toBe('URUJD5NEXC8')
    expect(youtubeId('https://m.youtube.com/shorts/URUJD5NEXC8')).toBe('URUJD5NEXC8')
    expect(youtubeId('https://youtu.be/URUJD5NEXC8')).toBe('URUJD5NEXC8')
    expect(youtubeId('https://www.youtube-nocookie.com/embed/URUJD5NEXC8')).toBe('URUJD5NEXC8')
  })

  test('refuses other hosts, bad ids and non-URLs', () => {
    expect(youtubeId('https://evil.example/embed/URUJD5NEXC8')).toBeNull()
    expect(youtubeId('https://www.youtube.com/embed/short')).toBeNull()
    expect(youtubeId('https://www.youtube.com/embed/"><script>')).toBeNull()
    expect(youtubeId('not a url')).toBeNull()
    expect(youtubeId('javascript:alert(1)')).toBeNull()
  })

  test('builds thumbnail and embed URLs', () => {
    expect(youtubeThumbUrl('URUJD5NEXC8')).toBe('https://i.ytimg.com/vi/URUJD5NEXC8/hqdefault.jpg')
    expect(youtubeEmbedUrl('URUJD5NEXC8')).toContain('/embed/URUJD5NEXC8?rel=0&autoplay=1')
    expect(youtubeEmbedUrl('URUJD5NEXC8', false)).not.toContain('autoplay')
  })
})

describe('videoFacadeDoc', () => {
  test('one link to the autoplaying embed over the thumbnail, with our poster layered under it, and no script', () => {
    const doc = videoFacadeDoc({ id: 'URUJD5NEXC8', title: 'Cells' })
    expect(doc).toContain('<a href="https://www.youtube-nocookie.com/embed/URUJD5NEXC8?rel=0&#38;autoplay=1">')
    expect(doc).toContain(`background-image:url("${youtubeThumbUrl('URUJD5NEXC8')}"),url("${VIDEO_FALLBACK_POSTER}")`)
    expect(doc).toContain('Play video: </span>Cells</b>')
    expect(doc).not.toMatch(/<script|\son\w+=/i)
    // Our own poster needs no fallback image under it: the gradient costs no request and no SVG document.
    const hero = videoFacadeDoc({ id: 'URUJD5NEXC8', title: 'x', poster: '/images/hero-poster.svg' })
    expect(hero).toContain(`background-image:url("/images/hero-poster.svg"),${POSTER_GRADIENT}}`)
    expect(hero).not.toContain(VIDEO_FALLBACK_POSTER)
    expect(hero).not.toContain('i.ytimg.com')
  })

  test('escapes the title as HTML and the poster as a CSS string', () => {
    const doc = videoFacadeDoc({
      id: 'URUJD5NEXC8',
      title: `<script>alert("x")</script> & 'y'`,
      poster: '/a")}</style><script>x',
    })
    expect(doc).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;y&#39;')
    expect(doc.match(/<\/style>/g)).toHaveLength(1)
    expect(doc).not.toContain('<script')
    expect(doc).toContain('url("/a\\22 \\29 \\7d \\3c /style\\3e \\3c script\\3e x")')
  })
})
