// The shapes the doubt pages' loaders and actions hand their views (app/routes/learn/doubt-pages.server.ts makes
// them). Only what a page shows: rendered HTML, never a doubt's source text.

export type DoubtCard = {
  id: string
  /** The learner's account was deleted: their words are gone, the answer stays. */
  deleted: boolean
  bodyHtml: string | null
  imageUrl: string | null
  videoAt: number | null
  /** videoAt as '12:34'. */
  clock: string | null
  pending: boolean
  answer: { bodyHtml: string; imageUrl: string | null } | null
  helped: number
  helpedByMe: boolean
  mine: boolean
}

export type ThreadView = {
  answeredCount: number
  page: number
  pages: number
  answered: DoubtCard[]
  pending: DoubtCard[]
  /** The player showed fewer answered doubts than this page holds (they were long): the rest are on the doubts page. */
  trimmed: boolean
}

/** A refused ask: the message beside its field, and what was typed. */
export type DoubtReply = {
  field: 'body' | 'videoAt' | 'image'
  message: string
  values: { body: string; videoAt: string }
  /** An image had been chosen: the browser will not send it again by itself. */
  imageChosen: boolean
  /** The body was over the limit and could not be read: nothing typed came back. */
  lost: boolean
}

export type DoubtFormSettings = {
  withVideoAt: boolean
  /** '5,000' */
  maxChars: string
  imageMaxBytes: number
  imageTooBig: string
}
