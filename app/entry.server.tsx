import crypto from 'node:crypto'
import { PassThrough } from 'node:stream'

import type { EntryContext } from 'react-router'
import { createReadableStreamFromReadable } from '@react-router/node'
import { ServerRouter } from 'react-router'
import { isbot } from 'isbot'
import type { RenderToPipeableStreamOptions } from 'react-dom/server'
import { renderToPipeableStream } from 'react-dom/server'
import { handlesSet, type RouteHandle } from '~/hooks/use-route-handle'
import { holdScriptsUntilLoad } from '~/utils/after-load.server'
import { inlineCriticalCss } from '~/utils/critical-css.server'
import { inlineFirstViewImages } from '~/utils/inline-images.server'
import { contentSecurityPolicy } from '~/utils/csp.server'
import { contentVersion } from '~/models/catalogue/content-version.server'
import { applyPagePolicy } from '~/utils/page-cache.server'
import { createPageCache } from '~/utils/page-store.server'
import { createSignedInPages } from '~/utils/signed-in-pages.server'
import { NonceProvider } from '~/utils/nonce'

export const streamTimeout = 5_000

// Signed in, a page that opted in is filled in from a template kept per process (decision 030).
const signedInPages = createSignedInPages()

// server.js builds each request's context with these (the app's own key object, reached through the build).
export { requestContext } from '~/utils/request-context'
// ...and answers anonymous page views from memory with this (app/utils/page-store.server.ts), each kept with the
// content version it was rendered at.
export const pageCache = createPageCache(contentVersion)
// ...and reads its settings (CORS origins, body limits, the API's error shape) from here.
export { serverSettings } from '~/utils/server-settings.server'
// ...and starts the scheduled work (reminders, class notices) once it listens (app/models/sweep/sweep.server.ts).
export { startScheduledWork } from '~/models/sweep/sweep.server'
// ...and the lecture video transcodes (VIDEO_WORKERS at once; scripts/worker.mjs runs only these).
export { startVideoWorkers } from '~/models/video/jobs.server'
// ...and answers the answer saves and the paper of a test itself, before React Router (decision 032).
export { examLaneRoute, serveExamLane } from '~/routes/exam-lane.server'
// ...and copies every response body to the socket with this (one write per burst, app/utils/write-body.server.ts).
export { writeBody } from '~/utils/write-body.server'
// ...and lets requests into the app through these slots, one per turn of the event loop (decision 036).
export { createAppSlots } from '~/utils/app-slots.server'

// Client errors never reach here as thrown errors: actions read bodies through app/utils/body.server.ts, which
// answers 400/413 itself (docs/decisions/005-parsing-at-the-edge.md). What does reach here is a real fault.
export function handleError(error: unknown, { request }: { request: Request }) {
  if (!request.signal.aborted) console.error(error)
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  // Pages that need script hydrate; every other page is plain HTML + CSS (app/hooks/use-route-handle.ts).
  const hydrate = pageHydrates(routerContext) || import.meta.env.DEV
  // ...and some hydrate only after they have loaded: rendered whole, CSS inline, scripts held back.
  const afterLoad = hydrate && !import.meta.env.DEV && hydratesAfterLoad(routerContext)
  // Every hydrating HTML response gets its own nonce, so a nonce seen in one page is no use for injecting into
  // another (ADR 005). React Router's scripts take it from ServerRouter, React's streaming scripts from the
  // render options. The theme and speculation-rules scripts are allowed by their hash, so a page without
  // framework scripts carries no nonce at all and is the same bytes for every anonymous visitor.
  const nonce = hydrate ? crypto.randomBytes(16).toString('base64') : ''
  responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(nonce || null))
  // Page cache: Cache-Control on every page, and the store marker server.js acts on.
  applyPagePolicy(responseHeaders, { request, routerContext, statusCode: responseStatusCode })

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    })
  }

  // A signed-in view that differs from everyone else's only in the header's account area (a plain page: one with a
  // nonce or scripts is never a template): the kept HTML with this user's name and photo filled in.
  if (!hydrate) {
    const page = await fromTemplate(request, responseStatusCode, responseHeaders, routerContext)
    if (page) return page
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')

    // Ensure requests from bots and SPA Mode renders wait for all content to load before responding
    // https://react.dev/reference/react-dom/server/renderToPipeableStream#waiting-for-all-content-to-load-for-crawlers-and-static-generation
    // A page that does not hydrate is rendered whole too: it has no script to fill in streamed parts, and it
    // leaves as one piece with its CSS inlined (renderWhole).
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || !hydrate || afterLoad
        ? 'onAllReady'
        : 'onShellReady'

    // Abort the rendering stream after the `streamTimeout` so it has time to
    // flush down the rejected boundaries
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />
      </NonceProvider>,
      {
        nonce: nonce || undefined,
        [readyOption]() {
          shellRendered = true
          responseHeaders.set('Content-Type', 'text/html')
          if (!hydrate || afterLoad) {
            const finish = afterLoad
              ? (html: string) =>
                  holdScriptsUntilLoad(
                    inlineCriticalCss(inlineFirstViewImages(html, undefined, { all: true }), { keepSheet: true }),
                    nonce,
                  )
              : finishPlainPage
            resolve(renderWhole(pipe, responseHeaders, responseStatusCode, () => clearTimeout(timeoutId), finish))
            return
          }
          const body = new PassThrough({
            final(callback) {
              // Clear the timeout to prevent retaining the closure and memory leak
              clearTimeout(timeoutId)
              timeoutId = undefined
              callback()
            },
          })
          const stream = createReadableStreamFromReadable(body)

          pipe(body)

          resolve(
            new Response(stream, {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          )
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Log streaming rendering errors from inside the shell.  Don't log
          // errors encountered during initial shell rendering since they'll
          // reject and get logged in handleDocumentRequest.
          if (shellRendered) {
            console.error(error)
          }
        },
      },
    )
  })
}

