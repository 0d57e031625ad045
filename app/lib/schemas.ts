import { z } from '~/lib/zod.ts'
import { requiredEmail } from './email-field.ts'
import { BLOG_CATEGORIES, BLOG_STATUSES, BUDGETS, BUSINESS_TYPES, PORTFOLIO_STATUSES, PROPOSAL_STATUSES } from './constants.ts'
import { isTimeZone } from './zone-check.ts'
import { MAX_TAG_LENGTH, MAX_TAGS, splitTags, TAG_TOO_LONG, tagLength, TOO_MANY_TAGS } from './post-tags.ts'

/**
 * One zod schema per payload, shared by the REST API, route actions and forms.
 * Nothing here may import server code: the browser bundles it too.
 * NOTE: the value sets (statuses, budgets, labels...) live in ./constants.ts; import them from
 * there and never re-export them here, so that using a constant never loads zod (issue 15).
 */

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)

const optionalText = (label: string, max: number) => z.string().trim().max(max, `${label} must be at most ${max} characters`)

/**
 * A picture reference: a path on this site (an upload under /uploads, or a file in public/) or an
 * https URL. No backslashes anywhere: browsers read `/\evil.example/x.png` as `//evil.example/x.png`,
 * another host.
 */
export const imageRef = (label: string) =>
  z
    .string()
    .trim()
    .max(2000, `${label} is too long`)
    .refine(
      (v) => v === '' || /^\/(?!\/)[^\s\\]*$/.test(v) || /^https:\/\/[^\s\\/]+(\/[^\s\\]*)?$/i.test(v),
      `${label} must be an https URL or a site path`,
    )

/**
 * A cover picture's alt text and the editors' "decorative" choice (stored as alt ''). Optional,
 * so API clients written before it keep working (their covers get the default alt).
 */
const coverAltFields = {
  imageAlt: optionalText('Image alt text', 300).optional(),
  imageDecorative: z.boolean({ error: 'Decorative must be true or false' }).optional(),
}
export const COVER_ALT_REQUIRED = 'Describe the image for people who cannot see it, or mark it as decorative'
/**
 * With a cover picture, alt text is required unless it is marked decorative. Checked when the
 * alt text is sent (the editors always send it, '' when left empty).
 */
function checkCoverAlt(v: { image?: string; imageAlt?: string; imageDecorative?: boolean }, ctx: z.RefinementCtx) {
  if (v.image && v.imageAlt === '' && !v.imageDecorative) ctx.addIssue({ code: 'custom', path: ['imageAlt'], message: COVER_ALT_REQUIRED })
}

/** Live URLs may be a bare domain (https:// is added on display) but never another scheme. */
const liveUrl = z
  .string()
  .trim()
  .max(2000, 'Live URL is too long')
  .refine(
    (v) => v === '' || /^(https?:\/\/)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9-]+)+(:\d+)?(\/\S*)?$/i.test(v),
    'Live URL must be a domain or an http(s) URL',
  )

export const ProposalSchema = z.object({
  name: text('Full Name', 100),
  email: requiredEmail(),
  phone: optionalText('Phone', 40)
    .refine((v) => v === '' || /^[0-9+().\-\s]{5,40}$/.test(v), 'Enter a valid phone number')
    .optional()
    .default(''),
  businessType: z.enum(BUSINESS_TYPES, { error: 'Choose a business type' }),
  budget: z.enum(BUDGETS, { error: 'Choose a budget range' }),
  requirements: text('Project requirements', 5000),
  /** Honeypot: people never see it; bots fill it in. */
  website: z.string().max(0, 'Leave this field empty').optional(),
  /** Where the request started ('estimator', 'builder') and its state; checked by the service, dropped if it does not hold. */
  source: z.string().max(20).optional(),
  sourceData: z.string().max(20_000).optional(),
})
export type ProposalInput = z.infer<typeof ProposalSchema>

export const ProposalStatusSchema = z.object({
  status: z.enum(PROPOSAL_STATUSES, { error: 'Status must be pending, reviewed or completed' }),
})

/** A post's address: lowercase ASCII words joined by hyphens, not only digits (`/blog/123` is an id). */
export const SLUG_PATTERN = /^(?!\d+$)[a-z0-9]+(?:-[a-z0-9]+)*$/
const slugField = z
  .string()
  .trim()
  .max(80, 'Slug must be at most 80 characters')
  .refine((v) => v === '' || SLUG_PATTERN.test(v), 'Slug may use lowercase letters, digits and single hyphens (not only digits)')
  .transform((v) => v || undefined)
/** A post's date as written (yyyy-mm-dd). */
const dayField = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be yyyy-mm-dd')
/**
 * When a scheduled post goes public: an ISO time with its zone (stored in UTC); '' or null for none
 * (the API answers null for a post that is not scheduled, so a post read and sent back is accepted).
 */
