// Media for the lecture video tests (docs/decisions/040-video-upload-integrity.md), made with Debian's ffmpeg: real
// clips in each container an upload may be, a sentinel file the hostile ones point at, the hostile files themselves
// (a DASH manifest that passes for an MP4 by its bytes 4-7, an HLS playlist, an ffconcat script) and an MP4 whose
// header states 2 seconds over hours of frames.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args])

/** A clip of `seconds` at 320x240 with a tone, in the container `file`'s extension says. */
export function makeClip(file: string, seconds = 2): string {
  const video = ['-f', 'lavfi', '-i', `testsrc2=s=320x240:d=${String(seconds)}:r=25`]
  const audio = ['-f', 'lavfi', '-i', `sine=d=${String(seconds)}`]
  const ext = path.extname(file)
  const codecs =
    ext === '.webm'
      ? ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-c:a', 'libopus']
      : ['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac']
  ffmpeg([...video, ...audio, '-shortest', '-pix_fmt', 'yuv420p', ...codecs, file])
  return file
}

/**
 * The sentinel: a small 176x144, 7-second clip in MP4 and MPEG-TS at `dir`, whose access time is set far in the
 * past, so that any read of it moves its access time (the data volume is mounted relatime: a read after the file's
 * last change updates it). `read(file)` says whether the sentinel was read since `reset()`.
 */
export function makeSentinel(dir: string) {
  fs.mkdirSync(dir, { recursive: true })
  const mp4 = path.join(dir, 'sentinel.mp4')
  const ts = path.join(dir, 'sentinel.ts')
  ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=s=176x144:d=7:r=25', '-f', 'lavfi', '-i', 'sine=d=7', '-shortest'],
    ...['-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', mp4],
  ])
  ffmpeg(['-i', mp4, '-c', 'copy', ts])
  const files = [mp4, ts]
  const longAgo = new Date(86_400_000)
  const reset = () => {
    for (const file of files) fs.utimesSync(file, longAgo, fs.statSync(file).mtime)
  }
  const read = () => files.some((file) => fs.statSync(file).atimeMs > longAgo.getTime())
  reset()
  return { dir, mp4, ts, reset, read }
}

/**
 * The hostile uploads, each named .mp4, each pointing at the sentinel in `sentinelDir`: the DASH manifest opens with
 * `<!--ftypjp2 -->`, so bytes 4-7 are 'ftyp' (the check by the first bytes takes it for an MP4, while ffmpeg's MP4
 * demuxer gives a 'jp2 ' brand only a low score and the DASH demuxer wins), and it states a duration of its own; the
 * HLS playlist and the ffconcat script must open with their own magic, so they carry theirs. The ffconcat script
 * names the sentinel relatively (ffmpeg's concat demuxer refuses absolute paths by default), so it must sit in the
 * sentinel's folder.
 */
export function hostileMedia(sentinelDir: string): Record<'dash' | 'hls' | 'ffconcat', Uint8Array<ArrayBuffer>> {
  const mp4 = path.join(sentinelDir, 'sentinel.mp4')
  const ts = path.join(sentinelDir, 'sentinel.ts')
  const dash = [
    '<!--ftypjp2 -->',
    '<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" profiles="urn:mpeg:dash:profile:isoff-on-demand:2011" ' +
      'type="static" mediaPresentationDuration="PT1S" minBufferTime="PT1S">',
    '<Period><AdaptationSet mimeType="video/mp4">',
    '<Representation id="1" bandwidth="1000" width="176" height="144" codecs="avc1.42c00d">',
    `<BaseURL>file://${mp4}</BaseURL>`,
    '</Representation></AdaptationSet></Period></MPD>',
    '',
  ].join('\n')
  const hls = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    '#EXT-X-TARGETDURATION:10',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXTINF:7.0,',
    ts,
    '#EXT-X-ENDLIST',
    '',
  ].join('\n')
  const ffconcat = ['ffconcat version 1.0', 'file sentinel.mp4', ''].join('\n')
  const bytes = (text: string) => new TextEncoder().encode(text)
  return { dash: bytes(dash), hls: bytes(hls), ffconcat: bytes(ffconcat) }
}

/**
 * An MP4 whose header says it lasts 2 seconds (`mvhd`, `tkhd`, `mdhd`), while its three frames are 13,000 s apart:
 * the packets span 26,001 s, over 7 hours, and a transcode would encode all of them.
 */
export function makeLyingMp4(file: string): string {
  ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=s=64x48:d=3:r=1', '-vf', 'setpts=N*13000/TB', '-fps_mode', 'passthrough'],
    ...['-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', '-video_track_timescale', '1', file],
  ])
  const bytes = fs.readFileSync(file)
  const box = (type: string) => {
    const at = bytes.indexOf(type)
    if (at < 0 || bytes[at + 4] !== 0) throw new Error(`no version-0 ${type} box`)
    return at
  }
  const mvhd = box('mvhd')
  const movieScale = bytes.readUInt32BE(mvhd + 16)
  bytes.writeUInt32BE(2 * movieScale, mvhd + 20)
  bytes.writeUInt32BE(2 * movieScale, box('tkhd') + 24)
  const mdhd = box('mdhd')
  bytes.writeUInt32BE(2 * bytes.readUInt32BE(mdhd + 16), mdhd + 20)
  fs.writeFileSync(file, bytes)
  return file
}

/** What ffprobe, left to pick the demuxer by the content as it does by default, reads of `file`. */
export function unguardedProbe(file: string): { formatName: string; width: number | null } {
  const out = execFileSync('ffprobe', ['-v', 'quiet', '-print_format', 'json', '-show_format', '-show_streams', file])
  const json = JSON.parse(out.toString()) as {
    format?: { format_name?: string }
    streams?: Array<{ width?: number }>
  }
  return {
    formatName: json.format?.format_name ?? '',
    width: json.streams?.find((s) => s.width)?.width ?? null,
  }
}

/** Every file under `dir`, recursively (none when it does not exist). */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
}

/**
 * A lecture of `sectionId` whose video source is `file`, put in storage under a new video's key and queued as the
 * lecture form queues it. The models are imported when called: a test may set the video env before they load.
 */
export async function queueLectureVideo(input: {
  sectionId: string
  title: string
  file: string
  sourceName?: string
  storage?: import('~/services/storage.server').Storage
}) {
  const { createLecture } = await import('../../db/factories')
  const { db } = await import('~/utils/db.server')
  const { attachVideo, newVideoId } = await import('~/models/video/video.server')
  const { getStorage } = await import('~/services/storage.server')
  const lecture = await createLecture(db, { sectionId: input.sectionId, title: input.title, videoURL: '' })
  const videoId = newVideoId()
  const sourceKey = `videos/${videoId}/source.mp4`
  await (input.storage ?? getStorage()).putFile(sourceKey, input.file, 'video/mp4')
  await attachVideo({
    videoId,
    lectureId: lecture.id,
    sourceKey,
    sourceName: input.sourceName ?? 'clip.mp4',
    sourceBytes: fs.statSync(input.file).size,
    createdBy: null,
  })
  return { videoId, lectureId: lecture.id, sourceKey }
}

/** The upload routes and what calling them needs, imported after a test has set the video env (vi.hoisted). */
export async function videoUploadRoutes() {
  return {
    db: (await import('~/utils/db.server')).db,
    addLecturePage: await import('~/routes/admin/add-lecture'),
    uploadsRoute: await import('~/routes/admin/video-uploads'),
    uploadRoute: await import('~/routes/admin/video-upload'),
    requestContext: (await import('~/utils/request-context')).requestContext,
  }
}
