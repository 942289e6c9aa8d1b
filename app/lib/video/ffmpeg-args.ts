import type { VideoKind } from '~/lib/file-type'
import { inputArgs } from './container'
import { AUDIO_KBPS, DOWNLOAD_RUNG, rungsFor, type Rung, type RungName } from './ladder'

// The ffmpeg command lines of a lecture's transcode (docs/decisions/033-lecture-video.md), pure so that the
// transcoder (app/models/video/transcode.server.ts), its unit test and the benchmark (scripts/bench-transcode.mjs)
// run the very same arguments. One ffmpeg run writes the whole HLS ladder: the source is decoded once, split per
// rung, and every rung is its own fMP4 variant playlist (video rungs carry the mono speech audio muxed in, so the
// small MP4 is a plain remux of one of them; the audio rung is audio alone).
//
// Speed on a 2-core machine (measured by scripts/bench-transcode.mjs): x264 `veryfast`, the frame rate capped at
// 25 fps (15 fps for 144p and 240p: slides and a pointer need no more, and the low rungs' bytes drop), one decode.
// Keyframes are aligned across rungs: a fixed GOP of exactly SEGMENT_SECONDS at each rung's frame rate and no
// scene-cut keyframes, so every segment of every rung starts at the same instants and a player switches cleanly.
// Bitrate: capped CRF. Lecture slides are far below the ladder's rates most of the time (a 144p lecture is ~15 kbit/s
// of video), while the cap (the ladder's rate, over a 2-second buffer) bounds a busy camera shot. Every input is read
// with its demuxer forced and only local files allowed (inputArgs, ./container.ts).

/** Target length of an HLS segment. */
export const SEGMENT_SECONDS = 4
/** Frames per second of the 360p and 720p rungs, and of the rungs at or below LOW_FPS_MAX_HEIGHT. */
export const FPS = 25
export const LOW_FPS = 15
const LOW_FPS_MAX_HEIGHT = 240
/** x264 quality (constant rate factor) under each rung's cap. */
export const CRF = 26
export const X264_PRESET = 'veryfast'
/** Sample rate of the AAC-LC mono audio. */
export const AUDIO_RATE = 48_000
/** Height of the poster (never above the source). */
export const POSTER_HEIGHT = 360

export type VideoRungArgs = {
  name: RungName
  height: number
  fps: number
  /** Frames per GOP: SEGMENT_SECONDS at `fps`. */
  gop: number
  maxrateKbps: number
  bufsizeKbps: number
}

/** The encoding settings of each video rung (pure: the unit test checks bitrates, sizes and GOPs here). */
export function videoRungArgs(rung: Rung): VideoRungArgs {
  const fps = rung.height <= LOW_FPS_MAX_HEIGHT ? LOW_FPS : FPS
  return {
    name: rung.name,
    height: rung.height,
    fps,
    gop: fps * SEGMENT_SECONDS,
    maxrateKbps: rung.videoKbps,
    bufsizeKbps: rung.videoKbps * 2,
  }
}

/**
 * The ladder of a source `height` pixels tall: the rungs in the order they are written (video rungs lowest first,
 * then the audio rung; the master playlist lists them so, so a player that starts on the first listed variant starts
 * on the lightest video, as learners on 2G need), and the download rung (240p, or the lowest video rung when the
 * source is smaller).
 */
export function ladderPlan(height: number): { video: VideoRungArgs[]; rungs: RungName[]; download: RungName } {
  const rungs = rungsFor(height)
  const video = rungs.filter((r) => r.height > 0).map(videoRungArgs)
  const download = video.some((v) => v.name === DOWNLOAD_RUNG) ? DOWNLOAD_RUNG : video[0]!.name
  return { video, rungs: rungs.map((r) => r.name), download }
}

/**
 * The arguments of the one ffmpeg run that writes `hls/master.m3u8` and `hls/<rung>/index.m3u8` + `init_<rung>.mp4`
 * + `seg_<n>.m4s` into the working directory (ffmpeg 5.1 cannot name each variant's init segment plain `init.mp4`;
 * the transcoder renames them, see renameInitSegments). `hasAudio` false feeds silence, so every rung has the same
 * tracks. Progress goes to stdout (`-progress pipe:1`), errors to stderr. `kind` is the upload's container, read
 * with its own demuxer only.
 */