const publishAtField = z
  .string()
  .trim()
  .nullable()
  .refine(
    (v) => !v || (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(v) && !Number.isNaN(Date.parse(v))),
    'Publish date and time must be a valid date and time',
  )
  .transform((v) => (v ? new Date(v).toISOString() : null))
/**
 * A post's tags: a list of names (the API) or the editor's text, names separated by commas. Each
 * trimmed, blanks dropped, each once (case-insensitive, the first spelling kept); at most 20 of at
 * most 50 characters. Left out of an update, the post keeps its tags. Every message is on `tags`,
 * so the form shows it beside the field.
 */
const tagsField = z
  .union([z.array(z.string()), z.string()], { error: 'Tags must be a list of names' })
  .transform((v) => dedupe(typeof v === 'string' ? splitTags(v) : v))
  .refine((list) => list.length <= MAX_TAGS, TOO_MANY_TAGS)
  .refine((list) => list.every((t) => tagLength(t) <= MAX_TAG_LENGTH), TAG_TOO_LONG)
const SCHEDULE_NEEDS_TIME = 'Choose the date and time to publish at'
const BLOG_STATUS_ERROR = 'Status must be draft, scheduled or published'

/** A post's text and category: required in a new post, each optional in a patch. */
const blogText = z.object({
  title: text('Title', 200),
  subheading: text('Subheading', 300),
  excerpt: text('Excerpt', 1000),
  content: text('Content', 200_000),
  category: z.enum(BLOG_CATEGORIES, { error: `Category must be one of ${BLOG_CATEGORIES.join(', ')}` }),
})

export const BlogPostSchema = z
  .object({
    ...blogText.shape,
    tags: tagsField.optional(),
    author: optionalText('Author', 100)
      .optional()
      .transform((v) => v || 'Admin'),
    status: z.enum(BLOG_STATUSES, { error: BLOG_STATUS_ERROR }).default('draft'),
    image: imageRef('Image URL').optional().default(''),
    ...coverAltFields,
    // Empty: the service computes it from the text.
    readTime: optionalText('Read time', 40)
      .optional()
      .transform((v) => v || undefined),
    date: dayField.optional(),
    slug: slugField.optional(),
    publishAt: publishAtField.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'scheduled' && !v.publishAt) ctx.addIssue({ code: 'custom', path: ['publishAt'], message: SCHEDULE_NEEDS_TIME })
  })
  .superRefine(checkCoverAlt)
export type BlogPostInput = z.infer<typeof BlogPostSchema>
/** Partial update: only the fields sent are checked and changed. */
export const BlogPostPatchSchema = z
  .object({
    ...blogText.partial().shape,
    tags: tagsField.optional(),
    author: optionalText('Author', 100)
      .optional()
      .transform((v) => (v === undefined ? undefined : v || 'Admin')),
    status: z.enum(BLOG_STATUSES, { error: BLOG_STATUS_ERROR }).optional(),
    image: imageRef('Image URL').optional(),
    ...coverAltFields,
    // '' asks the service to compute it from the text again.
    readTime: optionalText('Read time', 40).optional(),
    date: dayField.optional(),
    slug: slugField.optional(),
    publishAt: publishAtField.optional(),
  })
  .superRefine((v, ctx) => {
    // A patch that schedules says when (a post already scheduled keeps its time otherwise).
    if (v.status === 'scheduled' && v.publishAt === null)
      ctx.addIssue({ code: 'custom', path: ['publishAt'], message: SCHEDULE_NEEDS_TIME })
  })
  .superRefine(checkCoverAlt)
export type BlogPostPatch = z.infer<typeof BlogPostPatchSchema>

const technologyList = z
  .array(z.string().trim().max(40, 'A technology name is at most 40 characters'), { error: 'Technologies must be a list' })
  .max(30, 'At most 30 technologies')
  .transform((list) => dedupe(list))

const featureList = z
  .array(z.string().trim().max(200, 'A feature is at most 200 characters'), { error: 'Features must be a list' })
  .max(30, 'At most 30 features')
  .transform((list) => dedupe(list))

/** Trims, drops blanks and case-insensitive duplicates, keeps first-seen order. */
export function dedupe(list: string[]): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const raw of list) {
    const v = raw.trim()
    const k = v.toLowerCase()
    if (!v || seen.has(k)) continue
    seen.add(k)
    out.push(v)
  }
  return out
}

/** At most this many results per project. */
export const MAX_RESULTS = 6
export const RESULT_NEEDS_BOTH = (n: number) => `Result ${n} needs both a figure and what it counts`
/**
 * A project's results: figures with what each counts ('41%', 'of orders placed online'). Rows
 * left blank are dropped; a row with only one half is refused (message on `results`, beside the field).
 */
