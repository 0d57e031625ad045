import { useEffect, type RefObject } from 'react'

/**
 * After the server refuses a form (`answer` is its new answer), focus goes to the first field it
 * marked invalid (`aria-invalid="true"`) inside `container`, as on /contact, instead of falling
 * to <body> with the disabled Save button (issue 36 §6). Without JavaScript the page's HTML does
 * the same: each refused field carries `autofocus`, and the browser focuses the first of them.
 */
export function useFocusFirstRefused(answer: unknown, container: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!answer) return
    container.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [answer, container])
}
