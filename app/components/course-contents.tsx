import { Link } from 'react-router'

// The player's list of a course's sections and lectures: each lecture a link (?lecture=<id>, so it works without
// JS), numbered through the whole course, with a tick when the learner marked it done and its notes' download.

type Lecture = { id: string; title: string; noteTitle: string | null; hasNote: boolean }
type Section = { id: string; title: string; lectures: Lecture[] }

export function CourseContents({
  courseId,
  sections,
  lectureId,
  doneIds,
}: {
  courseId: string
  sections: Section[]
  lectureId: string | null
  doneIds: ReadonlySet<string>
}) {
  // Lectures are numbered across sections (1, 2, 3 ... through the whole course).
  const firstNumber = sections.map((_, i) => sections.slice(0, i).reduce((sum, s) => sum + s.lectures.length, 1))
  return (
    <nav aria-label="Course content" className="rounded-lg border border-slate-200 dark:border-slate-700">
      {sections.map((section, i) => (
        <div key={section.id} className="border-b border-slate-200 p-3 last:border-b-0 dark:border-slate-700">
          <h3 className="font-semibold">
            Section {i + 1}: {section.title}
          </h3>
          <ol className="mt-2 space-y-1">
            {section.lectures.map((lecture, j) => {
              const n = firstNumber[i] + j
              const active = lecture.id === lectureId
              const done = doneIds.has(lecture.id)
              return (
                <li key={lecture.id} className="flex items-center justify-between gap-2">
                  <span
                    className={`w-4 shrink-0 text-center text-emerald-700 dark:text-emerald-400 ${done ? '' : 'invisible'}`}
                    data-testid={done ? 'lecture-done' : undefined}
                  >
                    <span aria-hidden="true">✓</span>
                    {done ? <span className="sr-only">Done:</span> : null}
                  </span>
                  <Link
                    to={`?lecture=${lecture.id}`}
                    aria-current={active ? 'true' : undefined}
                    preventScrollReset
                    className={`flex-1 rounded px-2 py-1 text-sm ${active ? 'bg-emerald-100 font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100' : 'hover:bg-slate-100 dark:hover:bg-slate-800'}`}
                  >
                    {n}. {lecture.title}
                  </Link>
                  {lecture.hasNote ? (
                    <a
                      href={`/my-courses/${courseId}/notes/${lecture.id}`}
                      className="shrink-0 text-xs text-emerald-700 underline dark:text-emerald-400"
                      aria-label={`Notes: ${lecture.noteTitle || lecture.title}`}
                      download
                    >
                      Notes
                    </a>
                  ) : null}
                </li>
              )
            })}
          </ol>
        </div>
      ))}
    </nav>
  )
}
