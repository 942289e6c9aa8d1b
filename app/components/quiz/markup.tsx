import type { HTMLAttributes } from 'react'

// Question markup as pages show it: the HTML stored with each question version (sanitised when it was saved,
// app/lib/markup/render.ts), never rendered here and never built from anything a request sent. Formulas are
// MathML, which browsers draw and screen readers read without a script. `block` holds paragraphs, lists, tables
// and display formulas (question text, explanation); `inline` sits inside a label or a line (an option).

type Props = Omit<HTMLAttributes<HTMLElement>, 'children' | 'dangerouslySetInnerHTML'> & {
  html: string
  inline?: boolean
}

export function Markup({ html, inline = false, className, ...rest }: Props) {
  const classes = [inline ? 'markup markup-inline' : 'markup', className].filter(Boolean).join(' ')
  return inline ? (
    <span {...rest} className={classes} dangerouslySetInnerHTML={{ __html: html }} />
  ) : (
    <div {...rest} className={classes} dangerouslySetInnerHTML={{ __html: html }} />
  )
}