const resultList = z
  .array(
    z.object({
      figure: z.string({ error: 'A result figure must be text' }).trim().max(20, 'A result figure is at most 20 characters'),
      label: z.string({ error: 'A result label must be text' }).trim().max(150, 'A result label is at most 150 characters'),
    }),
    { error: 'Results must be a list of figures and labels' },
  )
  .transform((list) => list.filter((r) => r.figure || r.label))
  .superRefine((list, ctx) => {
    const half = list.findIndex((r) => !r.figure || !r.label)
    if (half >= 0) ctx.addIssue({ code: 'custom', message: RESULT_NEEDS_BOTH(half + 1) })
    if (list.length > MAX_RESULTS) ctx.addIssue({ code: 'custom', message: `At most ${MAX_RESULTS} results` })
  })
export const QUOTE_NEEDS_AUTHOR = 'Name the person who said it'

/** The case study's fields (issue 35 §5): optional, so API clients written before them keep working. */
const caseFields = (withDefaults: boolean) => {
  const t = (label: string, max: number) =>
    withDefaults ? optionalText(label, max).optional().default('') : optionalText(label, max).optional()
  return {
    slug: slugField.optional(),
    problem: t('The problem', 3000),
    solution: t('What we built', 3000),
    results: withDefaults ? resultList.optional().default([]) : resultList.optional(),
    quote: t('Client quote', 1000),
    quoteAuthor: t('Quote author', 100),
    quoteRole: t('Role and business', 150),
    beforeText: t('Before', 1000),
    afterText: t('After', 1000),
  }
}
/** Client words need a name: a quote sent with its author left empty is refused beside the author. */
function checkQuoteAuthor(v: { quote?: string; quoteAuthor?: string }, ctx: z.RefinementCtx) {
  if (v.quote && v.quoteAuthor === '') ctx.addIssue({ code: 'custom', path: ['quoteAuthor'], message: QUOTE_NEEDS_AUTHOR })
}

/** A project's text and image: required in a new project, each optional in a patch. */
const portfolioText = z.object({
  title: text('Project Title', 200),
  description: text('Description', 2000),
  category: text('Category', 60),
  image: imageRef('Project Image URL').refine((v) => v !== '', 'Project Image URL is required'),
})

export const PortfolioItemSchema = z
  .object({
    ...portfolioText.shape,
    ...coverAltFields,
    liveUrl: liveUrl
      .optional()
      .nullable()
      .transform((v) => v || null),
    technologies: technologyList.optional().default([]),
    features: featureList.optional().default([]),
    isLive: z.boolean({ error: 'Live Status must be true or false' }).optional().default(true),
    status: z.enum(PORTFOLIO_STATUSES, { error: 'Status must be active or archived' }).optional().default('active'),
    ...caseFields(true),
  })
  .superRefine(checkCoverAlt)
  .superRefine((v, ctx) => checkQuoteAuthor({ quote: v.quote, quoteAuthor: v.quoteAuthor }, ctx))
export type PortfolioItemInput = z.infer<typeof PortfolioItemSchema>
export const PortfolioItemPatchSchema = z
  .object({
    ...portfolioText.partial().shape,
    ...coverAltFields,
    liveUrl: liveUrl
      .optional()
      .nullable()
      .transform((v) => (v === undefined ? undefined : v || null)),
    technologies: technologyList.optional(),
    features: featureList.optional(),
    isLive: z.boolean({ error: 'Live Status must be true or false' }).optional(),
    status: z.enum(PORTFOLIO_STATUSES, { error: 'Status must be active or archived' }).optional(),
    ...caseFields(false),
  })
  .superRefine(checkCoverAlt)
  .superRefine(checkQuoteAuthor)
export type PortfolioItemPatch = z.infer<typeof PortfolioItemPatchSchema>

export const LoginSchema = z.object({
  username: text('Username', 64),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256, 'Password is too long'),
})

/** The spec's text for a new password and confirmation that differ (also the 'Password Mismatch' notice). */
export const PASSWORD_MISMATCH = "New password and confirmation don't match."

/** A new password and its confirmation: the rules of every password a person chooses. */
const newPasswordFields = {
  newPassword: z.string({ error: 'New password is required' }).min(8, 'New password must be at least 8 characters').max(256),
  confirmPassword: z.string({ error: 'Confirm the new password' }).max(256),
}
const confirmed = (v: { newPassword: string; confirmPassword: string }) => v.newPassword === v.confirmPassword
const mismatch = { path: ['confirmPassword'], message: PASSWORD_MISMATCH }

export const PasswordChangeSchema = z
  .object({
    currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(256),
    ...newPasswordFields,
  })
  .refine(confirmed, mismatch)

