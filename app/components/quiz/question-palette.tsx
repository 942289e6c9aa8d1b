import type { MouseEvent } from 'react'
import { Link } from 'react-router'
import {
  cellLabel,
  paletteGroups,
  paletteHref,
  paletteState,
  PALETTE_STATES,
  progressCounts,
  STATE_LABEL,
  STATE_MARK,
  stateCounts,
  type PaletteState,
} from '~/lib/quiz/palette'
import type { TestAnswer, TestQuestion } from './use-test-state'

// The question palette beside the test (decision 010): the Attempted / Remaining / Marked counters, one link per
// question grouped by section and coloured (and marked with a shape) by its state, and the legend. The rules are
// in app/lib/quiz/palette.ts; this file only draws them. Without JavaScript every cell is a plain link.

const STATE_CLASS: Record<PaletteState, string> = {
  notVisited: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  notAnswered: 'bg-red-600 text-white',
  answered: 'bg-blue-600 text-white',
  marked: 'bg-purple-600 text-white',
  answeredMarked: 'bg-purple-600 text-white ring-2 ring-inset ring-blue-300',
}

/** A question answered on this device whose answer the server has not confirmed: a mark and words, not a colour. */
const NOT_SAVED = 'Not saved yet'
const NOT_SAVED_MARK = '↻'

/** The counters above the palette, in order, each tinted like the palette state it counts. */
const PROGRESS = [
  { key: 'attempted', label: 'Attempted', className: 'rounded bg-blue-50 p-2 dark:bg-blue-950' },
  { key: 'remaining', label: 'Remaining', className: 'rounded bg-slate-100 p-2 dark:bg-slate-800' },
  { key: 'marked', label: 'Marked', className: 'rounded bg-purple-50 p-2 dark:bg-purple-950' },
] as const

/** The current question keeps its state's colour and gets an outline. */
function cellClass(state: PaletteState, current: boolean) {
  return current ? `${STATE_CLASS[state]} outline outline-3 outline-offset-2 outline-emerald-600` : STATE_CLASS[state]
}

export function QuestionPalette({
  questions,
  answers,
  index,
  shownAt,
  unsaved,
  onJump,
}: {
  questions: TestQuestion[]
  answers: Record<string, TestAnswer>
  /** The question on screen. */
  index: number
  /** When the server rendered the question on screen (no-JS links carry it). */
  shownAt?: string
  /** Questions whose answer is kept on this device but not yet saved on the server (JS on, e.g. offline). */
  unsaved?: ReadonlySet<string>
  onJump: (e: MouseEvent<HTMLAnchorElement>, index: number) => void
}) {
  const progress = progressCounts(stateCounts(questions, answers))
  return (
    <aside>
      <dl className="mb-3 grid max-w-md grid-cols-3 gap-2 text-center text-sm">
        {PROGRESS.map(({ key, label, className }) => (
          <div key={key} className={className}>
            <dt>{label}</dt>
            <dd className="text-lg font-semibold" data-testid={`${key}-count`}>
              {progress[key]}
            </dd>
          </div>
        ))}
      </dl>
      <details open className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
        <summary className="cursor-pointer font-semibold">Question Navigation</summary>
        {paletteGroups(questions).map((group) => (
          <section key={group.name ?? ''} aria-label={group.name ?? undefined} className="mt-3">
            {group.heading ? <h2 className="mb-2 text-sm font-semibold">{group.heading}</h2> : null}
            <nav aria-label={group.navLabel} className="grid grid-cols-6 gap-2 sm:grid-cols-10 lg:grid-cols-12">
              {group.indexes.map((i) => {
                const q = questions[i]
                const current = i === index
                const state = paletteState(answers[q.id], current)
                const notSaved = unsaved?.has(q.id) ?? false
                return (
                  <Link
                    key={q.id}
                    to={paletteHref(i, index, shownAt)}
                    replace
                    preventScrollReset
                    onClick={(e) => onJump(e, i)}
                    aria-current={current ? 'step' : undefined}
                    aria-label={`${cellLabel(i, state, current)}${notSaved ? `, ${NOT_SAVED}` : ''}`}
                    data-state={state}
                    data-unsaved={notSaved ? 'true' : undefined}
                    className={`flex h-9 items-center justify-center gap-0.5 rounded text-sm font-semibold ${cellClass(state, current)}`}
                  >
                    {i + 1}
                    <span aria-hidden="true" className="text-[10px]">
                      {STATE_MARK[state]}
                    </span>
                    {notSaved ? (
                      <span aria-hidden="true" className="text-[10px]" title={NOT_SAVED}>
                        {NOT_SAVED_MARK}
                      </span>
                    ) : null}
                  </Link>
                )
              })}
            </nav>
          </section>
        ))}
        <ul
          className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-300"
          aria-label="Legend"
        >
          <li>
            <span className="mr-1 inline-block h-3 w-3 rounded outline outline-2 outline-emerald-600 align-middle" />
            Current (outlined)
          </li>
          {PALETTE_STATES.map((state) => (
            <li key={state}>
              <span
                aria-hidden="true"
                className={`mr-1 inline-flex h-4 min-w-4 items-center justify-center rounded px-0.5 align-middle text-[10px] ${STATE_CLASS[state]}`}
              >
                {STATE_MARK[state]}
              </span>
              {STATE_LABEL[state]}
            </li>
          ))}
          {unsaved?.size ? (
            <li>
              <span aria-hidden="true" className="mr-1 font-semibold">
                {NOT_SAVED_MARK}
              </span>
              {NOT_SAVED} ({unsaved.size})
            </li>
          ) : null}
        </ul>
      </details>
    </aside>
  )
}
