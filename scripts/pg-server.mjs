// A throwaway PostgreSQL server for the tests and the bench: Debian's postgresql binaries (apt
// installs them when missing and we are root, like Chromium), a temporary data directory, a free port on
// loopback, trust auth, no fsync (nothing here must survive a crash), removed again by stop().
//
//   const pg = await startPostgres()    // { url, bin, stop() }; url is the `postgres` database as superuser
//   await pg.stop()
//
// PostgreSQL refuses to run as root: as root, initdb and the server run as the `postgres` user the
// Debian package creates, in a data directory owned by it.
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

const MIN_MAJOR = 15

/** The bin folder of the newest PostgreSQL >= 15 on this machine, or null. PG_BIN overrides. */
export function findPostgresBin() {
  const candidates = []
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN)
  const root = '/usr/lib/postgresql'
  if (fs.existsSync(root)) {
    for (const v of fs.readdirSync(root).sort((a, b) => Number(b) - Number(a))) {
      if (Number(v) >= MIN_MAJOR) candidates.push(path.join(root, v, 'bin'))
    }
  }
  return (
    candidates.find((dir) => fs.existsSync(path.join(dir, 'postgres')) && fs.existsSync(path.join(dir, 'initdb'))) ??
    null
  )
}

/** Finds the binaries, installing Debian's `postgresql` package when missing and we may (root). */
export function ensurePostgresBin() {
  let bin = findPostgresBin()
  if (!bin && process.getuid?.() === 0 && !process.env.PG_NO_INSTALL) {
    console.log('PostgreSQL missing: installing Debian postgresql with apt...')
    execFileSync(
      'sh',
      ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql'],
      {
        stdio: 'inherit',
      },
    )
    bin = findPostgresBin()
  }
  return bin
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

const asRoot = () => process.getuid?.() === 0

/** Runs a PostgreSQL binary, as the postgres user when we are root. */
function runPg(bin, args, options = {}) {
  const file = path.join(bin, args[0])
  const rest = args.slice(1)
  return asRoot()
    ? spawnSync('runuser', ['-u', 'postgres', '--', file, ...rest], { encoding: 'utf8', ...options })
    : spawnSync(file, rest, { encoding: 'utf8', ...options })
}

export async function startPostgres({ bin = ensurePostgresBin(), port } = {}) {
  if (!bin) throw new Error(`PostgreSQL ${MIN_MAJOR}+ not found: install Debian's postgresql package or set PG_BIN`)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'biocoach-pg-'))
  const data = path.join(dir, 'data')
  fs.mkdirSync(data, { mode: 0o700 })
  if (asRoot()) {
    fs.chmodSync(dir, 0o755)
    execFileSync('chown', ['-R', 'postgres:postgres', dir])
  }
  const init = runPg(bin, [
    'initdb',
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '--encoding=UTF8',
    '--locale=C.UTF-8',
  ])
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`)
  port ??= await freePort()
  const log = path.join(dir, 'server.log')
  const settings = {
    listen_addresses: '127.0.0.1',
    port: String(port),
    unix_socket_directories: dir,
    fsync: 'off',
    synchronous_commit: 'off',
    full_page_writes: 'off',
    max_connections: '300',
    shared_buffers: '128MB',
  }
  const args = [
    'pg_ctl',
    '-D',
    data,
    '-l',
    log,
    '-w',
    '-t',
    '60',
    '-o',
    Object.entries(settings)
      .map(([k, v]) => `-c ${k}=${v}`)
      .join(' '),
    'start',
  ]
  const started = runPg(bin, args)
  if (started.status !== 0) {
    const tail = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').slice(-2000) : ''
    fs.rmSync(dir, { recursive: true, force: true })
    throw new Error(`PostgreSQL did not start: ${started.stderr || started.stdout}\n${tail}`)
  }
  const version = runPg(bin, ['postgres', '--version']).stdout.trim()
  let stopped = false
  const stop = async () => {
    if (stopped) return
    stopped = true
    runPg(bin, ['pg_ctl', '-D', data, '-m', 'immediate', '-w', 'stop'])
    fs.rmSync(dir, { recursive: true, force: true })
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, bin, version, dir, stop }
}

// `node scripts/pg-server.mjs`: start one and keep it until Ctrl-C (handy for trying DATABASE_URL by hand).
if (import.meta.url === `file://${process.argv[1]}`) {
  const pg = await startPostgres()
  console.log(`${pg.version} at ${pg.url} (data in ${pg.dir}); Ctrl-C stops and removes it`)
  const end = () => pg.stop().then(() => process.exit(0))
  process.on('SIGINT', end)
  process.on('SIGTERM', end)
  setInterval(() => {}, 1 << 30)
}
