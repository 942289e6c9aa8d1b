import { adjunctFaculty, faculty, type Faculty } from '~/content/faculty'
import { BRAND_NAME } from '~/lib/constants'
import type { Route } from './+types/faculties'

export const meta: Route.MetaFunction = () => [{ title: `Our Faculties | ${BRAND_NAME}` }]

function FacultyCard({ f }: { f: Faculty }) {
  return (
    <li className="flex gap-4 rounded-xl border border-slate-200 p-5 dark:border-slate-700">
      <img src={f.facultyImage} alt="" width={80} height={80} loading="lazy" className="h-20 w-20 shrink-0 rounded-full" />
      <div>
        <h3 className="text-lg font-bold">{f.facultyName}</h3>
        <p className="text-sm font-semibold text-emerald-700 dark:text-emerald-400">{f.facultyTitle}</p>
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{f.facultyDescription}</p>
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Expertise">
          {f.experties.map((e) => (
            <li key={e} className="rounded bg-slate-100 px-2 py-0.5 text-xs dark:bg-slate-800">{e}</li>
          ))}
        </ul>
      </div>
    </li>
  )
}

// /faculties: four faculty plus an adjunct faculty section.
export default function Faculties() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-4xl font-bold">Our Faculties</h1>
      <ul className="mt-8 grid gap-6 md:grid-cols-2">
        {faculty.map((f) => (
          <FacultyCard key={f.id} f={f} />
        ))}
      </ul>
      <h2 className="mt-12 text-2xl font-bold">Adjunct Faculty</h2>
      <ul className="mt-6 grid gap-6 md:grid-cols-2">
        {adjunctFaculty.map((f) => (
          <FacultyCard key={f.id} f={f} />
        ))}
      </ul>
    </main>
  )
}
