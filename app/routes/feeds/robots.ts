// Placeholder: built with the public site.
export function loader() {
  return new Response('', { status: 404 })
}
