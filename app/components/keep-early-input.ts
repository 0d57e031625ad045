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

/**
 * Notes the fields the visitor changed before the page's script ran. app/entry.client.tsx calls
 * it just before React takes the page over: from then on React hears the visitor's edits itself
 * (and replays those made while it hydrates), so only these are missing.
 */
export function noteEarlyInput() {
  early = changedFields()
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
    for (const change of changes) replay(change)
  }, [])
}
