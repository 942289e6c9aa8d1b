// Placeholder while the route is built (replaced in the same change).
export function loader() {
  return new Response('Not found', { status: 404 })
}
