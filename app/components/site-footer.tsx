import { Link } from 'react-router'
import { brand, community, footerPlainItems, socialLinks } from '~/content/brand'
import { BRAND_NAME, CONTACT_EMAIL, CONTACT_PHONE } from '~/lib/constants'

// Links, non-link items, community chat, social links, Meet Our Developers, copyright year.
const FOOTER_LINKS = [
  { to: '/about-us', label: 'About Us' },
  { to: '/courses', label: 'Courses' },
  { to: '/#testimonials', label: 'Testimonials' },
  { to: '/faculties', label: 'Our Faculties' },
  { to: '/resources', label: 'Resources' },
] as const

export function SiteFooter() {
  return (
    // Below the first screen on every page: laid out and painted only as it comes near it (content-visibility),
    // so a slow phone's first paint does not wait for it (no long task). `auto` remembers its height.
    <footer className="mt-16 border-t print:hidden border-slate-200 bg-slate-50 text-sm [contain-intrinsic-size:auto_40rem] [content-visibility:auto] dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-extrabold text-emerald-700 dark:text-emerald-400">{BRAND_NAME}</p>
          <p className="mt-2 text-slate-600 dark:text-slate-300">{brand.tagline}</p>
          <p className="mt-3">
            <a href={`mailto:${CONTACT_EMAIL}`} className="hover:underline">
              {CONTACT_EMAIL}
            </a>
            <br />
            <a href={`tel:${CONTACT_PHONE.replace(/\s/g, '')}`} className="hover:underline">
              {CONTACT_PHONE}
            </a>
          </p>
        </div>
        <nav aria-label="Footer">
          <p className="font-semibold">Explore</p>
          <ul className="mt-2 space-y-1">
            {FOOTER_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="hover:text-emerald-700 dark:text-emerald-400 hover:underline">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <p className="font-semibold">Help</p>
          <ul className="mt-2 space-y-1 text-slate-600 dark:text-slate-300">
            {footerPlainItems.map((item) => (
              <li key={item}>{item}</li>
            ))}
            <li>
              <a
                href={community.chat}
                target="_blank"
                rel="noreferrer"
                className="text-emerald-700 hover:underline dark:text-emerald-400"
              >
                Community chat
              </a>
            </li>
          </ul>
        </div>
        <div>
          <p className="font-semibold">Follow us</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {socialLinks.map((s) => (
              <li key={s.label}>
                <a
                  href={s.href}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-block rounded border border-slate-300 px-2 py-1 hover:border-emerald-500 dark:border-slate-600"
                >
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
          <Link
            to="/developers"
            className="mt-4 inline-block rounded-lg bg-slate-800 px-4 py-2 font-semibold text-white hover:bg-slate-700 dark:bg-slate-700"
          >
            Meet Our Developers
          </Link>
        </div>
      </div>
      <p className="border-t border-slate-200 py-4 text-center text-slate-500 dark:border-slate-800 dark:text-slate-400">
        © {new Date().getFullYear()} {BRAND_NAME}. All rights reserved.
      </p>
    </footer>
  )
}
