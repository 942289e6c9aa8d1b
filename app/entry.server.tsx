import { AsyncLocalStorage } from "node:async_hooks";
import { PassThrough } from "node:stream";

import type { AppLoadContext, EntryContext } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter } from "react-router";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";

export const streamTimeout = 5_000;

// Malformed input is a 4xx, never a 500 (issue 2 §9). A body that cannot be parsed as the form an action
// reads (wrong Content-Type, broken multipart, bad JSON, a file over its limit) makes `request.formData()` or
// the upload parser throw; React Router would answer 500. handleError notes such errors for the current
// request (server.js runs each request in this AsyncLocalStorage and sets the status from it).
type RequestNotes = { clientErrorStatus?: number };
const STORE_KEY = Symbol.for("biocoach.requestNotes");
const store: AsyncLocalStorage<RequestNotes> = ((globalThis as Record<symbol, unknown>)[STORE_KEY] ??=
  new AsyncLocalStorage<RequestNotes>()) as AsyncLocalStorage<RequestNotes>;

function clientErrorStatus(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const name = error.name ?? "";
  if (/MaxFileSize|MaxFiles|MaxHeaderSize|MaxPartSize|TooLarge/i.test(name)) return 413;
  if (/Multipart|FormData/i.test(name)) return 400;
  if (error instanceof SyntaxError && /JSON/i.test(error.message)) return 400;
  if (error instanceof TypeError && /FormData|Content-Type|multipart|boundary|form data|Unexpected end/i.test(error.message)) return 400;
  return undefined;
}

export function handleError(error: unknown, { request }: { request: Request }) {
  const status = clientErrorStatus(error);
  const notes = store.getStore();
  if (status && notes) {
    notes.clientErrorStatus = status;
    return;
  }
  if (!request.signal.aborted) console.error(error);
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
  // If you have middleware enabled:
  // loadContext: RouterContextProvider
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let userAgent = request.headers.get("user-agent");

    // Ensure requests from bots and SPA Mode renders wait for all content to load before responding
    // https://react.dev/reference/react-dom/server/renderToPipeableStream#waiting-for-all-content-to-load-for-crawlers-and-static-generation
    let readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode
        ? "onAllReady"
        : "onShellReady";

    // Abort the rendering stream after the `streamTimeout` so it has time to
    // flush down the rejected boundaries
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              // Clear the timeout to prevent retaining the closure and memory leak
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);

          responseHeaders.set("Content-Type", "text/html");

          pipe(body);

          resolve(
            new Response(stream, {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Log streaming rendering errors from inside the shell.  Don't log
          // errors encountered during initial shell rendering since they'll
          // reject and get logged in handleDocumentRequest.
          if (shellRendered) {
            console.error(error);
          }
        },
      },
    );
  });
}
