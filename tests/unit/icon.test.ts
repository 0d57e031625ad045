import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { Menu, Star } from 'lucide'
import { describe, expect, it } from 'vitest'
import { Icon } from '~/components/ui/icon'

const render = (props: Parameters<typeof Icon>[0]) => renderToStaticMarkup(createElement(Icon, props))

describe('Icon', () => {
  it('draws the lucide paths inside one 24x24 stroked svg with the given attributes', () => {
    expect(render({ node: Menu, className: 'h-6 w-6', 'aria-hidden': true })).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="h-6 w-6" aria-hidden="true">' +
        '<path d="M4 5h16"></path><path d="M4 12h16"></path><path d="M4 19h16"></path></svg>',
    )
  })

  it('keeps every attribute of every shape, and renders the same markup each time', () => {
    const first = render({ node: Star })
    const shapes = Star.map(
      ([tag, attrs]) =>
        `<${tag}${Object.entries(attrs)
          .map(([k, v]) => ` ${k}="${v}"`)
          .join('')}></${tag}>`,
    )
    expect(first).toContain(shapes.join(''))
    expect(render({ node: Star })).toBe(first)
  })

  it('lets a caller override presentation attributes such as the stroke width', () => {
    expect(render({ node: Menu, strokeWidth: 3 })).toContain('stroke-width="3"')
  })
})
