/**
 * The public forms' spam trap: a "Website" field hidden from people and assistive technology and
 * left empty by them; bots fill it in, and the schemas refuse a filled one.
 */
export function Honeypot({ id }: { id: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={id}>Website</label>
      <input id={id} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  )
}
