// Placeholder while the page is built (replaced in the same change).
export function loader() {
  return new Response('Not found', { status: 404 })
}
export default function Placeholder() {
  return null
}
