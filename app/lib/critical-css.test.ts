import { describe, expect, it } from 'vitest'
import { classesInHtml, criticalCss, parseStylesheet, selectorSubjects, unescapeIdent } from './critical-css'

// A miniature of Tailwind 4's output: the same shapes (layers, @supports fallback, @property, escapes, variants).
const SHEET = [
  '/*! tailwindcss v4 | MIT License */',
  '@layer properties{@supports ((-webkit-hyphens:none)) and (not (margin-trim:inline)){*,:before,:after,::backdrop{--tw-translate-x:0;--tw-translate-y:0;--tw-shadow:0 0 #0000}}}',
  '@layer theme{:root,:host{--spacing:.25rem;--color-red-600:red;--color-emerald-700:green;--font-sans:system-ui;--default-font:var(--font-sans)}}',
  '@layer base{*,:after,:before{box-sizing:border-box;margin:0}html{font-family:var(--default-font)}button:not(:disabled){cursor:pointer}}',
  '@layer utilities{.mt-4{margin-top:calc(var(--spacing) * 4)}.bg-red-600{background-color:var(--color-red-600)}',
  '.sm\\:w-1\\/2{width:50%}.text-emerald-700{color:var(--color-emerald-700)}',
  '.translate-x-1{--tw-translate-x:var(--spacing);translate:var(--tw-translate-x) var(--tw-translate-y)}',
  '.dark\\:text-emerald-700:where(.dark,.dark *){color:var(--color-emerald-700)}',
  '.group-hover\\:opacity-100:is(:where(.group):hover *){opacity:1}',
  '.\\[\\&\\:\\:-webkit-details-marker\\]\\:hidden::-webkit-details-marker{display:none}',
  '.animate-spin{animation:spin 1s linear infinite}',
  '@media (min-width:40rem){.sm\\:flex{display:flex}}}',
  '@property --tw-translate-x{syntax:"*";inherits:false;initial-value:0}',
  '@keyframes spin{to{transform:rotate(360deg)}}',
  '@keyframes ping{75%,to{opacity:0}}',
].join('')

const sheet = parseStylesheet(SHEET)
const cut = (classes: string[]) => criticalCss(sheet, new Set(classes))

describe('unescapeIdent / selectorSubjects', () => {
  it('undoes CSS escapes, including hex escapes', () => {
    expect(unescapeIdent('sm\\:w-1\\/2')).toBe('sm:w-1/2')
    expect(unescapeIdent('\\31 0')).toBe('10')
    expect(unescapeIdent('\\[\\&\\:\\:-webkit-details-marker\\]\\:hidden')).toBe('[&::-webkit-details-marker]:hidden')
  })
  it('names the class each selector starts from; null when a selector names no class', () => {
    expect(selectorSubjects('.dark\\:x:where(.dark,.dark *)')).toEqual(['dark:x'])
    expect(selectorSubjects('.group-hover\\:o:is(:where(.group):hover *)')).toEqual(['group-hover:o'])
    expect(selectorSubjects('*,:after,:before')).toBeNull()
    expect(selectorSubjects('button:not(:disabled)')).toBeNull()
    expect(selectorSubjects('.a,.b')).toEqual(['a', 'b'])
    // A class only inside :where() still has to be on the page.
    expect(selectorSubjects(':where(.prose) p')).toEqual(['prose'])
  })
})

