// `npm run build`: the React Router build, then precompressed assets. @react-router/dev 7.18 starts its internal
// Vite servers with `envFile: false`, which Vite 8 reports as deprecated once per server (about ten identical
// lines that say nothing about this app and cannot be configured away from outside the package); this wrapper
// drops exactly that line and passes everything else through, exit code included.
import { spawn } from 'node:child_process'
import readline from 'node:readline'

const NOISE = 'The `envFile` option is deprecated, please use `envDir: false` instead.'

function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['inherit', 'pipe', 'pipe'], env: process.env })
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      readline.createInterface({ input: from }).on('line', (line) => {
        if (line.replace(/\u001b\[[0-9;]*m/g, '').trim() !== NOISE) to.write(line + '\n')
      })
    }
    child.on('close', (code) => resolve(code ?? 1))
  })
}

const built = await run(process.execPath, ['node_modules/@react-router/dev/bin.js', 'build'])
if (built !== 0) process.exit(built)
process.exit(await run(process.execPath, ['scripts/compress-assets.mjs']))
