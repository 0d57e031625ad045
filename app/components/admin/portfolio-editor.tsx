import { Plus, X } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'
import { useRef, useState, type KeyboardEvent } from 'react'
import { flushSync } from 'react-dom'
import { Form, Link } from 'react-router'
import type { z } from 'zod'
import { CsrfField } from '~/components/csrf-field.tsx'
import { Button, buttonClass } from '~/components/ui/button.tsx'
import { cardClass } from '~/components/ui/card.tsx'
import { Field, FieldError, Label } from '~/components/ui/field.tsx'
import { Input, Options, Select, Textarea } from '~/components/ui/input.tsx'
import { Switch } from '~/components/ui/switch.tsx'
import { PORTFOLIO_STATUSES } from '~/lib/constants.ts'
import { dedupe, MAX_RESULTS } from '~/lib/schemas.ts'
import { coverAlt, ImageField } from './image-field.tsx'
import { Notice } from './notice.tsx'
import { PORTFOLIO_FIELDS, PORTFOLIO_SAVE_FAILED, readPortfolioForm, type PortfolioForm } from './portfolio-form.ts'
import { capitalize, PageHeader } from './ui.tsx'
import { useEditorForm, type EditorResult } from './use-editor-form.ts'
import { useUnsavedChanges } from './unsaved-guard.tsx'
import { useHydrated } from './use-hydrated.ts'

/**
 * Portfolio editor for new and existing projects (`id` is set when editing). It posts to its
 * route's action (a plain POST without JavaScript), which checks it with `schema` and saves it; in
 * the browser the same schema checks it before it is sent. `result` is the action's answer when
 * it did not redirect.
 */
