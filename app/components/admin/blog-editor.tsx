import { ArrowLeft, Eye, Save } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'
import { useRef, useState, type FormEvent } from 'react'
import { Form, Link } from 'react-router'
import type { z } from 'zod'
import { CsrfField } from '~/components/csrf-field.tsx'
import { Button } from '~/components/ui/button.tsx'
import { cardClass } from '~/components/ui/card.tsx'
import { Field, FieldError, fieldAria, RequiredMark } from '~/components/ui/field.tsx'
import { Input, Options, Select, Textarea } from '~/components/ui/input.tsx'
import { useToast } from '~/components/ui/toast.tsx'
import { BLOG_CATEGORIES, BLOG_STATUSES } from '~/lib/constants.ts'
import { formatPublishTime, readableZone, readTimeFor, slugify, zonedToUtcIso } from '~/lib/publishing.ts'
import { BLOG_FIELDS, BLOG_SAVE_FAILED, readBlogInput, type BlogForm, type BlogTextField } from './blog-form.ts'
import { coverAlt, ImageField } from './image-field.tsx'
import { useAgencyZone, useBrowserZone, zoneLabel } from './local-time.tsx'
import { Notice } from './notice.tsx'
import { PostPreviewDialog } from './post-preview.tsx'
import { RichTextEditor } from './rich-text-editor.tsx'
import { capitalize, PageHeader } from './ui.tsx'
import { useAutosave } from './use-autosave.ts'
import { useEditorForm, type EditorResult } from './use-editor-form.ts'
import { useLaterChange } from './use-later-change.ts'
import { useUnsavedChanges } from './unsaved-guard.tsx'

type Saved = { id: number; status: string; date: string; slug: string }

export const BLOG_FORM_ID = 'blog-editor-form'
const AUTOSAVE_WORDS = {
  saved: (time: string) => `Saved (draft copy at ${time}; Update publishes it)`,
  announced: 'Saved: a draft copy is kept beside the post; Update publishes it',
}

/**
 * New and edit share this form. It posts to its route's action (a plain POST without
 * JavaScript), which checks it with `schema` and saves it; in the browser the same schema checks
 * it before it is sent. `saved` is the stored post when editing; `result` is the action's answer
 * when it did not redirect. When editing, a copy of the work is autosaved beside the post (never
 * over it) every few seconds while the admin types.
 */
