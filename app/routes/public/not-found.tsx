import { data } from 'react-router'
import { NotFoundPage } from '~/components/not-found-page'
import { BRAND_NAME } from '~/lib/constants'
import type { Route } from './+types/not-found'

// The `*` route: any unknown path renders the 404 page with status 404.
export function loader() {
  return data(null, { status: 404 })
}

// A POST to an unknown path is a 404 too (not a 405).
export function action() {
  return data(null, { status: 404 })
}

export const meta: Route.MetaFunction = () => [{ title: `Page not found | ${BRAND_NAME}` }]

export default function NotFound() {
  return <NotFoundPage />
}
