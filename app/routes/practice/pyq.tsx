import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, redirect } from 'react-router'
import { PostError } from '~/components/quiz/result-parts'
import { requireUser } from '~/auth/guard.server'
import { BRAND_NAME } from '~/lib/constants'
import { practiceLearner, pyqPapers, startPyqPractice } from '~/models/bank/practice.server'
import { PyqPracticeSchema } from '~/schemas/bank-practice'
import { readForm } from '~/utils/body.server'
import type { Route } from './+types/pyq'

// /practice/pyq: previous year papers. One entry per exam and year that has tagged questions in the bank, counting
// the ones this learner may practise now (app/models/bank/practice.server.ts: never a question of a test they can
// still take); its button opens them as one untimed practice test, never ranked.

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const papers = await pyqPapers(await practiceLearner(user))
  return { papers }
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request)
  const submission = parseWithZod(await readForm(request), { schema: PyqPracticeSchema })
  if (submission.status !== 'success')
    return data({ error: 'That paper was not understood. Please choose it again.' }, { status: 400 })
  const outcome = await startPyqPractice({ user, exam: submission.value.exam, year: submission.value.year })
  if (!outcome.ok)
    return data(
      {
        error:
          'No questions of that paper are open to you now: questions of tests you can still take open for practice after you submit those tests.',
      },
      { status: 400 },
    )
  throw redirect(`/practice/sets/${outcome.setId}?q=1`)
}

export const meta: Route.MetaFunction = () => [{ title: `Previous year papers | ${BRAND_NAME}` }]

const count = (n: number) => `${n} ${n === 1 ? 'question' : 'questions'}`

export default function PreviousYearPapers({ loaderData, actionData }: Route.ComponentProps) {
  const { papers } = loaderData
  return (
    <main className="mx-auto max-w-3xl px-3 py-8 sm:px-4 sm:py-10">
      <p className="text-sm">
        <Link to="/practice" className="text-emerald-700 underline dark:text-emerald-400">
          Practice
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">Previous year papers</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        The questions of each exam's past papers in the question bank, as one untimed practice test: never ranked, with
        the keys and explanations after you submit. Questions of tests you can still take open here after you submit
        those tests.
      </p>
      <PostError error={actionData?.error ?? null} className="mt-4" />
      {papers.length === 0 ? (
        <p className="mt-6 text-sm text-slate-600 dark:text-slate-300">No previous year questions in the bank yet.</p>
      ) : (
        <ul className="mt-6 flex flex-col gap-2">
          {papers.map((p) => (
            <li
              key={`${p.exam}/${p.year}`}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
            >
              <span>
                <span className="font-semibold">
                  {p.exam} {p.year}
                </span>{' '}
                — {count(p.questions)}
                {p.questions < p.total ? (
                  <span className="block text-xs text-slate-600 dark:text-slate-300">
                    {count(p.total - p.questions)} more in the bank, not open to you now
                  </span>
                ) : null}
              </span>
              {p.questions > 0 ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="pyq" />
                  <input type="hidden" name="exam" value={p.exam} />
                  <input type="hidden" name="year" value={p.year} />
                  <button
                    type="submit"
                    aria-label={`Practise ${p.exam} ${p.year}`}
                    className="rounded bg-emerald-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-emerald-800"
                  >
                    Practise
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </main>
  )
}
