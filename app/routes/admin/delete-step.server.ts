import { isId } from '~/lib/ids'

// The delete step of the admin lists (coupons, quizzes): a row's Delete link adds `?delete=<id>`, the loader then
// names the row and the page shows a confirmation dialog rendered by the server (so it works without JS); the
// dialog's form posts to the same address, and the action goes back to the list without the parameter.

/** The id the address asks to confirm a delete of, when it is a well-formed id. */
export function deleteAsked(request: Request): string | null {
  const id = new URL(request.url).searchParams.get('delete')
  return isId(id) ? id : null
}

/** Where the delete action returns: the same list (page, filters) without `?delete=`. */
export function listAddress(request: Request): string {
  const url = new URL(request.url)
  url.searchParams.delete('delete')
  return url.pathname + url.search
}
