// A page that hydrates after it has loaded (a route's `handle.hydrateAfterLoad`: the test view). Its HTML is whole
// and usable without script (every button is a form post), so the framework's JavaScript need not compete with it:
// the module preloads and the module script React Router writes are held back, and a small script of this
// response's nonce starts them once the page's load event has fired and a frame has been painted. Until then the
// page works as it does with JavaScript off. Its CSS is inline (the rules the page uses, as on content pages), the
// whole stylesheet switched on by the same script before the modules run. On a slow phone the first paint is then
// one response away, and the browser spends no bandwidth on scripts before it; in Lighthouse's model no script
// request can delay the first or the largest paint. docs/decisions/015-content-pages-without-javascript.md.

const MODULE_PRELOAD = /<link rel="modulepreload" href="[^"]+"[^>]*>/g
const MODULE_SCRIPT = /<script((?: nonce="[^"]*")?) type="module" async="">/
/** The type the held-back module script carries: not a script type, so the browser neither runs nor fetches it. */
export const HELD_TYPE = 'text/x-after-load'

/**
 * What the after-load script does, on `load`, one frame later: fetch the stylesheets kept for later, preload the
 * modules the held script names (its imports and the route manifest it carries, all our /assets/*.js), and run the
 * held script as a module (a new element with the page's nonce). The same text for every page.
 */
export const AFTER_LOAD_SCRIPT =
  '(function(){var go=function(){requestAnimationFrame(function(){setTimeout(function(){' +
  'document.querySelectorAll("link[data-after-load]").forEach(function(l){l.href=l.getAttribute("data-href")});' +
  `var o=document.querySelector('script[type="${HELD_TYPE}"]');if(!o)return;var seen={};` +
  '(o.textContent.match(/"\\/assets\\/[^"]+\\.js"/g)||[]).forEach(function(q){var h=q.slice(1,-1);if(seen[h])return;seen[h]=1;' +
  'var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)});' +
  'var s=document.createElement("script");s.type="module";s.nonce=o.nonce;s.textContent=o.textContent;document.body.appendChild(s)' +
  '},0)})};document.readyState==="complete"?go():window.addEventListener("load",go)})()'

/**
 * The page with its module preloads removed (the after-load script adds them back), its module script held
 * (HELD_TYPE) and the after-load script added before `</body>`. A page without React Router's module script is
 * returned as it is.
 */
export function holdScriptsUntilLoad(html: string, nonce: string): string {
  if (!MODULE_SCRIPT.test(html)) return html
  const held = html.replace(MODULE_PRELOAD, '').replace(MODULE_SCRIPT, `<script$1 type="${HELD_TYPE}">`)
  const at = held.lastIndexOf('</body>')
  const tag = `<script nonce="${nonce}">${AFTER_LOAD_SCRIPT}</script>`
  return at < 0 ? held + tag : held.slice(0, at) + tag + held.slice(at)
}
