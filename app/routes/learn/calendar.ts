import { calendarFeed } from '~/models/live/calendar.server'
import { appOrigin } from '~/utils/origin.server'
import type { Route } from './+types/calendar'

// A learner's live-class calendar, /calendar/{token}.ics, for Google Calendar and phone calendars to subscribe
// to (no session: the token in the address is the key). An unknown or replaced token is a 404. Events link to the
// course player on the app's public origin, as the profile's calendar address and e-mail links do.
export async function loader({ params, request }: Route.LoaderArgs) {
  const token = params.file.endsWith('.ics') ? params.file.slice(0, -'.ics'.length) : ''
  const feed = token ? await calendarFeed(token, appOrigin(request)) : null
  if (feed === null) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } })
  return new Response(feed, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex',
    },
  })
}
