import fs from 'node:fs'
import { VIDEO_MIME, type VideoKind } from '~/lib/file-type'
import { NOTE_MAX_BYTES } from '~/lib/uploads'
import { VIDEO_MAX_SECONDS, VIDEO_MESSAGES } from '~/lib/video/upload-rules'
import { recordAudit } from '~/models/audit/audit.server'
import { getStorage } from '~/services/storage.server'
import { getEnv } from '~/utils/env.server'
import { parseStreamedForm, removeStreamedFiles } from '~/utils/multipart-stream.server'
import { kindOfFile, probeVideo } from './probe.server'
import { discardUpload, sha256File, stagedFile, stagingDir } from './staging.server'
import { attachVideo, newVideoId, removeVideoFiles } from './video.server'

// A lecture form's video (docs/decisions/033-lecture-video.md), for the pages and their API twins alike: the file
// posted with the form (`videoFile`, streamed to disk, never held in memory) or an upload already staged by the
// resumable protocol (`videoUpload=<id>`, app/models/video/staging.server.ts); checked by its bytes (MP4, MOV, MKV
// or WebM), by ffprobe reading it as that container only (readable, its streams at most VIDEO_MAX_SECONDS long:
// docs/decisions/040-video-upload-integrity.md); then stored as `videos/<id>/source.<ext>` with its length and
// SHA-256 (the transcode checks both before reading it) and attached to its lecture, queued for the transcoder, once
// the lecture row is written.

/** A video received and checked, waiting on local disk to be stored with its lecture. */
export type ReceivedVideo = {
  path: string
  fileName: string
  bytes: number
  kind: VideoKind
  durationSeconds: number
  /** SHA-256 of the file, in hex (a staged upload's was verified against its chunks). */
  sha256: string
  /** The resumable upload it came from (its row and file go once stored). */
  uploadId: string | null
}

export type VideoCheck = { ok: true; kind: VideoKind; durationSeconds: number } | { ok: false; message: string }

export const NOTE_TOO_LARGE = 'The note is too large (at most 20 MB)'

/**
 * Checks a video file on disk: its container by its first bytes, then whether ffmpeg reads it as that container (and
 * nothing else) and how long its streams are.
 */
export async function checkVideoFile(filePath: string): Promise<VideoCheck> {
  const kind = await kindOfFile(filePath)
  if (kind === 'empty') return { ok: false, message: VIDEO_MESSAGES.empty }
  if (!kind) return { ok: false, message: VIDEO_MESSAGES.notVideo }
  const probe = await probeVideo(filePath, kind)
  if (!probe.ok) return { ok: false, message: VIDEO_MESSAGES.unreadable(probe.reason) }
  if (probe.durationSeconds > VIDEO_MAX_SECONDS) return { ok: false, message: VIDEO_MESSAGES.tooLong }
  return { ok: true, kind, durationSeconds: probe.durationSeconds }
}

export type LectureForm =
  | { ok: true; form: FormData; note: File | null; video: ReceivedVideo | null }
  | { ok: false; status: 400 | 413; message: string; field?: string; form: FormData }

/**
 * Reads a lecture form (Add Section, Add Lecture, the lecture edit page, their API twins): its text fields, the note
 * (`noteURL`, at most 20 MB, in memory) and the video (`videoFile` streamed to disk, or `videoUpload` naming staff
 * `userId`'s complete staged upload), the video checked. A refusal names the field (`videoFile`, `noteURL`) and has
 * already removed the file it refused; the text fields read so far come with it, to keep what was typed.
 */
export async function readLectureForm(request: Request, userId: string): Promise<LectureForm> {
  const maxMb = getEnv().VIDEO_MAX_MB
  const parsed = await parseStreamedForm(request, {
    noteURL: { maxBytes: NOTE_MAX_BYTES, tooLarge: NOTE_TOO_LARGE },
    videoFile: { maxBytes: maxMb * 1024 * 1024, tooLarge: VIDEO_MESSAGES.tooLarge(maxMb), toDir: stagingDir() },
  })
  if (!parsed.ok) return parsed
  const { form, files } = parsed
  const noteValue = form.get('noteURL')
  const note = noteValue instanceof File && (noteValue.size > 0 || noteValue.name) ? noteValue : null
  const refuse = (message: string, status: 400 | 413 = 400) =>
    ({ ok: false, status, message, field: 'videoFile', form }) as const
  const posted = files.videoFile
  if (posted) {
    const check = await checkVideoFile(posted.path)
    if (!check.ok) {
      await removeStreamedFiles(files)
      return refuse(check.message)
    }
    const sha256 = await sha256File(posted.path)
    const video = {
      path: posted.path,
      fileName: posted.fileName,
      bytes: posted.bytes,
      ...check,
      sha256,
      uploadId: null,
    }
    return { ok: true, form, note, video }
  }
  const uploadId = form.get('videoUpload')
  if (typeof uploadId === 'string' && uploadId.trim()) {
    const staged = await stagedFile(uploadId.trim(), userId)
    if (!staged) return refuse(VIDEO_MESSAGES.uploadGone)
    const check = await checkVideoFile(staged.path)
    if (!check.ok) {
      await discardUpload(staged.id)
      return refuse(check.message)
    }
    const { path, fileName, bytes, sha256 } = staged
    const video = { path, fileName, bytes, ...check, sha256, uploadId: staged.id }
    return { ok: true, form, note, video }
  }
  return { ok: true, form, note, video: null }
}

/** Removes a received video's local file (and its upload row), once it is stored. */
export async function discardReceived(video: ReceivedVideo | null): Promise<void> {
  if (!video) return
  if (video.uploadId) await discardUpload(video.uploadId)
  else await fs.promises.rm(video.path, { force: true })
}

/**
 * A form refused after its video was received (a bad title, say): a file posted with it is removed (the browser
 * sends it again), a staged upload is kept, so the page, which still names it, can be sent again as it is.
 */
export async function releaseRefused(video: ReceivedVideo | null): Promise<void> {
  if (video && !video.uploadId) await fs.promises.rm(video.path, { force: true })
}

/**
 * Writes a lecture (`write`, which answers the lecture's id) with its video: the source is stored first (a failure
 * changes nothing), then the lecture written, then the video attached and queued, replacing the lecture's older
 * video (attachVideo deletes its files). If the write or the attach fails the stored source is removed again. The
 * local file goes in every case. Without a video it is `write` alone.
 */
export async function withLectureVideo<T>(
  video: ReceivedVideo | null,
  actorId: string,
  write: () => Promise<T>,
  lectureIdOf: (result: T) => string,
): Promise<T> {
  if (!video) return write()
  const videoId = newVideoId()
  const sourceKey = `videos/${videoId}/source.${video.kind}`
  try {
    await getStorage().putFile(sourceKey, video.path, VIDEO_MIME[video.kind])
    let result: T
    try {
      result = await write()
      const lectureId = lectureIdOf(result)
      await attachVideo({
        videoId,
        lectureId,
        sourceKey,
        sourceName: video.fileName,
        sourceBytes: video.bytes,
        sourceSha256: video.sha256,
        createdBy: actorId,
      })
    } catch (error) {
      await removeVideoFiles(videoId)
      throw error
    }
    await recordAudit({
      actorId,
      action: 'video.upload',
      targetType: 'lecture',
      targetId: lectureIdOf(result),
      details: { videoId, fileName: video.fileName, bytes: video.bytes, seconds: Math.round(video.durationSeconds) },
    })
    return result
  } finally {
    await discardReceived(video)
  }
}
