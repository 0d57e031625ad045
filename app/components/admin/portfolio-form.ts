/** The portfolio editor's fields, named after PortfolioItemSchema's keys; read the same way in the browser and in the action. */
export type PortfolioForm = {
  title: string
  description: string
  category: string
  image: string
  /** The cover's alt text, required unless `imageDecorative` (a checkbox). */
  imageAlt: string
  imageDecorative: boolean
  liveUrl: string
  technologies: string[]
  isLive: boolean
  status: string
  /** The case page (issue 35 §5). An empty slug: made from the title (new) or kept (edit). */
  slug: string
  problem: string
  solution: string
  /** One row per result; blank rows are dropped by the schema. */
  results: { figure: string; label: string }[]
  quote: string
  quoteAuthor: string
  quoteRole: string
  beforeText: string
  afterText: string
}

export const EMPTY_ITEM: PortfolioForm = {
  title: '',
  description: '',
  category: '',
  image: '',
  imageAlt: '',
  imageDecorative: false,
  liveUrl: '',
  technologies: [],
  isLive: true,
  status: 'active',
  slug: '',
  problem: '',
  solution: '',
  results: [],
  quote: '',
  quoteAuthor: '',
  quoteRole: '',
  beforeText: '',
  afterText: '',
}

/** In the order they appear on the page (the first refused one gets the focus). */
export const PORTFOLIO_FIELDS = [
  'title',
  'slug',
  'description',
  'category',
  'liveUrl',
  'image',
  'imageAlt',
  'technologies',
  'problem',
  'solution',
  'results',
  'quote',
  'quoteAuthor',
  'quoteRole',
  'beforeText',
  'afterText',
  'isLive',
  'status',
] as const satisfies readonly (keyof PortfolioForm)[]

/**
 * The posted editor form as the input of PortfolioItemSchema (new) or PortfolioItemPatchSchema
 * (edit), in the browser and in the route action:
 * - `technologies` is one field per tag, then `technology`, the text box where the next one is
 *   typed (so a name typed without pressing Enter, or without JavaScript, is kept, last); the
 *   schema trims and drops blanks and duplicates;
 * - `isLive` is a checkbox: present (value 'true') when on, absent when off;
 * - `results` are rows of `resultFigure` and `resultLabel` fields, paired in order;
 * - `features` are not editable (spec) and not in the form: new items get none, edits keep theirs.
 */
export function readPortfolioForm(form: FormData): PortfolioForm {
  const text = (k: string) => String(form.get(k) ?? '')
  return {
    title: text('title'),
    description: text('description'),
    category: text('category'),
    image: text('image'),
    imageAlt: text('imageAlt'),
    imageDecorative: form.get('imageDecorative') === 'true',
    liveUrl: text('liveUrl'),
    technologies: [...form.getAll('technologies').map(String), text('technology')],
    isLive: form.get('isLive') === 'true',
    status: text('status'),
    slug: text('slug'),
    problem: text('problem'),
    solution: text('solution'),
    results: form
      .getAll('resultFigure')
      .map((figure, i) => ({ figure: String(figure), label: String(form.getAll('resultLabel')[i] ?? '') })),
    quote: text('quote'),
    quoteAuthor: text('quoteAuthor'),
    quoteRole: text('quoteRole'),
    beforeText: text('beforeText'),
    afterText: text('afterText'),
  }
}

/** The spec's failure text for this editor (the red 'Error' notice). */
export const PORTFOLIO_SAVE_FAILED = 'Failed to save portfolio item.'
