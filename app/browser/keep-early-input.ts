import { useEffect } from 'react'

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement
type Early = { field: Field; value: string; checked: boolean }

const UNREPLAYABLE = new Set(['file', 'hidden', 'submit', 'button', 'reset', 'image'])

/** Fields the visitor has changed from what the server sent (value, checked or selection). */
function changedFields(): Early[] {
  const early: Early[] = []
  for (const field of document.querySelectorAll<Field>('input, textarea, select')) {
    const changed =
      field instanceof HTMLSelectElement
        ? [...field.options].some((o) => o.selected !== o.defaultSelected)
        : field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')
          ? field.checked !== field.defaultChecked
          : field.value !== field.defaultValue
    if (!changed || (field instanceof HTMLInputElement && UNREPLAYABLE.has(field.type))) continue
    // Of a radio group only the chosen button is replayed: choosing it unchecks the others.
    if (field instanceof HTMLInputElement && field.type === 'radio' && !field.checked) continue
    early.push({
      field,
      value: field.value,
      checked: 'checked' in field ? field.checked : false,
    })
  }
  return early
}

/**
 * Gives the page's code a change the visitor made before it ran. React keeps its own record of
 * each field's value and fires onChange only when the field differs from it, so the field is
 * first set through React's setter to something else, then through the browser's own setter to
 * the visitor's value, and the event React listens for is sent.
 */
function replay({ field, value, checked }: Early) {
  if (!field.isConnected) return
  if (field instanceof HTMLSelectElement) {
    field.value = value
    field.dispatchEvent(new Event('change', { bubbles: true }))
  } else if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    field.checked = !checked
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'checked')?.set?.call(field, checked)
    // A plain Event, not a MouseEvent: React hears it, the browser does not toggle the box again.
    field.dispatchEvent(new Event('click', { bubbles: true }))
  } else {
    const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype
    field.value = value === '' ? ' ' : ''
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, value)
    field.dispatchEvent(new Event('input', { bubbles: true }))
  }
}

let early: Early[] = []
/** Set once the replay after hydration has run: later misses are replayed on their own. */
let replayed = false

/**
 * Notes the fields the visitor changed before the page's script ran. app/entry.client.tsx calls
 * it just before React takes the page over: from then on React hears the visitor's edits itself,
 * except those it drops while it hydrates (noted by noteMissedInput), so only these are missing.
 */
export function noteEarlyInput() {
  early = changedFields()
  noteMissedInput()
}

/**
 * The start of React's own key on a DOM node it has hydrated (a React internal, the same since
 * React 16). tests/e2e/early-input-react.spec.ts checks in Chromium that React still sets it
 * (docs/decisions/035, "Removal plan").
 */
export const REACT_FIBER_KEY_PREFIX = '__reactFiber$'
const isHydrated = (node: Node) => Object.keys(node).some((k) => k.startsWith(REACT_FIBER_KEY_PREFIX))
const isField = (t: EventTarget | null): t is Field =>
  t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement

/**
 * An edit made while React is still hydrating the part of the page it is in. React then tries to
 * hydrate that part at once and hand it the event. When it cannot (it is still hydrating the
 * page in the background), it drops the event and stops it. It then draws the field with the
 * value the server sent, so the visitor's choice is lost. Listeners on window run before React's
 * (on the document, capture) and after them (bubble). A field edit that starts unhydrated and
 * never reaches window's bubble phase was dropped, unless React took a later event of the same
 * field. Its value is kept and given to the page once the page has hydrated. Our own handlers
 * never stop input or change events.
 */
function noteMissedInput() {
  const unheard = new Map<Event, Early>()
  const capture = (event: Event) => {
    const field = event.target
    if (!isField(field) || isHydrated(field) || (field instanceof HTMLInputElement && UNREPLAYABLE.has(field.type))) return
    unheard.set(event, { field, value: field.value, checked: 'checked' in field ? field.checked : false })
    // After the whole dispatch: still unheard means React stopped it.
    setTimeout(() => {
      const change = unheard.get(event)
      if (!change) return
      unheard.delete(event)
      // One replay per field, with its latest value (an edit sends input and change).
      early = [...early.filter((e) => e.field !== change.field), change]
      if (replayed) replayWhenHydrated(change)
    })
  }
  // React heard this one: it also has the field's value, so an earlier stopped event on the same
  // field (an input event React stopped before a change event it took) needs no replay.
  const heard = (event: Event) => {
    for (const [e, change] of unheard) if (e === event || change.field === event.target) unheard.delete(e)
  }
  for (const type of ['input', 'change']) {
    window.addEventListener(type, capture, true)
    window.addEventListener(type, heard)
  }
}

/** A miss noticed after the replay pass (a part that hydrates later): replayed once it hydrates. */
function replayWhenHydrated(change: Early, tries = 100) {
  if (!change.field.isConnected || tries === 0) return
  if (!isHydrated(change.field)) return void setTimeout(() => replayWhenHydrated(change, tries - 1), 50)
  early = early.filter((e) => e !== change)
  replay(change)
}

/**
 * Public pages are drawn before their scripts start (docs/decisions/024), and a visitor may type,
 * tick or choose in that moment. The changes noted by noteEarlyInput (read before React touches
 * the page: it resets a textarea when it hydrates) are handed to the page's code once everything
 * has hydrated, as the events a visitor's own edit sends. The estimator, the builder and every
 * form then start from what the visitor did, not from the server's defaults.
 * Used once, in the root layout, whose effect runs after every component's own.
 */
export function useKeepEarlyInput() {
  useEffect(() => {
    const changes = early
    early = []
    replayed = true
    for (const change of changes) replay(change)
  }, [])
}
