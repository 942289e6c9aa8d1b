import { useHydrated } from '~/hooks/use-hydrated'

// The one marker telling an action that the form was sent by the hydrated page (which then shows the outcome
// itself) rather than a plain no-JS post (which gets a redirect). Read it with `submittedWithJs`.
export const SUBMITTED_WITH_JS = 'js'

export function SubmittedWithJs() {
  return useHydrated() ? <input type="hidden" name={SUBMITTED_WITH_JS} value="1" /> : null
}

export const submittedWithJs = (form: FormData) => form.get(SUBMITTED_WITH_JS) === '1'
