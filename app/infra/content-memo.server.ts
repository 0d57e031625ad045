/**
 * Reads that depend only on what visitors see (the settings, the published posts, the public
 * projects), made once per content version and shared by every request of this process until the
 * version changes (docs/decisions/073). Every change to them is announced (content-events), which
 * moves this instance's version at once, before the change's answer goes out; another instance's
 * change is seen within the page cache's poll (a second), as cached pages already are.
 */
export type ContentMemo = <T>(key: string, read: () => Promise<T>) => Promise<T>

/**
 * `version` is the content version this instance follows (the page cache's); '?' (not read yet,
 * e.g. while the database was away at start) keeps nothing. A read that fails is not kept.
 */
export function createContentMemo(version: () => string, maxKeys = 50): ContentMemo {
  const saved = new Map<string, { version: string; value: Promise<unknown> }>()
  return <T>(key: string, read: () => Promise<T>): Promise<T> => {
    const v = version()
    if (v === '?') return read()
    const hit = saved.get(key)
    if (hit && hit.version === v) return hit.value as Promise<T>
    const value = read()
    if (saved.size >= maxKeys && !hit) saved.clear()
    saved.set(key, { version: v, value })
    value.catch(() => {
      if (saved.get(key)?.value === value) saved.delete(key)
    })
    return value
  }
}
