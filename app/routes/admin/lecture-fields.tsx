import { getInputProps, type FieldMetadata } from '@conform-to/react'
import { Field } from '~/components/forms'
import { VideoUploadField } from '~/components/video/video-upload-field'

// The lecture part of the Add Section, Add Lecture and lecture edit forms: title, video URL, optional note title and
// note file, and the video file (a link or a file, or both). Files are checked by their bytes on the server (the
// note: 20 MB, pdf/docx/pptx; the video: app/models/video/upload.server.ts). The video file comes last, so that a
// form refused for its video (too large) has read every typed field before it and shows them again.
type TextField = FieldMetadata<string | undefined, Record<string, unknown>, string[]>

export function LectureFields({
  title,
  videoURL,
  noteTitle,
  noteErrors,
  videoErrors,
  videoMaxMb,
}: {
  title: TextField
  videoURL: TextField
  noteTitle: TextField
  noteErrors: string[] | undefined
  videoErrors: string[] | undefined
  videoMaxMb: number
}) {
  return (
    <>
      <Field label="Lecture Title" inputProps={getInputProps(title, { type: 'text' })} errors={title.errors} />
      <Field
        label="Video URL (or upload a file below)"
        inputProps={{ ...getInputProps(videoURL, { type: 'url' }), placeholder: 'https://www.youtube.com/embed/...' }}
        errors={videoURL.errors}
      />
      <Field
        label="Note Title (optional)"
        inputProps={getInputProps(noteTitle, { type: 'text' })}
        errors={noteTitle.errors}
      />
      <Field
        label="Note file (optional)"
        inputProps={{
          type: 'file',
          name: 'noteURL',
          id: 'noteURL',
          accept: '.pdf,.docx,.pptx',
          className: 'block w-full text-sm',
        }}
        errors={noteErrors}
        hint=".pdf, .docx or .pptx, at most 20 MB."
      />
      <VideoUploadField errors={videoErrors} maxMb={videoMaxMb} />
    </>
  )
}
