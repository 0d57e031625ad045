import type { SVGProps } from 'react'
import type { IconNode } from 'lucide'

export type { IconNode }

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children' | 'dangerouslySetInnerHTML'> & { node: IconNode }

// One markup string per icon, built on first use. Icon data is the lucide package's own constants.
const markup = new WeakMap<IconNode, { __html: string }>()

function innerHtml(node: IconNode) {
  let html = markup.get(node)
  if (!html) {
    const body = node
      .map(
        ([tag, attrs]) =>
          `<${tag}${Object.entries(attrs)
            .map(([k, v]) => ` ${k}="${v}"`)
            .join('')}></${tag}>`,
      )
      .join('')
    html = { __html: body }
    markup.set(node, html)
  }
  return html
}

/**
 * A Lucide icon (`import { Menu } from 'lucide'`) drawn as one <svg> whose paths are a single
 * string, so React renders one element instead of one per path; on the server that made icons
 * a quarter of a page's render time with lucide-react (docs/decisions/010-server-render-cost.md).
 */
export function Icon({ node, ...props }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
      dangerouslySetInnerHTML={innerHtml(node)}
    />
  )
}
