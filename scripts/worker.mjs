// `npm run worker`: the lecture video transcodes alone, without serving HTTP (app/models/video/jobs.server.ts), for
// a machine that only transcodes beside the app servers. It needs what the app needs to reach the same jobs and
// files: the same DATABASE_URL (PostgreSQL shared with the app instances; a SQLite DATABASE_PATH only works on the
// app's own machine and volume), the same S3 settings (S3_BUCKET, S3_ENDPOINT, credentials; a local UPLOADS_DIR only
// on the app's machine), and VIDEO_WORKERS (how many transcodes at once here, default 1). Debian's ffmpeg on the
// PATH (or FFMPEG_PATH / FFPROBE_PATH). It runs the server build, as server.js does (`npm run build` first).
import path from 'node:path'
import { pathToFileURL } from 'node:url'

// The production build of React Router and friends, as server.js settles before anything loads.
process.env.NODE_ENV = 'production'
const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? 'build')

// Importing the server build parses the environment and opens (and migrates) the database.
let build
try {
  build = await import(pathToFileURL(path.join(BUILD_DIR, 'server/index.js')).href)
} catch (error) {
  const message = error instanceof Error ? error.message : String(error)
  if (message.startsWith('Invalid environment variable')) {
    console.error(message)
    process.exit(1)
  }
  throw error
}

if (process.env.VIDEO_WORKERS === '0') {
  console.error('[video] VIDEO_WORKERS=0: this worker would run nothing')
  process.exit(1)
}
const stop = build.entry.module.startVideoWorkers()
console.log('[video] worker started: transcoding lecture videos, no HTTP')

// A clean stop kills ffmpeg and hands the running rows back, so the next worker takes them at once.
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    void stop().then(() => process.exit(0))
    setTimeout(() => process.exit(0), 5000).unref()
  })
}
// The worker's timers do not hold the process open (they are unref'd): this does, until a signal.
setInterval(() => {}, 1 << 30)
