import { redirect } from 'react-router'
import { parseForm } from '~/utils/body.server'
import { safeRedirect } from '~/lib/safe-redirect'
import { themeCookie } from '~/utils/theme.server'
import type { Route } from './+types/theme'

// The theme switch without JavaScript: a post that stores the choice and redirects back.
export async function action({ request }: Route.ActionArgs) {
  // A body that is not a form (a script, a fuzzer) just means "no choice": light, back to /.
  const body = await parseForm(request)
  const form = body.ok ? body.form : new FormData()
  const theme = form.get('theme') === 'dark' ? 'dark' : 'light'
  const back = safeRedirect(form.get('redirectTo'))
  return redirect(back, { headers: { 'Set-Cookie': await themeCookie.serialize(theme) } })
}

export function loader() {
  return redirect('/')
}
