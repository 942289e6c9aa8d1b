import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  // BUILD_DIR lets parallel test runs build side by side without clobbering each other.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  // React Router v8's behaviour, adopted now (https://reactrouter.com/v7/upgrading/future).
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    // Not yet: with it, loaders and actions get the raw `.data` request, and several of ours build redirect
    // targets from request.url (a JS post then lands on '/courses/x.data'). Explicitly off until those read the
    // route's own URL.
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config