/** A new password chosen from a reset link (docs/decisions/047): the password change's rules, without the current one. */
export const PasswordResetSchema = z.object(newPasswordFields).refine(confirmed, mismatch)

/**
 * The agency's time zone: an IANA name the runtime knows, not an offset. A wrong one is answered
 * with `example` (the default zone, app/content/site.ts) as the zone to follow.
 */
const timeZoneField = (example: string) =>
  z
    .string({ error: 'Choose a time zone' })
    .trim()
    .refine(
      (v) => /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(v) && isTimeZone(v),
      `Choose a time zone from the list, such as ${example}`,
    )

/**
 * The proposal settings (issue 38, docs/decisions/075). The terms' limit is the proposal editor's
 * own (app/lib/proposal-document-schemas.ts), so terms its tick box saves as the default always
 * read back here.
 */
export const MAX_PAYMENT_DETAILS = 2000
export const MAX_PROPOSAL_TERMS = 20_000
const longText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters`)

/** The settings; `exampleZone` is the zone a wrong time zone's message offers (the default one). */
export const settingsSchema = (exampleZone: string) =>
  z.object({
    siteName: text('Site name', 100),
    siteDescription: optionalText('Site description', 500).default(''),
    contactEmail: z.string().trim().max(254).pipe(z.email('Enter a valid contact email')),
    contactPhone: optionalText('Contact phone', 40).default(''),
    address: optionalText('Address', 300).default(''),
    hours: optionalText('Opening hours', 200).default(''),
    gwaliorAddress: optionalText('Gwalior address', 300).default(''),
    gwaliorPhone: optionalText('Gwalior phone', 40).default(''),
    gwaliorHours: optionalText('Gwalior opening hours', 200).default(''),
    enableNotifications: z.boolean({ error: 'Must be true or false' }),
    enableAnalytics: z.boolean({ error: 'Must be true or false' }),
    maintenanceMode: z.boolean({ error: 'Must be true or false' }),
    /** The back office shows and takes times (a post's publish time) in this zone. */
    timeZone: timeZoneField(exampleZone),
    /** How to pay the agency (bank, transfer reference...), printed on each deposit invoice (issue 38). */
    paymentDetails: longText('Payment details', MAX_PAYMENT_DETAILS).default(''),
    /** The terms a new proposal starts with; '' means the standard ones (app/content/proposal-terms.ts). */
    proposalTerms: longText('Default terms', MAX_PROPOSAL_TERMS).default(''),
  })
export type Settings = z.infer<ReturnType<typeof settingsSchema>>
/**
 * Partial update: only the fields sent are checked and changed. Written out rather than
 * `settingsSchema(zone).partial()`, because zod keeps `.default('')` inside `.partial()` and a missing
 * field would come back as '' and wipe the stored value.
 */
export const settingsPatchSchema = (exampleZone: string) =>
  z.object({
    siteName: text('Site name', 100).optional(),
    siteDescription: optionalText('Site description', 500).optional(),
    contactEmail: z.string().trim().max(254).pipe(z.email('Enter a valid contact email')).optional(),
    contactPhone: optionalText('Contact phone', 40).optional(),
    address: optionalText('Address', 300).optional(),
    hours: optionalText('Opening hours', 200).optional(),
    gwaliorAddress: optionalText('Gwalior address', 300).optional(),
    gwaliorPhone: optionalText('Gwalior phone', 40).optional(),
    gwaliorHours: optionalText('Gwalior opening hours', 200).optional(),
    enableNotifications: z.boolean({ error: 'Must be true or false' }).optional(),
    enableAnalytics: z.boolean({ error: 'Must be true or false' }).optional(),
    maintenanceMode: z.boolean({ error: 'Must be true or false' }).optional(),
    timeZone: timeZoneField(exampleZone).optional(),
    paymentDetails: longText('Payment details', MAX_PAYMENT_DETAILS).optional(),
    proposalTerms: longText('Default terms', MAX_PROPOSAL_TERMS).optional(),
  })

const visitTag = z.string().max(300).optional()

/** A page view from the beacon, with where the visit came from (read on the landing page), or a tool's first use. */
export const PageViewSchema = z.object({
  path: z.string().trim().min(1).max(300).regex(/^\//, 'Path must start with /'),
  referrer: z.string().max(2000).optional(),
  utm_source: visitTag,
  utm_medium: visitTag,
  utm_campaign: visitTag,
  ref: visitTag,
  tool: z.enum(['estimator', 'builder', 'chat']).optional(),
})

/** Turns a zod error into { field: message } (first message per field) for 400 bodies and forms. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_form'
    if (!(key in out)) out[key] = issue.message
  }
  return out
}