export function BlogEditor({
  adminPath,
  siteUrl,
  initial,
  saved,
  schema,
  result,
  initiallyDirty = false,
}: {
  adminPath: string
  siteUrl: string
  initial: BlogForm
  saved?: Saved
  schema: z.ZodType
  result?: EditorResult<BlogForm>
  /** The form opened with restored autosaved work that is not saved yet. */
  initiallyDirty?: boolean
}) {
  const start = result?.values ?? initial
  // What the search preview, the preview dialog and the content's hidden field show; most inputs keep their own values.
  const [form, setForm] = useState<BlogForm>(start)
  // A new post's address follows its title until the admin edits the address.
  const [slugEdited, setSlugEdited] = useState(Boolean(start.slug))
  // Uncontrolled like the other inputs (what is typed before the page's script runs stays); the
  // title writes into it while the admin has not edited it.
  const slugInput = useRef<HTMLInputElement>(null)
  const [previewOpen, setPreviewOpen] = useState(false)
  const { errors, notice, onSubmit, revalidate, saving } = useEditorForm({
    schema,
    read: readBlogInput,
    order: BLOG_FIELDS,
    idPrefix: 'post',
    failure: BLOG_SAVE_FAILED,
    result,
  })
  const { markDirty, guard } = useUnsavedChanges(BLOG_FORM_ID, { initiallyDirty: initiallyDirty || Boolean(result), answer: result })
  const autosave = useAutosave(BLOG_FORM_ID, Boolean(saved), AUTOSAVE_WORDS)
  const toast = useToast()
  const list = `/${adminPath}/blogs`
  const set = (k: BlogTextField) => (v: string) => setForm((f) => ({ ...f, [k]: v }))

  function onEdit(e: FormEvent<HTMLFormElement>) {
    revalidate(e.currentTarget)
    autosave.changed()
  }
  // The rich-text editor changes without a DOM event on the form.
  useLaterChange(form.content, () => {
    markDirty()
    autosave.changed()
    const el = document.getElementById(BLOG_FORM_ID)
    if (el instanceof HTMLFormElement) revalidate(el)
  })

  function preview() {
    if (!saved)
      return toast({
        title: 'Save First',
        description: 'Please save the blog post before previewing.',
      })
    if (saved.status === 'published') window.open(`/blog/${saved.slug}`, '_blank', 'noopener')
    else setPreviewOpen(true)
  }

  // The control's own props; <Field> adds its id and aria wiring.
  const field = (k: BlogTextField) => ({
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
  const slug = form.slug || saved?.slug || slugify(form.title)
  const computedReadTime = readTimeFor(form.content)

  return (
    <>
      {guard}
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
      <Form
        id={BLOG_FORM_ID}
        method="post"
        onSubmit={onSubmit}
        onChange={onEdit}
        noValidate
        className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]"
      >
        <CsrfField />
        <div className={cardClass({ className: 'space-y-5' })}>
          <Field {...wrap('title', 'Title', true)}>
            <Input
              {...field('title')}
              onChange={(e) => {
                const title = e.target.value
                if (slugEdited) return set('title')(title)
                const made = slugify(title)
                if (slugInput.current) slugInput.current.value = made
                setForm((f) => ({ ...f, title, slug: made }))
              }}
              aria-required="true"
              placeholder="Enter the post title"
            />
          </Field>
          <Field
            {...wrap('slug', 'Address (slug)')}
            hint={
              <>
                {saved ? 'Leave empty to keep the current address. ' : 'Made from the title; you can change it. '}
                The post&apos;s address: <span className="font-medium break-all text-ink-900">{`${siteUrl}/blog/${slug}`}</span>
              </>
            }
          >
            <Input
              name="slug"
              ref={slugInput}
              defaultValue={start.slug}
              onChange={(e) => {
                setSlugEdited(true)
                set('slug')(e.target.value)
              }}
              spellCheck={false}
              autoCapitalize="none"
              placeholder={saved?.slug ?? 'made-from-the-title'}
            />
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
                <Options items={BLOG_STATUSES} label={capitalize} />
              </Select>
            </Field>
            <PublishAtField value={start.publishAt} zone={start.timeZone} status={form.status} error={errors.publishAt} />
            <Field {...wrap('author', 'Author')}>
              <Input {...field('author')} />
            </Field>
            <Field {...wrap('category', 'Category', true)}>
              <Select {...field('category')} aria-required="true">
                <option value="">Select a category</option>
                <Options items={BLOG_CATEGORIES} />
              </Select>
            </Field>
            <Field {...wrap('tags', 'Tags')} hint="Separate tags with commas.">
              <Input {...field('tags')} autoComplete="off" placeholder="Web design, Speed" />
            </Field>
            <input type="hidden" name="tagsShown" value={start.tagsShown} />
            <Field {...wrap('readTime', 'Read Time')} hint={`Leave empty to compute it from the text (now ${computedReadTime}).`}>
              <Input {...field('readTime')} placeholder={computedReadTime} />
            </Field>
            <ImageField
              id="post-image"
              name="image"
              label="Image URL"
              defaultValue={start.image}
              onChange={set('image')}
              error={errors.image}
              alt={coverAlt('post', start, errors)}
            />
          </div>

          <SearchPreview title={form.title} url={`${siteUrl}/blog/${slug}`} description={form.excerpt} />
        </div>

        {/* Stays in view while the admin scrolls a long post; app.css keeps focus above it (data-save-bar). */}
        <div
          data-save-bar=""
          className="sticky bottom-[var(--notice-space,0px)] z-10 transition-[bottom] flex flex-wrap items-center justify-between gap-3 rounded-lg border border-ink-200 bg-white/95 p-3 shadow-md backdrop-blur xl:col-span-2"
        >
          <p className="min-h-5 text-sm text-ink-700" data-testid="autosave-status">
            {saved ? autosave.message : ''}
          </p>
          {/* Announced only when the state changes, not at each save every few seconds. */}
          <p role="status" className="sr-only">
            {saved ? autosave.announcement : ''}
          </p>
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

/**
 * When a scheduled post goes public, typed and shown in the agency's time zone (Settings), which
 * the field names; the zone is posted beside it and the server stores the moment in UTC, with or
 * without the page's script. Once the script runs, a visitor whose browser is in another zone is
 * also told the same moment in theirs.
 */
function PublishAtField({ value, zone, status, error }: { value: string; zone: string; status: string; error?: string }) {
  const agency = useAgencyZone()
  const browserZone = useBrowserZone()
  const [local, setLocal] = useState(value)
  // The agency's name of the zone, unless the form came back in another one.
  const label = zoneLabel(zone === agency.id ? agency : { id: zone, name: '' })
  const iso = local ? zonedToUtcIso(local, zone) : ''
  const elsewhere = browserZone && browserZone !== zone ? browserZone : null
  return (
    <>
      <Field
        id="post-publishAt"
        label="Publish at"
        error={error}
        required={status === 'scheduled'}
        hint={
          <>
            For a scheduled post: it goes public at this time. Time zone: {label},{' '}
            {agency.own && zone === agency.id ? <>yours (Settings &gt; Profile)</> : <>the agency&rsquo;s (Settings)</>}.
            {elsewhere && (
              <span className="block" data-testid="publish-at-visitor">
                {iso
                  ? `In your time zone (${readableZone(elsewhere)}): ${formatPublishTime(iso, elsewhere)}.`
                  : `Your time zone is ${readableZone(elsewhere)}.`}
              </span>
            )}
          </>
        }
      >
        <Input type="datetime-local" name="publishAt" value={local} onChange={(e) => setLocal(e.target.value)} />
      </Field>
      <input type="hidden" name="timeZone" value={zone} />
    </>
  )
}

/** How a search result would show the post: the title, the address and the description (computed, not editable). */
function SearchPreview({ title, url, description }: { title: string; url: string; description: string }) {
  const shortTitle = title.length > 60 ? `${title.slice(0, 59)}…` : title
  const shortDescription = description.length > 160 ? `${description.slice(0, 159)}…` : description
  return (
    <section aria-labelledby="seo-title" className={cardClass({ className: 'space-y-3' })}>
      <h2 id="seo-title" className="font-semibold text-ink-900">
        Search preview
      </h2>
      <p className="text-xs text-ink-600">Computed from the title, the address and the excerpt.</p>
      <div className="rounded-md border border-ink-200 p-3" data-testid="search-preview">
        <p className="truncate text-xs text-ink-700">{url}</p>
        <p className="mt-1 text-lg leading-snug break-words text-primary-800">{shortTitle || 'Untitled'}</p>
        <p className="mt-1 text-sm break-words text-ink-700">
          {shortDescription || 'Add an excerpt: search engines show it under the title.'}
        </p>
      </div>
      <dl className="space-y-1 text-xs text-ink-700">
        <div>
          <dt className="inline font-medium">Meta title: </dt>
          <dd className="inline">{title.length} characters (up to about 60 show)</dd>
        </div>
        <div>
          <dt className="inline font-medium">Meta description: </dt>
          <dd className="inline">{description.length} characters (up to about 160 show)</dd>
        </div>
      </dl>
    </section>
  )
}
