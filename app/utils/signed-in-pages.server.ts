import crypto from 'node:crypto'
import type { EntryContext } from 'react-router'
import type { RouteHandle } from '~/hooks/use-route-handle'

// Signed-in page templates (docs/decisions/030-signed-in-page-templates.md). A page whose route sets
// `handle.signedInTemplate` is, signed in, the same HTML for every learner except the header's account area: their
// name and photo. So it is rendered once per process with a stand-in user whose name and photo are random markers,
// kept, and each request gets the kept HTML with the markers replaced by its own user's name and photo, escaped
// exactly as React escapes them. No React render, no critical-CSS cut, no 72 KB string per request.
//
// Why the bytes are the same as a render with the real user: React writes a string prop or child through one
// function (escapeTextForBrowser: & < > " ' become entities) wherever it lands, text or attribute, and its output
// around a string does not depend on the string, except for the cases `fillable` leaves to a normal render (an empty
// name: React writes no text; a photo address React treats apart: javascript:, data:, the same address as another
// image of the page, our own SVGs that app/utils/inline-images.server.ts may inline). What a template may hold is
// checked when it is made (`makeTemplate`): the markers only as React wrote them (not upper-cased, not a piece of one
// joined to something else), never in a class (the critical CSS is cut from the classes), the stand-in's id nowhere.
//
// The key is everything else the render reads: the URL, every matched route's loader data (as JSON) and the root's
// data with the stand-in user (so the theme, the role and whether there is a photo). A staff edit changes the
// loader data, so the very next request renders a new template: nothing waits for a version, and a template can
// never pair old data with a newer version. Entries are per process (decision 009), few and small, least
// recently used out first, and at most five minutes old (text that changes with time alone, as decision 014).

export type TemplateLimits = { maxEntries: number; maxBytes: number; maxAgeMs: number }

/** A template is ~70 KB; a page has one per theme x role x photo-or-not: room for a few pages' worth. */
export const DEFAULT_TEMPLATE_LIMITS: TemplateLimits = {
  maxEntries: 64,
  maxBytes: 8 * 1024 * 1024,
  maxAgeMs: 5 * 60 * 1000,
}

/** The root loader's user (app/root.tsx): exactly these fields, or no template (see `slotFor`). */
type RootUser = { id: string; name: string; role: string; profileImage: string | null }
const USER_FIELDS = 'id,name,profileImage,role'

type Slot = 'name' | 'photo'

/** The kept HTML cut at its markers: parts[0] slot[0] parts[1] ... parts[n]. */
export type Template = { parts: Buffer[]; slots: Slot[]; bytes: number; storedAt: number }

