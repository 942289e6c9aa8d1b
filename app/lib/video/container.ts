import type { VideoKind } from '~/lib/file-type'

// How ffmpeg and ffprobe read an upload (docs/decisions/040-video-upload-integrity.md), pure so the probe, the
// transcoder and the tests use one rule. Left to itself ffmpeg picks a demuxer by the content, whatever the name says,
// and several of its demuxers (DASH, HLS, concat, ...) read other files or addresses the content names. So the
// demuxer is always forced to the one the upload's first bytes say (`-f`), no other may open (`-format_whitelist`),
// nothing but a local file may be opened (`-protocol_whitelist file`), and the path itself is given as a `file:`
// address, so no part of it is ever read as another protocol.

/** The demuxer of each kind of upload, the `format_name` ffprobe then reports for it, and its name for staff. */
export const DEMUXERS: Record<VideoKind, { format: string; formatName: string; label: string }> = {
  mp4: { format: 'mov', formatName: 'mov,mp4,m4a,3gp,3g2,mj2', label: 'MP4' },
  mov: { format: 'mov', formatName: 'mov,mp4,m4a,3gp,3g2,mj2', label: 'MOV' },
  mkv: { format: 'matroska', formatName: 'matroska,webm', label: 'MKV' },
  webm: { format: 'matroska', formatName: 'matroska,webm', label: 'WebM' },
}

export const VIDEO_KINDS = Object.keys(DEMUXERS) as VideoKind[]
export const isVideoKind = (value: string): value is VideoKind => (VIDEO_KINDS as string[]).includes(value)

/** The input options and `-i` of a file of `kind` at `file` (ffmpeg and ffprobe alike). */
export function inputArgs(kind: VideoKind, file: string): string[] {
  const { format, formatName } = DEMUXERS[kind]
  return ['-f', format, '-format_whitelist', formatName, '-protocol_whitelist', 'file', '-i', `file:${file}`]
}

/** ffprobe's arguments: the container and its streams as JSON. */
export function probeArgs(kind: VideoKind, file: string): string[] {
  return ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...inputArgs(kind, file)]
}

/**
 * ffmpeg's arguments to measure how long the streams the ladder reads really are (the first video and the first
 * audio stream): they are demuxed and copied to nothing, so it is a read of the file, not a decode, and the last
 * `out_time_us` of `-progress` is where their packets end. A header's stated duration (MP4's `mvhd`, a manifest's
 * own) is never trusted: the transcode encodes the packets, however long the header says they are. No `-t` cap:
 * it would drop the packet past the cap and so hide how far the streams go.
 */
export function durationArgs(kind: VideoKind, file: string): string[] {
  return [
    ...['-hide_banner', '-nostdin', '-v', 'error', ...inputArgs(kind, file)],
    ...['-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy', '-f', 'null', '-progress', 'pipe:1', '-nostats', '-'],
  ]
}

/** The streams' length in seconds from the `-progress` output of durationArgs: its last `out_time_us`. */
export function measuredSeconds(progress: string): number | null {
  let last: number | null = null
  for (const match of progress.matchAll(/^out_time_us=(\d+)\s*$/gm)) last = Number(match[1]) / 1_000_000
  return last !== null && Number.isFinite(last) && last > 0 ? last : null
}

/** The kind an upload's storage key says (`videos/<id>/source.<kind>`), or null. */
export function kindOfKey(key: string): VideoKind | null {
  const ext = /\.([a-z0-9]+)$/.exec(key)?.[1] ?? ''
  return isVideoKind(ext) ? ext : null
}
