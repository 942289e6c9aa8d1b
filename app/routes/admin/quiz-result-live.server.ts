import { data } from 'react-router'
import { holdResults, learnerIdOf, publishNow, readOverride, setOverride } from '~/models/quiz/live-staff.server'
import { readForm } from '~/utils/body.server'
import { dataWithSuccess } from '~/utils/toast.server'

// The action of the staff results page of a live mock (./quiz-result.tsx): intent=publish, hold or override. A
// refused override answers 400 with the message naming the field and what was typed, so the form keeps it.

export async function liveMockAction({
  request,
  quizId,
  actorId,
}: {
  request: Request
  quizId: string
  actorId: string
}) {
  const form = await readForm(request)
  const intent = String(form.get('intent') ?? '')
  if (intent === 'publish') {
    const outcome = await publishNow({ quizId, actorId })
    if (!outcome.ok) return data({ intent, message: outcome.message }, { status: 400 })
    return dataWithSuccess({ intent }, 'Results published')
  }
  if (intent === 'hold') {
    const outcome = await holdResults({ quizId, actorId })
    if (!outcome.ok) return data({ intent, message: outcome.message }, { status: 400 })
    return dataWithSuccess({ intent }, 'Results held')
  }
  if (intent === 'override') {
    const values = Object.fromEntries(
      ['userId', 'extraMinutes', 'opensAt', 'closesAt'].map((k) => [k, String(form.get(k) ?? '')]),
    )
    const read = readOverride({ ...values, userId: await learnerIdOf(values.userId ?? '') })
    if (!read.ok) return data({ intent, field: read.field, message: read.message, values }, { status: 400 })
    const outcome = await setOverride({ quizId, actorId, input: read.value })
    if (!outcome.ok)
      return data({ intent, field: outcome.field, message: outcome.message, values }, { status: outcome.status })
    return dataWithSuccess({ intent }, 'Override saved')
  }
  return data({ intent, message: 'Unknown action.' }, { status: 400 })
}
