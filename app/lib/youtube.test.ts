import { describe, expect, test } from 'vitest'
import { youtubeEmbedUrl, youtubeId, youtubeThumbUrl, youtubeWatchUrl } from './youtube'

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

  test('builds watch, thumbnail and embed URLs', () => {
    expect(youtubeWatchUrl('URUJD5NEXC8')).toBe('https://www.youtube.com/watch?v=URUJD5NEXC8')
    expect(youtubeThumbUrl('URUJD5NEXC8')).toBe('https://i.ytimg.com/vi/URUJD5NEXC8/hqdefault.jpg')
    expect(youtubeEmbedUrl('URUJD5NEXC8')).toContain('/embed/URUJD5NEXC8?rel=0&autoplay=1')
    expect(youtubeEmbedUrl('URUJD5NEXC8', false)).not.toContain('autoplay')
  })
})
