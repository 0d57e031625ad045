import { X } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'
import { Dialog } from 'radix-ui'
import type { ReactNode } from 'react'
import { formatDate } from './ui.tsx'

export type PreviewPost = { title: string; subheading: string; category: string; author: string; date?: string; readTime: string; image: string; content: string }

/**
 * Drafts are not public (their /blog/{id} page is a 404 to visitors), so the admin previews a
 * draft here, rendered like the public post page. Published posts open the real page instead.
 * The HTML is the admin's own (sanitized by the server on save); the CSP blocks any script.
 */
export function PostPreviewDialog({ post, open, onOpenChange, trigger }: { post: PreviewPost; open?: boolean; onOpenChange?: (o: boolean) => void; trigger?: ReactNode }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-900/50" />
        <Dialog.Content className="fixed inset-2 z-50 overflow-y-auto rounded-lg bg-white shadow-xl sm:inset-8">
          <div className="sticky top-0 flex items-center justify-between gap-4 border-b border-ink-200 bg-white px-5 py-3">
            <p className="text-sm font-medium text-ink-700">Draft preview (not yet public)</p>
            <Dialog.Close className="rounded p-1 text-ink-700 hover:bg-ink-100" aria-label="Close preview">
              <Icon node={X} aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <article className="mx-auto max-w-3xl px-5 py-8">
            <p className="text-sm font-semibold text-primary-800">{post.category}</p>
            <Dialog.Title className="mt-2 text-3xl font-bold break-words text-ink-900">{post.title || 'Untitled'}</Dialog.Title>
            {post.subheading && <p className="mt-2 text-lg text-ink-700">{post.subheading}</p>}
            <Dialog.Description className="mt-3 text-sm text-ink-600">
              {post.author || 'Admin'} · {post.date ? formatDate(post.date) : 'Not saved yet'} · {post.readTime || '5 min read'}
            </Dialog.Description>
            {post.image && <img src={post.image} alt="" className="mt-6 w-full rounded-lg object-cover" />}
            <div className="prose-admin mt-6 space-y-4 break-words text-ink-900" dangerouslySetInnerHTML={{ __html: post.content }} />
          </article>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
