import { useMatches } from 'react-router'

/**
 * What a route module may tell the root layout through its exported `handle`, read with useMatches (the same on
 * the server and in the browser, so it holds with JavaScript off).
 */
export type RouteHandle = {
  /** The floating WhatsApp panel stays off this route: nothing floats over a test or its result and analysis. */
  hideFloatingPanel?: boolean
  /**
   * No site footer on this route: the test's pages are an exam screen, whose footer links only lead away mid-test
   * (and whose bytes would push the page past the first TCP flight on a slow phone).
   */
  hideSiteFooter?: boolean
  /**
   * This route needs JavaScript (a form with a real enhancement, the Razorpay widget, the test view, admin):
   * the page gets React Router's scripts and hydrates. Without it a page is plain HTML + CSS.
   */
  hydrate?: boolean
  /**
   * With `hydrate`: the page is rendered whole with its CSS inline, and its scripts start only after it has loaded
   * (app/utils/after-load.server.ts). For a page that works fully without script and must paint first (the test
   * view); a function of the route's loader data says which of its views (read on the server only).
   */
  hydrateAfterLoad?: boolean | ((loaderData: unknown) => boolean)
  /**
   * False: this page's HTML depends on something the anonymous page cache's key (path, query, theme) and the
   * content version do not hold, so it is never stored (app/utils/page-cache.server.ts, decision 014).
   */
  pageCache?: boolean
  /**
   * True: signed in, this page is everyone's page but for the header's account area (the root's user: name, photo,
   * role). Its view reads nothing of the user, only its loader data, the URL and static content, so it is rendered
   * once per process with a stand-in user and filled in with each user's name and photo
   * (app/utils/signed-in-pages.server.ts, decision 030). Read from the page's own route (the last match).
   */
  signedInTemplate?: boolean
}

/** True when any of these route handles sets the flag (the server reads the handles without hooks). */
export function handlesSet(handles: readonly unknown[], flag: keyof RouteHandle): boolean {
  return handles.some((handle) => Boolean((handle as RouteHandle | undefined)?.[flag]))
}

/** True when a matched route's handle sets this flag. */
export function useRouteHandleFlag(flag: keyof RouteHandle): boolean {
  return handlesSet(
    useMatches().map((match) => match.handle),
    flag,
  )
}