export function PortfolioEditor({
  adminPath,
  initial,
  id,
  categories,
  schema,
  result,
}: {
  adminPath: string
  initial: PortfolioForm
  id?: number
  categories: string[]
  schema: z.ZodType
  result?: EditorResult<PortfolioForm>
}) {
  const start = result?.values ?? initial
  const [technologies, setTechnologies] = useState(() => dedupe(start.technologies))
  const [techMessage, setTechMessage] = useState<string | null>(null)
  const [live, setLive] = useState(start.isLive)
  const techInput = useRef<HTMLInputElement>(null)
  const techList = useRef<HTMLUListElement>(null)
  const hydrated = useHydrated()
  const { errors, notice, onSubmit, saving } = useEditorForm({
    schema,
    read: readPortfolioForm,
    order: PORTFOLIO_FIELDS,
    idPrefix: 'item',
    failure: PORTFOLIO_SAVE_FAILED,
    result,
  })
  const list = `/${adminPath}/portfolio`
  // Asks before leaving with unsaved changes (a link, Cancel, a reload or closing the tab).
  const { guard } = useUnsavedChanges('portfolio-form', { initiallyDirty: Boolean(result), answer: result })
  const techError = errors.technologies ?? Object.entries(errors).find(([k]) => k.startsWith('technologies.'))?.[1]

  function addTech() {
    const el = techInput.current
    const v = el?.value.trim() ?? ''
    if (!el || !v) return setTechMessage('Enter a technology name first.')
    if (technologies.some((t) => t.toLowerCase() === v.toLowerCase())) return setTechMessage(`${v} is already in the list.`)
    setTechnologies((list) => [...list, v])
    el.value = ''
    setTechMessage(null)
  }
  /** Removes a tag; focus goes to the next tag's Remove button, else the previous one, else the input (never <body>). */
  function removeTech(t: string) {
    const index = technologies.indexOf(t)
    flushSync(() => setTechnologies((list) => list.filter((x) => x !== t)))
    const buttons = techList.current?.querySelectorAll<HTMLButtonElement>('button') ?? []
    const next = buttons[Math.min(index, buttons.length - 1)]
    if (next) next.focus()
    else techInput.current?.focus()
  }
  function onTechKey(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Enter') {
      e.preventDefault()
      addTech()
    }
  }

  const wrap = (k: keyof PortfolioForm, label: string, required = false) => ({
    id: `item-${k}`,
    label,
    required,
    error: errors[k],
  })

  return (
    <>
      <PageHeader title={id ? 'Edit Project' : 'New Project'} description="Projects marked active appear on the public portfolio." />
      <Notice notice={notice} />
      {result?.formError && result.formError !== notice?.description && (
        <p role="alert" className="mb-4 max-w-3xl rounded-md border border-danger-300 bg-danger-50 p-3 text-sm text-danger-800">
          {result.formError}
        </p>
      )}
      {guard}
      <Form id="portfolio-form" method="post" onSubmit={onSubmit} noValidate className={cardClass({ className: 'max-w-3xl space-y-5' })}>
        <CsrfField />
        <Field {...wrap('title', 'Project Title', true)}>
          <Input name="title" defaultValue={start.title} aria-required="true" />
        </Field>
        <Field
          {...wrap('slug', 'Case page address')}
          hint={`The project's page: /portfolio/${start.slug || 'made-from-the-title'}. Lowercase letters, digits and hyphens; empty keeps it${id ? '' : ' made from the title'}. An old address keeps leading here.`}
        >
          <Input name="slug" defaultValue={start.slug} spellCheck={false} autoCapitalize="none" />
        </Field>
        <Field {...wrap('description', 'Description', true)}>
          <Textarea name="description" rows={4} defaultValue={start.description} aria-required="true" />
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field {...wrap('category', 'Category', true)}>
            {(aria) => (
              <>
                <Input
                  {...aria}
                  name="category"
                  defaultValue={start.category}
                  aria-required="true"
                  list="item-categories"
                  placeholder="e.g. E-commerce"
                />
                <datalist id="item-categories">
                  {categories.map((c) => (
                    <option key={c} value={c} />
                  ))}
                </datalist>
              </>
            )}
          </Field>
          <Field {...wrap('liveUrl', 'Live URL')}>
            <Input name="liveUrl" defaultValue={start.liveUrl} placeholder="example.com or https://example.com" />
          </Field>
        </div>
        <ImageField
          id="item-image"
          name="image"
          label="Project Image URL"
          required
          defaultValue={start.image}
          error={errors.image}
          alt={coverAlt('item', start, errors)}
        />

        <div>
          <Field
            id="item-technologies"
            label="Technologies"
            hint="Shown to visitors on the card: say what the site does for the client, e.g. Online booking, Fast on phones."
            error={techError}
          >
            {(aria) => (
              <div className="flex gap-2">
                {/* A name typed here without pressing Enter (or without JavaScript) is saved too, after the tags. */}
                <Input
                  {...aria}
                  ref={techInput}
                  name="technology"
                  onKeyDown={onTechKey}
                  placeholder="Type a technology and press Enter"
                  aria-describedby={techMessage ? 'item-tech-message' : aria['aria-describedby']}
                />
                {hydrated && (
                  <Button variant="secondary" onClick={addTech} aria-label="Add technology">
                    <Icon node={Plus} aria-hidden="true" className="size-4" />
                  </Button>
                )}
              </div>
            )}
          </Field>
          {techMessage && (
            <p id="item-tech-message" role="status" className="mt-1 text-sm font-medium text-danger-700">
              {techMessage}
            </p>
          )}
          {technologies.length > 0 && (
            <ul ref={techList} aria-label="Technologies added" className="mt-3 flex flex-wrap gap-2">
              {technologies.map((t) => (
                <li
                  key={t}
                  className="inline-flex items-center gap-1 rounded-full bg-primary-50 py-0.5 pr-0.5 pl-3 text-sm text-primary-900"
                >
                  {hydrated ? (
                    <>
                      <input type="hidden" name="technologies" value={t} />
                      {t}
                      <button
                        type="button"
                        aria-label={`Remove ${t}`}
                        onClick={() => removeTech(t)}
                        // 24x24 at least: WCAG 2.5.8 target size, without leaning on the spacing exception (issue 27).
                        className="inline-flex size-6 items-center justify-center rounded-full hover:bg-primary-100"
                      >
                        <Icon node={X} aria-hidden="true" className="size-3.5" />
                      </button>
                    </>
                  ) : (
                    // Without JavaScript a tag is a checkbox: clear it to remove the technology.
                    <label className="inline-flex items-center gap-1.5 pr-2">
                      <input type="checkbox" name="technologies" value={t} defaultChecked />
                      {t}
                    </label>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>

        <fieldset className="space-y-5 border-t border-ink-200 pt-5">
          <legend className="text-base font-semibold text-ink-900">Case study</legend>
          <p className="text-sm text-ink-600">
            Shown on the project's own page and, for the client's words, as a testimonial on the home page and Services.
          </p>
          <Field {...wrap('problem', 'The problem')} hint="What was not working for the client before.">
            <Textarea name="problem" rows={3} defaultValue={start.problem} />
          </Field>
          <Field {...wrap('solution', 'What we built')}>
            <Textarea name="solution" rows={4} defaultValue={start.solution} />
          </Field>
          <ResultsField
            rows={start.results}
            error={errors.results ?? Object.entries(errors).find(([k]) => k.startsWith('results.'))?.[1]}
          />
          <Field {...wrap('quote', "Client's words")} hint="A quote the client agreed to publish.">
            <Textarea name="quote" rows={3} defaultValue={start.quote} />
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field {...wrap('quoteAuthor', 'Said by (name)')}>
              <Input name="quoteAuthor" defaultValue={start.quoteAuthor} autoComplete="off" />
            </Field>
            <Field {...wrap('quoteRole', 'Role and business')}>
              <Input name="quoteRole" defaultValue={start.quoteRole} placeholder="e.g. Owner, Harbor Bakehouse" />
            </Field>
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field {...wrap('beforeText', 'Before')}>
              <Textarea name="beforeText" rows={3} defaultValue={start.beforeText} />
            </Field>
            <Field {...wrap('afterText', 'After')}>
              <Textarea name="afterText" rows={3} defaultValue={start.afterText} />
            </Field>
          </div>
        </fieldset>

        <div className="grid gap-5 sm:grid-cols-2">
          <div className="flex items-center gap-3">
            {/* A real checkbox shown as a switch: it posts `isLive=true` when on, with or without JavaScript. */}
            <Switch
              id="item-isLive"
              tone="success"
              name="isLive"
              value="true"
              defaultChecked={start.isLive}
              onChange={(e) => setLive(e.target.checked)}
            />
            <Label htmlFor="item-isLive">Live Status ({live ? 'Live' : 'Offline'})</Label>
          </div>
          <Field {...wrap('status', 'Status')}>
            <Select name="status" defaultValue={start.status}>
              <Options items={PORTFOLIO_STATUSES} label={capitalize} />
            </Select>
          </Field>
        </div>

        <div className="flex flex-wrap gap-2 pt-2">
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : id ? 'Update Project' : 'Create Project'}
          </Button>
          <Link to={list} className={buttonClass({ variant: 'secondary' })}>
            Cancel
          </Link>
        </div>
      </Form>
    </>
  )
}

/**
 * The results as rows of a figure and what it counts (resultFigure/resultLabel, paired in order):
 * the saved rows and blank ones up to at least three (at most MAX_RESULTS), so it works without
 * JavaScript. The first figure carries the field's id, so a refusal focuses it; the message sits
 * below the rows.
 */
function ResultsField({ rows, error }: { rows: PortfolioForm['results']; error?: string }) {
  const shown = [
    ...rows,
    ...Array.from({ length: Math.max(3, Math.min(MAX_RESULTS, rows.length + 1)) - rows.length }, () => ({ figure: '', label: '' })),
  ].slice(0, Math.max(MAX_RESULTS, rows.length))
  return (
    <fieldset aria-describedby={['item-results-hint', error ? 'item-results-error' : ''].filter(Boolean).join(' ')}>
      <legend className="text-sm font-medium text-ink-800">Results</legend>
      <p id="item-results-hint" className="mt-1 text-sm text-ink-600">
        A figure and what it counts, e.g. 41% / of orders placed online. Leave a row empty to skip it.
      </p>
      <ol className="mt-2 space-y-2">
        {shown.map((r, i) => (
          <li key={i} className="grid grid-cols-[7rem_1fr] gap-2">
            <label className="sr-only" htmlFor={i === 0 ? 'item-results' : `item-results-${i}-figure`}>
              Result {i + 1} figure
            </label>
            <Input
              id={i === 0 ? 'item-results' : `item-results-${i}-figure`}
              name="resultFigure"
              defaultValue={r.figure}
              placeholder="41%"
              aria-invalid={error ? true : undefined}
            />
            <label className="sr-only" htmlFor={`item-results-${i}-label`}>
              Result {i + 1}: what it counts
            </label>
            <Input
              id={`item-results-${i}-label`}
              name="resultLabel"
              defaultValue={r.label}
              placeholder="of orders placed online"
              aria-invalid={error ? true : undefined}
            />
          </li>
        ))}
      </ol>
      <FieldError id="item-results" message={error} />
    </fieldset>
  )
}
