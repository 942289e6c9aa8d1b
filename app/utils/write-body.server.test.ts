import { EventEmitter } from 'node:events'
import { describe, expect, test } from 'vitest'
import { BURST_BYTES, writeBody } from './write-body.server'

/** A socket stand-in: records writes and flushes; `full` makes write() report a full buffer until drain(). */
class Sink extends EventEmitter {
  writes: string[] = []
  log: string[] = []
  ended = false
  destroyed = false
  full = false
  get writableEnded() {
    return this.ended
  }
  write(chunk: Uint8Array) {
    this.writes.push(Buffer.from(chunk).toString())
    this.log.push(`write ${chunk.byteLength}`)
    return !this.full
  }
  flush() {
    this.log.push('flush')
  }
  end() {
    this.ended = true
    this.log.push('end')
  }
  drain() {
    this.full = false
    this.emit('drain')
  }
}

const bytes = (text: string) => new TextEncoder().encode(text)
const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

describe('writeBody', () => {
  test('pieces that arrive together leave as one write, finished by the end of the response', async () => {
    const sink = new Sink()
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of ['<html>', '<body>', 'hello', '</body>', '</html>']) controller.enqueue(bytes(piece))
        controller.close()
      },
    })
    await writeBody(body, sink)
    expect(sink.writes).toEqual(['<html><body>hello</body></html>'])
    expect(sink.log).toEqual(['write 31', 'end'])
  })

  test('a part that comes later (deferred data) is its own burst, and the first one is not held back for it', async () => {
    const sink = new Sink()
    let writesBeforeLatePart = -1
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(bytes('shell '))
        controller.enqueue(bytes('fallback'))
        await tick()
        writesBeforeLatePart = sink.writes.length
        controller.enqueue(bytes('<script>late</script>'))
        controller.close()
      },
    })
    await writeBody(body, sink)
    expect(writesBeforeLatePart).toBe(1)
    expect(sink.writes).toEqual(['shell fallback', '<script>late</script>'])
    // The first burst is flushed so the browser gets it now; the last one is finished by end().
    expect(sink.log).toEqual(['write 14', 'flush', 'write 21', 'end'])
  })

  test('a long body is written every BURST_BYTES and waits for a full socket to drain before reading on', async () => {
    const sink = new Sink()
    sink.full = true
    const piece = 16 * 1024
    let pulled = 0
    const total = 40
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled++
          controller.enqueue(new Uint8Array(piece).fill(97))
          if (pulled === total) controller.close()
        },
      },
      { highWaterMark: 0 },
    )
    const done = writeBody(body, sink)
    await tick()
    // One burst of BURST_BYTES was written into a full socket: nothing more is read until it drains.
    expect(sink.writes.map((w) => w.length)).toEqual([BURST_BYTES])
    // Written, not flushed: a long page stays one compressed piece.
    expect(sink.log).toEqual([`write ${BURST_BYTES}`])
    expect(pulled).toBeLessThanOrEqual(BURST_BYTES / piece + 1)
    const pulledWhileFull = pulled
    await tick()
    expect(pulled).toBe(pulledWhileFull)
    // Drained: the rest follows, as long as the socket keeps up.
    sink.drain()
    await done
    expect(pulled).toBe(total)
    expect(sink.writes.join('').length).toBe(total * piece)
    expect(sink.ended).toBe(true)
  })

  test('a client that went away stops the read and cancels the body', async () => {
    const sink = new Sink()
    let cancelled = false
    let n = 0
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await tick()
        if (++n === 2) sink.destroyed = true
        controller.enqueue(bytes(`part ${n}`))
      },
      cancel() {
        cancelled = true
      },
    })
    await expect(writeBody(body, sink)).rejects.toThrow('Client went away')
    expect(cancelled).toBe(true)
    expect(sink.ended).toBe(false)
  })

  test('a body that fails midway still sends what came before the failure, then reports the error', async () => {
    const sink = new Sink()
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(bytes('<html>shell'))
        await Promise.resolve()
        controller.error(new Error('render failed'))
      },
    })
    await expect(writeBody(body, sink)).rejects.toThrow('render failed')
    expect(sink.writes).toEqual(['<html>shell'])
    expect(sink.ended).toBe(false)
  })

  test('an empty body ends the response without a write', async () => {
    const sink = new Sink()
    await writeBody(new ReadableStream({ start: (c) => c.close() }), sink)
    expect(sink.log).toEqual(['end'])
  })
})