describe('criticalCss', () => {
  it('keeps the reset, the used utilities and their variables, in order; drops unused utilities', () => {
    const css = cut(['mt-4', 'sm:w-1/2'])
    expect(css).toContain('*,:after,:before{box-sizing:border-box;margin:0}')
    expect(css).toContain('button:not(:disabled){cursor:pointer}')
    expect(css).toContain('.mt-4{margin-top:calc(var(--spacing) * 4)}')
    expect(css).toContain('.sm\\:w-1\\/2{width:50%}')
    expect(css).not.toContain('.bg-red-600')
    expect(css).not.toContain('--color-red-600')
    expect(css.indexOf('@layer theme')).toBeLessThan(css.indexOf('@layer base'))
    expect(css.indexOf('@layer base')).toBeLessThan(css.indexOf('@layer utilities'))
  })

  it('keeps a variable read through another variable (--default-font -> --font-sans)', () => {
    const css = cut([])
    expect(css).toContain('--default-font:var(--font-sans)')
    expect(css).toContain('--font-sans:system-ui')
  })

  it('keeps variants of used classes: dark, group-hover, arbitrary variants, media queries', () => {
    const css = cut([
      'dark:text-emerald-700',
      'group-hover:opacity-100',
      '[&::-webkit-details-marker]:hidden',
      'sm:flex',
    ])
    expect(css).toContain('.dark\\:text-emerald-700:where(.dark,.dark *){color:var(--color-emerald-700)}')
    expect(css).toContain('--color-emerald-700:green')
    expect(css).toContain('.group-hover\\:opacity-100:is(:where(.group):hover *){opacity:1}')
    expect(css).toContain('::-webkit-details-marker{display:none}')
    expect(css).toContain('@media (min-width:40rem){.sm\\:flex{display:flex}}')
  })

  it('drops a media block none of whose rules are used', () => {
    expect(cut(['mt-4'])).not.toContain('@media')
  })

  it('turns @property registrations into the unconditional fallback, cut to the variables read', () => {
    const css = cut(['translate-x-1'])
    expect(css).not.toContain('@property')
    expect(css).not.toContain('@supports')
    expect(css).toContain('@layer properties{*,:before,:after,::backdrop{--tw-translate-x:0;--tw-translate-y:0}}')
    expect(css).not.toContain('--tw-shadow')
    // Without the utility nobody reads them: the fallback rule goes entirely.
    expect(cut(['mt-4'])).not.toContain('--tw-translate')
  })

  it('keeps only the keyframes a kept rule names', () => {
    const css = cut(['animate-spin'])
    expect(css).toContain('@keyframes spin{to{transform:rotate(360deg)}}')
    expect(css).not.toContain('@keyframes ping')
    expect(cut(['mt-4'])).not.toContain('@keyframes')
  })
})

describe('classesInHtml', () => {
  it('reads every class attribute, undoing the entities React writes', () => {
    const html =
      '<div class="mt-4 sm:w-1/2"><summary class="list-none [&amp;::-webkit-details-marker]:hidden"></summary><svg class="h-4"></svg></div><p data-class="nope">x</p>'
    expect([...classesInHtml(html)].sort()).toEqual(
      ['[&::-webkit-details-marker]:hidden', 'h-4', 'list-none', 'mt-4', 'sm:w-1/2'].sort(),
    )
  })
})

describe('escaped parentheses in class names', () => {
  it('are part of the class, not an argument list', () => {
    expect(selectorSubjects('.min-\\[1100px\\]\\:w-\\[calc\\(33\\.333\\%-0\\.67rem\\)\\]')).toEqual([
      'min-[1100px]:w-[calc(33.333%-0.67rem)]',
    ])
    const sheet = parseStylesheet(
      '@media (width>=1100px){.min-\\[1100px\\]\\:w-\\[calc\\(33\\.333\\%-0\\.67rem\\)\\]{width:calc(33.333% - .67rem)}}',
    )
    expect(criticalCss(sheet, new Set(['min-[1100px]:w-[calc(33.333%-0.67rem)]']))).toContain(
      'width:calc(33.333% - .67rem)',
    )
  })
})

describe('a stylesheet that is not minified', () => {
  it('drops comments and the space between blocks; keeps statement at-rules and @font-face whole', () => {
    const sheet = parseStylesheet(
      '/* head */\n@layer base, utilities;\n@font-face {font-family:X;src:url(x.woff2)}\n@layer utilities {\n  /* a */\n  .a{color:red}\n  .b{color:blue}\n}\n',
    )
    expect(criticalCss(sheet, new Set(['a']))).toBe(
      '@layer base, utilities;@font-face {font-family:X;src:url(x.woff2)}@layer utilities{.a{color:red}}',
    )
  })
})
