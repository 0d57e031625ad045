import { createContext, createElement, useContext, type HTMLAttributes, type ReactNode } from 'react'

/**
 * Server only: the HTML of `children` for `key`, rendered the first time the key is seen and
 * reused after (app/entry.server.tsx provides it; the browser has none).
 */
export type MarkupOnce = (key: string, children: ReactNode) => string

const MarkupOnceContext = createContext<MarkupOnce | null>(null)
export const MarkupOnceProvider = MarkupOnceContext.Provider

type Props = HTMLAttributes<HTMLElement> & {
  as: 'header' | 'footer' | 'section' | 'div'
  /** Everything the children's markup depends on; null renders them inline as usual. */
  renderKey: string | null
  children: ReactNode
}

/**
 * An element whose content is the same for every request with the same `renderKey` (the site's
 * header and footer, the fixed sections of the home page): the server renders that content once and sends the saved HTML after, which
 * takes about a third of the React work off every uncached page (docs/decisions/026). The browser
 * renders the children as usual and hydrates them against that HTML, which is identical.
 * The children must not use useId (their ids would come from another tree position), nor render
 * what React hoists into <head> (title, meta, link, an image with fetchPriority="high").
 */
export function RenderedOnce({ as, renderKey, children, ...props }: Props) {
  const markupOnce = useContext(MarkupOnceContext)
  if (markupOnce && renderKey !== null) {
    return createElement(as, { ...props, dangerouslySetInnerHTML: { __html: markupOnce(`${as}\n${renderKey}`, children) } })
  }
  return createElement(as, props, children)
}
