import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { parseQuestionsCsv, type CsvRowError } from '~/lib/csv'
import { aiRequestSchema, quizApiSchema, MAX_QUESTIONS, quizFormSchema } from '~/schemas/admin-quiz'
import {
  apiQuestionToDraft,
  draftToWire,
  formToQuizInput,
  quizToFormValues,
  type QuizFormValues,
} from '~/schemas/quiz-form'
import { type QuestionDraft, type QuizInput, type StagedImage } from '~/lib/quiz/quiz-input'
import { previewQuizZip, readStagedImages, StagedImagesError } from '~/models/quiz/zip-import.server'
import { isZip } from '~/lib/quiz/zip'
import { fieldLabel, markupMessage, renderQuestionMarkup } from '~/lib/markup/question'
import type { MarkupImages } from '~/lib/markup/render'
import type { QuestionMarkupProblem } from '~/models/quiz/editing.server'
import type { WindowRefusal } from '~/models/quiz/schedule.server'
import { quizImageMap } from '~/models/quiz/images.server'
import { AiError, generateQuiz } from '~/services/ai.server'
import { newId } from '~/utils/ids.server'
import { dataWithError, dataWithSuccess } from '~/utils/toast.server'
import type { QuestionPreview } from '~/components/admin/quiz-editor/question-fields'
import { QUIZ_ZIP_MAX_BYTES } from '~/lib/uploads'
import { CSV_MAX_BYTES, fileOf, parseUpload, UploadError } from '~/utils/upload.server'

// The Create/Edit Quiz page actions shared by both routes. Intents: save (Conform, incl. its list intents, which
// is how Add Question works without JS), preview (renders each question's markup and sends the form back as typed),
// csv-preview (a CSV, or a ZIP of the CSV and its images), csv-use, ai. CSV and AI fill the manual form; nothing is
// saved until Save. A ZIP's images wait in storage's staging folder, their list carried in the form's hidden
// `stagedImages` field, and are stored on the quiz by its save (app/models/quiz/zip-import.server.ts).

export type QuizPageActionData =
  | { kind: 'save'; result: SubmissionResult<string[]> }
  | { kind: 'preview'; result: SubmissionResult<string[]>; previews: QuestionPreview[] }
  | {
      kind: 'csv'
      fileName: string
      questions: QuestionDraft[]
      errors: CsvRowError[]
      /** A ZIP import: its images staged for the save, those the quiz already had, those no question names. */
      images?: StagedImage[]
      reused?: string[]
      unused?: string[]
    }
  | {
      kind: 'fill'
      fillId: string
      values: QuizFormValues
      message: string
      /** Filled questions whose markup does not render, named by question and field (AI drafts). */
      problems?: string[]
    }
  | { kind: 'ai-error'; message: string; aiValues: Record<string, string>; fieldErrors: Record<string, string[]> }

/**
 * The page's post, read once whatever it carries: the quiz form, a CSV or an import's ZIP, or (Edit Quiz) an image.
 * The file limit is the largest of them; each intent checks its own file's size.
 */
export async function readQuizPageForm(request: Request) {
  try {
    return { form: await parseUpload(request, { maxFileSize: QUIZ_ZIP_MAX_BYTES }) }
  } catch (error) {
    if (error instanceof UploadError) return { error: error.message }
    throw error
  }
}

/**
 * The page's post, read and handled: a Response for an unreadable post and every intent but a valid save.
 * `quizId`: the quiz being edited, whose uploaded images the markup may name (none while creating). A page's own
 * intents (Edit Quiz's images) go to `own` first, which answers them or returns null.
 */
export async function quizPageInput(
  request: Request,
  {
    quizId,
    own,
  }: { quizId?: string; own?: (form: FormData) => Promise<Response | ReturnType<typeof data> | null> } = {},
) {
  const { form, error } = await readQuizPageForm(request)
  if (!form) return csvRefused(error)
  const answered = own ? await own(form) : null
  return answered ? { response: answered } : handleQuizPageForm(form, { quizId })
}

/**
 * The CSV rows whose markup does not render become row errors ("Line 4: option B: unknown command \foo") and are
 * skipped like any other bad row, so the preview never offers a question that Save would refuse.
 */
