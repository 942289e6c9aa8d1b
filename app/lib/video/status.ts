/** A lecture video's state (the `videos` row, migrations/0023; db/schema.ts takes the type from here). */
export type VideoStatus = 'queued' | 'transcoding' | 'ready' | 'failed'

// How staff read a lecture video's state (the course content page, the lecture edit page, the API): the words are
// the same everywhere, so the tests and the pages agree.

export function videoStatusText(video: { status: VideoStatus; progress: number; error: string | null }): string {
  switch (video.status) {
    case 'queued':
      return 'Queued'
    case 'transcoding':
      return `Transcoding ${String(Math.max(0, Math.min(100, Math.round(video.progress))))}%`
    case 'ready':
      return 'Ready'
    case 'failed':
      return `Failed: ${video.error?.trim() || 'the transcode stopped'}`
  }
}

/** Whether a state will change without staff doing anything (the page may look again in a few seconds). */
export const videoInProgress = (status: VideoStatus) => status === 'queued' || status === 'transcoding'
