import type HlsType from 'hls.js'
import type { RungName } from '~/lib/video/ladder'

// The lecture video with JavaScript on (app/components/video/lecture-video.tsx renders the element and makes one of
// these once the page has hydrated). Nothing loads until the learner presses play: then hls.js is fetched by a
// dynamic import (its own chunk, never in the page's first scripts: ~110 KB compressed that a learner who only
// reads the notes never pays for) and plays the ladder through Media Source Extensions. hls.js is preferred even
// where the browser plays HLS itself (Chromium and Safari do): the quality menu and 'Data saver' need the levels in
// our hands, which a native player does not give. Without MSE (an iPhone before iOS 17.1) the browser's own HLS
// plays, the menu switching between the rungs' own playlists; without either, the small MP4.

export type Quality = 'auto' | RungName
export type PlayerRung = { name: RungName; label: string; src: string }
export type AdaptiveSources = { master: string; audio: string; mp4: string; rungs: PlayerRung[] }

type HlsClass = typeof HlsType
type Engine =
  | { kind: 'hls'; Hls: HlsClass; hls: HlsType; src: string }
  | { kind: 'native' | 'mp4'; src: string }
  | { kind: 'pending' }

const HLS_TYPE = 'application/vnd.apple.mpegurl'
const SAVE_EVERY_MS = 15_000

/** Whether the browser says the link is 2G or the learner asked it to save data (Chrome's Network Information API). */
function slowLink(): boolean {
  const connection = (navigator as { connection?: { effectiveType?: string; saveData?: boolean } }).connection
  return Boolean(connection?.saveData) || connection?.effectiveType === '2g' || connection?.effectiveType === 'slow-2g'
}

/** What the player says when the server refuses an address (an expired token, access ended). */
export const REFUSED = 'This video can no longer be played from this page. Reload the page.'

export type PlayerOptions = {
  /** Where to start (?t=), in seconds. */
  start: number | null
  /** The quality to start on ('audio' after the page's 'Audio only' link); 'auto' when not given. */
  quality?: Quality
  dataSaver: boolean
  /** Sends the position (seconds); `leaving` when the page is going away (sendBeacon). */
  savePosition: (seconds: number, leaving: boolean) => void
  onError: (message: string) => void
}

export class AdaptivePlayer {
  private engine: Engine | null = null
  private quality: Quality = 'auto'
  private dataSaver: boolean
  private lastSave = 0
  private destroyed = false
  private readonly off: Array<() => void> = []

  constructor(
    private readonly el: HTMLVideoElement,
    private readonly sources: AdaptiveSources,
    private readonly options: PlayerOptions,
  ) {
    this.dataSaver = options.dataSaver
    this.quality = options.quality ?? 'auto'
    this.listen(el, 'play', () => void this.begin())
    // The position: every SAVE_EVERY_MS while playing, on pause, and when the page goes away.
    this.listen(el, 'timeupdate', () => {
      if (Date.now() - this.lastSave < SAVE_EVERY_MS || el.currentTime < 1) return
      this.lastSave = Date.now()
      options.savePosition(el.currentTime, false)
    })
    this.listen(el, 'pause', () => {
      if (el.currentTime >= 1 && !el.ended) options.savePosition(el.currentTime, false)
    })
    this.listen(window, 'pagehide', () => this.leaving())
  }

  private listen(target: EventTarget, type: string, handler: () => void) {
    target.addEventListener(type, handler)
    this.off.push(() => target.removeEventListener(type, handler))
  }

  private leaving() {
    if (this.engine && this.el.currentTime >= 1) this.options.savePosition(this.el.currentTime, true)
  }

  /** The playlist a quality plays: the master for hls.js (its levels pick), the rung's own for the native player. */
  private srcFor(q: Quality, kind: 'hls' | 'native') {
    const { audio, master, rungs } = this.sources
    if (q === 'audio') return audio
    if (kind === 'hls') return master
    if (q === 'auto') return this.dataSaver && rungs[0] ? rungs[0].src : master
    return rungs.find((r) => r.name === q)?.src ?? master
  }

