import 'react-router'

declare module 'react-router' {
  interface AppLoadContext {
    /** The client's address as server.js derived it (socket address, or Fly-Client-IP with TRUST_PROXY=fly). */
    clientAddress: string
  }
}
