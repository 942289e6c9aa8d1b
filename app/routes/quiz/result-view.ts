import { formatAccuracy, formatDuration, signedMarks } from '~/components/analysis/format'
import { formatMarks, marksToNumber, type Marks } from '~/lib/quiz/marks'
import { UNNAMED_SECTION, UNNAMED_TOPIC } from '~/lib/quiz/scoring'
import { shareOfMax } from '~/lib/quiz/standing'
import type { Analysis, AnalysisGroup, AnalysisQuestion } from '~/models/quiz/analysis.server'
import type { ReviewQuestion } from '~/components/quiz/review-item'

// The result page's view model: the analysis of one attempt as the text the page shows, built on the server.
// Exact marks become text here (2 decimals, decision 011); a number travels beside its text only where the page
// draws with it (bars), so nothing parses "2.33" back into a number.

const text = (m: Marks | null) => (m ? formatMarks(m) : null)
const num = (m: Marks | null) => (m ? marksToNumber(m) : null)

function groupView(g: AnalysisGroup, unnamed: string) {
  return {
    name: g.key ?? unnamed,
    earned: formatMarks(g.earned),
    earnedValue: marksToNumber(g.earned),
    max: formatMarks(g.maxMarks),
    topper: text(g.topperEarned),
    topperValue: num(g.topperEarned),
    questions: g.questions,
    attempted: g.attempted,
    correct: g.correct,
    wrong: g.wrong,
    accuracy: formatAccuracy(g.accuracy),
    time: formatDuration(g.timeSpentMs),
  }
}

export function resultView(a: Analysis) {
  return {
    quiz: a.quiz,
    practice: a.attempt.mode === 'practice',
    score: formatMarks(a.score),
    scoreValue: marksToNumber(a.score),
    max: formatMarks(a.maxScore),
    maxValue: marksToNumber(a.maxScore),
    share: scoreShare(a.score, a.maxScore),
    overall: {
      questions: a.overall.questions,
      attempted: a.overall.attempted,
      correct: a.overall.correct,
      wrong: a.overall.wrong,
      unattempted: a.overall.unattempted,
      accuracy: formatAccuracy(a.overall.accuracy),
    },
    rank: a.rank,
    participants: a.participants,
    percentile: a.percentile?.text ?? null,
    topper: text(a.topper),
    topperValue: num(a.topper),
    average: text(a.average),
    averageValue: num(a.average),
    duration: formatDuration(a.attempt.durationMs),
    timeSpent: formatDuration(a.attempt.timeSpentMs),
    sections: a.sections.map((g) => groupView(g, UNNAMED_SECTION)),
    /** The per-section chart is worth drawing when some question has a section. */
    namedSections: a.sections.some((g) => g.key !== null),
    topics: a.topics.map((g) => groupView(g, UNNAMED_TOPIC)),
    questions: a.questions.map(questionView),
  }
}

/** One question of a review as the page shows it (the result page, /practice, a practice set's result). */
export function questionView(q: AnalysisQuestion): ReviewQuestion {
  return {
    id: q.questionId,
    number: q.number,
    type: q.type,
    // The stored HTML only: the page shows it, and the source would double what the page carries.
    questionHtml: q.questionHtml,
    optionsHtml: q.optionsHtml,
    explanationHtml: q.explanationHtml,
    section: q.section,
    topic: q.topic,
    selectedOption: q.selectedOption,
    selectedOptions: q.selectedOptions,
    numericAnswer: q.numericAnswer,
    correctOptions: q.correctOptions,
    answerMin: q.answerMin,
    answerMax: q.answerMax,
    outcome: q.outcome,
    earned: signedMarks(formatMarks(q.earned)),
    max: formatMarks(q.maxMarks),
    negative: formatMarks(q.negativeMarks),
    time: formatDuration(q.timeSpentMs),
  }
}

/** The score as a share of the maximum: the bar's width held to 0-100, the exact share as text. */
export function scoreShare(score: Marks, max: Marks) {
  const share = shareOfMax(score, max)
  return { bar: Math.max(0, Math.min(100, share.value)), text: share.text }
}

export type ResultView = ReturnType<typeof resultView>
