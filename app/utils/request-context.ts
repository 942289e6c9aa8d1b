import { createContext, RouterContextProvider } from 'react-router'

// What server.js knows about a request that the Request itself does not carry (React Router v8 middleware
// context, future.v8_middleware): the client's address (the socket's, or Fly-Client-IP with TRUST_PROXY=fly),
// which the per-address rate limits read. entry.server re-exports the key so server.js sets the same one.
export const clientAddressContext = createContext<string>('unknown')

/** The context server.js hands to React Router for one request (tests build theirs the same way). */
export function requestContext(clientAddress: string): RouterContextProvider {
  const context = new RouterContextProvider()
  context.set(clientAddressContext, clientAddress)
  return context
}
