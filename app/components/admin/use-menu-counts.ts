import { useEffect } from 'react'
import { useRevalidator } from 'react-router'

/**
 * After a lead's first opening, loads the menu again so its unread figure goes down at once: the
 * menu's loader ran beside the page's, which recorded the opening (issue 36 §1).
 */
export function useMenuCountsAfterOpening(firstOpening: boolean, id: number) {
  const { revalidate } = useRevalidator()
  useEffect(() => {
    if (firstOpening) void revalidate()
  }, [firstOpening, id, revalidate])
}
