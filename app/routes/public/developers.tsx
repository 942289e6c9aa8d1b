import { developers } from '~/content/developers'
import { BRAND_NAME } from '~/lib/constants'
import type { Route } from './+types/developers'

export const meta: Route.MetaFunction = () => [{ title: `Meet Our Developers | ${BRAND_NAME}` }]

// /developers: three developer cards with role, e-mail and social links.
export default function Developers() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-4xl font-bold">Meet Our Developers</h1>
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {developers.map((d) => (
          <li key={d.email} className="rounded-xl border border-slate-200 p-6 text-center dark:border-slate-700">
            <img src={d.image} alt="" width={96} height={96} loading="lazy" className="mx-auto h-24 w-24 rounded-full" />
            <h2 className="mt-3 text-xl font-bold">{d.name}</h2>
            <p className="text-emerald-700 dark:text-emerald-400">{d.role}</p>
            <a href={`mailto:${d.email}`} className="mt-2 block text-sm hover:underline">{d.email}</a>
            <ul className="mt-3 flex justify-center gap-2">
              {d.links.map((l) => (
                <li key={l.href}>
                  <a href={l.href} target="_blank" rel="noreferrer" className="rounded border border-slate-300 px-2 py-1 text-sm hover:border-emerald-500 dark:border-slate-600">
                    {l.label}<span className="sr-only"> of {d.name}</span>
                  </a>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </main>
  )
}
