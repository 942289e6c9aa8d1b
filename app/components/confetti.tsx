import { CONFETTI_PIECES } from '~/lib/constants'

// Payment-success confetti without JavaScript (the page ships no framework script). Each layer is one
// transparent element whose box-shadows are the pieces, so 300 pieces cost ten elements; the layers fall once
// at different speeds (app.css, `.confetti`) and leave the screen. Off for prefers-reduced-motion. The pieces
// come from a fixed seed, so the page is the same bytes for every visitor (cacheable).

const COLOURS = ['#10b981', '#f59e0b', '#ef4444', '#3b82f6', '#a855f7', '#ec4899']
const LAYERS = 10

function layers(): { shadows: string; duration: string; delay: string }[] {
  let seed = 20_241_124
  const random = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647
  const perLayer = Math.ceil(CONFETTI_PIECES / LAYERS)
  return Array.from({ length: LAYERS }, (_, layer) => {
    const pieces = Array.from({ length: Math.min(perLayer, CONFETTI_PIECES - layer * perLayer) }, () => {
      const x = (random() * 100).toFixed(1)
      const y = (-random() * 70).toFixed(1)
      return `${x}vw ${y}vh 0 ${COLOURS[Math.floor(random() * COLOURS.length)]}`
    })
    return {
      shadows: pieces.join(','),
      duration: `${(3 + random() * 2.5).toFixed(2)}s`,
      delay: `${(random() * 0.6).toFixed(2)}s`,
    }
  })
}

const LAYER_STYLES = layers()

export function Confetti() {
  return (
    <div aria-hidden="true" data-testid="confetti" className="confetti">
      {LAYER_STYLES.map((l, i) => (
        <i key={i} style={{ boxShadow: l.shadows, animationDuration: l.duration, animationDelay: l.delay }} />
      ))}
    </div>
  )
}
