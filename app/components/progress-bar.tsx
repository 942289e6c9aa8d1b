import { useNavigation } from 'react-router'

// We render on the server, so the old startup loading screen becomes a slim branded bar shown only during
// client-side navigations.
export function ProgressBar() {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  return (
    <div
      role="progressbar"
      aria-hidden={!busy}
      aria-label="Loading"
      className={`fixed top-0 left-0 z-[70] h-1 bg-emerald-500 transition-all duration-500 ${busy ? 'w-3/4 opacity-100' : 'w-0 opacity-0'}`}
    />
  )
}
