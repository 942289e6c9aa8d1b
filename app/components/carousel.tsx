import { useEffect, useRef, useState, type ReactNode } from 'react'

type SwiperInstance = { destroy: (deleteInstance?: boolean, cleanStyles?: boolean) => void }
/** What the dynamic imports bring: the Swiper class and the two modules the carousel uses. */
type SwiperModules = {
  Swiper: typeof import('swiper').default
  Navigation: typeof import('swiper/modules').Navigation
  Autoplay: typeof import('swiper/modules').Autoplay
}

/**
 * A carousel that is a plain CSS scroll-snap row first (server render, JS off) and becomes a Swiper once it
 * nears the viewport: Swiper and its CSS are loaded with a dynamic import() on the client only, so the first
 * view's JS stays small. Same slides either way.
 * Breakpoints: 1 slide, 2 from 640 px, 3 from 1100 px; speed 1000 ms.
 */
export function Carousel({
  label,
  slides,
  autoplay = false,
  loop = false,
}: {
  label: string
  slides: { key: string; content: ReactNode }[]
  autoplay?: boolean
  loop?: boolean
}) {
  const root = useRef<HTMLDivElement>(null)
  const prev = useRef<HTMLButtonElement>(null)
  const next = useRef<HTMLButtonElement>(null)
  const [mod, setMod] = useState<SwiperModules | null>(null)

  // Load Swiper when the carousel comes near the screen.
  useEffect(() => {
    const el = root.current
    if (!el) return
    let cancelled = false
    const load = () =>
      Promise.all([import('swiper'), import('swiper/modules'), import('swiper/css')])
        .then(([core, modules]) => {
          if (!cancelled) setMod({ Swiper: core.default, Navigation: modules.Navigation, Autoplay: modules.Autoplay })
        })
        .catch(() => {}) // stays a scroll row
    if (!('IntersectionObserver' in window)) {
      load()
      return () => void (cancelled = true)
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          io.disconnect()
          load()
        }
      },
      { rootMargin: '300px' },
    )
    io.observe(el)
    return () => {
      cancelled = true
      io.disconnect()
    }
  }, [])

  // Start Swiper after React has rendered the Swiper class names.
  useEffect(() => {
    if (!mod || !root.current) return
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    const swiper: SwiperInstance = new mod.Swiper(root.current, {
      modules: [mod.Navigation, mod.Autoplay],
      slidesPerView: 1,
      spaceBetween: 16,
      speed: 1000,
      loop,
      navigation: { prevEl: prev.current, nextEl: next.current },
      autoplay:
        autoplay && !reduceMotion ? { delay: 3000, pauseOnMouseEnter: true, disableOnInteraction: false } : false,
      breakpoints: { 640: { slidesPerView: 2 }, 1100: { slidesPerView: 3 } },
    })
    return () => swiper.destroy(true, true)
  }, [mod, autoplay, loop])

  const enhanced = mod !== null
  return (
    <div className="relative" role="region" aria-roledescription="carousel" aria-label={label}>
      <div ref={root} className={enhanced ? 'swiper' : ''}>
        <ul
          // Without JS the row scrolls; keyboard users need to be able to focus it to scroll (axe
          // scrollable-region-focusable).
          tabIndex={enhanced ? undefined : 0}
          className={
            enhanced
              ? 'swiper-wrapper'
              : 'flex snap-x snap-mandatory gap-4 overflow-x-auto scroll-smooth pb-4 [scrollbar-width:thin]'
          }
        >
          {slides.map((s) => (
            <li
              key={s.key}
              className={
                enhanced
                  ? 'swiper-slide !h-auto'
                  : 'w-[88%] shrink-0 snap-start min-[640px]:w-[calc(50%-0.5rem)] min-[1100px]:w-[calc(33.333%-0.67rem)]'
              }
            >
              {s.content}
            </li>
          ))}
        </ul>
      </div>
      <div className={enhanced ? 'mt-4 flex justify-center gap-3' : 'hidden'}>
        <button
          ref={prev}
          type="button"
          aria-label={`Previous ${label}`}
          className="rounded-full border border-slate-300 px-4 py-2 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
        >
          ←
        </button>
        <button
          ref={next}
          type="button"
          aria-label={`Next ${label}`}
          className="rounded-full border border-slate-300 px-4 py-2 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
        >
          →
        </button>
      </div>
    </div>
  )
}
