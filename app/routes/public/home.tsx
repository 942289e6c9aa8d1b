import { Link } from 'react-router'
import { Carousel } from '~/components/carousel'
import { CourseCard } from '~/components/course-card'
import { Testimonials } from '~/components/testimonials'
import { VideoEmbed } from '~/components/video-embed'
import { brand } from '~/content/brand'
import { bscCard } from '~/content/bsc-card'
import { instructors } from '~/content/instructors'
import {
  BRAND_NAME,
  CONTACT_EMAIL,
  CONTACT_PHONE,
  HOME_CAROUSEL_COURSES,
  MSC_TAG,
  OFFICE_ADDRESS,
} from '~/lib/constants'
import { hasTag, listCourses, toCardJson } from '~/models/catalogue/course.server'
import type { RouteHandle } from '~/hooks/use-route-handle'
import type { Route } from './+types/home'

// Home. Static content is imported by the component, not sent as loader data,
// so the page stays under one TCP first flight (14,600 bytes).
export async function loader() {
  const courses = (await listCourses('public'))
    .filter((c) => hasTag(c, MSC_TAG))
    .slice(0, HOME_CAROUSEL_COURSES)
    .map(toCardJson)
  return { courses }
}

// Learners open / signed in by the hundred before a live mock: the page differs from the anonymous one only in the
// header's account area, so it is filled in from a kept template (decision 030). The view must keep reading only
// its loader data and static content (never the user), and the loader must stay the same for every user.
export const handle: RouteHandle = { signedInTemplate: true }

export const meta: Route.MetaFunction = () => [
  { title: `${BRAND_NAME} | Biology coaching for IIT JAM, GATE, GAT-B, CUET PG and B.Sc Hons` },
  { name: 'description', content: brand.hero.text },
]

const primary = 'rounded-lg bg-emerald-700 px-5 py-2.5 font-semibold text-white hover:bg-emerald-800'
const secondary = 'rounded-lg border border-emerald-600 px-5 py-2.5 font-semibold text-emerald-700 hover:bg-emerald-50 dark:text-emerald-400 dark:hover:bg-slate-800'
const section = 'mx-auto max-w-6xl px-4 py-12'
// Sections below the first screen are laid out and painted only as they come near it (content-visibility), so
// a slow phone's first paint does not wait for the carousel, the faculty cards and ten testimonials (the
// bench wants no long task on /). `auto` remembers each section's real height once seen; the estimate only matters
// before.
const later = '[content-visibility:auto] [contain-intrinsic-size:auto_36rem]'
const h2 = 'text-3xl font-bold'

