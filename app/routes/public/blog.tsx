// Placeholder: this screen is built in its own issue.
export default function Placeholder() {
  return <main><h1>blog</h1></main>
}
