// The HLS ladder a lecture's upload is transcoded to (docs/decisions/033-lecture-video.md): an audio-only rung for 2G
// (the teacher's voice with the poster), then video rungs from 144p up, never above the source's height. Bitrates are
// the video's own; every video rung carries the same mono speech audio. Pure, so the transcoder, the player's
// quality menu and the tests read one list.

export type RungName = 'audio' | '144p' | '240p' | '360p' | '720p'

export type Rung = {
  name: RungName
  /** Frame height in pixels; 0 for the audio-only rung. */
  height: number
  /** Video bitrate in kbit/s (0 for audio-only). */
  videoKbps: number
  /** Menu label in the player. */
  label: string
}

/** Audio of every rung: AAC-LC mono, enough for speech (Debian's ffmpeg has no HE-AAC encoder). */
export const AUDIO_KBPS = 48

export const LADDER: readonly Rung[] = [
  { name: 'audio', height: 0, videoKbps: 0, label: 'Audio only' },
  { name: '144p', height: 144, videoKbps: 100, label: '144p' },
  { name: '240p', height: 240, videoKbps: 200, label: '240p' },
  { name: '360p', height: 360, videoKbps: 400, label: '360p' },
  { name: '720p', height: 720, videoKbps: 1500, label: '720p' },
]

/** The rung the small MP4 (download, and browsers without HLS) is made from. */
export const DOWNLOAD_RUNG: RungName = '240p'

/**
 * The rungs for a source `sourceHeight` pixels tall: audio always, each video rung not above the source, and at
 * least the lowest video rung (a source under 144 lines is scaled to it rather than offered as audio only).
 */
export function rungsFor(sourceHeight: number): Rung[] {
  const video = LADDER.filter((r) => r.height > 0 && r.height <= sourceHeight)
  return [LADDER[0]!, ...(video.length ? video : [LADDER[1]!])]
}

export const isRungName = (value: string): value is RungName => LADDER.some((r) => r.name === value)

/** 'Continue at 12:34' and the like: whole seconds as m:ss, or h:mm:ss past an hour. */
export function clockOf(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const ss = String(s % 60).padStart(2, '0')
  return h ? `${String(h)}:${String(m).padStart(2, '0')}:${ss}` : `${String(m)}:${ss}`
}
