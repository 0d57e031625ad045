// Placeholder: this screen is built in its own issue.
export default function Placeholder() {
  return <main><h1>portfolio</h1></main>
}
