// How server.js copies a response body to the socket (server.js reaches it through the build, like
// the page cache). React hands a page over in dozens of 2 KB pieces within one tick. @react-router/node's
// writeReadableStreamToWritable writes and flushes each one: every flush closed a compressed block (the home page
// left as 15.3 KB of gzip in 19 pieces instead of ~9 KB, over the first TCP flight), and every write is its own
// trip through the compression stream and zlib's thread pool (with a write per piece and a flush per burst the
// quiz page served ~88 req/s on the bench machine; with one write per burst ~210). So the pieces of one burst are
// joined and written, then flushed, when the burst ends (setImmediate): streamed parts that arrive later
// (deferred data, a Suspense boundary) still leave as soon as they are ready. A long body (a CSV export) is
// written every BURST_BYTES and waits for the socket to drain, so a slow phone never makes the server hold a
// whole file in memory.

/** A burst larger than this is written at once, and the next read waits for the socket to drain. */
export const BURST_BYTES = 64 * 1024

/** The part of express's response (with the compression middleware's `flush`) that writeBody uses. */
export type BodySink = {
  write(chunk: Uint8Array): boolean
  end(): void
  flush?: () => void
  readonly destroyed: boolean
  readonly writableEnded: boolean
  on(event: 'drain' | 'close', listener: () => void): unknown
  off(event: 'drain' | 'close', listener: () => void): unknown
}

export async function writeBody(body: ReadableStream<Uint8Array>, res: BodySink): Promise<void> {
  const reader = body.getReader()
  const drained = () =>
    new Promise<void>((resolve) => {
      const settle = () => {
        res.off('drain', settle)
        res.off('close', settle)
        resolve()
      }
      res.on('drain', settle)
      res.on('close', settle)
    })
  let pending: Uint8Array[] = []
  let pendingBytes = 0
  let timer: NodeJS.Immediate | null = null
  let blocked: Promise<void> | null = null
  /**
   * Writes the pieces so far as one chunk; false when the socket is full. `flush` ends the compressed block so
   * the browser gets the burst now: at the end of a burst, not when a long burst merely reached BURST_BYTES
   * (that would split one page into several compressed pieces), nor before res.end(), which finishes it anyway.
   */
  const writePending = (flush: boolean) => {
    if (timer) clearImmediate(timer)
    timer = null
    if (!pending.length || res.destroyed || res.writableEnded) return true
    const chunk = pending.length === 1 ? pending[0] : Buffer.concat(pending, pendingBytes)
    pending = []
    pendingBytes = 0
    const ok = res.write(chunk)
    if (flush) res.flush?.()
    return ok
  }
  try {
    while (true) {
      if (blocked) await blocked
      blocked = null
      const { done, value } = await reader.read()
      if (done) break
      if (res.destroyed) throw new Error('Client went away')
      pending.push(value)
      pendingBytes += value.byteLength
      if (pendingBytes >= BURST_BYTES) {
        if (!writePending(false)) blocked = drained()
      } else if (!timer) {
        timer = setImmediate(() => {
          timer = null
          if (!writePending(true)) blocked = drained()
        })
      }
    }
    writePending(false)
    res.end()
  } catch (error) {
    // What the page had produced before its stream failed still goes out, as it did piece by piece before.
    writePending(false)
    await reader.cancel().catch(() => {})
    throw error
  }
}
