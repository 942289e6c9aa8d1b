// After `react-router build`: write .br and .gz next to every compressible client asset, so server.js serves
// them precompressed (no CPU per request, best compression level).
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

const root = path.resolve(process.env.BUILD_DIR ?? 'build', 'client')
const COMPRESSIBLE = /\.(js|css|svg|html|json|txt|xml|ico|map)$/

let count = 0
function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name)
    if (entry.isDirectory()) walk(p)
    else if (COMPRESSIBLE.test(entry.name)) {
      const body = fs.readFileSync(p)
      if (body.length < 256) continue
      fs.writeFileSync(
        `${p}.br`,
        zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      )
      fs.writeFileSync(`${p}.gz`, zlib.gzipSync(body, { level: 9 }))
      count++
    }
  }
}
if (fs.existsSync(root)) walk(root)
console.log(`precompressed ${count} assets in ${root}`)
