import type { ReactNode } from 'react'

/**
 * A dialog named by its own heading (aria-labelledby), so a screen reader announces the question it asks.
 * `modal`: whether the rest of the page is out of reach while it is open (an overlay), or stays usable beside it.
 */
export function Dialog({
  titleId,
  title,
  modal,
  className,
  children,
}: {
  titleId: string
  title: ReactNode
  modal: boolean
  className: string
  children: ReactNode
}) {
  return (
    <div role="dialog" aria-modal={modal ? 'true' : 'false'} aria-labelledby={titleId} className={className}>
      <h2 id={titleId} className="mb-2 text-lg font-bold">
        {title}
      </h2>
      {children}
    </div>
  )
}