/** True when a matched route declares `handle.hydrate` (read from the route modules: no hooks on the server). */
function pageHydrates(routerContext: EntryContext): boolean {
  const matches = routerContext.staticHandlerContext.matches
  return handlesSet(
    matches.map((match) => routerContext.routeModules[match.route.id]?.handle),
    'hydrate',
  )
}

/** True when a matched route asks to hydrate after load, for the view its loader data says it renders. */
function hydratesAfterLoad(routerContext: EntryContext): boolean {
  const { matches, loaderData } = routerContext.staticHandlerContext
  return matches.some((match) => {
    const flag = (routerContext.routeModules[match.route.id]?.handle as RouteHandle | undefined)?.hydrateAfterLoad
    return typeof flag === 'function' ? flag(loaderData?.[match.route.id]) : Boolean(flag)
  })
}

/** What a plain page (no framework scripts) gets once rendered whole: its CSS and small first-view images inline. */
const finishPlainPage = (html: string) => inlineCriticalCss(inlineFirstViewImages(html))

/**
 * A signed-in page served from its template (app/utils/signed-in-pages.server.ts), or null: not a page that opted
 * in, or this user's values cannot be filled in exactly, or the template could not be made. Null means "render as
 * usual", which is always correct.
 */
async function fromTemplate(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
): Promise<Response | null> {
  const slot = signedInPages.slotFor(request, routerContext, status)
  if (!slot) return null
  let template = signedInPages.get(slot.key) ?? null
  const outcome = template ? 'hit' : 'miss'
  if (!template) {
    const html = await renderPlainPage(slot.context, request.url)
    template = html === null ? null : signedInPages.set(slot.key, html)
    if (!template) return null
  }
  const body = signedInPages.fill(template, slot.user)
  if (!body) return null
  headers.set('Content-Type', 'text/html')
  // Tests only (PAGE_CACHE_DEBUG=1): in production it would tell a visitor whether someone else read the page lately.
  if (signedInPages.debug) headers.set('X-Signed-In-Template', outcome)
  return new Response(body, { headers, status })
}

/**
 * A plain page rendered whole and finished as handleRequest finishes one, or null when anything inside it failed
 * (the usual render then answers, with its error status).
 */
function renderPlainPage(context: EntryContext, url: string): Promise<string | null> {
  return new Promise((resolve) => {
    let failed = false
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000)
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value="">
        <ServerRouter context={context} url={url} />
      </NonceProvider>,
      {
        onAllReady() {
          collectHtml(pipe).then(
            (html) => {
              clearTimeout(timeoutId)
              resolve(failed ? null : finishPlainPage(html))
            },
            () => resolve(null),
          )
        },
        onShellError() {
          clearTimeout(timeoutId)
          resolve(null)
        },
        onError() {
          failed = true
        },
      },
    )
  })
}

/** The whole HTML of a render (rendered with onAllReady: one piece, nothing streamed later). */
function collectHtml(pipe: (destination: NodeJS.WritableStream) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const sink = new PassThrough()
    sink.on('data', (chunk: Buffer) => chunks.push(chunk))
    sink.on('error', reject)
    sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    pipe(sink)
  })
}

/**
 * A page without framework scripts (or one that hydrates after it has loaded), collected whole and sent as one body:
 * its stylesheet link becomes the CSS it uses, inline (app/utils/critical-css.server.ts; `finish` also holds back
 * the scripts of a page that hydrates after load, app/utils/after-load.server.ts), and so do its small first-view
 * images (app/utils/inline-images.server.ts), so the first response paints without another request, and the
 * compressor sees the page in one piece (a stream of small writes compresses worse).
 */
function renderWhole(
  pipe: (destination: NodeJS.WritableStream) => void,
  headers: Headers,
  status: number,
  done: () => void,
  finish: (html: string) => string,
): Promise<Response> {
  return collectHtml(pipe).then((html) => {
    done()
    return new Response(finish(html), { headers, status })
  })
}
