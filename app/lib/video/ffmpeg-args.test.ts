import { describe, expect, test } from 'vitest'
import {
  firstErrorLine,
  ladderArgs,
  ladderPlan,
  posterArgs,
  progressPercent,
  SEGMENT_SECONDS,
  smallMp4Args,
  videoRungArgs,
} from './ffmpeg-args'
import { LADDER } from './ladder'

const after = (args: string[], flag: string) => args[args.indexOf(flag) + 1]

describe('the ladder plan', () => {
  test('a 320x240 source: audio, 144p and 240p, downloaded as 240p', () => {
    const plan = ladderPlan(240)
    expect(plan.rungs).toEqual(['audio', '144p', '240p'])
    expect(plan.video.map((v) => v.name)).toEqual(['144p', '240p'])
    expect(plan.download).toBe('240p')
  })

  test('a source under 144 lines gets 144p and downloads it; a 1080p one stops at 720p', () => {
    expect(ladderPlan(100)).toMatchObject({ rungs: ['audio', '144p'], download: '144p' })
    expect(ladderPlan(1080).rungs).toEqual(['audio', '144p', '240p', '360p', '720p'])
  })

  test('every rung: a GOP of one segment at its frame rate, capped at the ladder bitrate over 2 s of buffer', () => {
    for (const rung of LADDER.filter((r) => r.height > 0)) {
      const v = videoRungArgs(rung)
      expect(v.gop).toBe(v.fps * SEGMENT_SECONDS)
      expect(v.maxrateKbps).toBe(rung.videoKbps)
      expect(v.bufsizeKbps).toBe(rung.videoKbps * 2)
    }
    expect(videoRungArgs(LADDER[1]!).fps).toBe(15)
    expect(videoRungArgs(LADDER[4]!).fps).toBe(25)
  })
})

describe('the ffmpeg arguments', () => {
  const args = ladderArgs({ source: '/tmp/in.mp4', kind: 'mp4', height: 720, durationSeconds: 600 })
  const graph = after(args, '-filter_complex')!

  test('one run: scaled per rung, fixed keyframes, capped rates, fMP4 HLS of 4-second segments', () => {
    expect(args.filter((a) => a === '-i')).toHaveLength(1)
    for (const h of [144, 240, 360, 720]) expect(graph).toContain(`scale=-2:${String(h)}`)
    expect(after(args, '-sc_threshold')).toBe('0')
    expect(after(args, '-g:v:0')).toBe('60')
    expect(after(args, '-keyint_min:v:0')).toBe('60')
    expect(after(args, '-g:v:3')).toBe('100')
    expect(after(args, '-maxrate:v:0')).toBe('100k')
    expect(after(args, '-bufsize:v:0')).toBe('200k')
    expect(after(args, '-maxrate:v:3')).toBe('1500k')
    expect(after(args, '-b:a')).toBe('48k')
    expect(after(args, '-ac')).toBe('1')
    expect(after(args, '-hls_time')).toBe('4')
    expect(after(args, '-hls_segment_type')).toBe('fmp4')
    expect(after(args, '-hls_segment_filename')).toBe('hls/%v/seg_%d.m4s')
    expect(after(args, '-var_stream_map')).toBe(
      'v:0,a:0,name:144p v:1,a:1,name:240p v:2,a:2,name:360p v:3,a:3,name:720p a:4,name:audio',
    )
    expect(args.at(-1)).toBe('hls/%v/index.m3u8')
    expect(args).toContain('-progress')
    expect(graph).not.toContain('anullsrc')
  })

  test('a source without sound gets silence of its length, so every rung has the same tracks', () => {
    const silent = ladderArgs({ source: 'in.mp4', kind: 'mp4', height: 240, durationSeconds: 12.5, hasAudio: false })
    expect(silent).toContain('anullsrc=r=48000:cl=mono')
    expect(after(silent, '-t')).toBe('12.500')
    expect(after(silent, '-filter_complex')).toContain('[1:a:0]')
  })

  test('the poster: 3 s in, or the first frame of a short clip, never taller than the source or 360', () => {
    expect(after(posterArgs('in', 'poster.jpg', 720, 600, 'mp4'), '-ss')).toBe('3')
    expect(after(posterArgs('in', 'poster.jpg', 720, 2, 'mp4'), '-ss')).toBe('0')
    expect(after(posterArgs('in', 'poster.jpg', 720, 600, 'mp4'), '-vf')).toBe('scale=-2:360')
    expect(after(posterArgs('in', 'poster.jpg', 241, 600, 'mp4'), '-vf')).toBe('scale=-2:240')
    expect(smallMp4Args('j.mp4', 'small.mp4')).toEqual(expect.arrayContaining(['-c', 'copy', '+faststart']))
  })
})

describe('progress and errors', () => {
  test('whole per cent of out_time_us over the duration, never 100 before the row is ready', () => {
    expect(progressPercent(1_000_000, 2)).toBe(50)
    expect(progressPercent(1_999_999, 2)).toBe(99)
    expect(progressPercent(5_000_000, 2)).toBe(99)
    expect(progressPercent(NaN, 2)).toBe(0)
    expect(progressPercent(1_000_000, 0)).toBe(0)
  })

  test("the first line ffmpeg wrote to stderr is the reason's detail", () => {
    expect(firstErrorLine('\n  x.mp4: Invalid data found when processing input\nmore')).toBe(
      'x.mp4: Invalid data found when processing input',
    )
    expect(firstErrorLine('')).toBe('no message')
  })
})
