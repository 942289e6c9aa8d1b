// Helpers for the Litestream drill: the binary shipped by @flydotio/litestream, a writer process, a config.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

export const litestreamBin = path.resolve(
  `node_modules/@flydotio/litestream-${process.platform}-${process.arch}/litestream`,
)

/** Same intervals as litestream.yml in production, with a file replica instead of S3. */
export function writeConfig(dir: string, dbPath: string, replicaDir: string): string {
  const file = path.join(dir, 'litestream.yml')
  fs.writeFileSync(
    file,
    `dbs:\n  - path: ${dbPath}\n    monitor-interval: 250ms\n    replicas:\n      - type: file\n        path: ${replicaDir}\n        sync-interval: 500ms\n`,
  )
  return file
}

export function startReplicate(config: string): ChildProcess {
  return spawn(litestreamBin, ['replicate', '-config', config], { stdio: ['ignore', 'ignore', 'pipe'] })
}

/** A separate process writing one row every few ms with its commit time, as the app would under load. */
export function startWriter(dbPath: string): ChildProcess {
  const code = `
    const D = require('better-sqlite3');
    const db = new D(${JSON.stringify(dbPath)});
    db.pragma('journal_mode = WAL'); db.pragma('synchronous = NORMAL'); db.pragma('busy_timeout = 5000');
    db.exec('create table if not exists writes (id integer primary key, at integer not null, payload text)');
    const insert = db.prepare('insert into writes (at, payload) values (?, ?)');
    setInterval(() => { for (let i = 0; i < 5; i++) insert.run(Date.now(), 'x'.repeat(200)) }, 5);
  `
  return spawn(process.execPath, ['-e', code], { stdio: 'ignore' })
}

export function restore(config: string, dbPath: string, out: string) {
  return new Promise<void>((resolve, reject) => {
    const p = spawn(litestreamBin, ['restore', '-config', config, '-o', out, dbPath], {
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let err = ''
    p.stderr!.on('data', (d) => (err += d))
    p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`litestream restore failed: ${err}`))))
  })
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export function stop(p: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  return new Promise<void>((resolve) => {
    if (p.exitCode !== null || p.signalCode !== null) return resolve()
    p.once('exit', () => resolve())
    p.kill(signal)
  })
}
