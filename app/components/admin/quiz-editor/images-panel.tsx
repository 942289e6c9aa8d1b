import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, Link, useLocation } from 'react-router'
import { ConfirmDialog, dangerButtonClass, secondaryButtonClass, withParams } from '~/components/admin/ui'
import { ErrorList, Field, StatusButton } from '~/components/forms'
import { QUIZ_IMAGE_ALT_MAX, questionList } from '~/lib/quiz/images'
import { quizImageFormSchema } from '~/schemas/quiz-image'

// The Edit Quiz page's images: upload one (file + alt text, its own multipart post), each image with the markup to
// paste into a question, and Delete after a confirmation the server renders (?delete=<id>), so all of it works
// without JavaScript. Uploading reloads the page: save question edits first. The question bank's pages show it for
// the bank's own images (`bank`: its wording, the newest images only, the bank questions that use one).

/** One image of the quiz as the panel lists it, with the markup that places it in a question. */
export type QuizImageItem = {
  id: string
  name: string
  url: string
  alt: string
  markup: string
  byteSize: number
  width: number | null
  height: number | null
}

/**
 * The image a Delete asks about: the questions that show it now, and how many earlier versions did. A bank image
 * names the bank questions (their ids) whose current version shows it instead.
 */
export type ImageDeleteConfirm = {
  id: string
  name: string
  usedBy: number[]
  earlierVersions: number
  usedByBank?: string[]
}

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`

export function QuizImagesPanel({
  images,
  confirm,
  lastResult,
  bank = false,
  total = images.length,
}: {
  images: QuizImageItem[]
  confirm: ImageDeleteConfirm | null
  lastResult?: SubmissionResult<string[]>
  /** On the question bank's pages: the bank's images, `images` its newest of `total`. */
  bank?: boolean
  total?: number
}) {
  const { pathname, search } = useLocation()
  const [form, fields] = useForm({
    id: 'quiz-image-form',
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: quizImageFormSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const failed = Boolean(lastResult?.error && Object.keys(lastResult.error).length)
  // Open after an upload or a delete (the panel's own posts come back to ?images) and while it asks or refuses.
  const opened = failed || Boolean(confirm) || new URLSearchParams(search).has('images')
  // The file is checked on the server only (its bytes): its error comes back with the reply.
  const fileErrors = lastResult?.error?.image ?? undefined
  return (
    <details
      id="quiz-images"
      open={opened || undefined}
      className="mb-6 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
    >
      <summary className="cursor-pointer font-semibold">
        {bank ? 'Figures of the bank' : 'Images'} ({total})
      </summary>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        Figures for the questions: PNG, JPEG or WebP, at most 1 MB each, with alt text (what the image shows, read to
        learners who cannot see it). Put an image&apos;s markup in a question, an option or an explanation. An image
        used only in explanations is shown to learners after they submit.{' '}
        {bank
          ? 'Every bank question may use them, and the papers and practice tests that hold the question show them. Uploading reloads this page: upload before you type the question, or save it first.'
          : 'Uploading reloads this page: save your question edits first.'}
      </p>
      <Form
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="mt-3 grid gap-x-4 sm:grid-cols-2"
      >
        <div className="mb-4">
          <label htmlFor="quiz-image-file" className="mb-1 block text-sm font-medium">
            Image file
          </label>
          <input
            id="quiz-image-file"
            type="file"
            name="image"
            accept="image/png,image/jpeg,image/webp"
            required
            aria-invalid={fileErrors ? true : undefined}
            aria-describedby={fileErrors ? 'quiz-image-file-error' : undefined}
            className="block w-full text-sm"
          />
          <ErrorList id="quiz-image-file-error" errors={fileErrors} />
        </div>
        <Field
          label="Alt text"
          inputProps={{ ...getInputProps(fields.imageAlt, { type: 'text' }), maxLength: QUIZ_IMAGE_ALT_MAX }}
          errors={fields.imageAlt.errors}
          hint="For example: Agarose gel, lanes 1-4, with a 500 bp ladder in lane 1."
        />
        <div className="sm:col-span-2">
          <StatusButton name="intent" value="image-add" pendingText="Uploading..." className={secondaryButtonClass}>
            Upload image
          </StatusButton>
          <ErrorList errors={form.errors} />
        </div>
      </Form>
      {images.length < total ? (
        <p className="mt-3 text-sm">
          The newest {images.length} of {total} are listed.
        </p>
      ) : null}
      {images.length ? (
        <ul className="mt-4 divide-y divide-slate-200 dark:divide-slate-700">
          {images.map((image) => (
            <li key={image.id} className="flex flex-wrap items-start gap-3 py-3">
              <img
                src={image.url}
                alt={image.alt}
                width={image.width ?? undefined}
                height={image.height ?? undefined}
                loading="lazy"
                className="h-16 w-24 rounded border border-slate-200 object-contain dark:border-slate-700"
              />
              <div className="min-w-0 flex-1">
                <p className="font-medium wrap-anywhere">{image.name}</p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {kb(image.byteSize)}
                  {image.width && image.height ? `, ${image.width} x ${image.height} px` : ''}
                </p>
                <label htmlFor={`markup-${image.id}`} className="mt-1 block text-xs font-medium">
                  Markup to paste
                </label>
                <input
                  id={`markup-${image.id}`}
                  readOnly
                  value={image.markup}
                  onFocus={(e) => e.currentTarget.select()}
                  className="w-full rounded border border-slate-300 bg-slate-50 px-2 py-1 font-mono text-xs dark:border-slate-600 dark:bg-slate-800"
                />
              </div>
              <a
                href={`${pathname}${withParams(search, { delete: image.id })}#quiz-images`}
                className="text-sm font-semibold text-red-700 hover:underline dark:text-red-400"
              >
                Delete<span className="sr-only"> {image.name}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {confirm ? (
        <ConfirmDialog
          title={confirm.usedBy.length || confirm.usedByBank?.length ? 'Image in use' : 'Delete image?'}
          cancelTo={`${pathname}${withParams(search, { delete: undefined })}#quiz-images`}
        >
          {confirm.usedByBank?.length ? (
            <>
              <p className="wrap-anywhere">
                {confirm.usedByBank.length === 1
                  ? 'A bank question uses'
                  : `${confirm.usedByBank.length} bank questions use`}{' '}
                {confirm.name}. Take it out of {confirm.usedByBank.length === 1 ? 'it' : 'them'} and save, then delete
                it.
              </p>
              <ul className="mt-2 list-disc pl-5 text-sm">
                {confirm.usedByBank.slice(0, 10).map((id, i) => (
                  <li key={id}>
                    <Link to={`/admin/questions/${id}`} className="text-emerald-700 underline dark:text-emerald-400">
                      Open question {i + 1}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : confirm.usedBy.length ? (
            <p className="wrap-anywhere">
              {questionList(confirm.usedBy)} use {confirm.name}. Take it out of them and save the quiz, then delete it.
            </p>
          ) : (
            <>
              <p className="wrap-anywhere">Delete the image {confirm.name}?</p>
              {confirm.earlierVersions ? (
                <p className="mt-2 text-sm">
                  {confirm.earlierVersions} earlier question version{confirm.earlierVersions === 1 ? '' : 's'}, kept for
                  learners&apos; results, show{confirm.earlierVersions === 1 ? 's' : ''} it; they will show its alt text
                  instead.
                </p>
              ) : null}
              <Form method="post" className="mt-4" preventScrollReset>
                <input type="hidden" name="imageId" value={confirm.id} />
                <StatusButton
                  name="intent"
                  value="image-delete"
                  pendingText="Deleting..."
                  className={dangerButtonClass}
                >
                  Delete
                </StatusButton>
              </Form>
            </>
          )}
        </ConfirmDialog>
      ) : null}
    </details>
  )
}
