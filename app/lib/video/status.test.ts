import { describe, expect, it } from 'vitest'
import { videoInProgress, videoStatusText } from './status'

describe('videoStatusText', () => {
  it('words each state', () => {
    expect(videoStatusText({ status: 'queued', progress: 0, error: null })).toBe('Queued')
    expect(videoStatusText({ status: 'transcoding', progress: 42.4, error: null })).toBe('Transcoding 42%')
    expect(videoStatusText({ status: 'transcoding', progress: 140, error: null })).toBe('Transcoding 100%')
    expect(videoStatusText({ status: 'ready', progress: 100, error: null })).toBe('Ready')
    expect(videoStatusText({ status: 'failed', progress: 3, error: 'ffmpeg exited with code 1' })).toBe(
      'Failed: ffmpeg exited with code 1',
    )
    expect(videoStatusText({ status: 'failed', progress: 3, error: null })).toBe('Failed: the transcode stopped')
  })

  it('knows which states move on their own', () => {
    expect(['queued', 'transcoding', 'ready', 'failed'].map((s) => videoInProgress(s as never))).toEqual([
      true,
      true,
      false,
      false,
    ])
  })
})
