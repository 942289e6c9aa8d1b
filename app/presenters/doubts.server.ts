import type { z } from 'zod'
import type { InboxDoubt } from '~/models/doubts/inbox.server'
import type { DoubtItem } from '~/models/doubts/threads.server'
import { absoluteOnOrigin } from '~/utils/origin.server'
import type { DoubtShape, InboxDoubtShape, StaffDoubtShape } from './doubt-shapes'

// Doubts as the v1 API sends them (./doubt-shapes.ts): `_id` as the older client's ids are, and image addresses
// absolute on the app's origin, as every v1 image is (a client hosted elsewhere still shows them).

const image = (url: string | null, origin: string) => (url ? absoluteOnOrigin(url, origin) : null)

function common(d: DoubtItem, origin: string) {
  return {
    _id: d.id,
    body: d.body,
    bodyHtml: d.bodyHtml,
    imageUrl: image(d.imageUrl, origin),
    videoAt: d.videoAt,
    status: d.status,
    answer: d.answer
      ? {
          body: d.answer.body,
          bodyHtml: d.answer.bodyHtml,
          imageUrl: image(d.answer.imageUrl, origin),
          answeredAt: d.answer.answeredAt,
        }
      : null,
    helped: d.helped,
  }
}

export const doubtJson = (d: DoubtItem, origin: string): z.infer<typeof DoubtShape> => ({
  ...common(d, origin),
  helpedByMe: d.helpedByMe,
  mine: d.mine,
  createdAt: d.createdAt,
})

export const staffDoubtJson = (d: DoubtItem, origin: string): z.infer<typeof StaffDoubtShape> => ({
  ...common(d, origin),
  createdAt: d.createdAt,
  hidden: d.hidden,
})

export const inboxDoubtJson = (d: InboxDoubt, origin: string): z.infer<typeof InboxDoubtShape> => ({
  ...staffDoubtJson(d, origin),
  learner: d.learner ? { _id: d.learner.id, name: d.learner.name, email: d.learner.email } : null,
  lecture: d.lecture,
  question: d.question,
})
