import { topicAccuracy, type TopicAccuracy } from '~/lib/quiz/practice'
import type { Marks } from '~/lib/quiz/marks'
import type { QuizViewer } from './access.server'
import { bankPracticePapers, rankedPapers } from './revision.server'

// A learner's tests over time (/profile/progress): each submitted ranked attempt with its score, and accuracy per
// topic across all of them and the practice tests they drew from the question bank (a row's topic is its bank
// question's, kept in step by app/models/bank/versions.server.ts setBankTopic, so a topic counts across papers). Read through the same marked papers as the result page (markedPaper), so a test's
// figures here are the ones its result page shows.

export type TestPoint = {
  quiz: { id: string; title: string }
  submittedAt: string
  score: Marks
  maxScore: Marks
}

export async function learnerTests(user: QuizViewer): Promise<{ tests: TestPoint[]; topics: TopicAccuracy[] }> {
  const [papers, practised] = await Promise.all([rankedPapers(user), bankPracticePapers(user)])
  // Oldest first: the order of a line over time.
  const tests = papers
    .map((p) => ({
      quiz: p.quiz,
      submittedAt: p.submittedAt,
      score: p.marked.score.total,
      maxScore: p.marked.score.maxTotal,
    }))
    .reverse()
  return { tests, topics: topicAccuracy([...papers, ...practised].map((p) => p.marked.score.topics)) }
}
