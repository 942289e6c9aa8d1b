import { Form } from 'react-router'
import { StatusButton } from '~/components/forms'
import { secondaryButtonClass } from '../ui'

export type CsvPreview = {
  fileName: string
  questions: Array<{
    questionText: string
    options: string[]
    correctOption: number
    explanation?: string
    type?: 'mcq' | 'msq' | 'nat'
    correctOptions?: number[]
    answerMin?: string
    answerMax?: string
    section?: string
  }>
  errors: Array<{ line: number; message: string }>
  /** A ZIP import: its new images (stored with the quiz on save), ones the quiz already has, ones left out. */
  images?: Array<{ name: string; alt: string; byteSize: number }>
  reused?: string[]
  unused?: string[]
}

/**
 * CSV import: upload -> preview with row errors -> 'Use these questions' fills the form (no JS needed). A ZIP holds
 * the CSV and the images its questions name; they are stored on the quiz when it is saved.
 */
export function CsvImport({ preview }: { preview: CsvPreview | null }) {
  return (
    <details open={Boolean(preview)} className="mb-6 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <summary className="cursor-pointer font-semibold">Import questions from CSV or ZIP</summary>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        One question a row: question, option 1, option 2, option 3, option 4, correct option (1-4), explanation
        (optional). A header row is allowed. Cells take the same markup as the form (formulas between $...$, chemistry
        as {'$\\ce{...}$'}); a row whose markup does not render is listed and skipped.
      </p>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        Optional columns after the explanation, in this order: type (mcq, msq or nat; blank is mcq), marks, negative
        marks (blank: the default; exact values like 1, 0.25 or 1/3), correct options (MSQ: the right options 1-4
        separated by semicolons, like 1;3), answer min and answer max (NAT: the accepted range, inclusive), section,
        topic. MSQ rows leave the correct option blank; NAT rows leave the options and the correct option blank.{' '}
        <a
          href="/samples/quiz-import-sample.csv"
          download
          className="font-semibold text-sky-700 underline dark:text-sky-300"
        >
          Download the sample CSV
        </a>
      </p>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        Figures: put the CSV and its images (PNG, JPEG or WebP, at most 1 MB each) in one ZIP file. A question names an
        image by its file name with its alt text, like <code>![Agarose gel, lanes 1-4](gel.png)</code>; folders in the
        ZIP do not matter. The images are stored with the quiz when you save it.
      </p>
      <Form method="post" encType="multipart/form-data" className="mt-3 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="csv" className="mb-1 block text-sm font-medium">
            CSV or ZIP file
          </label>
          <input
            id="csv"
            type="file"
            name="csv"
            accept=".csv,text/csv,.zip,application/zip"
            required
            className="block text-sm"
          />
        </div>
        <StatusButton name="intent" value="csv-preview" pendingText="Reading..." className={secondaryButtonClass}>
          Preview
        </StatusButton>
      </Form>
      {preview ? (
        <div className="mt-4">
          {preview.errors.length ? (
            <div
              role="alert"
              className="mb-3 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
            >
              <p className="font-semibold">
                {preview.errors.length} row{preview.errors.length === 1 ? '' : 's'} with errors (skipped):
              </p>
              <ul className="mt-1 list-disc pl-5">
                {preview.errors.map((e) => (
                  <li key={`${e.line}-${e.message}`}>{e.line ? `Line ${e.line}: ${e.message}` : e.message}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {preview.questions.length ? (
            <>
              <p className="mb-2 text-sm font-semibold">
                {preview.questions.length} question{preview.questions.length === 1 ? '' : 's'} ready
                {preview.fileName ? ` from ${preview.fileName}` : ''}:
              </p>
              <ol className="mb-3 list-decimal pl-5 text-sm">
                {preview.questions.map((q, i) => (
                  <li key={i}>
                    {q.questionText}{' '}
                    <span className="text-slate-500">
                      {q.type === 'msq'
                        ? `(MSQ, correct: options ${(q.correctOptions ?? []).map((o) => o + 1).join(', ')})`
                        : q.type === 'nat'
                          ? `(NAT, accepted: ${q.answerMin} to ${q.answerMax})`
                          : `(correct: option ${q.correctOption + 1})`}
                      {q.section ? ` ${q.section}` : ''}
                    </span>
                  </li>
                ))}
              </ol>
              <ZipImages preview={preview} />
              <Form method="post">
                <input type="hidden" name="csvData" value={JSON.stringify(preview.questions)} />
                {preview.images?.length ? (
                  <input type="hidden" name="csvImages" value={JSON.stringify(preview.images)} />
                ) : null}
                <StatusButton name="intent" value="csv-use" pendingText="Filling...">
                  Use these questions
                </StatusButton>
              </Form>
            </>
          ) : null}
        </div>
      ) : null}
    </details>
  )
}

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`

/** What a ZIP brings: the images stored on save, those the quiz already has, those no question names. */
function ZipImages({ preview }: { preview: CsvPreview }) {
  const { images = [], reused = [], unused = [] } = preview
  if (!images.length && !reused.length && !unused.length) return null
  return (
    <div className="mb-3 text-sm">
      {images.length ? (
        <>
          <p className="font-semibold">
            {images.length} image{images.length === 1 ? '' : 's'} from the ZIP, stored with the quiz when you save it:
          </p>
          <ul className="mb-2 list-disc pl-5">
            {images.map((i) => (
              <li key={i.name} className="wrap-anywhere">
                {i.name} ({kb(i.byteSize)}): {i.alt}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {reused.length ? <p>Already on this quiz, used as they are: {reused.join(', ')}</p> : null}
      {unused.length ? <p>Not named by any question, left out: {unused.join(', ')}</p> : null}
    </div>
  )
}