  /** hls.js: the level of the chosen quality, and data saver's cap on Auto (hls.js sorts levels low to high). */
  private applyLevels() {
    const e = this.engine
    if (e?.kind !== 'hls' || e.src !== this.sources.master) return
    const q = this.quality
    e.hls.autoLevelCapping = this.dataSaver ? 0 : -1
    e.hls.currentLevel = q === 'auto' ? -1 : e.hls.levels.findIndex((l) => `${String(l.height)}p` === q)
  }

  private load(Hls: HlsClass | null, at: number | null, play: boolean) {
    const el = this.el
    const previous = this.engine
    if (previous?.kind === 'hls') previous.hls.destroy()
    if (Hls) {
      const src = this.srcFor(this.quality, 'hls')
      // No worker: it would be made from a blob: URL, which the page's Content-Security-Policy does not allow.
      const hls = new Hls({ enableWorker: false, startPosition: at ?? -1, capLevelOnFPSDrop: false })
      this.engine = { kind: 'hls', Hls, hls, src }
      hls.on(Hls.Events.MANIFEST_PARSED, () => {
        this.applyLevels()
        if (play) void el.play().catch(() => {})
      })
      hls.on(Hls.Events.ERROR, (_event, data) => {
        if (!data.fatal) return
        if (data.response?.code === 403) {
          hls.destroy()
          this.options.onError(REFUSED)
        } else if (data.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError()
        else if (data.type === Hls.ErrorTypes.NETWORK_ERROR) hls.startLoad()
        else this.load(null, el.currentTime, true)
      })
      hls.attachMedia(el)
      hls.loadSource(src)
      return
    }
    const native = el.canPlayType(HLS_TYPE) !== ''
    const src = native ? this.srcFor(this.quality, 'native') : this.sources.mp4
    this.engine = { kind: native ? 'native' : 'mp4', src }
    el.src = src
    if (at) el.addEventListener('loadedmetadata', () => (el.currentTime = at), { once: true })
    if (play) void el.play().catch(() => {})
  }

  /** The first press of play: the engine is chosen and loaded now, never before. */
  async begin() {
    if (this.engine) return
    this.engine = { kind: 'pending' }
    let Hls: HlsClass | null = null
    // On the 2G rungs the browser's own HLS player, where there is one, starts sooner: hls.js is ~96 KB, three
    // seconds on a 250 kbit/s link before the first segment is even asked for (the network bench,
    // scripts/bench-video-network.mjs). The menu still switches rungs by their own playlists, as on an iPhone.
    const lean = this.quality === 'audio' || this.dataSaver || slowLink()
    if (lean && this.el.canPlayType(HLS_TYPE) !== '') Hls = null
    else if ('MediaSource' in window || 'ManagedMediaSource' in window) {
      try {
        Hls = (await import('hls.js/light')).default
        if (!Hls.isSupported()) Hls = null
      } catch {
        Hls = null
      }
    }
    if (this.destroyed) return
    this.load(Hls, this.options.start, true)
  }

  setQuality(q: Quality) {
    this.quality = q
    const e = this.engine
    if (!e || e.kind === 'pending') return
    const at = this.el.currentTime
    const play = !this.el.paused
    if (e.kind === 'hls') {
      // Within the master the levels switch in place; to or from 'Audio only' another playlist loads.
      if (e.src === this.srcFor(q, 'hls')) this.applyLevels()
      else this.load(e.Hls, at, play)
    } else if (e.kind === 'native' && e.src !== this.srcFor(q, 'native')) this.load(null, at, play)
  }

  setDataSaver(on: boolean) {
    this.dataSaver = on
    if (this.engine?.kind === 'hls') this.applyLevels()
    else this.setQuality(this.quality)
  }

  /** What plays now, for tests and the menu: 'hls', 'native', 'mp4', or null before the first play. */
  get kind() {
    return this.engine && this.engine.kind !== 'pending' ? this.engine.kind : null
  }

  destroy() {
    this.destroyed = true
    this.leaving()
    for (const off of this.off) off()
    const e = this.engine
    if (e?.kind === 'hls') e.hls.destroy()
    this.engine = null
  }
}
