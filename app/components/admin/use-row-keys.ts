import { useEffect, type RefObject } from 'react'

/** True when a key press belongs to what the person is typing (a field, a list box, an editor). */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)
}

/**
 * Keyboard shortcuts for a list of rows (the lead desk, issue 36 §1): `j` or the down arrow moves
 * the focus to the next row's link, `k` or the up arrow to the previous one, and Enter opens the
 * focused row (it is a link). `j`/`k` start from anywhere on the page; the arrows move only once
 * a row has the focus, so elsewhere they still scroll the page. Nothing fires while typing in a
 * field, or with Ctrl, Alt or Meta held. Rows are the visible `[data-row-link]` elements inside
 * `container` (the table at desktop width, the compact list on a phone).
 */
export function useRowKeys(container: RefObject<HTMLElement | null>) {
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (e.defaultPrevented || e.ctrlKey || e.altKey || e.metaKey || typing(e.target)) return
      const down = e.key === 'j' || e.key === 'ArrowDown'
      const up = e.key === 'k' || e.key === 'ArrowUp'
      if (!down && !up) return
      const links = [...(container.current?.querySelectorAll<HTMLElement>('[data-row-link]') ?? [])].filter(
        (el) => el.getClientRects().length > 0,
      )
      if (links.length === 0) return
      const at = links.indexOf(document.activeElement as HTMLElement)
      if (at < 0 && e.key.startsWith('Arrow')) return
      e.preventDefault()
      const next = at < 0 ? (down ? 0 : links.length - 1) : Math.min(links.length - 1, Math.max(0, at + (down ? 1 : -1)))
      links[next].focus()
      links[next].scrollIntoView({ block: 'nearest' })
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [container])
}
