import { Extension, type AnyExtension } from '@tiptap/core'
import Image from '@tiptap/extension-image'
import StarterKit from '@tiptap/starter-kit'
import { isAllowedHref } from './links.ts'

/**
 * The schema of a blog post: what StarterKit gives (paragraphs, headings, bold, italic,
 * underline, strike, inline code and code blocks, quotes, lists, links, rules, line breaks)
 * plus block images. Every element it writes is on the sanitizer's allow-list
 * (app/infra/sanitize.server.ts), so saving never loses what the editor shows.
 *
 * All six heading levels are kept though the toolbar offers H2 and H3: a post written elsewhere
 * with an H4 must not come back as a paragraph.
 */
export function blogExtensions({ onLinkShortcut }: { onLinkShortcut: () => void }): AnyExtension[] {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3, 4, 5, 6] },
      link: {
        openOnClick: false,
        autolink: true,
        linkOnPaste: true,
        defaultProtocol: 'https',
        // No target/rel of our own: the sanitizer adds them to external links when it renders.
        HTMLAttributes: { target: null, rel: null },
        isAllowedUri: (url) => isAllowedHref(url),
      },
    }),
    Image.configure({ inline: false, allowBase64: false }),
    // Ctrl/Cmd+K opens the link form, as in most editors.
    Extension.create({
      name: 'linkShortcut',
      addKeyboardShortcuts: () => ({
        'Mod-k': () => {
          onLinkShortcut()
          return true
        },
      }),
    }),
  ]
}
