import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from 'react-router'
import { isStartedTest } from '~/components/quiz/quick-start'
import { getToast } from '~/utils/toast.server'
import { ProgressBar } from '~/components/progress-bar'
import { SiteFooter } from '~/components/site-footer'
import { SiteHeader } from '~/components/site-header'
import { Toaster } from '~/components/toaster'
import { WhatsAppPanel } from '~/components/whatsapp-panel'
import { useRouteHandleFlag } from '~/hooks/use-route-handle'
import { BRAND_NAME } from '~/lib/constants'
import { SPECULATION_RULES, THEME_SCRIPT } from '~/lib/inline-scripts'
import { getUser } from '~/auth/session.server'
import { useNonce } from '~/utils/nonce'
import { getTheme } from '~/utils/theme.server'
import type { Route } from './+types/root'
import './app.css'

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.ico', sizes: 'any' }]

export async function loader({ request }: Route.LoaderArgs) {
  const [user, theme, { toast, headers }] = await Promise.all([getUser(request), getTheme(request), getToast(request)])
  return data(
    {
      user: user ? { id: user.id, name: user.name, role: user.role, profileImage: user.profile_image } : null,
      theme,
      toast: toast ?? null,
    },
    { headers },
  )
}

// A test started by the quiz page's one-request Start (app/components/quiz/quick-start.ts) changes nothing the root
// shows (the user, the theme, a toast): its navigation skips the root's reload, or it would cost the request it saves.
export const shouldRevalidate: ShouldRevalidateFunction = ({ nextUrl, defaultShouldRevalidate }) =>
  isStartedTest(nextUrl) ? false : defaultShouldRevalidate

export type RootData = Awaited<ReturnType<typeof loader>>['data']

export function useRootData() {
  return useRouteLoaderData<typeof loader>('root')
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData()
  const themeClass = root?.theme ?? 'system'
  // The CSP allows inline scripts only with this response's nonce or by the hash of their text
  // (app/utils/csp.server.ts). Pages that do not hydrate get no nonce at all (their HTML is cacheable).
  const nonce = useNonce() || undefined
  const hideFloatingPanel = useRouteHandleFlag('hideFloatingPanel')
  const hideSiteFooter = useRouteHandleFlag('hideSiteFooter')
  // Only routes that need script get React Router's scripts: every other page is plain HTML + CSS
  // (app/hooks/use-route-handle.ts). The dev server always hydrates: Vite delivers the CSS through script there.
  const hydrate = useRouteHandleFlag('hydrate') || import.meta.env.DEV
  return (
    <html lang="en" className={themeClass}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        <ProgressBar />
        <SiteHeader user={root?.user ?? null} theme={root?.theme ?? null} />
        <div className="pt-16 print:pt-0">{children}</div>
        {hideSiteFooter ? null : <SiteFooter />}
        {hideFloatingPanel ? null : <WhatsAppPanel />}
        <Toaster toast={root?.toast ?? null} />
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : (
          <script type="speculationrules" dangerouslySetInnerHTML={{ __html: SPECULATION_RULES }} />
        )}
      </body>
    </html>
  )
}

export const meta: Route.MetaFunction = () => [{ title: BRAND_NAME }]

export default function App() {
  return <Outlet />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = 'Something went wrong'
  let details = 'An unexpected error occurred. Please try again.'
  let stack: string | undefined
  if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? 'Page not found' : `Error ${error.status}`
    // A 4xx thrown with a plain-text message (an unreadable or oversized form, app/utils/body.server.ts) says
    // what went wrong; other statuses keep the generic wording.
    const message = error.status >= 400 && error.status < 500 && typeof error.data === 'string' ? error.data : ''
    details =
      error.status === 404 ? 'The page you are looking for does not exist.' : message || error.statusText || details
  } else if (import.meta.env.DEV && error instanceof Error) {
    // Never a stack trace outside the dev server.
    details = error.message
    stack = error.stack
  }
  return (
    <main className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4">{details}</p>
      <a href="/" className="mt-6 inline-block rounded bg-emerald-700 px-4 py-2 font-semibold text-white">
        Go Home
      </a>
      {stack ? <pre className="mt-6 overflow-x-auto text-left text-xs">{stack}</pre> : null}
    </main>
  )
}
