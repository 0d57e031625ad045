import { ArrowLeft, Eye, Save } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'
import { useState } from 'react'
import { Form, Link } from 'react-router'
import type { z } from 'zod'
import { CsrfField } from '~/components/csrf-field.tsx'
import { useToast } from '~/components/ui/toast.tsx'
import { BLOG_CATEGORIES, BLOG_STATUSES } from '~/lib/constants.ts'
import { BLOG_FIELDS, BLOG_SAVE_FAILED, readBlogForm, type BlogForm } from './blog-form.ts'
import { ImageField } from './image-field.tsx'
import { Notice } from './notice.tsx'
import { PostPreviewDialog } from './post-preview.tsx'
import { RichTextEditor } from './rich-text-editor.tsx'
import { btn, capitalize, errorAria, FieldError, inputClass, labelClass, PageHeader, RequiredMark } from './ui.tsx'
import { useEditorForm, type EditorResult } from './use-editor-form.ts'

type Saved = { id: number; status: string; date: string }

/**
 * New and edit share this form. It posts to its route's action (a plain POST without
 * JavaScript), which checks it with `schema` and saves it; in the browser the same schema checks
 * it before it is sent. `saved` is the stored post when editing; `result` is the action's answer
 * when it did not redirect.
 */
export function BlogEditor({ adminPath, initial, saved, schema, result }: { adminPath: string; initial: BlogForm; saved?: Saved; schema: z.ZodType; result?: EditorResult<BlogForm> }) {
  const start = result?.values ?? initial
  // What the SEO block, the preview and the content's hidden field show; the inputs keep their own values.
  const [form, setForm] = useState<BlogForm>(start)
  const [previewOpen, setPreviewOpen] = useState(false)
  const { errors, notice, onSubmit, saving } = useEditorForm({ schema, read: readBlogForm, order: BLOG_FIELDS, idPrefix: 'post', failure: BLOG_SAVE_FAILED, result })
  const toast = useToast()
  const list = `/${adminPath}/blogs`
  const set = (k: keyof BlogForm) => (v: string) => setForm((f) => ({ ...f, [k]: v }))

  function preview() {
    if (!saved) return toast({ title: 'Save First', description: 'Please save the blog post before previewing.' })
    if (saved.status === 'published') window.open(`/blog/${saved.id}`, '_blank', 'noopener')
    else setPreviewOpen(true)
  }

  const field = (k: keyof BlogForm) => ({
    id: `post-${k}`,
    name: k,
    defaultValue: start[k],
    onChange: (e: { target: { value: string } }) => set(k)(e.target.value),
    ...errorAria(`post-${k}`, errors[k]),
    className: inputClass,
  })
  const req = <RequiredMark />
  const err = (k: string) => <FieldError id={`post-${k}`} message={errors[k]} />

  return (
    <>
      <Link to={list} className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline">
        <Icon node={ArrowLeft} aria-hidden="true" className="size-4" /> Back to Blogs
      </Link>
      <PageHeader title={saved ? 'Edit Blog Post' : 'Create New Blog Post'} />
      <Notice notice={notice} />
      {result?.formError && result.formError !== notice?.description && (
        <p role="alert" className="mb-4 rounded-md border border-danger-300 bg-danger-50 p-3 text-sm text-danger-800">
          {result.formError}
        </p>
      )}
      <Form method="post" onSubmit={onSubmit} noValidate className="grid gap-6 xl:grid-cols-[1fr_20rem]">
        <CsrfField />
        <div className="space-y-5 rounded-lg border border-ink-200 bg-white p-5 shadow-sm">
          <div>
            <label htmlFor="post-title" className={labelClass}>
              Title{req}
            </label>
            <input {...field('title')} aria-required="true" placeholder="Enter the post title" />
            {err('title')}
          </div>
          <div>
            <label htmlFor="post-subheading" className={labelClass}>
              Subheading{req}
            </label>
            <input {...field('subheading')} aria-required="true" placeholder="A short line under the title" />
            {err('subheading')}
          </div>
          <div>
            <label htmlFor="post-excerpt" className={labelClass}>
              Excerpt{req}
            </label>
            <textarea {...field('excerpt')} rows={3} aria-required="true" placeholder="A summary shown on the blog list" />
            {err('excerpt')}
          </div>
          <div>
            <RichTextEditor
              id="post-content"
              name="content"
              label={<>Content{req}</>}
              value={form.content}
              onChange={set('content')}
              invalid={Boolean(errors.content)}
              describedBy={errors.content ? 'post-content-error' : undefined}
            />
            {err('content')}
          </div>
        </div>

        <div className="space-y-5">
          <div className="space-y-4 rounded-lg border border-ink-200 bg-white p-5 shadow-sm">
            <div>
              <label htmlFor="post-status" className={labelClass}>
                Status
              </label>
              <select {...field('status')}>
                {BLOG_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {capitalize(s)}
                  </option>
                ))}
              </select>
              {err('status')}
            </div>
            <div>
              <label htmlFor="post-author" className={labelClass}>
                Author
              </label>
              <input {...field('author')} />
              {err('author')}
            </div>
            <div>
              <label htmlFor="post-category" className={labelClass}>
                Category{req}
              </label>
              <select {...field('category')} aria-required="true">
                <option value="">Select a category</option>
                {BLOG_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
              {err('category')}
            </div>
            <div>
              <label htmlFor="post-readTime" className={labelClass}>
                Read Time
              </label>
              <input {...field('readTime')} placeholder="5 min read" />
              {err('readTime')}
            </div>
            <ImageField id="post-image" name="image" label="Image URL" defaultValue={start.image} onChange={set('image')} error={errors.image} />
          </div>

          <section aria-labelledby="seo-title" className="space-y-3 rounded-lg border border-ink-200 bg-white p-5 shadow-sm">
            <h2 id="seo-title" className="font-semibold text-ink-900">
              SEO
            </h2>
            <p className="text-xs text-ink-600">Filled in from the title and the excerpt.</p>
            <div>
              <label htmlFor="seo-meta-title" className={labelClass}>
                Meta Title
              </label>
              <input id="seo-meta-title" readOnly value={form.title} className={`${inputClass} bg-ink-50`} />
            </div>
            <div>
              <label htmlFor="seo-meta-description" className={labelClass}>
                Meta Description
              </label>
              <textarea id="seo-meta-description" readOnly rows={3} value={form.excerpt} className={`${inputClass} bg-ink-50`} />
            </div>
          </section>

          <div className="flex flex-wrap gap-2">
            <button type="button" onClick={preview} className={btn.secondary}>
              <Icon node={Eye} aria-hidden="true" className="size-4" /> Preview
            </button>
            <button type="submit" disabled={saving} className={btn.primary}>
              <Icon node={Save} aria-hidden="true" className="size-4" /> {saving ? 'Saving...' : saved ? 'Update' : 'Save'}
            </button>
          </div>
        </div>
      </Form>
      {saved && <PostPreviewDialog post={{ ...form, date: saved.date }} open={previewOpen} onOpenChange={setPreviewOpen} />}
    </>
  )
}
