import { Link } from 'react-router'
import { brand } from '~/content/brand'
import { BRAND_NAME } from '~/lib/constants'
import type { Route } from './+types/about-us'

export const meta: Route.MetaFunction = () => [{ title: `About Us | ${BRAND_NAME}` }, { name: 'description', content: brand.aboutPage.mission }]

// /about-us: about the institute, with a call to action to /courses.
export default function AboutUs() {
  const { aboutPage, about } = brand
  return (
    <main className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-4xl font-bold">{aboutPage.heading}</h1>
      <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{aboutPage.mission}</p>
      {about.paragraphs.map((p) => (
        <p key={p} className="mt-3 text-slate-700 dark:text-slate-300">{p}</p>
      ))}
      <h2 className="mt-8 text-2xl font-bold">What we offer</h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {aboutPage.points.map((p) => (
          <li key={p} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">{p}</li>
        ))}
      </ul>
      <div className="mt-10 rounded-xl bg-emerald-700 p-8 text-center text-white">
        <p className="text-2xl font-bold">Ready to start preparing?</p>
        <Link to="/courses" className="mt-4 inline-block rounded-lg bg-white px-5 py-2.5 font-semibold text-emerald-800 hover:bg-emerald-50">
          Explore Courses
        </Link>
      </div>
    </main>
  )
}
