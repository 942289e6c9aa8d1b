import { useEffect, useState } from 'react'

/**
 * False in the server render and the first client render, true once React runs in the browser: the one switch
 * for things that only work with JavaScript (every screen first renders its no-JS form).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}
