// Placeholder: this screen is built in its own issue.
export default function Placeholder() {
  return <main><h1>blog-edit</h1></main>
}
