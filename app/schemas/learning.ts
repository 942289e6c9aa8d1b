import { z } from 'zod'
import { ID_PATTERN } from '~/lib/ids'

// The learning loop's forms: marking a lecture done in the player, saving a question on a result page, starting a
// practice set on /practice. Every one is a few buttons (no typed input), posted with JavaScript on or off.

const id = (what: string) => z.string({ error: `${what} is missing` }).regex(ID_PATTERN, `${what} is not valid`)

export const LectureMarkSchema = z.object({
  intent: z.enum(['done', 'undone'], { error: 'Unknown action' }),
  lectureId: id('Lecture'),
})

export const SaveQuestionSchema = z.object({
  intent: z.enum(['save-question', 'remove-question'], { error: 'Unknown action' }),
  questionId: id('Question'),
})

/** 'Start practice': the listed questions (question version ids) and where they were listed from. */
export const StartPracticeSchema = z.object({
  intent: z.literal('start-practice', { error: 'Unknown action' }),
  from: z.enum(['mistakes', 'saved'], { error: 'Unknown list' }),
  // Held to a generous bound here; the model takes the first PRACTICE_SET_MAX distinct ones (practiceSelection).
  questionId: z
    .array(id('Question'), { error: 'Choose some questions first' })
    .min(1, 'Choose some questions first')
    .max(500),
  quiz: z.string().max(40).optional(),
  topic: z.string().max(200).optional(),
})

/**
 * The lecture video's small posts (app/routes/learn/video-prefs.ts): where the learner stopped (sent by the player
 * while it plays, JavaScript on), and the 'Data saver' choice (a checkbox and a button, JavaScript on or off).
 */
export const VideoPrefsSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({
      intent: z.literal('position'),
      lectureId: id('Lecture'),
      seconds: z.coerce.number({ error: 'Seconds are missing' }).finite().min(0).max(86_400),
    }),
    z.object({
      intent: z.literal('data-saver'),
      lectureId: id('Lecture'),
      // A checkbox: 'on' when ticked, absent when not.
      dataSaver: z.literal('on').optional(),
    }),
  ],
  { error: 'Unknown action' },
)
