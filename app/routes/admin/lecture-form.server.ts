import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import type { ZodType } from 'zod'
import { VIDEO_MESSAGES } from '~/lib/video/upload-rules'
import { readLectureForm, releaseRefused, type ReceivedVideo } from '~/models/video/upload.server'
import { withoutFiles } from '~/utils/upload.server'

// The first half of the Add Section, Add Lecture and lecture edit actions: read the form (the note in memory, the
// video streamed to disk or named by its staged upload: app/models/video/upload.server.ts), validate the text
// fields with `schema`. Either the valid submission with its note and video, or the reply to return: every refusal
// keeps what was typed and puts its message beside its field ('videoFile', 'noteURL', 'videoURL').

export async function readLecturePage<Schema extends ZodType>(
  request: Request,
  schema: Schema,
  userId: string,
  { videoRequired }: { videoRequired: boolean },
) {
  const read = await readLectureForm(request, userId)
  if (!read.ok) {
    const submission = parseWithZod(withoutFiles(read.form), { schema })
    const errors = read.field ? { fieldErrors: { [read.field]: [read.message] } } : { formErrors: [read.message] }
    return { reply: data({ result: submission.reply(errors) }, { status: read.status }) } as const
  }
  const submission = parseWithZod(withoutFiles(read.form), { schema })
  if (submission.status !== 'success') {
    await releaseRefused(read.video)
    return { reply: data({ result: submission.reply() }, { status: 400 }) } as const
  }
  const value = submission.value as { videoURL?: string }
  if (videoRequired && !value.videoURL && !read.video) {
    return {
      reply: data(
        { result: submission.reply({ fieldErrors: { videoURL: [VIDEO_MESSAGES.missing] } }) },
        { status: 400 },
      ),
    } as const
  }
  return { submission, note: read.note, video: read.video as ReceivedVideo | null } as const
}
