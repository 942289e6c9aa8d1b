import { useMatches } from 'react-router'

/**
 * What a route module may tell the root layout through its exported `handle`, read with useMatches (the same on
 * the server and in the browser, so it holds with JavaScript off).
 */
export type RouteHandle = {
  /** The floating WhatsApp panel stays off this route: nothing floats over a test (issue 13 item 9). */
  hideFloatingPanel?: boolean
}

/** True when a matched route's handle sets this flag. */
export function useRouteHandleFlag(flag: keyof RouteHandle): boolean {
  return useMatches().some((match) => Boolean((match.handle as RouteHandle | undefined)?.[flag]))
}
