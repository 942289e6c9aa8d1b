import { whatsappPanel } from '~/content/brand'

/**
 * The floating "Let's Connect" WhatsApp-group panel. A <details>, so it opens without JS.
 * WhatsApp's dark teal green (#075e54) under white text: 7.6:1, AA at every width (white on the bright #25d366 is
 * 1.98:1, which fails AA).
 */
export function WhatsAppPanel() {
  return (
    <details className="group fixed right-4 bottom-4 z-40 print:hidden">
      <summary className="ml-auto flex h-12 cursor-pointer list-none items-center gap-2 rounded-full bg-[#075e54] px-3 font-semibold text-white shadow-lg [&::-webkit-details-marker]:hidden">
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" fill="currentColor">
          <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.2-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.8 11.9 11.9 0 0 0 4.6 4c1.7.7 2.4.8 3.2.7a2.8 2.8 0 0 0 1.8-1.3c.2-.6.2-1.1.2-1.3l-.2-.3z" />
        </svg>
        <span className="hidden sm:inline">{whatsappPanel.title}</span>
        <span className="sr-only sm:hidden">{whatsappPanel.title}</span>
      </summary>
      <div className="absolute right-0 bottom-16 w-72 rounded-xl border border-slate-200 bg-white p-4 shadow-xl dark:border-slate-700 dark:bg-slate-900">
        <p className="text-lg font-bold" aria-hidden="true">
          {whatsappPanel.title}
        </p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{whatsappPanel.text}</p>
        <a
          href={whatsappPanel.href}
          target="_blank"
          rel="noreferrer"
          className="mt-3 inline-block rounded-lg bg-[#075e54] px-4 py-2 font-semibold text-white hover:bg-[#054d45]"
        >
          {whatsappPanel.cta}
        </a>
      </div>
    </details>
  )
}
