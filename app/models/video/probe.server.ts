import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { videoKindOf, type VideoKind } from '~/lib/file-type'
import { DEMUXERS, durationArgs, measuredSeconds, probeArgs } from '~/lib/video/container'
import { VIDEO_MESSAGES } from '~/lib/video/upload-rules'

// What ffprobe (Debian's ffmpeg package) reads of a video file: the upload's check that ffmpeg can read it and how long
// it is, and the transcoder's source height and duration. A file ffprobe cannot read is `{ ok: false }` with the
// reason in words, never an exception. The file is read only as the container its first bytes say, with that one
// demuxer and local files only (app/lib/video/container.ts, docs/decisions/040-video-upload-integrity.md), and its
// length is what its streams' packets span, never what a header states.

export type Probe =
  | {
      ok: true
      kind: VideoKind
      durationSeconds: number
      width: number
      height: number
      hasAudio: boolean
      hasVideo: boolean
    }
  | { ok: false; reason: string }

export const FFPROBE = process.env.FFPROBE_PATH ?? 'ffprobe'
export const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg'

/** How long the measure of the streams may take: a read of the whole file (2 GB at a slow disk's 50 MB/s is 40 s). */
const MEASURE_TIMEOUT_MS = 180_000

type FfprobeJson = {
  format?: { format_name?: string }
  streams?: Array<{ codec_type?: string; width?: number; height?: number }>
}

/** The container a file's first bytes say it is (app/lib/file-type.ts); 'empty' for a file of no bytes. */
export async function kindOfFile(filePath: string): Promise<VideoKind | 'empty' | null> {
  const head = new Uint8Array(64)
  const handle = await fs.promises.open(filePath, 'r')
  try {
    const { bytesRead } = await handle.read(head, 0, head.length, 0)
    return bytesRead === 0 ? 'empty' : videoKindOf(head.subarray(0, bytesRead))
  } finally {
    await handle.close()
  }
}

/**
 * Reads `filePath` as a `kind` file (by default what its first bytes say): ffprobe for the container and streams
 * (at most `timeoutMs`), refused unless ffprobe reports that very container; then the length of the streams the
 * ladder reads, measured by demuxing them (durationArgs).
 */
export async function probeVideo(filePath: string, kind?: VideoKind, timeoutMs = 30_000): Promise<Probe> {
  const sniffed = kind ?? (await kindOfFile(filePath).catch(() => null))
  if (!sniffed || sniffed === 'empty') return { ok: false, reason: VIDEO_MESSAGES.notVideo }
  const file = path.resolve(filePath)
  const probed = await run(FFPROBE, probeArgs(sniffed, file), timeoutMs, 1_000_000)
  if (probed.error) return { ok: false, reason: `ffprobe could not run (${probed.error})` }
  if (probed.code !== 0) return { ok: false, reason: 'ffmpeg cannot read this file as a video' }
  let json: FfprobeJson
  try {
    json = JSON.parse(probed.out) as FfprobeJson
  } catch {
    return { ok: false, reason: probed.err.trim() || 'ffmpeg cannot read this file as a video' }
  }
  const formatName = json.format?.format_name ?? ''
  if (formatName !== DEMUXERS[sniffed].formatName)
    return { ok: false, reason: `it is not a real ${DEMUXERS[sniffed].label} file (ffmpeg reads it as ${formatName})` }
  const streams = json.streams ?? []
  const video = streams.find((s) => s.codec_type === 'video' && (s.width ?? 0) > 0)
  if (!video) return { ok: false, reason: 'The file has no video picture' }
  const measured = await run(FFMPEG, durationArgs(sniffed, file), MEASURE_TIMEOUT_MS, 4096)
  if (measured.error) return { ok: false, reason: `ffmpeg could not run (${measured.error})` }
  const duration = measured.code === 0 ? measuredSeconds(measured.out) : null
  if (duration === null) return { ok: false, reason: 'ffmpeg cannot tell how long this video is' }
  return {
    ok: true,
    kind: sniffed,
    durationSeconds: duration,
    width: video.width ?? 0,
    height: video.height ?? 0,
    hasVideo: true,
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
  }
}

/**
 * Runs a tool to its end or `timeoutMs` (then killed: code null). Of stdout it keeps the first `keep` characters when
 * `keep` is over 4096 (ffprobe's JSON; more fails the parse), else the last `keep` (the measure's final progress).
 */
function run(
  command: string,
  args: string[],
  timeoutMs: number,
  keep: number,
): Promise<{ code: number | null; out: string; err: string; error?: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out = keep > 4096 ? (out + d).slice(0, keep + 1) : (out + d).slice(-keep)
    })
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      if (err.length < 2000) err += d.slice(0, 2000)
    })
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.on('error', (error) => {
      clearTimeout(timer)
      resolve({ code: null, out, err, error: error.message })
    })
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, out, err })
    })
  })
}
