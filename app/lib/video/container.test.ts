import { describe, expect, test } from 'vitest'
import { DEMUXERS, durationArgs, inputArgs, kindOfKey, measuredSeconds, probeArgs } from './container'
import { ladderArgs, posterArgs, smallMp4Args } from './ffmpeg-args'

const after = (args: string[], flag: string) => args[args.indexOf(flag) + 1]

describe('how an upload is read', () => {
  test('the demuxer forced, no other allowed, local files only, the path a file: address', () => {
    expect(inputArgs('mp4', '/d/source.mp4')).toEqual([
      ...['-f', 'mov', '-format_whitelist', 'mov,mp4,m4a,3gp,3g2,mj2', '-protocol_whitelist', 'file'],
      ...['-i', 'file:/d/source.mp4'],
    ])
    expect(inputArgs('webm', 'x:y.webm')).toEqual([
      ...['-f', 'matroska', '-format_whitelist', 'matroska,webm', '-protocol_whitelist', 'file'],
      ...['-i', 'file:x:y.webm'],
    ])
    expect(DEMUXERS.mov.formatName).toBe(DEMUXERS.mp4.formatName)
    expect(DEMUXERS.mkv.formatName).toBe('matroska,webm')
  })

  test('every ffmpeg and ffprobe input of the pipeline goes through it', () => {
    const runs = [
      probeArgs('mp4', '/s.mp4'),
      durationArgs('mp4', '/s.mp4'),
      ladderArgs({ source: '/s.mp4', kind: 'mp4', height: 240, durationSeconds: 10 }),
      ladderArgs({ source: '/s.mp4', kind: 'mp4', height: 240, durationSeconds: 10, hasAudio: false }),
      posterArgs('/s.mp4', 'poster.jpg', 240, 10, 'mp4'),
      smallMp4Args('joined.mp4', 'small.mp4'),
    ]
    for (const args of runs) {
      const inputs = args.flatMap((a, i) => (a === '-i' ? [args[i + 1]!] : []))
      // The one other input is the generated silence of a source without sound.
      for (const input of inputs.filter((i) => !i.startsWith('anullsrc')))
        expect(args.slice(args.indexOf(input) - 7, args.indexOf(input) + 1)).toEqual(
          inputArgs('mp4', input.slice('file:'.length)),
        )
    }
  })

  test('the length is measured on the streams the ladder reads, copied to nothing, uncapped', () => {
    const args = durationArgs('mkv', '/s.mkv')
    expect(after(args, '-c')).toBe('copy')
    expect(args.slice(-4)).toEqual(['-progress', 'pipe:1', '-nostats', '-'])
    expect(args).toEqual(expect.arrayContaining(['-map', '0:v:0', '-map', '0:a:0?', '-f', 'null']))
    expect(args).not.toContain('-t')
  })

  test('the measure is the last out_time_us ffmpeg reported; none, or zero, is no measure', () => {
    expect(measuredSeconds('out_time_us=0\nprogress=continue\nout_time_us=7012426\nprogress=end\n')).toBeCloseTo(7.012)
    expect(measuredSeconds('out_time_us=N/A\nprogress=end\n')).toBeNull()
    expect(measuredSeconds('out_time_us=0\nprogress=end\n')).toBeNull()
    expect(measuredSeconds('')).toBeNull()
  })

  test('the kind of a stored upload is its key’s extension, one of the four', () => {
    expect(kindOfKey('videos/abc/source.webm')).toBe('webm')
    expect(kindOfKey('videos/abc/source.mov')).toBe('mov')
    expect(kindOfKey('videos/abc/source.m3u8')).toBeNull()
    expect(kindOfKey('videos/abc/source')).toBeNull()
  })
})