function withRenderedMarkup(parsed: ReturnType<typeof parseQuestionsCsv>, images: MarkupImages) {
  const questions: QuestionDraft[] = []
  const errors = [...parsed.errors]
  parsed.questions.forEach((q, i) => {
    const r = renderQuestionMarkup(q, images)
    if (r.ok) questions.push(q)
    else
      errors.push({
        line: parsed.lines[i]!,
        message: r.problems.map((p) => `${fieldLabel(p)}: ${p.message}`).join('; '),
      })
  })
  return { questions, errors: errors.sort((a, b) => a.line - b.line) }
}

/** The images a question's markup may name on this page. */
const imagesFor = (quizId: string | undefined): Promise<MarkupImages> =>
  quizId ? quizImageMap(quizId) : Promise.resolve(new Map())

/**
 * The images a preview may show: the quiz's, and an import's staged ones, which are not stored on the quiz until it
 * is saved (their address answers 404 until then, so the preview shows their alt text).
 */
function withStaged(images: MarkupImages, staged: StagedImage[] | null): MarkupImages {
  if (!staged) return images
  const all = new Map(images)
  for (const s of staged) all.set(s.name, { url: `/quiz-images/staged/${s.name}`, alt: s.alt })
  return all
}

/** Previews of every question as typed: rendered with the quiz's images; the problems when one does not render. */
function previewQuestions(
  questions: Array<{ questionText?: unknown; options?: unknown; explanation?: unknown; type?: unknown }>,
  images: MarkupImages,
): QuestionPreview[] {
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '')
  return questions.map((q) => {
    const options = q.type === 'nat' ? [] : Array.isArray(q.options) ? q.options.map(str) : []
    const r = renderQuestionMarkup(
      { questionText: str(q.questionText), options, explanation: str(q.explanation) || null },
      images,
    )
    return r.ok ? { html: r.html } : { problems: r.problems.map((p) => `${fieldLabel(p)}: ${p.message}`) }
  })
}

/**
 * A save the model refused because some markup does not render: the form comes back as typed, each message beside
 * its field and all of them, naming question and field, above the Save button. A live mock's window the model
 * refused (app/models/quiz/schedule.server.ts) comes back the same way, its message beside its field.
 */
export function markupRefusal(
  reply: (options: { formErrors: string[]; fieldErrors: Record<string, string[]> }) => SubmissionResult<string[]>,
  problems: QuestionMarkupProblem[],
  window?: WindowRefusal,
) {
  if (window) {
    const result = reply({ formErrors: [], fieldErrors: { [window.field]: [window.message] } })
    return data({ kind: 'save', result } satisfies QuizPageActionData, { status: 400 })
  }
  const fieldErrors: Record<string, string[]> = {}
  for (const p of problems) {
    const name =
      p.field === 'options' ? `questions[${p.question}].options[${p.option}]` : `questions[${p.question}].${p.field}`
    ;(fieldErrors[name] ??= []).push(p.message)
  }
  const result = reply({ formErrors: problems.map((p) => markupMessage(p.question, p)), fieldErrors })
  return data({ kind: 'save', result } satisfies QuizPageActionData, { status: 400 })
}

/** The CSV panel's answer to a post it cannot use: the message as its one row error. */
function csvRefused(message: string) {
  return {
    response: data(
      { kind: 'csv', fileName: '', questions: [], errors: [{ line: 0, message }] } satisfies QuizPageActionData,
      { status: 400 },
    ),
  }
}

export const MALFORMED_QUIZ_FORM = 'Some quiz fields could not be read. Check the questions below and save again.'