/** React's escaping of a string in text and in attribute values (react-dom/server, escapeTextForBrowser). */
export function escapeLikeReact(text: string): string {
  return text.replace(/["&'<>]/g, (c) =>
    c === '"' ? '&quot;' : c === '&' ? '&amp;' : c === "'" ? '&#x27;' : c === '<' ? '&lt;' : '&gt;',
  )
}

/**
 * The stand-in's values. Letters and digits only (React writes them unescaped); the token is random per process, so
 * no content can contain it by chance or by design.
 */
export function markersFor(token: string) {
  return { token, name: `Learner${token}n`, photo: `/uploads/${token}p.webp`, id: `${token}i` }
}
type Markers = ReturnType<typeof markersFor>

/**
 * True when React renders this user's name and photo exactly as it renders the markers, so that filling them in is
 * the same as rendering with them. An empty name is no text at all to React; a photo that is not a plain path or
 * http(s) address may be treated apart (javascript: is replaced, data: is never preloaded); our own /images/ may
 * be inlined. The photo also must not be another image of the page (checked in `fill`: React preloads it once).
 */
export function fillable(user: RootUser): boolean {
  if (typeof user.name !== 'string' || user.name === '') return false
  const photo = user.profileImage
  if (!photo) return true
  return typeof photo === 'string' && /^(?:\/|https?:\/\/)/i.test(photo) && !/^\/images\//i.test(photo)
}

/**
 * The template of a page rendered with the markers, or null when the page did something with them that filling in
 * cannot reproduce: wrote the stand-in's id, changed a marker (upper-cased it, or joined a piece of it to something
 * else), or put one into a class attribute.
 */
export function makeTemplate(html: string, markers: Markers, storedAt: number): Template | null {
  const anyToken = html.match(new RegExp(markers.token, 'gi'))?.length ?? 0
  const pieces = html.split(new RegExp(`(${markers.name}|${markers.photo.replace(/[./]/g, '\\$&')})`))
  const slots: Slot[] = []
  const parts: Buffer[] = []
  pieces.forEach((piece, i) => {
    if (i % 2 === 0) parts.push(Buffer.from(piece, 'utf8'))
    else slots.push(piece === markers.name ? 'name' : 'photo')
  })
  if (slots.length !== anyToken) return null
  if (new RegExp(`\\sclass="[^"]*${markers.token}`, 'i').test(html)) return null
  const bytes = parts.reduce((n, part) => n + part.length, 0)
  return { parts, slots, bytes, storedAt }
}

/** The page for this user: the template with their name and photo, escaped as React escapes them; or null. */
export function fill(template: Template, user: RootUser): Buffer<ArrayBuffer> | null {
  const name = Buffer.from(escapeLikeReact(user.name), 'utf8')
  const photo = user.profileImage ? Buffer.from(escapeLikeReact(user.profileImage), 'utf8') : null
  if (template.slots.includes('photo')) {
    // React preloads an image address once per page: a photo that is also another image here renders differently.
    if (!photo || template.parts.some((part) => part.includes(photo))) return null
  }
  const pieces: Buffer[] = []
  template.parts.forEach((part, i) => {
    pieces.push(part)
    const slot = template.slots[i]
    if (slot) pieces.push(slot === 'name' ? name : photo!)
  })
  return Buffer.concat(pieces)
}

/** What entry.server needs to serve one request from a template. */
export type TemplateRequest = {
  key: string
  user: RootUser
  /** The router context with the stand-in user, to render a missing template with. */
  context: EntryContext
}

/**
 * One process's templates (`now` and the token are injectable for tests). PAGE_CACHE=off turns them off with the
 * anonymous page cache; PAGE_CACHE_DEBUG=1 lets entry.server say hit or miss in a response header (tests only).
 */
export function createSignedInPages({
  limits = DEFAULT_TEMPLATE_LIMITS,
  now = Date.now,
  token = crypto.randomBytes(8).toString('hex'),
  env = process.env,
}: { limits?: TemplateLimits; now?: () => number; token?: string; env?: NodeJS.ProcessEnv } = {}) {
  const markers = markersFor(token)
  const enabled = env.PAGE_CACHE !== 'off'
  const entries = new Map<string, Template>()
  let bytes = 0
  // Keys whose page could not be a template: rendered as usual from then on, without a second render each time.
  const refused = new Set<string>()

  const drop = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return
    bytes -= entry.bytes
    entries.delete(key)
  }

  return {
    markers,
    debug: env.PAGE_CACHE_DEBUG === '1',

    /**
     * The template request for a signed-in GET of a page that opted in, or null (render as usual): no user, a
     * toast (a one-off message and its Set-Cookie), an error, another status, a root user with fields this module
     * does not know (a new field could be shown, and the template would show the first user's), or values that
     * filling in cannot reproduce.
     */
    slotFor(request: Request, context: EntryContext, status: number): TemplateRequest | null {
      if (!enabled || request.method !== 'GET' || status !== 200) return null
      const handler = context.staticHandlerContext
      if (handler.errors || handler.actionData) return null
      const leaf = handler.matches.at(-1)
      const handle = leaf && (context.routeModules[leaf.route.id]?.handle as RouteHandle | undefined)
      if (!handle?.signedInTemplate) return null
      const root = handler.loaderData?.root as { user?: RootUser | null; toast?: unknown } | undefined
      const user = root?.user
      if (!user || root.toast) return null
      if (Object.keys(user).sort().join() !== USER_FIELDS || !fillable(user)) return null
      const standIn: RootUser = {
        id: markers.id,
        name: markers.name,
        role: user.role,
        profileImage: user.profileImage ? markers.photo : user.profileImage,
      }
      const loaderData = { ...handler.loaderData, root: { ...root, user: standIn } }
      let key: string
      try {
        key = JSON.stringify([request.url, handler.matches.map((m) => m.route.id), loaderData])
      } catch {
        return null
      }
      if (refused.has(key)) return null
      return {
        key,
        user,
        // Nothing of the real request's data may reach the template: an empty hand-off stream in place of the one
        // that carries the loader data (a page without scripts writes none of it, only an empty Suspense boundary,
        // which the empty stream keeps) and a render record of its own.
        context: {
          ...context,
          serverHandoffStream: context.serverHandoffStream
            ? new ReadableStream({ start: (c) => c.close() })
            : undefined,
          renderMeta: {},
          staticHandlerContext: { ...handler, loaderData },
        },
      }
    },

    /** The kept template of this key, if not too old. */
    get(key: string): Template | undefined {
      const entry = entries.get(key)
      if (!entry) return undefined
      if (now() - entry.storedAt > limits.maxAgeMs) {
        drop(key)
        return undefined
      }
      entries.delete(key)
      entries.set(key, entry)
      return entry
    },

    /** Makes and keeps the template of a page rendered with the stand-in; null when the page cannot be one. */
    set(key: string, html: string): Template | null {
      const template = makeTemplate(html, markers, now())
      if (!template) {
        console.error('[signed-in-pages] a page rendered the stand-in user in a way filling in cannot reproduce')
        if (refused.size >= limits.maxEntries) refused.clear()
        refused.add(key)
        return null
      }
      drop(key)
      entries.set(key, template)
      bytes += template.bytes
      for (const oldest of entries.keys()) {
        if (entries.size <= limits.maxEntries && bytes <= limits.maxBytes) break
        drop(oldest)
      }
      return template
    },

    fill,
    stats: () => ({ entries: entries.size, bytes }),
  }
}
