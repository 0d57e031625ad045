import { ArrowLeft, Eye, Save } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'
import { useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { useToast } from '~/components/ui/toast.tsx'
import { ApiError, api } from '~/lib/api-client.ts'
import { BLOG_CATEGORIES, BLOG_STATUSES } from '~/lib/schemas.ts'
import { ImageField } from './image-field.tsx'
import { PostPreviewDialog } from './post-preview.tsx'
import { RichTextEditor } from './rich-text-editor.tsx'
import { btn, capitalize, errorAria, FieldError, inputClass, labelClass, PageHeader, RequiredMark } from './ui.tsx'

export type BlogForm = {
  title: string
  subheading: string
  excerpt: string
  content: string
  status: string
  author: string
  category: string
  readTime: string
  image: string
}

export const EMPTY_POST: BlogForm = { title: '', subheading: '', excerpt: '', content: '', status: 'draft', author: 'Admin', category: '', readTime: '5 min read', image: '' }
const REQUIRED = ['title', 'subheading', 'excerpt', 'content', 'category'] as const

/** Content counts as empty when it has no text and no picture (e.g. '<p><br></p>'). */
function isBlankHtml(html: string): boolean {
  return !/<img\b/i.test(html) && html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() === ''
}

type Saved = { id: number; status: string; date: string }

/** New and edit share this form; `saved` is the stored post when editing. */
export function BlogEditor({ adminPath, initial, saved }: { adminPath: string; initial: BlogForm; saved?: Saved }) {
  const [form, setForm] = useState<BlogForm>(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [saving, setSaving] = useState(false)
  const [previewOpen, setPreviewOpen] = useState(false)
  const toast = useToast()
  const navigate = useNavigate()
  const list = `/${adminPath}/blogs`
  const set = (k: keyof BlogForm) => (v: string) => setForm((f) => ({ ...f, [k]: v }))

  function preview() {
    if (!saved) return toast({ title: 'Save First', description: 'Please save the blog post before previewing.' })
    if (saved.status === 'published') window.open(`/blog/${saved.id}`, '_blank', 'noopener')
    else setPreviewOpen(true)
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    const missing: Record<string, string> = {}
    for (const k of REQUIRED) {
      const v = form[k]
      if (k === 'content' ? isBlankHtml(v) : !v.trim()) missing[k] = 'This field is required.'
    }
    setErrors(missing)
    if (Object.keys(missing).length) {
      toast({ title: 'Missing Required Fields', description: 'Please fill in all required fields.', variant: 'destructive' })
      return
    }
    setSaving(true)
    try {
      if (saved) {
        await api(`/api/blogs/${saved.id}`, { method: 'PUT', body: form })
        toast({ title: 'Blog Updated', description: 'Blog post has been updated successfully.' })
        navigate(list)
      } else {
        await api<{ id: number }>('/api/blogs', { method: 'POST', body: { ...form, date: new Date().toISOString().slice(0, 10) } })
        toast({ title: 'Blog Created', description: 'Blog post has been created successfully.' })
        navigate(list)
      }
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setErrors(err.fields)
      toast({ title: 'Error', description: 'Failed to save blog post. Please try again.', variant: 'destructive' })
      setSaving(false)
    }
  }

  const field = (k: keyof BlogForm) => ({
    id: `post-${k}`,
    value: form[k],
    onChange: (e: { target: { value: string } }) => set(k)(e.target.value),
    ...errorAria(`post-${k}`, errors[k]),
    className: inputClass,
  })
  const req = <RequiredMark />
  const err = (k: string) => <FieldError id={`post-${k}`} message={errors[k]} />

  return (
    <>
      <Link to={list} className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-blue-700 hover:underline">
        <Icon node={ArrowLeft} aria-hidden="true" className="size-4" /> Back to Blogs
      </Link>
      <PageHeader title={saved ? 'Edit Blog Post' : 'Create New Blog Post'} />
      <form onSubmit={onSubmit} noValidate className="grid gap-6 xl:grid-cols-[1fr_20rem]">
        <div className="space-y-5 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
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
          <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
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
            </div>
            <div>
              <label htmlFor="post-author" className={labelClass}>
                Author
              </label>
              <input {...field('author')} />
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
            </div>
            <ImageField id="post-image" label="Image URL" value={form.image} onChange={set('image')} error={errors.image} />
          </div>

          <section aria-labelledby="seo-title" className="space-y-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
            <h2 id="seo-title" className="font-semibold text-slate-900">
              SEO
            </h2>
            <p className="text-xs text-slate-600">Filled in from the title and the excerpt.</p>
            <div>
              <label htmlFor="seo-meta-title" className={labelClass}>
                Meta Title
              </label>
              <input id="seo-meta-title" readOnly value={form.title} className={`${inputClass} bg-slate-50`} />
            </div>
            <div>
              <label htmlFor="seo-meta-description" className={labelClass}>
                Meta Description
              </label>
              <textarea id="seo-meta-description" readOnly rows={3} value={form.excerpt} className={`${inputClass} bg-slate-50`} />
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
      </form>
      {saved && <PostPreviewDialog post={{ ...form, date: saved.date }} open={previewOpen} onOpenChange={setPreviewOpen} />}
    </>
  )
}
