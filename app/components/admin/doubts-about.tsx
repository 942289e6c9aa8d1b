import { Link } from 'react-router'
import { OPTION_LETTERS } from '~/components/analysis/format'
import { Markup } from '~/components/quiz/markup'
import type { InboxLecture, InboxQuestion } from '~/models/doubts/inbox.server'
import { videoClock } from '~/lib/doubts/rules'
import { lectureDoubtsPath } from '~/models/doubts/paths'

// What a doubt of the staff inbox is about: its lecture (with the time in the video), or its question with the
// options, the key and the explanation (staff only: this page is behind the staff guard).

export function DoubtAbout({
  lecture,
  question,
  videoAt,
}: {
  lecture: InboxLecture | null
  question: InboxQuestion | null
  videoAt: number | null
}) {
  if (lecture)
    return (
      <div className="text-sm">
        <p>
          <span className="font-medium">Lecture: </span>
          {lecture.courseTitle ?? 'A deleted course'} · {lecture.lectureTitle ?? 'Untitled lecture'}
          {videoAt !== null ? ` at ${videoClock(videoAt)}` : null}
          {lecture.lectureExists ? null : (
            <span className="text-slate-600 dark:text-slate-300"> (lecture deleted)</span>
          )}
        </p>
        {lecture.lectureExists && lecture.courseId ? (
          <p>
            <Link
              to={lectureDoubtsPath(lecture.courseId, lecture.lectureId)}
              className="text-emerald-800 underline dark:text-emerald-300"
            >
              The lecture&apos;s doubts as learners see them
            </Link>
          </p>
        ) : null}
      </div>
    )
  if (!question) return null
  return (
    <div className="text-sm">
      <p>
        <span className="font-medium">Question of </span>
        {question.quizTitle ?? 'a deleted test'}
      </p>
      {question.questionHtml === null ? (
        <p className="mt-2">The question is no longer stored.</p>
      ) : (
        <div className="mt-2 flex flex-col gap-2 rounded bg-slate-50 p-3 dark:bg-slate-800">
          <Markup html={question.questionHtml} />
          {question.optionsHtml.length ? (
            <ol className="flex flex-col gap-1">
              {question.optionsHtml.map((html, i) => (
                <li key={i}>
                  <span className="font-medium">{OPTION_LETTERS[i] ?? i + 1}. </span>
                  <Markup html={html} inline />
                </li>
              ))}
            </ol>
          ) : null}
          {question.key ? <p className="font-medium">Key: {question.key}</p> : null}
          {question.explanationHtml ? (
            <div>
              <p className="font-medium">Explanation</p>
              <Markup html={question.explanationHtml} />
            </div>
          ) : null}
        </div>
      )}
    </div>
  )
}
