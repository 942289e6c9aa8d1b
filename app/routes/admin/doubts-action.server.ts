import { data } from 'react-router'
import { doubtAnchor } from '~/models/doubts/paths'
import { DOUBT_UPLOAD_MAX_BYTES } from '~/utils/server-settings.server'
import { answerDoubt, resolveDoubt, setDoubtHidden, type StaffOutcome } from '~/models/doubts/moderation.server'
import { DOUBT_MESSAGES } from '~/lib/doubts/rules'
import { bodyRejection, parseForm } from '~/utils/body.server'
import { appOrigin } from '~/utils/origin.server'
import { redirectWithSuccess } from '~/utils/toast.server'

// The staff inbox's posts (/admin/doubts): Answer, Resolve, Hide and Show, each a plain form post naming its doubt
// (`doubtId`) and what to do (`intent`), so the page works without JavaScript. The work is the model's
// (app/models/doubts/moderation.server.ts: audited, one e-mail). Done: back to the same filtered page at the doubt.
// Refused: the page again, the message beside that doubt's form and the typed answer kept.

/** What a refused post gives the page: whose form, which field, why, and the answer as typed. */
export type DoubtActionData = { doubtId: string | null; field: 'body' | 'image' | null; message: string; body: string }

// The largest image the form reads is DOUBT_UPLOAD_MAX_BYTES, twice the limit, so an image a little too large reaches
// the model and is refused beside its doubt with the answer kept (server.js allows the body: DOUBT_PATHS). Past it the
// body is cut off while it streams, the answer with it; the page says why.
const READ_MAX_FILE = DOUBT_UPLOAD_MAX_BYTES

const refused = (value: DoubtActionData, status: number) => data(value, { status })

export async function doubtAction(request: Request, actorId: string) {
  const parsed = await parseForm(request, { maxFiles: 1, maxFileSize: READ_MAX_FILE })
  if (!parsed.ok) {
    if (parsed.reason !== 'file-too-large' && parsed.reason !== 'too-large') throw bodyRejection(parsed)
    return refused(
      { doubtId: null, field: 'image', message: `${DOUBT_MESSAGES.imageTooBig} The answer was not saved.`, body: '' },
      413,
    )
  }
  const form = parsed.form
  const doubtId = String(form.get('doubtId') ?? '')
  const intent = form.get('intent')
  const typed = typeof form.get('body') === 'string' ? String(form.get('body')) : ''
  let outcome: StaffOutcome
  if (intent === 'answer') {
    const file = form.get('image')
    const image = file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null
    outcome = await answerDoubt({ actorId, doubtId, body: typed, image, origin: appOrigin(request) })
  } else if (intent === 'resolve') outcome = await resolveDoubt({ actorId, doubtId })
  else if (intent === 'hide' || intent === 'show')
    outcome = await setDoubtHidden({ actorId, doubtId, hidden: intent === 'hide' })
  else outcome = { ok: false, status: 400, message: 'Choose Answer, Resolve, Hide or Show.' }
  if (!outcome.ok)
    return refused(
      { doubtId: doubtId || null, field: outcome.field ?? null, message: outcome.message, body: typed },
      outcome.status,
    )
  const url = new URL(request.url)
  throw await redirectWithSuccess(`${url.pathname}${url.search}#${doubtAnchor(doubtId)}`, outcome.message)
}
