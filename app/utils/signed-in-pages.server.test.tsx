import { PassThrough } from 'node:stream'
import type { ReactNode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type EntryContext,
  type StaticHandlerContext,
} from 'react-router'
import { describe, expect, test } from 'vitest'
import { SiteHeader, type HeaderUser } from '~/components/site-header'
import {
  createSignedInPages,
  escapeLikeReact,
  fill,
  fillable,
  makeTemplate,
  markersFor,
} from './signed-in-pages.server'

// Signed-in page templates (decision 030): a page rendered once with a stand-in user and filled in with each
// user's name and photo must be, byte for byte, what React writes when it renders that user. The header is rendered
// here through React itself (the same streaming renderer and router as entry.server), with names and photo addresses
// that need escaping, so a difference between our escaping and React's fails here.

const markers = markersFor('0123456789abcdef')
const standIn = (user: HeaderUser): HeaderUser => ({
  ...user,
  id: markers.id,
  name: markers.name,
  profileImage: user.profileImage ? markers.photo : user.profileImage,
})

/** A small page with the site header, rendered as entry.server renders a plain page (onAllReady, whole). */
async function page(user: HeaderUser | null, extra: ReactNode = null): Promise<string> {
  const element = (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
      </head>
      <body>
        <SiteHeader user={user} theme={null} />
        <main>{extra}</main>
      </body>
    </html>
  )
  const { query, dataRoutes } = createStaticHandler([{ path: '/', element }])
  const context = (await query(new Request('http://localhost/'))) as StaticHandlerContext
  const router = createStaticRouter(dataRoutes, context)
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(
      <StaticRouterProvider router={router} context={context} hydrate={false} />,
      {
        onAllReady() {
          const chunks: Buffer[] = []
          const sink = new PassThrough()
          sink.on('data', (chunk: Buffer) => chunks.push(chunk))
          sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
          pipe(sink)
        },
        onShellError: reject,
      },
    )
  })
}

const learner = (name: string, profileImage: string | null = null, role: HeaderUser['role'] = 'user'): HeaderUser => ({
  id: 'u-1',
  name,
  role,
  profileImage,
})

describe('filling in a template', () => {
  test.each([
    ['a plain name', learner('Asha Verma')],
    ['every character React escapes', learner(`O'Brien & <Sons> "Ltd"`)],
    ['replacement patterns of String.replace', learner("$& $1 $$ $` $'")],
    ['Devanagari and an emoji', learner('अनन्या 🌱')],
    ['an uploaded photo', learner('Ravi', '/uploads/avatars/ravi.webp')],
    ['a photo address with a query', learner('Meera', 'https://cdn.example/p.jpg?w=36&h="36"')],
    ['staff (the Dashboard link)', learner('Dr. Sen', '/uploads/sen.png', 'admin')],
  ])('%s: the same bytes as a render with the real user', async (_, user) => {
    const template = makeTemplate(await page(standIn(user)), markers, 0)
    expect(template).not.toBeNull()
    const expected = await page(user)
    expect(fill(template!, user)!.toString('utf8')).toBe(expected)
    expect(expected).toContain(`Hello, <!-- -->${escapeLikeReact(user.name)}</p>`)
  })

  test('a photo that is also another image of the page is left to a full render (React preloads it once)', async () => {
    const user = learner('Ravi', '/uploads/shared.webp')
    const other = <img src="/uploads/shared.webp" alt="" />
    const template = makeTemplate(await page(standIn(user), other), markers, 0)!
    // Filling in blindly would be wrong: React writes one preload for the shared address, the template has two.
    const value = (slot: string) => escapeLikeReact(slot === 'name' ? user.name : user.profileImage!)
    const blind = template.parts.map(
      (part, i) => part.toString() + (i < template.slots.length ? value(template.slots[i]) : ''),
    )
    expect(blind.join('')).not.toBe(await page(user, other))
    expect(fill(template, user)).toBeNull()
  })

  test('names and photos React treats apart are never filled in', () => {
    expect(fillable(learner('Asha'))).toBe(true)
    expect(fillable(learner('Asha', ''))).toBe(true)
    expect(fillable(learner('Asha', '/uploads/a.webp'))).toBe(true)
    expect(fillable(learner('Asha', 'https://cdn.example/a.webp'))).toBe(true)
    // React writes no text for an empty name; javascript: is replaced; data: is never preloaded; ours may be inlined.
    expect(fillable(learner(''))).toBe(false)
    expect(fillable(learner('Asha', 'javascript:alert(1)'))).toBe(false)
    expect(fillable(learner('Asha', ' javascript:alert(1)'))).toBe(false)
    expect(fillable(learner('Asha', 'data:image/svg+xml,<svg/>'))).toBe(false)
    expect(fillable(learner('Asha', '/images/default-avatar.svg'))).toBe(false)
  })

  test('a page that changed a marker, wrote the id or classed by the user cannot be a template', () => {
    const ok = `<p>Hello, <!-- -->${markers.name}</p><img src="${markers.photo}" alt="${markers.name}"/>`
    expect(makeTemplate(ok, markers, 0)?.slots).toEqual(['name', 'photo', 'name'])
    expect(makeTemplate(`${ok}<a href="/u/${markers.id}">me</a>`, markers, 0)).toBeNull()
    expect(makeTemplate(`${ok}<p>${markers.name.toUpperCase()}</p>`, markers, 0)).toBeNull()
    expect(makeTemplate(`${ok}<p>${markers.name.slice(0, 12)}${markers.token}</p>`, markers, 0)).toBeNull()
    expect(makeTemplate(`<p class="who ${markers.name}">x</p>`, markers, 0)).toBeNull()
  })
})

