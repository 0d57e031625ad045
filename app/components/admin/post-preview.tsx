import type { ReactNode } from 'react'
import { Dialog, DialogCloseIcon, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '~/components/ui/dialog.tsx'
import { formatDate } from './ui.tsx'

export type PreviewPost = {
  title: string
  subheading: string
  category: string
  author: string
  date?: string
  readTime: string
  image: string
  content: string
}

/**
 * Drafts and scheduled posts are not public (their /blog/{slug} page is a 404 to visitors), so the admin previews a
 * draft here, rendered like the public post page. Published posts open the real page instead.
 * The HTML is the admin's own (sanitized by the server on save); the CSP blocks any script.
 */
export function PostPreviewDialog({
  post,
  open,
  onOpenChange,
  trigger,
}: {
  post: PreviewPost
  open?: boolean
  onOpenChange?: (o: boolean) => void
  trigger?: ReactNode
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent layout="sheet">
        <div className="sticky top-0 flex items-center justify-between gap-4 border-b border-ink-200 bg-white px-5 py-3">
          <p className="text-sm font-medium text-ink-700">Draft preview (not yet public)</p>
          <DialogCloseIcon label="Close preview" />
        </div>
        <article className="mx-auto max-w-3xl px-5 py-8">
          <p className="text-sm font-semibold text-primary-800">{post.category}</p>
          <DialogTitle className="mt-2 text-3xl font-bold break-words text-ink-900">{post.title || 'Untitled'}</DialogTitle>
          {post.subheading && <p className="mt-2 text-lg text-ink-700">{post.subheading}</p>}
          <DialogDescription className="mt-3 text-sm text-ink-600">
            {post.author || 'Admin'} · {post.date ? formatDate(post.date) : 'Not saved yet'} · {post.readTime || '5 min read'}
          </DialogDescription>
          {post.image && <img src={post.image} alt="" className="mt-6 w-full rounded-lg object-cover" />}
          <div className="prose-admin mt-6 space-y-4 break-words text-ink-900" dangerouslySetInnerHTML={{ __html: post.content }} />
        </article>
      </DialogContent>
    </Dialog>
  )
}
