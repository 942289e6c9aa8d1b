// Note download links are forced to HTTPS and use a sanitised file name.

/** An external note link in its https form; null for anything that is not an http(s) URL. */
export function forceHttps(url: string): string | null {
  let parsed: URL
  try {
    parsed = new URL(url.trim())
  } catch {
    return null
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null
  parsed.protocol = 'https:'
  if (parsed.port === '80') parsed.port = ''
  return parsed.toString()
}

/**
 * A safe download name: letters, digits, dot, dash and underscore only; no path parts, no leading dots, at most
 * 80 characters before the extension; 'notes' when nothing is left.
 */
export function sanitiseDownloadName(title: string | null | undefined, ext: string): string {
  const base = (title ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/[-.]*-[-.]*/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80)
    .replace(/[-.]+$/g, '')
  const safeExt = ext
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 8)
  const name = base || 'notes'
  const withoutExt = safeExt && name.toLowerCase().endsWith(`.${safeExt}`) ? name.slice(0, -(safeExt.length + 1)) : name
  return safeExt ? `${withoutExt || 'notes'}.${safeExt}` : withoutExt
}

/** The storage key of a note stored by us ('notes/<hex>.<ext>', also accepted with an '/uploads/' prefix). */
export function noteStorageKey(noteUrl: string): string | null {
  const key = noteUrl.trim().replace(/^\/?uploads\//, '')
  return /^notes\/[0-9a-f]{24}\.(pdf|docx|pptx)$/.test(key) ? key : null
}

/** Content-Disposition for a download, with an ASCII name and its RFC 5987 twin. */
export function attachmentHeader(fileName: string): string {
  return `attachment; filename="${fileName.replace(/["\\]/g, '')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}
