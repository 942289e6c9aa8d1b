// The only inline <script> elements a page may carry besides React Router's own (which take the response's
// nonce). Their exact text is hashed into the Content-Security-Policy (app/utils/csp.server.ts), so pages that
// ship no framework JavaScript need no nonce and their HTML is the same bytes for every visitor: the anonymous
// page cache can serve it. Change a byte here and the hash follows automatically.

// With no saved choice the server renders class "system" and CSS follows the OS; with JS this script settles
// it before first paint and mirrors the choice to localStorage 'theme'.
// On pages without framework script (no window.__reactRouterContext) it also runs the theme switch as
// app/components/theme-switch.tsx does on hydrating pages: a post to /theme becomes a class flip, the cookie
// (same encoding as the server's createCookie: base64 of the JSON value; Secure on https, as the server sets it in
// production) and localStorage, with no reload; and
// once the page is parsed the switch shows the settled theme. The switch's look follows its aria-checked.
export const THEME_SCRIPT = `(()=>{var d=document.documentElement,R=()=>window.__reactRouterContext,D=()=>d.classList.contains('dark');try{if(d.classList.contains('system')){var s=localStorage.getItem('theme');var t=s==='dark'||s==='light'?s:(matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light');d.classList.replace('system',t)}else{localStorage.setItem('theme',D()?'dark':'light')}}catch(e){}var S=f=>{var b=f.querySelector('[role=switch]'),i=f.querySelector('input[name=theme]');if(!b||!i)return;b.setAttribute('aria-checked',D());b.title=D()?'Switch to light mode':'Switch to dark mode';i.value=D()?'light':'dark'},F=()=>document.querySelectorAll('form[action="/theme"]');document.addEventListener('DOMContentLoaded',()=>{if(!R())F().forEach(S)});document.addEventListener('submit',e=>{var f=e.target;if(e.defaultPrevented||R()||!f.matches||!f.matches('form[action="/theme"]'))return;e.preventDefault();var n=D()?'light':'dark';d.classList.remove('system','light','dark');d.classList.add(n);document.cookie='theme='+btoa(JSON.stringify(n))+'; Path=/; Max-Age=31536000; SameSite=Lax'+(location.protocol==='https:'?'; Secure':'');try{localStorage.setItem('theme',n)}catch(x){}F().forEach(S)})})()`

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
