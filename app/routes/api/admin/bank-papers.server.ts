import { z } from 'zod'
import { BLUEPRINT_MAX, DIFFICULTIES, type FieldProblem } from '~/lib/bank/bank'
import { BLUEPRINT_LINES_MAX, readBlueprint } from '~/lib/bank/blueprint'
import { listExams } from '~/models/bank/filters.server'
import { addBankQuestions, addBlueprint, type PaperAddResult } from '~/models/bank/papers.server'
import { apiError, json, readJsonBody } from '~/utils/api.server'
import { endpoint, ok, type SignedInArgs } from '../endpoints.server'

// /api/v1/admin: a paper built from the bank (the row of ../admin.server.ts's table), the twin of the 'Add questions
// from the bank' page (app/routes/admin/quiz-from-bank.tsx). Either chosen bank questions or a blueprint.

const fieldError = (p: FieldProblem) => apiError(400, `${p.field}: ${p.message}`, { field: p.field })

const answer = (result: PaperAddResult) => {
  if (result.ok) return json({ success: true, added: result.added, questionIds: result.questionIds })
  if (result.problem === 'quiz') return apiError(404, 'Quiz not found')
  return fieldError(result)
}

const addQuestions = async ({ request, params, user }: SignedInArgs) => {
  const body = await readJsonBody(request)
  const byIds = body.questionIds !== undefined
  if (byIds === (body.blueprint !== undefined))
    return fieldError({ field: 'questionIds', message: 'Send either questionIds (bank question ids) or blueprint' })
  if (byIds) {
    const ids = body.questionIds
    if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string'))
      return fieldError({ field: 'questionIds', message: 'A list of bank question ids' })
    return answer(await addBankQuestions({ actorId: user.id, quizId: params.quizId, questionIds: ids }))
  }
  const read = readBlueprint(body.blueprint, await listExams())
  if (!read.ok) return fieldError(read.problems[0])
  return answer(await addBlueprint({ actorId: user.id, quizId: params.quizId, lines: read.lines }))
}

const BlueprintLineBody = z.object({
  count: z.number().int().min(1).describe('how many questions this line draws'),
  subject: z.string().optional(),
  topic: z.string().optional(),
  exam: z.string().optional().describe('an exam name from the exam list'),
  year: z.number().int().optional(),
  difficulty: z.enum(DIFFICULTIES).optional(),
})

const AddQuestionsBody = z
  .union([
    z.object({ questionIds: z.array(z.string()).describe('bank question ids, added in this order') }),
    z.object({ blueprint: z.array(BlueprintLineBody).max(BLUEPRINT_LINES_MAX) }),
  ])
  .describe(
    'Either questionIds or blueprint. A blueprint line draws `count` questions having all its tags (each optional); ' +
      'no question is drawn twice, and lines with fewer candidates choose first. Questions the paper already ' +
      `holds and retired ones are never added. At most ${BLUEPRINT_LINES_MAX} lines and ${BLUEPRINT_MAX} ` +
      "questions. Each question joins the end of the paper at the quiz's default marks for its type, section none.",
  )

export const adminBankPaperEndpoints = [
  endpoint({
    method: 'POST',
    path: '/quiz/:quizId/questions',
    summary:
      'Adds bank questions to a quiz: the ones named, or drawn by a blueprint; refused whole, nothing added, when ' +
      'one cannot be',
    guard: 'staff',
    body: { json: AddQuestionsBody },
    success: {
      200: ok({
        added: z.number().int().describe('how many questions were added'),
        questionIds: z
          .array(z.string())
          .describe('the BANK question ids added (not the ids of the new paper rows), in paper order'),
      }),
    },
    errors: {
      400:
        'the field at fault and why, with `field`: "questionIds: Question ... is already in this paper" (or not in ' +
        'the bank, or retired), "blueprint[1].count: Line 2 asks for 8 but the bank has 5 matching questions not ' +
        'already in this paper", "blueprint[0].exam: ...", "blueprint: ..."',
      404: 'Quiz not found',
    },
    handler: addQuestions,
  }),
]
