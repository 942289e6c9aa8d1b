import { z } from 'zod'
import { DIFFICULTIES, TAG_MAX, YEAR_MAX, YEAR_MIN } from '~/lib/bank/bank'
import { PRACTICE_COUNT_DEFAULT, PRACTICE_COUNT_MAX, PRACTICE_COUNT_MIN } from '~/lib/bank/practice'

// The practice forms of /practice ('Build a practice test') and /practice/pyq (open a previous year paper). Plain
// form posts: every field is optional but the count, which has a default; a checkbox sends 'on' when ticked.

const COUNT_MESSAGE = `Choose from ${PRACTICE_COUNT_MIN} to ${PRACTICE_COUNT_MAX} questions`
const tag = (what: string) => z.string().trim().max(TAG_MAX, `${what} is too long`)
const year = z
  .number({ error: 'Choose a year from the list' })
  .int('Choose a year from the list')
  .min(YEAR_MIN, 'Choose a year from the list')
  .max(YEAR_MAX, 'Choose a year from the list')

export const BuildPracticeSchema = z.object({
  intent: z.literal('build', { error: 'Unknown action' }),
  subject: tag('Subject').optional(),
  topic: z.array(tag('Topic')).max(500, 'Choose fewer topics').optional(),
  exam: tag('Exam').optional(),
  year: year.optional(),
  difficulty: z.enum(DIFFICULTIES, { error: 'Choose easy, medium or hard' }).optional(),
  count: z
    .number({ error: COUNT_MESSAGE })
    .int(COUNT_MESSAGE)
    .min(PRACTICE_COUNT_MIN, COUNT_MESSAGE)
    .max(PRACTICE_COUNT_MAX, COUNT_MESSAGE)
    .default(PRACTICE_COUNT_DEFAULT),
  unseenFirst: z.boolean().optional(),
  timed: z.boolean().optional(),
})

export const PyqPracticeSchema = z.object({
  intent: z.literal('pyq', { error: 'Unknown action' }),
  exam: tag('Exam').min(1, 'Choose a paper'),
  year,
})
