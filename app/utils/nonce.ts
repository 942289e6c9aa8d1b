import { createContext, useContext } from 'react'

// The per-request CSP nonce (docs/decisions/005-parsing-at-the-edge.md, "Content-Security-Policy"). The server
// provides it around the whole render (app/entry.server.tsx) for the inline scripts in app/root.tsx. In the
// browser it is undefined: browsers hide nonce attributes from the page and hydration never re-runs an inline
// script, so nothing on the client needs it.
const NonceContext = createContext<string | undefined>(undefined)

export const NonceProvider = NonceContext.Provider

export const useNonce = () => useContext(NonceContext)
