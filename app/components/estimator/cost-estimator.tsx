import { Calculator, Download, Send } from 'lucide'
import { reportToolUse } from '~/components/site/page-view-beacon.tsx'
import { Icon } from '~/components/ui/icon.tsx'
import { buttonClass } from '~/components/ui/button.tsx'
import { FieldError, FieldHint, fieldAria } from '~/components/ui/field.tsx'
import { controlClass, Options } from '~/components/ui/input.tsx'
import { useId, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { useHydrated } from '~/components/admin/use-hydrated.ts'
import { EXTRA_PAGE_PRICE, QUOTED, QUOTED_DELIVERY, URGENCY_OPTIONS, WEBSITE_TYPES } from '~/content/pricing.ts'
import { MAX_PAGES, MIN_PAGES, includedPagesText, formatUsd, type Estimate, type EstimateInput } from '~/lib/estimator.ts'
import { BreakdownHead } from './breakdown-head.tsx'
import { estimatePdfHref, estimateProposalHref } from './estimate-links.ts'
import { ESTIMATOR, ESTIMATOR_ADDONS, deliverySentence, deliveryText, estimate, estimateRows, planOf, urgencyLabel } from './price-list.ts'
import { CHOOSE_TYPE_MESSAGE, PAGES_MESSAGE, defaultEstimatorFields, type EstimatorQuery } from '~/lib/estimator-query.ts'

type Calculated = { input: EstimateInput; result: Estimate }

const validPages = (n: number) => Number.isInteger(n) && n >= MIN_PAGES && n <= MAX_PAGES

/** Where Calculate's GET lands: the button, its message and the estimate below it. */
export const ESTIMATE_ANCHOR = 'calculate-estimate'

/**
 * Cost estimator of the pricing page (spec sections 2 and 9). 'Calculate' stays disabled until a
 * website type is chosen, and the estimate changes only when it is pressed; the PDF and the
 * proposal carry the choices of that calculation, never a figure typed in the browser.
 *
 * The form is a GET form (issue 22): before the page's script runs, or without JavaScript,
 * Calculate sends the choices to the page's address and the server prices them (`initial`, read
 * by the page's loader with readEstimatorQuery). Once hydrated it prices them here without
 * leaving the page. Until then Calculate is never disabled: the browser could not enable it again,
 * and the server answers a missing type with the same message.
 */
export function CostEstimator({ initial }: { initial?: EstimatorQuery | null }) {
  const uid = useId()
  const hydrated = useHydrated()
  const start = initial?.fields ?? defaultEstimatorFields(ESTIMATOR)
  const [websiteType, setWebsiteType] = useState(start.websiteType)
  const [pages, setPages] = useState(start.pages)
  const [addons, setAddons] = useState<string[]>(start.addons)
  const [urgency, setUrgency] = useState(start.urgency)
  const [pagesError, setPagesError] = useState<string | undefined>(initial?.pagesError)
  const [calculated, setCalculated] = useState<Calculated | null>(initial?.calculated ?? null)

  const pageCount = Number(pages)
  const current: EstimateInput = {
    websiteType,
    pages: pageCount,
    addons: ESTIMATOR_ADDONS.filter((a) => addons.includes(a.id)).map((a) => a.id),
    urgency: urgency || null,
  }
  const changedSinceCalc = calculated !== null && JSON.stringify(calculated.input) !== JSON.stringify(current)

  function onCalculate(e: FormEvent) {
    e.preventDefault()
    reportToolUse('estimator')
    if (!websiteType) return
    if (!validPages(pageCount)) {
      setPagesError(PAGES_MESSAGE)
      document.getElementById(`${uid}-pages`)?.focus()
      return
    }
    setPagesError(undefined)
    setCalculated({ input: current, result: estimate(current) })
  }

  const chosenType = WEBSITE_TYPES.find((t) => t.id === websiteType)
  const toggleAddon = (id: string) => setAddons((list) => (list.includes(id) ? list.filter((a) => a !== id) : [...list, id]))

  // Headings start at h3: the pricing page introduces the estimator with its own h2.
  return (
    <section aria-labelledby={`${uid}-heading`} className="rounded-2xl border border-ink-200 bg-white p-5 shadow-sm sm:p-8">
      <div className="flex items-center gap-3">
        <Icon node={Calculator} aria-hidden="true" className="size-7 text-primary-700" />
        <h3 id={`${uid}-heading`} className="text-2xl font-bold text-ink-900">
          Cost Estimator
        </h3>
      </div>
      <p className="mt-2 text-ink-700">
        Choose what you need and press Calculate for an instant estimate. Each website type includes the pages shown with it; each extra
        page costs {formatUsd(EXTRA_PAGE_PRICE)}.
      </p>

      {/* noValidate: the site's own message shows beside the field, not the browser's bubble for min/max
          (the server says the same when it calculates). */}
      <form method="get" action={`#${ESTIMATE_ANCHOR}`} noValidate onSubmit={onCalculate} className="mt-6 grid gap-8 lg:grid-cols-2">
        <div className="space-y-6">
          <fieldset>
            <legend className="text-base font-semibold text-ink-900">Website Type</legend>
            <div className="mt-3 grid gap-3 sm:grid-cols-2">
              {WEBSITE_TYPES.map((t) => (
                <label
                  key={t.id}
                  className="flex cursor-pointer items-start gap-3 rounded-lg border border-ink-300 p-3 has-[:checked]:border-primary-700 has-[:checked]:bg-primary-50"
                >
                  <input
                    type="radio"
                    name="type"
                    value={t.id}
                    checked={websiteType === t.id}
                    onChange={() => setWebsiteType(t.id)}
                    className="mt-1 size-4 accent-primary-700"
                  />
                  <span>
                    <span className="block font-medium text-ink-900">{t.label}</span>
                    <span className="block text-sm text-ink-700">
                      {planOf(t) ? `${planOf(t)?.name} plan: ` : 'From '}
                      {formatUsd(t.base)}, {includedPagesText(t)}
                    </span>
                    <span className="block text-sm text-ink-700">Delivery: {deliveryText(t.id)}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>

          <div>
            <label htmlFor={`${uid}-pages`} className="block text-base font-semibold text-ink-900">
              Number of Pages
            </label>
            <input
              type="number"
              inputMode="numeric"
              min={MIN_PAGES}
              max={MAX_PAGES}
              step={1}
              name="pages"
              value={pages}
              onChange={(e) => {
                setPages(e.target.value)
                // The message goes as soon as the number is one the estimator takes.
                if (pagesError && validPages(Number(e.target.value))) setPagesError(undefined)
              }}
              {...fieldAria(`${uid}-pages`, { hint: true, error: pagesError || undefined })}
              className={controlClass({ size: 'md', className: 'mt-2 w-32' })}
            />
            <FieldHint id={`${uid}-pages`}>
              {chosenType
                ? `${chosenType.label}: ${includedPagesText(chosenType)}${chosenType.includedPages == null ? '' : `, then ${formatUsd(EXTRA_PAGE_PRICE)} per page`}`
                : `The pages each type includes, then ${formatUsd(EXTRA_PAGE_PRICE)} per page`}{' '}
              (up to {MAX_PAGES}).
            </FieldHint>
            <FieldError id={`${uid}-pages`} message={pagesError} />
          </div>
        </div>

        <div className="space-y-6">
          <fieldset>
            <legend className="text-base font-semibold text-ink-900">Add-ons</legend>
            <div className="mt-3 space-y-2">
              {ESTIMATOR_ADDONS.map((a) => (
                <label
                  key={a.id}
                  className="flex cursor-pointer items-center justify-between gap-3 rounded-md border border-ink-200 px-3 py-2"
                >
                  <span className="flex items-center gap-3">
                    <input
                      type="checkbox"
                      name="addons"
                      value={a.id}
                      checked={addons.includes(a.id)}
                      onChange={() => toggleAddon(a.id)}
                      className="size-4 accent-primary-700"
                    />
                    <span className="text-ink-900">{a.label}</span>
                  </span>
                  <span className="text-sm font-medium text-ink-700">+{formatUsd(a.price)}</span>
                </label>
              ))}
            </div>
          </fieldset>

          <div>
            <label htmlFor={`${uid}-urgency`} className="block text-base font-semibold text-ink-900">
              Timeline <span className="font-normal text-ink-600">(optional)</span>
            </label>
            <select
              id={`${uid}-urgency`}
              name="urgency"
              value={urgency}
              onChange={(e) => setUrgency(e.target.value)}
              aria-describedby={`${uid}-urgency-hint`}
              className={controlClass({ size: 'md', className: 'mt-2' })}
            >
              <option value="">No preference</option>
              <Options items={URGENCY_OPTIONS} value={(u) => u.id} label={(u) => urgencyLabel(u, websiteType)} />
            </select>
            <FieldHint id={`${uid}-urgency`}>
              {chosenType
                ? `${chosenType.label}: ${deliveryText(chosenType.id)} at the standard pace; Rush and Emergency shorten it.`
                : `Websites go live in ${QUOTED.websiteDelivery}, online stores in ${QUOTED.storeDelivery}; a custom web app's date is ${QUOTED_DELIVERY}. Rush and Emergency shorten it.`}
            </FieldHint>
          </div>
        </div>

        <div id={ESTIMATE_ANCHOR} className="scroll-mt-24 lg:col-span-2">
          <button type="submit" disabled={hydrated && !websiteType} className={buttonClass({ size: 'lg', className: 'w-full sm:w-auto' })}>
            <Icon node={Calculator} aria-hidden="true" className="size-4" />
            Calculate
          </button>
          {!websiteType &&
            (initial?.typeError ? (
              <p className="mt-2 text-sm font-medium text-danger-700">{initial.typeError}</p>
            ) : (
              <p className="mt-2 text-sm text-ink-600">{CHOOSE_TYPE_MESSAGE}</p>
            ))}
        </div>
      </form>

      <div aria-live="polite">{calculated && <EstimateResult {...calculated} stale={changedSinceCalc} />}</div>
    </section>
  )
}

function EstimateResult({ input, result, stale }: Calculated & { stale: boolean }) {
  const uid = useId()
  // The same rows the PDF prints.
  const rows = estimateRows(input, result)

  return (
    <section aria-labelledby={`${uid}-title`} className="mt-8 rounded-xl border border-primary-200 bg-primary-50 p-5 sm:p-6">
      <h4 id={`${uid}-title`} className="text-lg font-semibold text-ink-900">
        Your estimate
      </h4>
      <p className="mt-1 text-ink-800">
        Estimated total: <strong className="text-3xl font-bold text-primary-800">{formatUsd(result.total)}</strong>
      </p>
      <p className="mt-1 text-ink-800">{deliverySentence(input.websiteType, input.urgency)}</p>
      {stale && (
        <p className="mt-2 text-sm font-medium text-warning-900">You changed your choices. Press Calculate to update the estimate.</p>
      )}
      <table className="mt-4 w-full text-left text-sm">
        <caption className="sr-only">Estimate breakdown</caption>
        <BreakdownHead />
        <tbody className="divide-y divide-primary-200">
          {rows.map((r) => (
            <tr key={r.label}>
              <th scope="row" className={`py-2 pr-4 ${r.kind === 'total' ? 'font-semibold text-ink-900' : 'font-normal text-ink-800'}`}>
                {r.label}
              </th>
              <td className={`py-2 text-right text-ink-900 ${r.kind === 'total' ? 'font-bold' : 'font-medium'}`}>{r.amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        <a href={estimatePdfHref(input)} download="estimate.pdf" className={buttonClass({ variant: 'outline' })}>
          <Icon node={Download} aria-hidden="true" className="size-4" />
          Download estimate (PDF)
        </a>
        <Link to={estimateProposalHref(input, result)} className={buttonClass()}>
          <Icon node={Send} aria-hidden="true" className="size-4" />
          Request this proposal
        </Link>
      </div>
    </section>
  )
}
