import { describe, expect, it } from 'vitest'
import { AFTER_LOAD_SCRIPT, HELD_TYPE, holdScriptsUntilLoad } from './after-load.server'

// React Router's output for a hydrating page, cut down to what the transform touches.
const PAGE =
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-A.js" nonce="N1"/>' +
  '<link rel="modulepreload" href="/assets/root-B.js" nonce="N1"/><style>x{}</style></head><body><main>Q1</main>' +
  '<script nonce="N1">window.__reactRouterContext = {};</script>' +
  '<script nonce="N1" type="module" async="">import * as route0 from "/assets/root-B.js";\nimport("/assets/entry.client-A.js");</script>' +
  '<script nonce="N1">window.__reactRouterContext.streamController.enqueue("[]")</script></body></html>'

describe('holdScriptsUntilLoad', () => {
  it('drops the module preloads, holds the module script and adds the after-load script with the nonce', () => {
    const out = holdScriptsUntilLoad(PAGE, 'N1')
    expect(out).not.toContain('<link rel="modulepreload"')
    expect(out).not.toContain('<script nonce="N1" type="module"')
    expect(out).toContain(`<script nonce="N1" type="${HELD_TYPE}">import * as route0 from "/assets/root-B.js";`)
    // The context and data scripts run as before: hydration needs them, and they fetch nothing.
    expect(out).toContain('<script nonce="N1">window.__reactRouterContext = {};</script>')
    expect(out.endsWith(`<script nonce="N1">${AFTER_LOAD_SCRIPT}</script></body></html>`)).toBe(true)
  })

  it('leaves a page without a module script as it is, and its script is valid JavaScript that waits for load', () => {
    const plain = '<html><body><main>x</main></body></html>'
    expect(holdScriptsUntilLoad(plain, 'N')).toBe(plain)
    expect(() => new Function(AFTER_LOAD_SCRIPT)).not.toThrow()
    expect(AFTER_LOAD_SCRIPT).toContain('addEventListener("load"')
    expect(AFTER_LOAD_SCRIPT).not.toContain('</')
  })
})
