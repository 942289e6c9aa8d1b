import { VideoEmbed } from '~/components/video-embed'
import { resources } from '~/content/resources'
import { BRAND_NAME } from '~/lib/constants'
import type { Route } from './+types/resources'

export const meta: Route.MetaFunction = () => [{ title: `Resources | ${BRAND_NAME}` }]

// /resources: Molecular Biology, topic Operon: four videos (load on click) and four PDF notes.
export default function Resources() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-4xl font-bold">Free Resources</h1>
      <p className="mt-2 text-lg">
        {resources.subject}: <strong>{resources.topic}</strong>
      </p>
      <h2 className="mt-8 text-2xl font-bold">Videos</h2>
      <ul className="mt-4 grid gap-6 sm:grid-cols-2">
        {resources.videos.map((v) => (
          <li key={v.url}>
            <VideoEmbed url={v.url} title={v.title} />
          </li>
        ))}
      </ul>
      <h2 className="mt-10 text-2xl font-bold">Notes</h2>
      <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
        {resources.notes.map((n) => (
          <li key={n.href} className="flex flex-wrap items-center justify-between gap-3 p-4">
            <span className="font-medium">{n.title}</span>
            <span className="flex gap-2">
              <a href={n.href} target="_blank" rel="noreferrer" className="rounded border border-emerald-600 px-3 py-1 text-sm font-semibold text-emerald-700 hover:bg-emerald-50 dark:text-emerald-400 dark:hover:bg-slate-800">
                View<span className="sr-only"> {n.title}</span>
              </a>
              <a href={n.href} download={n.fileName} className="rounded bg-emerald-700 px-3 py-1 text-sm font-semibold text-white hover:bg-emerald-800">
                Download<span className="sr-only"> {n.title}</span>
              </a>
            </span>
          </li>
        ))}
      </ul>
    </main>
  )
}
