import { getInputProps, type FieldMetadata } from '@conform-to/react'
import { Field } from '~/components/forms'

// The lecture part of the Add Section and Add Lecture forms: title, video URL, optional note title and
// note file. The file is checked by its bytes on the server (20 MB, pdf/docx/pptx).
type TextField = FieldMetadata<string | undefined, Record<string, unknown>, string[]>

export function LectureFields({
  title,
  videoURL,
  noteTitle,
  noteErrors,
}: {
  title: TextField
  videoURL: TextField
  noteTitle: TextField
  noteErrors: string[] | undefined
}) {
  return (
    <>
      <Field label="Lecture Title" inputProps={getInputProps(title, { type: 'text' })} errors={title.errors} />
      <Field
        label="Video URL"
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
    </>
  )
}
