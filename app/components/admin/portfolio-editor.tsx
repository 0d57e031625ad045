import { Plus, X } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'
import { Switch } from 'radix-ui'
import { useState, type FormEvent, type KeyboardEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { useToast } from '~/components/ui/toast.tsx'
import { ApiError, api } from '~/lib/api-client.ts'
import { PORTFOLIO_STATUSES } from '~/lib/schemas.ts'
import { ImageField } from './image-field.tsx'
import { btn, capitalize, errorAria, FieldError, inputClass, labelClass, PageHeader, RequiredMark } from './ui.tsx'

export type PortfolioForm = {
  title: string
  description: string
  category: string
  image: string
  liveUrl: string
  technologies: string[]
  isLive: boolean
  status: string
}

export const EMPTY_ITEM: PortfolioForm = { title: '', description: '', category: '', image: '', liveUrl: '', technologies: [], isLive: true, status: 'active' }
const REQUIRED = ['title', 'description', 'category', 'image'] as const

/** Portfolio editor for new and existing projects; `id` is set when editing. */
export function PortfolioEditor({ adminPath, initial, id, categories }: { adminPath: string; initial: PortfolioForm; id?: number; categories: string[] }) {
  const [form, setForm] = useState<PortfolioForm>(initial)
  const [tech, setTech] = useState('')
  const [techMessage, setTechMessage] = useState<string | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [saving, setSaving] = useState(false)
  const toast = useToast()
  const navigate = useNavigate()
  const list = `/${adminPath}/portfolio`

  function addTech() {
    const v = tech.trim()
    if (!v) return setTechMessage('Enter a technology name first.')
    if (form.technologies.some((t) => t.toLowerCase() === v.toLowerCase())) return setTechMessage(`${v} is already in the list.`)
    setForm((f) => ({ ...f, technologies: [...f.technologies, v] }))
    setTech('')
    setTechMessage(null)
  }
  function onTechKey(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Enter') {
      e.preventDefault()
      addTech()
    }
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault()
    const missing: Record<string, string> = {}
    for (const k of REQUIRED) if (!form[k].trim()) missing[k] = 'This field is required.'
    setErrors(missing)
    if (Object.keys(missing).length) {
      toast({ title: 'Missing Required Fields', description: 'Please fill in all required fields.', variant: 'destructive' })
      return
    }
    setSaving(true)
    try {
      const body = { ...form, liveUrl: form.liveUrl.trim() || null }
      if (id) {
        await api(`/api/portfolio/${id}`, { method: 'PUT', body })
        toast({ title: 'Portfolio Updated', description: 'Portfolio item has been updated successfully.' })
      } else {
        await api('/api/portfolio', { method: 'POST', body })
        toast({ title: 'Portfolio Created', description: 'Portfolio item has been created successfully.' })
      }
      navigate(list)
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setErrors(err.fields)
      toast({ title: 'Error', description: 'Failed to save portfolio item.', variant: 'destructive' })
      setSaving(false)
    }
  }

  const req = <RequiredMark />
  const text = (k: 'title' | 'category' | 'liveUrl') => ({
    id: `item-${k}`,
    value: form[k],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value })),
    ...errorAria(`item-${k}`, errors[k]),
    className: inputClass,
  })
  const err = (k: string) => <FieldError id={`item-${k}`} message={errors[k]} />

  return (
    <>
      <PageHeader title={id ? 'Edit Project' : 'New Project'} description="Projects marked active appear on the public portfolio." />
      <form onSubmit={onSubmit} noValidate className="max-w-3xl space-y-5 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <div>
          <label htmlFor="item-title" className={labelClass}>
            Project Title{req}
          </label>
          <input {...text('title')} aria-required="true" />
          {err('title')}
        </div>
        <div>
          <label htmlFor="item-description" className={labelClass}>
            Description{req}
          </label>
          <textarea
            id="item-description"
            rows={4}
            value={form.description}
            onChange={(e) => setForm((f) => ({ ...f, description: e.target.value }))}
            aria-required="true"
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? 'item-description-error' : undefined}
            className={inputClass}
          />
          {err('description')}
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <div>
            <label htmlFor="item-category" className={labelClass}>
              Category{req}
            </label>
            <input {...text('category')} aria-required="true" list="item-categories" placeholder="e.g. E-commerce" />
            <datalist id="item-categories">
              {categories.map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
            {err('category')}
          </div>
          <div>
            <label htmlFor="item-liveUrl" className={labelClass}>
              Live URL
            </label>
            <input {...text('liveUrl')} placeholder="example.com or https://example.com" />
            {err('liveUrl')}
          </div>
        </div>
        <ImageField id="item-image" label="Project Image URL" required value={form.image} onChange={(v) => setForm((f) => ({ ...f, image: v }))} error={errors.image} />

        <div>
          <label htmlFor="item-tech" className={labelClass}>
            Technologies
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id="item-tech"
              value={tech}
              onChange={(e) => setTech(e.target.value)}
              onKeyDown={onTechKey}
              placeholder="Type a technology and press Enter"
              aria-describedby={techMessage ? 'item-tech-message' : undefined}
              className={`${inputClass} mt-0`}
            />
            <button type="button" onClick={addTech} className={btn.secondary} aria-label="Add technology">
              <Icon node={Plus} aria-hidden="true" className="size-4" />
            </button>
          </div>
          {techMessage && (
            <p id="item-tech-message" role="status" className="mt-1 text-sm text-red-700">
              {techMessage}
            </p>
          )}
          {form.technologies.length > 0 && (
            <ul aria-label="Technologies added" className="mt-3 flex flex-wrap gap-2">
              {form.technologies.map((t) => (
                <li key={t} className="inline-flex items-center gap-1 rounded-full bg-blue-50 py-1 pr-1 pl-3 text-sm text-blue-900">
                  {t}
                  <button
                    type="button"
                    aria-label={`Remove ${t}`}
                    onClick={() => setForm((f) => ({ ...f, technologies: f.technologies.filter((x) => x !== t) }))}
                    className="rounded-full p-0.5 hover:bg-blue-100"
                  >
                    <Icon node={X} aria-hidden="true" className="size-3.5" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>

        <div className="grid gap-5 sm:grid-cols-2">
          <div className="flex items-center gap-3">
            <Switch.Root
              id="item-live"
              checked={form.isLive}
              onCheckedChange={(v) => setForm((f) => ({ ...f, isLive: v }))}
              className="relative h-6 w-11 shrink-0 rounded-full bg-slate-400 data-[state=checked]:bg-green-700"
            >
              <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
            </Switch.Root>
            <label htmlFor="item-live" className={labelClass}>
              Live Status ({form.isLive ? 'Live' : 'Offline'})
            </label>
          </div>
          <div>
            <label htmlFor="item-status" className={labelClass}>
              Status
            </label>
            <select id="item-status" value={form.status} onChange={(e) => setForm((f) => ({ ...f, status: e.target.value }))} className={inputClass}>
              {PORTFOLIO_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {capitalize(s)}
                </option>
              ))}
            </select>
          </div>
        </div>

        <div className="flex flex-wrap gap-2 pt-2">
          <button type="submit" disabled={saving} className={btn.primary}>
            {saving ? 'Saving...' : id ? 'Update Project' : 'Create Project'}
          </button>
          <Link to={list} className={btn.secondary}>
            Cancel
          </Link>
        </div>
      </form>
    </>
  )
}
