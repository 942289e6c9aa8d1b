import { data } from 'react-router'
import { DOUBT_MAX_CHARS, DOUBT_MESSAGES, pageOf, videoClock, type DoubtField } from '~/lib/doubts/rules'
import { isId } from '~/lib/ids'
import { doubtAnchor } from '~/models/doubts/paths'
import type { DoubtTarget, Viewer } from '~/models/doubts/access.server'
import { askDoubt, DOUBT_IMAGE_MAX_BYTES } from '~/models/doubts/ask.server'
import { markHelped } from '~/models/doubts/learner.server'
import type { DoubtItem, Thread } from '~/models/doubts/threads.server'
import { bodyRejection, parseForm } from '~/utils/body.server'
import { DOUBT_UPLOAD_MAX_BYTES } from '~/utils/server-settings.server'
import { redirectWithError, redirectWithSuccess } from '~/utils/toast.server'
import type { DoubtCard, DoubtFormSettings, DoubtReply, ThreadView } from '~/components/doubts/types'

// What the learner's doubt pages share (decision 034): the lecture's and the question's doubts pages and the
// player's doubts section read a thread through `threadView`, and the two pages' actions are `doubtPost`. The models
// (app/models/doubts/) hold every rule; this turns their answers into page data and post/redirect/get.

export const ASKED = 'Your doubt has been sent. You will get an e-mail when it is answered.'
export const HELPED = 'Thank you. Your vote helps other learners find good answers.'

/** What the form needs from the rules (the rules module itself renders markup: it stays on the server). */
export const formSettings = (withVideoAt: boolean): DoubtFormSettings => ({
  withVideoAt,
  maxChars: DOUBT_MAX_CHARS.toLocaleString('en-IN'),
  imageMaxBytes: DOUBT_IMAGE_MAX_BYTES,
  imageTooBig: DOUBT_MESSAGES.imageTooBig,
})

/** A doubt as a page shows it: the rendered HTML only (not the source text), and its time as 'at 12:34'. */
export function doubtCard(item: DoubtItem): DoubtCard {
  return {
    id: item.id,
    deleted: item.body === null,
    bodyHtml: item.bodyHtml,
    imageUrl: item.imageUrl,
    videoAt: item.videoAt,
    clock: item.videoAt === null ? null : videoClock(item.videoAt),
    pending: item.answer === null,
    answer: item.answer ? { bodyHtml: item.answer.bodyHtml, imageUrl: item.answer.imageUrl } : null,
    helped: item.helped,
    helpedByMe: item.helpedByMe,
    mine: item.mine,
  }
}

export const threadView = (thread: Thread): ThreadView => ({
  answeredCount: thread.answeredCount,
  page: thread.page,
  pages: thread.pages,
  answered: thread.answered.map(doubtCard),
  pending: thread.pending.map(doubtCard),
  trimmed: false,
})

/**
 * The most HTML of answered doubts (questions and answers together) the player carries. The player's page must arrive
 * in the first TCP flight (14.6 KB compressed) on 2G, and its framework data repeats every doubt it shows: ten short
 * doubts fit, ten long ones do not. So the player shows the newest answered doubts up to ten AND up to this size,
 * and links to the lecture's doubts page for the rest (decision 034). Measured by `npm run bench` section `doubts`.
 */
export const PLAYER_DOUBTS_MAX_CHARS = 1_500

/** The player's share of a thread's first page: the newest answered doubts within PLAYER_DOUBTS_MAX_CHARS. */
export function playerThreadView(thread: Thread): ThreadView {
  const view = threadView(thread)
  let used = 0
  let shown = 0
  for (const card of view.answered) {
    used += (card.bodyHtml?.length ?? 0) + (card.answer?.bodyHtml.length ?? 0)
    if (used > PLAYER_DOUBTS_MAX_CHARS) break
    shown++
  }
  return shown === view.answered.length ? view : { ...view, answered: view.answered.slice(0, shown), trimmed: true }
}

/** Where a post goes back to: the player ('from=player') or the doubts page; never an address the form sent. */
export type PostBack = { page: string; player: string | null }

const text = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}

function refused(reply: DoubtReply, status: number) {
  return data({ reply, error: null as string | null }, { status })
}

/**
 * A doubts page's post: 'ask' (the default) or 'helped'. The caller has checked access to `target`. A refusal is
 * this page again with the message beside its field and what was typed (the image must be chosen again: a browser
 * never refills a file input); success goes back where the form was, with a toast.
 */
export async function doubtPost({
  request,
  viewer,
  target,
  back,
}: {
  request: Request
  viewer: Viewer
  target: DoubtTarget
  back: PostBack
}) {
  // The file may pass the 1 MB rule by a little and still be read, so askDoubt's message stands beside what was typed.
  const parsed = await parseForm(request, { maxFiles: 1, maxFileSize: DOUBT_UPLOAD_MAX_BYTES })
  if (!parsed.ok) {
    if (parsed.reason !== 'file-too-large' && parsed.reason !== 'too-large') throw bodyRejection(parsed)
    // The parser stops at the first byte past the limit: whatever came after it (or before, in a cut-off form) is
    // not read, so the page says the typing was lost rather than showing an empty box as if nothing was sent.
    return refused(
      {
        field: 'image',
        message: DOUBT_MESSAGES.imageTooBig,
        values: { body: '', videoAt: '' },
        imageChosen: true,
        lost: true,
      },
      413,
    )
  }
  const form = parsed.form
  const fromPlayer = text(form, 'from') === 'player' && back.player !== null
  if (text(form, 'intent') === 'helped') {
    const doubtId = text(form, 'doubtId')
    const page = pageOf(text(form, 'page'))
    // Back at the doubt (an id that is not one names no place: the thread's top).
    const at = isId(doubtId) ? doubtAnchor(doubtId) : 'doubts'
    const to = `${fromPlayer ? back.player : `${back.page}${page > 1 ? `?page=${page}` : ''}`}#${at}`
    const outcome = await markHelped(viewer, doubtId)
    if (!outcome.ok) throw await redirectWithError(to, outcome.message)
    throw await redirectWithSuccess(to, HELPED)
  }
  const file = form.get('image')
  const image = file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null
  const values = { body: text(form, 'body'), videoAt: target.kind === 'lecture' ? text(form, 'videoAt') : '' }
  const outcome = await askDoubt({ viewer, target, doubt: { body: values.body, videoAt: values.videoAt, image } })
  if (!outcome.ok)
    return refused(
      {
        field: outcome.field as DoubtField,
        message: outcome.message,
        values,
        imageChosen: image !== null,
        lost: false,
      },
      outcome.status,
    )
  throw await redirectWithSuccess(
    fromPlayer ? `${back.player}#doubts` : `${back.page}#${doubtAnchor(outcome.doubtId)}`,
    ASKED,
  )
}

/** A refused post's answer when the viewer may not use the doubts at all (the page's loader says the same). */
export const postRefused = (status: number, message: string) =>
  data({ reply: null as DoubtReply | null, error: message as string | null }, { status })
