// `npm start`: build when the build is missing or older than the sources, then serve.
import { execSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build')
const marker = path.join(buildDir, 'server/index.js')

function newestMtime(dir) {
  let newest = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name)
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p))
    else newest = Math.max(newest, fs.statSync(p).mtimeMs)
  }
  return newest
}

const sources = ['app', 'db', 'migrations', 'public'].filter((d) => fs.existsSync(d))
const builtAt = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0
// SKIP_BUILD=1 (the Docker image) serves the build it shipped with.
const needsBuild =
  process.env.SKIP_BUILD === '1'
    ? false
    : builtAt === 0 || sources.some((d) => newestMtime(d) > builtAt) || process.env.FORCE_BUILD === '1'
if (needsBuild) {
  console.log('Building the app...')
  execSync('npm run -s build', { stdio: 'inherit' })
}
await import('../server.js')