// The names the editor's form posts (Conform's `questions[i].options[j]` and its list intents). Anything else,
// or a second value for one name, would give the form a shape it cannot show (a bare `questions=x` would make
// the page fail while rendering): such fields are dropped and the page says so.
const QUIZ_FIELD_NAMES = [
  /^(title|description|category|timeLimit|intent|js|__intent__|__state__|stagedImages|opensAt|closesAt)$/,
  /^questions\[(\d{1,3})\]\.(questionText|correctOption|explanation)$/,
  /^questions\[(\d{1,3})\]\.options\[[0-3]\]$/,
  // The exam fields; every one is posted without JS, the server ignores those the type does not use.
  /^questions\[(\d{1,3})\]\.(type|marks|negativeMarks|answerMin|answerMax|section|topic)$/,
  // The bank question a row was loaded from (hidden), so an edit stays that question.
  /^questions\[(\d{1,3})\]\.bankId$/,
  /^markingDefaults\.(mcq|msq|nat)\.(marks|negativeMarks)$/,
]
// Several values of one name: the MSQ key's checkboxes.
const QUIZ_MULTI_FIELD_NAMES = [/^questions\[(\d{1,3})\]\.correctOptions$/]

function quizEditorFields(
  form: FormData,
  options: { withoutIntent?: boolean } = {},
): { fields: FormData; malformed: boolean } {
  const fields = new FormData()
  let malformed = false
  for (const [name, value] of form.entries()) {
    if (name === 'csv' || name === 'csvData' || name === 'csvImages') continue
    const multi = QUIZ_MULTI_FIELD_NAMES.find((re) => re.test(name))
    const known = multi ?? QUIZ_FIELD_NAMES.find((re) => re.test(name))
    const index = known ? Number(known.exec(name)?.[1] ?? 0) : 0
    const repeated = multi ? fields.getAll(name).length >= 4 : fields.has(name)
    if (!known || typeof value !== 'string' || repeated || index >= MAX_QUESTIONS) {
      malformed = true
      continue
    }
    if (options.withoutIntent && (name === '__intent__' || name === '__state__')) continue
    fields.append(name, value)
  }
  return { fields, malformed }
}

/** Handles every intent but a valid save; returns a Response for them, or the parsed quiz to save. */
export async function handleQuizPageForm(
  form: FormData,
  { quizId }: { quizId?: string } = {},
): Promise<
  { response: ReturnType<typeof data> | Response } | { input: QuizInput; reply: Parameters<typeof markupRefusal>[0] }
