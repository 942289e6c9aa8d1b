// The enhanced quiz page's Start (docs/decisions/032-exam-lane.md). At a live mock's opening thousands of learners
// press Start in the same seconds. A form post would be two requests through React Router (the action, then the
// test page's loader data after its redirect); this is one, answered by server.js's exam lane: the attempt and the
// test's first screen as JSON (app/routes/quiz/quick-start.server.ts). The page keeps that screen here, navigates to
// it, and the quiz route's clientLoader hands it over instead of asking the server again (the root's data, the
// signed-in user and the theme, does not change with a start either). Any refusal, or no answer, and the page posts
// its form as before, so the learner sees the action's message or the page they belong on.

type Started = { to: string; test: unknown }
let started: Started | null = null

const keyOf = (url: URL) => url.pathname + url.search

/** Starts the learner's attempt of quiz `quizId`; the address of the test to go to, or null to post the form. */
export async function startQuickly(quizId: string): Promise<string | null> {
  try {
    const response = await fetch(`/quiz/${quizId}/start`, {
      method: 'POST',
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
    })
    if (!response.ok) return null
    const body = (await response.json()) as Partial<Started>
    if (typeof body.to !== 'string' || !body.test) return null
    started = { to: body.to, test: body.test }
    return body.to
  } catch {
    return null
  }
}

/** True while the test at `url` is a started one waiting to be shown (the root then need not reload its data). */
export const isStartedTest = (url: URL) => started !== null && started.to === keyOf(url)

/** The kept first screen of the test at `url`, once (a later visit asks the server); undefined if none. */
export function takeStartedTest(url: URL): unknown {
  if (!isStartedTest(url)) return undefined
  const test = started!.test
  started = null
  return test
}
