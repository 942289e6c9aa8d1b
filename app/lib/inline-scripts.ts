// The only inline <script> elements a page may carry besides React Router's own (which take the response's
// nonce). Their exact text is hashed into the Content-Security-Policy (app/utils/csp.server.ts), so pages that
// ship no framework JavaScript need no nonce and their HTML is the same bytes for every visitor: the anonymous
// page cache can serve it (issue 14). Change a byte here and the hash follows automatically.

// With no saved choice the server renders class "system" and CSS follows the OS; with JS this script settles
// it before first paint and mirrors the choice to localStorage 'theme' (spec 1 §4).
export const THEME_SCRIPT = `(()=>{try{var d=document.documentElement;if(d.classList.contains('system')){var s=localStorage.getItem('theme');var t=s==='dark'||s==='light'?s:(matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light');d.classList.replace('system',t)}else{localStorage.setItem('theme',d.classList.contains('dark')?'dark':'light')}}catch(e){}})()`

// Same-site prefetch of the public pages, on hover or touch start ("moderate"): a browser feature driven by
// JSON, no script of ours runs. Only pages whose GET has no side effect and is the same for a prefetch: the
// public catalogue and content pages.
export const SPECULATION_RULES = JSON.stringify({
  prefetch: [
    {
      source: 'document',
      where: {
        href_matches: [
          '/',
          '/courses',
          '/courses/*',
          '/quizzes',
          '/resources',
          '/about-us',
          '/faculties',
          '/developers',
        ],
      },
      eagerness: 'moderate',
    },
  ],
})
