// Placeholder: this screen is built in its own issue.
export default function Placeholder() {
  return <main><h1>dashboard</h1></main>
}
