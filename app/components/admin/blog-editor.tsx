import { ArrowLeft, Eye, Save } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'
import { useState } from 'react'
import { Form, Link } from 'react-router'
import type { z } from 'zod'
import { CsrfField } from '~/components/csrf-field.tsx'
import { Button } from '~/components/ui/button.tsx'
import { cardClass } from '~/components/ui/card.tsx'
import { Field, FieldError, fieldAria, RequiredMark } from '~/components/ui/field.tsx'
import { Input, Select, Textarea } from '~/components/ui/input.tsx'
import { useToast } from '~/components/ui/toast.tsx'
import { BLOG_CATEGORIES, BLOG_STATUSES } from '~/lib/constants.ts'
import { BLOG_FIELDS, BLOG_SAVE_FAILED, readBlogForm, type BlogForm } from './blog-form.ts'
import { ImageField } from './image-field.tsx'
import { Notice } from './notice.tsx'
import { PostPreviewDialog } from './post-preview.tsx'
import { RichTextEditor } from './rich-text-editor.tsx'
import { capitalize, PageHeader } from './ui.tsx'
import { useEditorForm, type EditorResult } from './use-editor-form.ts'

type Saved = { id: number; status: string; date: string }

/**
 * New and edit share this form. It posts to its route's action (a plain POST without
 * JavaScript), which checks it with `schema` and saves it; in the browser the same schema checks
 * it before it is sent. `saved` is the stored post when editing; `result` is the action's answer
 * when it did not redirect.
 */
export function BlogEditor({
  adminPath,
  initial,
  saved,
  schema,
  result,
}: {
  adminPath: string
  initial: BlogForm
  saved?: Saved
  schema: z.ZodType
  result?: EditorResult<BlogForm>
}) {
  const start = result?.values ?? initial
  // What the SEO block, the preview and the content's hidden field show; the inputs keep their own values.
  const [form, setForm] = useState<BlogForm>(start)
  const [previewOpen, setPreviewOpen] = useState(false)
  const { errors, notice, onSubmit, saving } = useEditorForm({
    schema,
    read: readBlogForm,
    order: BLOG_FIELDS,
    idPrefix: 'post',
    failure: BLOG_SAVE_FAILED,
    result,
  })
  const toast = useToast()
  const list = `/${adminPath}/blogs`
  const set = (k: keyof BlogForm) => (v: string) => setForm((f) => ({ ...f, [k]: v }))

  function preview() {
    if (!saved)
      return toast({
        title: 'Save First',
        description: 'Please save the blog post before previewing.',
      })
    if (saved.status === 'published') window.open(`/blog/${saved.id}`, '_blank', 'noopener')
    else setPreviewOpen(true)
  }

  // The control's own props; <Field> adds its id and aria wiring.
  const field = (k: keyof BlogForm) => ({
    name: k,
    defaultValue: start[k],
    onChange: (e: { target: { value: string } }) => set(k)(e.target.value),
  })
  const wrap = (k: keyof BlogForm, label: string, required = false) => ({
    id: `post-${k}`,
    label,
    required,
    error: errors[k],
  })

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
        <div className={cardClass({ className: 'space-y-5' })}>
          <Field {...wrap('title', 'Title', true)}>
            <Input {...field('title')} aria-required="true" placeholder="Enter the post title" />
          </Field>
          <Field {...wrap('subheading', 'Subheading', true)}>
            <Input {...field('subheading')} aria-required="true" placeholder="A short line under the title" />
          </Field>
          <Field {...wrap('excerpt', 'Excerpt', true)}>
            <Textarea {...field('excerpt')} rows={3} aria-required="true" placeholder="A summary shown on the blog list" />
          </Field>
          <div>
            <RichTextEditor
              id="post-content"
              name="content"
              label={
                <>
                  Content
                  <RequiredMark />
                </>
              }
              value={form.content}
              onChange={set('content')}
              invalid={Boolean(errors.content)}
              describedBy={fieldAria('post-content', { error: errors.content })['aria-describedby']}
            />
            <FieldError id="post-content" message={errors.content} />
          </div>
        </div>

        <div className="space-y-5">
          <div className={cardClass({ className: 'space-y-4' })}>
            <Field {...wrap('status', 'Status')}>
              <Select {...field('status')}>
                {BLOG_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {capitalize(s)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field {...wrap('author', 'Author')}>
              <Input {...field('author')} />
            </Field>
            <Field {...wrap('category', 'Category', true)}>
              <Select {...field('category')} aria-required="true">
                <option value="">Select a category</option>
                {BLOG_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </Select>
            </Field>
            <Field {...wrap('readTime', 'Read Time')}>
              <Input {...field('readTime')} placeholder="5 min read" />
            </Field>
            <ImageField id="post-image" name="image" label="Image URL" defaultValue={start.image} onChange={set('image')} error={errors.image} />
          </div>

          <section aria-labelledby="seo-title" className={cardClass({ className: 'space-y-3' })}>
            <h2 id="seo-title" className="font-semibold text-ink-900">
              SEO
            </h2>
            <p className="text-xs text-ink-600">Filled in from the title and the excerpt.</p>
            <Field id="seo-meta-title" label="Meta Title">
              <Input readOnly value={form.title} className="bg-ink-50" />
            </Field>
            <Field id="seo-meta-description" label="Meta Description">
              <Textarea readOnly rows={3} value={form.excerpt} className="bg-ink-50" />
            </Field>
          </section>

          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={preview}>
              <Icon node={Eye} aria-hidden="true" className="size-4" /> Preview
            </Button>
            <Button type="submit" disabled={saving}>
              <Icon node={Save} aria-hidden="true" className="size-4" /> {saving ? 'Saving...' : saved ? 'Update' : 'Save'}
            </Button>
          </div>
        </div>
      </Form>
      {saved && <PostPreviewDialog post={{ ...form, date: saved.date }} open={previewOpen} onOpenChange={setPreviewOpen} />}
    </>
  )
}