export default function Home({ loaderData }: Route.ComponentProps) {
  const slides = [
    ...loaderData.courses.map((c) => ({ key: c.linkAddress, content: <CourseCard course={c} /> })),
    { key: 'bsc-hons-batch', content: <CourseCard course={bscCard('homeCarousel')} href="/courses/bsc-hons-batch" /> },
  ]
  return (
    <main>
      <section className="bg-gradient-to-b from-emerald-50 to-white dark:from-slate-900 dark:to-slate-950">
        <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-12 md:grid-cols-2">
          <div>
            <h1 className="text-4xl leading-tight font-extrabold md:text-5xl">{brand.hero.heading}</h1>
            <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{brand.hero.text}</p>
            <div className="mt-6 flex flex-wrap gap-3">
              <Link to="/courses" className={primary}>Enroll Now</Link>
              <Link to="/about-us" className={secondary}>Learn More</Link>
            </div>
            <p className="mt-4 text-sm">
              New here? <Link to="/signup" className="font-semibold text-emerald-700 underline dark:text-emerald-400">Create a free account</Link>
            </p>
          </div>
          <VideoEmbed url={brand.hero.video} poster={brand.hero.poster} title={`Welcome to ${BRAND_NAME}`} className="max-w-xl md:justify-self-end" />
        </div>
      </section>

      <section id="about" className={section}>
        <h2 className={h2}>{brand.about.heading}</h2>
        {brand.about.paragraphs.map((p) => (
          <p key={p} className="mt-3 max-w-3xl text-slate-700 dark:text-slate-300">{p}</p>
        ))}
      </section>

      <section className={`bg-emerald-700 text-white ${later}`}>
        <div className={`${section} text-center`}>
          <h2 className={h2}>{brand.joinUs.heading}</h2>
          <p className="mx-auto mt-3 max-w-2xl">{brand.joinUs.text}</p>
          <ol className="mt-8 grid gap-4 text-left md:grid-cols-3">
            {brand.steps.map((s, i) => (
              <li key={s.title} className="rounded-xl bg-white p-5 text-slate-900 shadow dark:bg-slate-900 dark:text-slate-100">
                <p className="text-sm font-bold text-emerald-700 dark:text-emerald-400">Step {i + 1}</p>
                <h3 className="mt-1 text-lg font-bold">{s.title}</h3>
                <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{s.text}</p>
                {s.cta ? <Link to="/signup" className={`mt-4 inline-block ${primary}`}>Get Started Now</Link> : null}
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className={`${section} ${later}`} aria-labelledby="courses-heading">
        <h2 id="courses-heading" className={h2}>Our Courses</h2>
        <p className="mt-2 mb-6 text-slate-600 dark:text-slate-300">M.Sc entrance batches and B.Sc Hons semester batches.</p>
        <Carousel label="courses" slides={slides} />
        <p className="mt-6 text-center">
          <Link to="/courses" className={secondary}>View All Courses</Link>
        </p>
      </section>

      <section className={`${section} ${later}`} aria-labelledby="instructors-heading">
        <h2 id="instructors-heading" className={`${h2} mb-6`}>Meet Our Instructors</h2>
        <Carousel
          label="instructors"
          autoplay
          loop
          slides={instructors.map((t) => ({
            key: t.name,
            content: (
              <article className="flex h-full flex-col items-center rounded-xl p-6 text-center text-slate-900" style={{ backgroundColor: t.backgroundColor }}>
                <img src={t.image} alt="" width={96} height={96} loading="lazy" className="h-24 w-24 rounded-full" />
                <h3 className="mt-3 text-lg font-bold">{t.name}</h3>
                <p className="text-sm font-semibold text-emerald-800">{t.subject}</p>
                <p className="mt-2 text-sm">{t.description}</p>
              </article>
            ),
          }))}
        />
      </section>

      <section id="testimonials" className={`py-12 ${later}`} aria-labelledby="testimonials-heading">
        <h2 id="testimonials-heading" className={`${h2} mx-auto mb-6 max-w-6xl px-4`}>What Our Students Say</h2>
        <Testimonials />
      </section>

      <section id="contact" className={`${section} ${later}`} aria-labelledby="contact-heading">
        <h2 id="contact-heading" className={h2}>Get In Touch</h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-3">
          <li className="rounded-xl border border-slate-200 p-5 dark:border-slate-700">
            <p className="font-semibold">E-mail</p>
            <a href={`mailto:${CONTACT_EMAIL}`} className="text-emerald-700 hover:underline dark:text-emerald-400">{CONTACT_EMAIL}</a>
          </li>
          <li className="rounded-xl border border-slate-200 p-5 dark:border-slate-700">
            <p className="font-semibold">Phone</p>
            <a href={`tel:${CONTACT_PHONE.replace(/\s/g, '')}`} className="text-emerald-700 hover:underline dark:text-emerald-400">{CONTACT_PHONE}</a>
          </li>
          <li className="rounded-xl border border-slate-200 p-5 dark:border-slate-700">
            <p className="font-semibold">Office</p>
            <p>{OFFICE_ADDRESS}</p>
          </li>
        </ul>
      </section>
    </main>
  )
}
