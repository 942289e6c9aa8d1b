import { spawn } from 'node:child_process'

// What ffprobe (Debian's ffmpeg package) reads of a video file: the upload's check that ffmpeg can read it and how long
// it is, and the transcoder's source height and duration. A file ffprobe cannot read is `{ ok: false }` with the
// reason in words, never an exception.

export type Probe =
  | { ok: true; durationSeconds: number; width: number; height: number; hasAudio: boolean; hasVideo: boolean }
  | { ok: false; reason: string }

export const FFPROBE = process.env.FFPROBE_PATH ?? 'ffprobe'

type FfprobeJson = {
  format?: { duration?: string }
  streams?: Array<{ codec_type?: string; width?: number; height?: number; duration?: string }>
}

/** Reads `filePath` with ffprobe (at most `timeoutMs`). */
export function probeVideo(filePath: string, timeoutMs = 30_000): Promise<Probe> {
  return new Promise((resolve) => {
    const child = spawn(FFPROBE, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', filePath], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let err = ''
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d))
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d.slice(0, 2000)))
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.on('error', (error) => {
      clearTimeout(timer)
      resolve({ ok: false, reason: `ffprobe could not run (${error.message})` })
    })
    child.on('close', (code) => {
      clearTimeout(timer)
      if (code !== 0) return resolve({ ok: false, reason: 'ffmpeg cannot read this file as a video' })
      try {
        const json = JSON.parse(out) as FfprobeJson
        const streams = json.streams ?? []
        const video = streams.find((s) => s.codec_type === 'video' && (s.width ?? 0) > 0)
        const duration = Number(json.format?.duration ?? video?.duration ?? NaN)
        if (!video) return resolve({ ok: false, reason: 'The file has no video picture' })
        if (!Number.isFinite(duration) || duration <= 0)
          return resolve({ ok: false, reason: 'ffmpeg cannot tell how long this video is' })
        resolve({
          ok: true,
          durationSeconds: duration,
          width: video.width ?? 0,
          height: video.height ?? 0,
          hasVideo: true,
          hasAudio: streams.some((s) => s.codec_type === 'audio'),
        })
      } catch {
        resolve({ ok: false, reason: err.trim() || 'ffmpeg cannot read this file as a video' })
      }
    })
  })
}
