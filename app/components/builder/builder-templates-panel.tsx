import { Star } from 'lucide'
import { Icon } from '~/components/ui/icon.tsx'
import { buttonClass } from '~/components/ui/button.tsx'
import { COLOR_SCHEMES, FONTS, INDUSTRIES, LAYOUTS, type BuilderOption } from '~/content/builder-options.ts'
import { chooseTemplate, templatesFor } from './builder-model.ts'
import { F } from '~/lib/builder-query.ts'
import type { PanelProps } from './builder-panels.tsx'
import { PanelSection } from './controls.tsx'

const labelOf = (list: readonly BuilderOption[], id: string) => list.find((o) => o.id === id)?.label ?? id

/**
 * The Templates tab: the ready-made templates of the chosen industry, each naming the colours,
 * font and layout it sets (a choice the visitor can still change on the other tabs).
 */
export function TemplatesPanel({ config, update, onChooseIndustry }: PanelProps & { onChooseIndustry: () => void }) {
  const templates = templatesFor(config.industry)
  if (!config.industry) {
    return (
      <div className="rounded-lg border border-dashed border-ink-300 p-6 text-center">
        <p className="text-ink-800">Please select an industry first to see available templates.</p>
        <button
          type="submit"
          name={F.tab}
          value="basic"
          onClick={onChooseIndustry}
          className={buttonClass({ variant: 'outline', className: 'mt-3' })}
        >
          Choose an industry
        </button>
      </div>
    )
  }
  const industry = INDUSTRIES.find((i) => i.id === config.industry)?.label ?? config.industry
  if (templates.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-ink-300 p-6 text-center text-ink-800">
        There are no ready-made templates for {industry} yet. We will design your site from scratch around your brand.
      </p>
    )
  }
  return (
    <PanelSection
      title={`${industry} templates`}
      description="A template sets the colours, fonts and layout to match its description; everything stays customizable."
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {templates.map((t) => {
          const selected = t.id === config.selectedTemplate
          return (
            <button
              key={t.id}
              type="submit"
              name={F.template}
              value={t.id}
              aria-pressed={selected}
              onClick={() => update((c) => chooseTemplate(c, t.id))}
              className={`rounded-lg border p-4 text-left ${
                selected ? 'border-primary-700 bg-primary-50 ring-1 ring-primary-700' : 'border-ink-300 bg-white hover:border-ink-400'
              }`}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="font-semibold text-ink-900">{t.name}</span>
                {t.featured && (
                  <span className="inline-flex items-center gap-1 rounded-full bg-warning-100 px-2 py-0.5 text-xs font-semibold text-warning-900">
                    <Icon node={Star} aria-hidden="true" className="size-3 fill-current" />
                    Featured
                  </span>
                )}
              </span>
              <span className="mt-1 block text-sm text-ink-700">{t.preview}</span>
              <span className="mt-2 block text-xs font-medium tracking-wide text-ink-600 uppercase">Style: {t.style}</span>
              <span className="mt-1 block text-xs text-ink-700">
                {[labelOf(COLOR_SCHEMES, t.look.colorScheme), labelOf(FONTS, t.look.fontFamily), labelOf(LAYOUTS, t.look.layout)].join(
                  ' · ',
                )}
              </span>
            </button>
          )
        })}
      </div>
    </PanelSection>
  )
}
