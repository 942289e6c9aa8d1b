import { z } from 'zod'
import { readOverride, setOverride } from '~/models/quiz/live-staff.server'
import { apiError, json, readJsonBody } from '~/utils/api.server'
import { endpoint, ok } from '../endpoints.server'

// /api/v1/admin/quiz/{quizId}/overrides: a learner's extra minutes or separate window of a live mock
// (app/models/quiz/live-staff.server.ts), audited. A 400 names the field it refuses.

const OverrideBody = z.object({
  userId: z.string(),
  extraMinutes: z.number().int().min(0).max(1440).optional(),
  opensAt: z.string().nullable().optional().describe('ISO instant with a zone, or India time YYYY-MM-DDTHH:mm'),
  closesAt: z.string().nullable().optional().describe('ISO instant with a zone, or India time YYYY-MM-DDTHH:mm'),
})

export const adminLiveMockEndpoints = [
  endpoint({
    method: 'POST',
    path: '/quiz/:id/overrides',
    summary: "Sets a learner's extra minutes or separate window of a live mock; their attempt still ranks",
    guard: 'staff',
    body: { json: OverrideBody },
    success: { 200: ok({ message: z.string() }) },
    errors: {
      400: 'names the refused field: "userId", "extraMinutes", "opensAt" or "closesAt" (with `field`), a paper without a window, or one whose results are published (an override would open a ranked attempt against a public key)',
      404: 'Quiz not found',
    },
    handler: async ({ request, params, user }) => {
      const read = readOverride(await readJsonBody(request))
      if (!read.ok) return apiError(400, read.message, { field: read.field })
      const outcome = await setOverride({ quizId: params.id ?? '', actorId: user.id, input: read.value })
      if (!outcome.ok) return apiError(outcome.status, outcome.message, outcome.field ? { field: outcome.field } : {})
      return json({ success: true, message: 'Override saved.' })
    },
  }),
]