/** The router context entry.server gets for GET / signed in, with the parts the templates read. */
function entryContext({
  user = { id: 'u-1', name: 'Asha', role: 'user', profileImage: null } as Record<string, unknown> | null,
  theme = null as string | null,
  toast = null as unknown,
  courses = [{ courseTitle: 'Cell Biology' }],
  handle = { signedInTemplate: true } as Record<string, unknown>,
} = {}): EntryContext {
  const stream = new ReadableStream()
  return {
    serverHandoffStream: stream,
    routeModules: { root: {}, 'routes/public/home': { handle } },
    staticHandlerContext: {
      matches: [{ route: { id: 'root' } }, { route: { id: 'routes/public/home' } }],
      loaderData: { root: { user, theme, toast }, 'routes/public/home': { courses } },
      errors: null,
      actionData: null,
    },
  } as unknown as EntryContext
}

const get = (url = 'http://localhost/') => new Request(url)

describe('which requests are served from a template, under which key', () => {
  test('two learners of the same kind share a key; the theme, the role, a photo and the page data do not', () => {
    const pages = createSignedInPages({ token: markers.token, env: {} })
    const key = (options: Parameters<typeof entryContext>[0]) => pages.slotFor(get(), entryContext(options), 200)!.key
    const asha = key({})
    expect(key({ user: { id: 'u-2', name: 'Ravi', role: 'user', profileImage: null } })).toBe(asha)
    expect(key({ theme: 'dark' })).not.toBe(asha)
    expect(key({ user: { id: 'u-3', name: 'Sen', role: 'admin', profileImage: null } })).not.toBe(asha)
    expect(key({ user: { id: 'u-4', name: 'Meera', role: 'user', profileImage: '/uploads/m.webp' } })).not.toBe(asha)
    // A staff edit changes what the loader returns: the next request has a new key, so a new render.
    expect(key({ courses: [{ courseTitle: 'Cell Biology (renamed)' }] })).not.toBe(asha)
    expect(pages.slotFor(get('http://localhost/?ref=x'), entryContext(), 200)!.key).not.toBe(asha)
    // Nothing of the real user is in the key.
    expect(asha).not.toContain('Asha')
    expect(asha).not.toContain('u-1')
  })

  test('the stand-in context carries no real user and not the real hand-off stream', () => {
    const pages = createSignedInPages({ token: markers.token, env: {} })
    const context = entryContext({
      user: { id: 'u-9', name: 'Zoya Khan', role: 'user', profileImage: '/uploads/z.webp' },
    })
    const slot = pages.slotFor(get(), context, 200)!
    expect(slot.user.name).toBe('Zoya Khan')
    const data = JSON.stringify(slot.context.staticHandlerContext.loaderData)
    expect(data).not.toMatch(/Zoya|u-9|z\.webp/)
    expect(data).toContain(markers.name)
    expect(slot.context.serverHandoffStream).toBeDefined()
    expect(slot.context.serverHandoffStream).not.toBe(context.serverHandoffStream)
    // The real context is left as it was.
    expect(JSON.stringify(context.staticHandlerContext.loaderData)).toContain('Zoya Khan')
  })

  test('anything else renders as usual', () => {
    const pages = createSignedInPages({ token: markers.token, env: {} })
    expect(pages.slotFor(get(), entryContext(), 200)).not.toBeNull()
    expect(pages.slotFor(get(), entryContext({ user: null }), 200)).toBeNull()
    expect(pages.slotFor(get(), entryContext({ toast: { kind: 'success', text: 'Saved' } }), 200)).toBeNull()
    expect(pages.slotFor(get(), entryContext({ handle: {} }), 200)).toBeNull()
    expect(pages.slotFor(get(), entryContext(), 404)).toBeNull()
    expect(pages.slotFor(new Request('http://localhost/', { method: 'POST' }), entryContext(), 200)).toBeNull()
    // A field the root user gains later (an e-mail shown in the header?) would be the first user's in a template.
    const withEmail = { id: 'u-1', name: 'Asha', role: 'user', profileImage: null, email: 'asha@example.in' }
    expect(pages.slotFor(get(), entryContext({ user: withEmail }), 200)).toBeNull()
    expect(
      pages.slotFor(get(), entryContext({ user: { id: 'u-1', name: '', role: 'user', profileImage: null } }), 200),
    ).toBeNull()
    const off = createSignedInPages({ token: markers.token, env: { PAGE_CACHE: 'off' } })
    expect(off.slotFor(get(), entryContext(), 200)).toBeNull()
  })

  test('bounded by entries, bytes and age; a page that cannot be a template is not tried again', () => {
    let clock = 0
    const limits = { maxEntries: 2, maxBytes: 1_000, maxAgeMs: 60_000 }
    const pages = createSignedInPages({ token: markers.token, env: {}, limits, now: () => clock })
    const html = (n: number) => `<p>${'x'.repeat(n)}</p><p>Hello, <!-- -->${markers.name}</p>`
    expect(pages.set('a', html(10))).not.toBeNull()
    expect(pages.set('b', html(10))).not.toBeNull()
    expect(pages.get('a')).toBeDefined() // a is now the most recently used
    pages.set('c', html(10))
    expect(pages.get('b')).toBeUndefined()
    expect(pages.stats().entries).toBe(2)
    pages.set('d', html(900))
    expect(pages.stats().bytes).toBeLessThanOrEqual(1_000)
    expect(pages.get('d')).toBeDefined()
    clock += 60_001
    expect(pages.get('d')).toBeUndefined()

    const slot = pages.slotFor(get(), entryContext(), 200)!
    expect(pages.set(slot.key, `<a href="/u/${markers.id}">me</a>`)).toBeNull()
    expect(pages.slotFor(get(), entryContext(), 200)).toBeNull()
  })
})
