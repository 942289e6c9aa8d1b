// Redirect targets taken from a form or a query string (login's redirectTo, the theme switch's way back).

/**
 * Only a same-site path may be a redirect target. Browsers strip tabs and newlines from a URL and
 * read a backslash as a slash, so '/\t/evil.example' or '/\\evil.example' would leave the site: any control
 * character, backslash or space is refused outright. What is left is resolved with the URL parser against a
 * placeholder origin and must stay on it; the result is the parser's own (percent-encoded) path, so a non-ASCII
 * character cannot break the Location header either.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  if (!to || typeof to !== 'string' || to.length > 2048) return fallback
  if (!to.startsWith('/') || to.startsWith('//') || /[\u0000-\u0020\u007f-\u009f\\]/.test(to)) return fallback
  const base = 'http://same-site.invalid'
  let url: URL
  try {
    url = new URL(to, base)
  } catch {
    return fallback
  }
  if (url.origin !== base) return fallback
  return url.pathname + url.search + url.hash
}