export function ladderArgs(input: {
  source: string
  kind: VideoKind
  height: number
  durationSeconds: number
  hasAudio?: boolean
  threads?: number
}): string[] {
  const { video } = ladderPlan(input.height)
  const hasAudio = input.hasAudio ?? true
  const n = video.length
  const audioOuts = n + 1
  const lines: string[] = []
  // One decode, its frames split per frame rate, then per rung (each rung scaled from the source, the width even).
  const byFps = [...new Set(video.map((v) => v.fps))]
  lines.push(`[0:v:0]format=yuv420p,split=${String(byFps.length)}${byFps.map((f) => `[r${String(f)}]`).join('')}`)
  for (const fps of byFps) {
    const here = video.filter((v) => v.fps === fps)
    lines.push(
      `[r${String(fps)}]fps=${String(fps)},split=${String(here.length)}${here.map((v) => `[s${v.name}]`).join('')}`,
    )
    for (const v of here) lines.push(`[s${v.name}]scale=-2:${String(v.height)}[v${v.name}]`)
  }
  const audioIn = hasAudio ? '[0:a:0]' : '[1:a:0]'
  lines.push(
    `${audioIn}aresample=${String(AUDIO_RATE)},aformat=channel_layouts=mono,asplit=${String(audioOuts)}${Array.from({ length: audioOuts }, (_, i) => `[a${String(i)}]`).join('')}`,
  )

  const args = ['-hide_banner', '-nostdin', '-v', 'error', '-progress', 'pipe:1', '-nostats', '-y']
  args.push(...inputArgs(input.kind, input.source))
  if (!hasAudio)
    args.push('-f', 'lavfi', '-t', input.durationSeconds.toFixed(3), '-i', `anullsrc=r=${String(AUDIO_RATE)}:cl=mono`)
  args.push('-filter_complex', lines.join(';'))
  const streamMap: string[] = []
  video.forEach((v, i) => {
    args.push('-map', `[v${v.name}]`, '-map', `[a${String(i)}]`)
    streamMap.push(`v:${String(i)},a:${String(i)},name:${v.name}`)
  })
  args.push('-map', `[a${String(n)}]`)
  streamMap.push(`a:${String(n)},name:audio`)

  args.push('-c:v', 'libx264', '-preset', X264_PRESET, '-profile:v', 'main', '-pix_fmt', 'yuv420p')
  args.push('-crf', String(CRF), '-sc_threshold', '0')
  if (input.threads) args.push('-threads', String(input.threads))
  video.forEach((v, i) => {
    const s = `:v:${String(i)}`
    args.push(`-g${s}`, String(v.gop), `-keyint_min${s}`, String(v.gop))
    args.push(`-maxrate${s}`, `${String(v.maxrateKbps)}k`, `-bufsize${s}`, `${String(v.bufsizeKbps)}k`)
  })
  args.push('-c:a', 'aac', '-b:a', `${String(AUDIO_KBPS)}k`, '-ac', '1', '-ar', String(AUDIO_RATE))
  args.push(
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_type',
    'fmp4',
    '-hls_fmp4_init_filename',
    'init_%v.mp4',
    '-hls_segment_filename',
    'hls/%v/seg_%d.m4s',
    '-master_pl_name',
    'master.m3u8',
    '-var_stream_map',
    streamMap.join(' '),
    'hls/%v/index.m3u8',
  )
  return args
}

/** A frame `seconds` into the source (of container `kind`) as `out` (a JPEG at most POSTER_HEIGHT tall). */
export function posterArgs(
  source: string,
  out: string,
  sourceHeight: number,
  durationSeconds: number,
  kind: VideoKind,
): string[] {
  // A few seconds in (past a fade from black), or the first frame of a clip too short for that.
  const at = durationSeconds >= 6 ? 3 : 0
  const height = Math.min(POSTER_HEIGHT, Math.max(2, sourceHeight - (sourceHeight % 2)))
  return [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-y',
    '-ss',
    String(at),
    ...inputArgs(kind, source),
    '-frames:v',
    '1',
    '-vf',
    `scale=-2:${String(height)}`,
    '-q:v',
    '4',
    out,
  ]
}

/** The small MP4: a remux of one rung's fMP4 (its init segment and segments, joined) with the index up front. */
export function smallMp4Args(joined: string, out: string): string[] {
  return [
    ...['-hide_banner', '-nostdin', '-v', 'error', '-y'],
    ...inputArgs('mp4', joined),
    ...['-c', 'copy', '-movflags', '+faststart', out],
  ]
}

/** The first error ffmpeg wrote, for the reason staff read ('ffmpeg could not read the video: ...'). */
export function firstErrorLine(stderr: string): string {
  const line = stderr
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.length > 0)
  return (line ?? 'no message').slice(0, 300)
}

/** The whole per cent of the transcode done, from `-progress`'s out_time_us (0-99: 100 is the row made ready). */
export function progressPercent(outTimeUs: number, durationSeconds: number): number {
  if (!(durationSeconds > 0) || !Number.isFinite(outTimeUs) || outTimeUs <= 0) return 0
  return Math.min(99, Math.floor(outTimeUs / (durationSeconds * 10_000)))
}
