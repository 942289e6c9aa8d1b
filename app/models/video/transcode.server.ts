import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {
  firstErrorLine,
  ladderArgs,
  ladderPlan,
  posterArgs,
  progressPercent,
  smallMp4Args,
} from '~/lib/video/ffmpeg-args'
import type { VideoKind } from '~/lib/file-type'
import type { RungName } from '~/lib/video/ladder'
import { VIDEO_MESSAGES } from '~/lib/video/upload-rules'
import { FFMPEG, kindOfFile } from './probe.server'

// The transcode of one lecture video (docs/decisions/033-lecture-video.md) with Debian's ffmpeg (the `ffmpeg`
// package: the Dockerfile installs it, scripts/test.mjs too), never a bundled binary. Into `outDir` it writes:
//   hls/master.m3u8                    every rung (video rungs lowest first, then the audio rung)
//   hls/<rung>/index.m3u8, init.mp4, seg_<n>.m4s    one fMP4 variant per rung
//   small.mp4                          the download rung (240p, or the lowest video rung) remuxed, index first
//   poster.jpg
// The audio rung is listed in the master playlist too: Safari may fall back to it on a very weak network, and
// hls.js drops audio-only variants from a master that has video ones, so the player loads `hls/audio/index.m3u8`
// itself for 'Audio only'. The arguments come from app/lib/video/ffmpeg-args.ts (the benchmark runs the same): every
// input is read with its container's own demuxer and local files only (app/lib/video/container.ts).

export { FFMPEG }

/** A transcode that failed for a reason staff can act on (the message is shown to them as is). */
export class TranscodeError extends Error {}

export type TranscodeOptions = {
  /** The source's height in pixels (probeVideo): no rung above it. */
  height: number
  durationSeconds: number
  /** False for a source without sound: the rungs carry silence. */
  hasAudio?: boolean
  /** The source's container (probeVideo's `kind`); by default what its first bytes say. */
  kind?: VideoKind
  onProgress?: (percent: number) => void
  signal?: AbortSignal
}

/** Writes the whole ladder of `sourcePath` into `outDir` (see above); rejects with a TranscodeError, or on abort. */
export async function transcodeLadder(
  sourcePath: string,
  outDir: string,
  opts: TranscodeOptions,
): Promise<{ rungs: RungName[] }> {
  const kind = opts.kind ?? (await kindOfFile(sourcePath).catch(() => null))
  if (!kind || kind === 'empty') throw new TranscodeError(`ffmpeg could not read the video: ${VIDEO_MESSAGES.notVideo}`)
  const plan = ladderPlan(opts.height)
  for (const rung of plan.rungs) await fs.promises.mkdir(path.join(outDir, 'hls', rung), { recursive: true })
  let last = -1
  const args = ladderArgs({
    source: path.resolve(sourcePath),
    kind,
    height: opts.height,
    durationSeconds: opts.durationSeconds,
    hasAudio: opts.hasAudio,
  })
  await runFfmpeg(args, {
    cwd: outDir,
    signal: opts.signal,
    failure: 'ffmpeg could not read the video',
    onLine(line) {
      const match = /^out_time_us=(\d+)/.exec(line)
      if (!match || !opts.onProgress) return
      const percent = progressPercent(Number(match[1]), opts.durationSeconds)
      if (percent !== last) opts.onProgress((last = percent))
    },
  })
  await renameInitSegments(outDir, plan.rungs)
  await writeSmallMp4(outDir, plan.download, opts.signal)
  await runFfmpeg(posterArgs(path.resolve(sourcePath), 'poster.jpg', opts.height, opts.durationSeconds, kind), {
    cwd: outDir,
    signal: opts.signal,
    failure: 'ffmpeg could not make the poster',
  })
  return { rungs: plan.rungs }
}

/** Every file the transcode wrote, relative to `outDir` with '/' separators ('hls/144p/seg_0.m4s', ...). */
export async function transcodedFiles(outDir: string): Promise<string[]> {
  const entries = await fs.promises.readdir(outDir, { recursive: true, withFileTypes: true })
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(outDir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort()
}

/**
 * ffmpeg 5.1's HLS muxer names each variant's init segment `init_<variant>.mp4`; storage keys (VIDEO_KEY_PATTERN in
 * app/services/storage.server.ts) and the player expect `init.mp4` in the rung's folder, so rename it and its line.
 */
async function renameInitSegments(outDir: string, rungs: RungName[]): Promise<void> {
  for (const rung of rungs) {
    const dir = path.join(outDir, 'hls', rung)
    const playlist = path.join(dir, 'index.m3u8')
    const text = await fs.promises.readFile(playlist, 'utf8')
    const from = `URI="init_${rung}.mp4"`
    if (!text.includes(from)) throw new TranscodeError(`ffmpeg wrote an unexpected playlist for ${rung}`)
    await fs.promises.rename(path.join(dir, `init_${rung}.mp4`), path.join(dir, 'init.mp4'))
    await fs.promises.writeFile(playlist, text.replace(from, 'URI="init.mp4"'))
  }
}

/** small.mp4: the rung's init segment and segments joined (a fragmented MP4), remuxed with its index up front. */
async function writeSmallMp4(outDir: string, rung: RungName, signal?: AbortSignal): Promise<void> {
  const dir = path.join(outDir, 'hls', rung)
  const segments = (await fs.promises.readFile(path.join(dir, 'index.m3u8'), 'utf8'))
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
  // Joined outside hls/ and removed after, so only the ladder's own files are left to store.
  const joined = path.join(outDir, 'joined.mp4')
  const out = fs.createWriteStream(joined)
  try {
    for (const name of ['init.mp4', ...segments]) {
      await new Promise<void>((resolve, reject) => {
        const input = fs.createReadStream(path.join(dir, path.basename(name)))
        input.on('error', reject)
        input.on('end', resolve)
        input.pipe(out, { end: false })
      })
    }
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())))
    await runFfmpeg(smallMp4Args('joined.mp4', 'small.mp4'), {
      cwd: outDir,
      signal,
      failure: 'ffmpeg could not make the small MP4',
    })
  } finally {
    out.destroy()
    await fs.promises.rm(joined, { force: true })
  }
}

/** Runs ffmpeg in `cwd`; a non-zero exit rejects with `failure: <its first error line>`; an abort kills it. */
function runFfmpeg(
  args: string[],
  options: { cwd: string; signal?: AbortSignal; failure: string; onLine?: (line: string) => void },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const { signal } = options
    if (signal?.aborted) return reject(abortError(signal))
    const child = spawn(FFMPEG, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] })
    let stderr = ''
    let pending = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      pending += chunk
      const lines = pending.split('\n')
      pending = lines.pop() ?? ''
      for (const line of lines) options.onLine?.(line.trim())
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < 8000) stderr += chunk
    })
    const onAbort = () => child.kill('SIGKILL')
    signal?.addEventListener('abort', onAbort, { once: true })
    child.on('error', (error) => {
      signal?.removeEventListener('abort', onAbort)
      reject(new TranscodeError(`ffmpeg could not run on this server (${error.message})`))
    })
    child.on('close', (code) => {
      signal?.removeEventListener('abort', onAbort)
      if (signal?.aborted) return reject(abortError(signal))
      if (code === 0) return resolve()
      reject(new TranscodeError(`${options.failure}: ${firstErrorLine(stderr)}`))
    })
  })
}

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('The transcode was stopped', 'AbortError')
}
