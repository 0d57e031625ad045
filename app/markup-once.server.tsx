import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import type { MarkupOnce } from './components/rendered-once.tsx'

/** Distinct keys kept; past this (settings edited many times) the store starts again. */
const MAX_KEYS = 200

/**
 * The server's side of <RenderedOnce>: HTML by key, made on first use and shared by every
 * request this process renders. The content is rendered on its own (renderToString), under a
 * router at the request's path, so links come out exactly as they do inline.
 */
export function createMarkupOnce(): (pathname: string) => MarkupOnce {
  const saved = new Map<string, string>()
  return (pathname) => (key: string, children: ReactNode) => {
    let html = saved.get(key)
    if (html === undefined) {
      html = renderToString(<MemoryRouter initialEntries={[pathname]}>{children}</MemoryRouter>)
      if (saved.size >= MAX_KEYS) saved.clear()
      saved.set(key, html)
    }
    return html
  }
}
