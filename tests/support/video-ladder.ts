// A tiny lecture ladder for tests (the real transcoder, app/models/video/transcode.server.ts, is tested on its own): Debian's ffmpeg
// renders a test pattern with a tone into the layout the transcoder writes under `videos/<id>/`
// (app/services/storage.server.ts VIDEO_KEY_PATTERN): hls/master.m3u8, hls/<rung>/{index.m3u8, init.mp4,
// seg_NNNNN.m4s}, small.mp4 and poster.jpg. Made once per test file (well under a second), then copied into storage.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export type Ladder = { dir: string; files: string[] }

/** Renders a `seconds`-long ladder (audio, 144p, 240p) into a new temporary folder; returns its files (relative). */
export function makeLadder(seconds = 4): Ladder {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'biocoach-ladder-'))
  fs.mkdirSync(path.join(dir, 'hls'))
  const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args])
  const inputs = [
    ...['-f', 'lavfi', '-i', `testsrc2=s=426x240:d=${String(seconds)}:r=25`],
    ...['-f', 'lavfi', '-i', `sine=d=${String(seconds)}:frequency=440`],
  ]
  ffmpeg([
    ...inputs,
    ...['-filter_complex', '[0:v]split=2[a][b];[a]scale=256:144[v144];[b]null[v240]'],
    ...['-map', '[v144]', '-map', '1:a', '-map', '[v240]', '-map', '1:a', '-map', '1:a'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '50', '-keyint_min', '50'],
    ...['-sc_threshold', '0', '-c:a', 'aac', '-ac', '1', '-b:a', '48k', '-b:v:0', '100k', '-b:v:1', '200k'],
    ...['-f', 'hls', '-hls_time', '2', '-hls_playlist_type', 'vod', '-hls_segment_type', 'fmp4'],
    ...['-hls_fmp4_init_filename', 'init.mp4', '-hls_segment_filename', path.join(dir, 'hls/%v/seg_%05d.m4s')],
    ...['-master_pl_name', 'master.m3u8', '-var_stream_map', 'v:0,a:0,name:144p v:1,a:1,name:240p a:2,name:audio'],
    path.join(dir, 'hls/%v/index.m3u8'),
  ])
  // ffmpeg numbers the init segments per stream (init_0.mp4); the ladder's name is init.mp4.
  for (const rung of ['144p', '240p', 'audio']) {
    const folder = path.join(dir, 'hls', rung)
    const init = fs.readdirSync(folder).find((f) => /^init_\d+\.mp4$/.test(f))!
    fs.renameSync(path.join(folder, init), path.join(folder, 'init.mp4'))
    const playlist = path.join(folder, 'index.m3u8')
    fs.writeFileSync(playlist, fs.readFileSync(playlist, 'utf8').replace(init, 'init.mp4'))
  }
  ffmpeg([
    ...inputs,
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-ac', '1'],
    ...['-movflags', '+faststart', '-shortest', path.join(dir, 'small.mp4')],
  ])
  ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=426x240:d=1', '-frames:v', '1', path.join(dir, 'poster.jpg')])
  const files = fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort()
  return { dir, files }
}

/** Copies a ladder into the uploads folder at `uploadsDir` as video `videoId`'s files (the local storage layout). */
export function copyLadderTo(uploadsDir: string, videoId: string, ladder: Ladder) {
  for (const file of ladder.files) {
    const to = path.join(uploadsDir, 'videos', videoId, file)
    fs.mkdirSync(path.dirname(to), { recursive: true })
    fs.copyFileSync(path.join(ladder.dir, file), to)
  }
}

/** The `videos` row of a ready video for `lectureId` (what the transcoder leaves behind). */
export function readyVideoRow(videoId: string, lectureId: string, now = new Date()) {
  const at = now.toISOString()
  return {
    id: videoId,
    lecture_id: lectureId,
    status: 'ready' as const,
    progress: 100,
    source_key: `videos/${videoId}/source.mp4`,
    source_name: 'lecture.mp4',
    source_bytes: 1000,
    duration_seconds: 600,
    width: 426,
    height: 240,
    rungs: JSON.stringify(['audio', '144p', '240p']),
    created_at: at,
    updated_at: at,
    ready_at: at,
  }
}