> {
  const intent = form.get('intent')
  if (intent === 'csv-preview') {
    const file = fileOf(form, 'csv')
    if (!file) return csvRefused('Choose a CSV or ZIP file')
    const bytes = new Uint8Array(await file.arrayBuffer())
    if (isZip(bytes)) {
      const zip = await previewQuizZip({ bytes, fileName: file.name, quizId })
      const { questions, errors } = withRenderedMarkup(zip, withStaged(await imagesFor(quizId), zip.images))
      return {
        response: data({ kind: 'csv', ...zip, questions, errors } satisfies QuizPageActionData, {
          status: questions.length ? 200 : 400,
        }),
      }
    }
    if (file.size > CSV_MAX_BYTES) return csvRefused(`The CSV file is too large (at most ${CSV_MAX_BYTES / 1024} KB)`)
    const parsed = parseQuestionsCsv(new TextDecoder().decode(bytes))
    const { questions, errors } = withRenderedMarkup(parsed, await imagesFor(quizId))
    return {
      response: data({ kind: 'csv', fileName: file.name, questions, errors } satisfies QuizPageActionData, {
        status: questions.length ? 200 : 400,
      }),
    }
  }
  if (intent === 'csv-use') {
    let questions: QuestionDraft[] = []
    try {
      const raw = JSON.parse(String(form.get('csvData') ?? '[]'))
      const checked = quizApiSchema.shape.questions.safeParse((Array.isArray(raw) ? raw : []).map(draftToWire))
      if (checked.success) questions = checked.data.map(apiQuestionToDraft)
    } catch {
      questions = []
    }
    if (!questions.length)
      return {
        response: await dataWithError(
          {
            kind: 'csv',
            fileName: '',
            questions: [],
            errors: [{ line: 0, message: 'The previewed questions could not be read; upload the file again' }],
          } satisfies QuizPageActionData,
          'Error creating quiz',
        ),
      }
    const staged = readStagedImages(form.get('csvImages'))
    const values = {
      ...quizToFormValues({
        title: String(form.get('title') ?? ''),
        description: String(form.get('description') ?? ''),
        questions,
      }),
      ...(staged ? { stagedImages: JSON.stringify(staged) } : {}),
    }
    return {
      response: await dataWithSuccess(
        {
          kind: 'fill',
          fillId: newId(),
          values,
          message: `${questions.length} questions imported from CSV`,
        } satisfies QuizPageActionData,
        `${questions.length} questions imported`,
      ),
    }
  }
  if (intent === 'ai') {
    const raw = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<
      string,
      string
    >
    const parsed = aiRequestSchema.safeParse(raw)
    if (!parsed.success) {
      const fieldErrors: Record<string, string[]> = {}
      for (const issue of parsed.error.issues) (fieldErrors[String(issue.path[0])] ??= []).push(issue.message)
      return {
        response: data(
          {
            kind: 'ai-error',
            message: 'Error generating quiz',
            aiValues: raw,
            fieldErrors,
          } satisfies QuizPageActionData,
          { status: 400 },
        ),
      }
    }
    try {
      const { problems, ...quiz } = await generateQuiz(parsed.data)
      return {
        response: await dataWithSuccess(
          {
            kind: 'fill',
            fillId: newId(),
            values: quizToFormValues(quiz),
            message: 'AI generated quiz!',
            problems,
          } satisfies QuizPageActionData,
          'AI generated quiz!',
        ),
      }
    } catch (error) {
      if (!(error instanceof AiError)) throw error
      const message =
        error.code === 'not_configured'
          ? 'AI generation is not configured'
          : error.code === 'empty'
            ? 'No quiz data returned'
            : 'Error generating quiz'
      return {
        response: await dataWithError(
          { kind: 'ai-error', message, aiValues: raw, fieldErrors: {} } satisfies QuizPageActionData,
          message,
        ),
      }
    }
  }
  const { fields, malformed } = quizEditorFields(form)
  let submission
  try {
    submission = parseWithZod(fields, { schema: quizFormSchema })
  } catch {
    // Conform refuses an intent that names a field which is not a list (only a script sends one).
    submission = parseWithZod(quizEditorFields(form, { withoutIntent: true }).fields, { schema: quizFormSchema })
    return {
      response: data(
        { kind: 'save', result: submission.reply({ formErrors: [MALFORMED_QUIZ_FORM] }) } satisfies QuizPageActionData,
        { status: 400 },
      ),
    }
  }
  if (malformed) {
    return {
      response: data(
        { kind: 'save', result: submission.reply({ formErrors: [MALFORMED_QUIZ_FORM] }) } satisfies QuizPageActionData,
        { status: 400 },
      ),
    }
  }
  if (intent === 'preview') {
    const payload = submission.payload as { questions?: unknown }
    const questions = Array.isArray(payload.questions) ? payload.questions : []
    return {
      response: data({
        kind: 'preview',
        result: submission.reply(),
        previews: previewQuestions(
          questions,
          withStaged(
            await imagesFor(quizId),
            readStagedImages((submission.payload as { stagedImages?: unknown }).stagedImages),
          ),
        ),
      } satisfies QuizPageActionData),
    }
  }
  if (submission.status !== 'success') {
    return {
      response: data({ kind: 'save', result: submission.reply() } satisfies QuizPageActionData, {
        status: submission.status === 'error' ? 400 : 200,
      }),
    }
  }
  const staged = readStagedImages(submission.value.stagedImages)
  return {
    input: { ...formToQuizInput(submission.value), ...(staged ? { images: staged } : {}) },
    reply: (options) => submission.reply(options),
  }
}

/**
 * A save whose imported images could not be stored (a staged file gone, a name taken meanwhile): the form comes
 * back as typed with the message above the Save button. Any other error is not ours to answer: thrown again.
 */
export function stagedImagesRefusal(reply: Parameters<typeof markupRefusal>[0], error: unknown) {
  if (!(error instanceof StagedImagesError)) throw error
  return data(
    { kind: 'save', result: reply({ formErrors: [error.message], fieldErrors: {} }) } satisfies QuizPageActionData,
    { status: 400 },
  )
}
