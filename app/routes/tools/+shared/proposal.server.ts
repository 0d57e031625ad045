import type { AppLoadContext } from 'react-router'
import { readForm } from '~/http/forms.server.ts'
import { BUDGETS } from '~/lib/constants.ts'
import { ProposalSchema, fieldErrors } from '~/lib/schemas.ts'
import { RateLimitedError } from '~/infra/errors.server.ts'
import { submitProposal } from '~/services/proposals.server.ts'
import type { Config } from '~/config.server.ts'
import { open, seal, signInKey } from '~/infra/secret-box.server.ts'
import {
  EMPTY_PROPOSAL,
  PROPOSAL_FIELDS,
  SENT_TO_PARAM,
  SUBMITTED_PATH,
  type ProposalAnswer,
  type ProposalValues,
} from './proposal-values.ts'
import { formValues } from '~/lib/form-values.ts'

/** Longest requirements text carried in from the estimator or the builder (the schema's own limit). */
const MAX_PREFILL = 5000

/** What the page starts with: values carried in by ?summary= (and ?budget=) from the estimator or the builder. */
export function prefillFromUrl(url: URL): ProposalValues {
  const summary = url.searchParams.get('summary')?.slice(0, MAX_PREFILL) ?? ''
  const budget = url.searchParams.get('budget') ?? ''
  return {
    ...EMPTY_PROPOSAL,
    requirements: summary,
    budget: (BUDGETS as readonly string[]).includes(budget) ? budget : '',
  }
}

type ProposalRefusal = ProposalAnswer & { ok: false; values: ProposalValues }

/**
 * The form's post (a fetcher's with JavaScript, the plain HTML form's without): same schema, same
 * service and same rate limit as POST /api/proposals. Returns what to re-render, or the address
 * the proposal goes to once the request is stored (the route then redirects: post/redirect/get).
 */
export async function handleProposalPost(
  request: Request,
  context: AppLoadContext,
): Promise<{ status: number; body: ProposalRefusal } | { stored: true; email: string }> {
  const read = await readForm(request, { publicForm: true })
  const form = read.form
  const raw = form ? formValues(form, PROPOSAL_FIELDS) : EMPTY_PROPOSAL
  if (!read.ok) return { status: read.failure.status, body: { ok: false, values: raw, errors: {}, formError: read.failure.formError } }
  // The estimator's or builder's state (hidden fields); never a reason to refuse the request.
  const source = {
    source: String(read.form.get('source') ?? '').slice(0, 20),
    sourceData: String(read.form.get('sourceData') ?? '').slice(0, 20_000),
  }
  const parsed = ProposalSchema.safeParse({ ...raw, ...source, website: String(read.form.get('website') ?? '') })
  if (!parsed.success) return { status: 400, body: { ok: false, values: raw, errors: fieldErrors(parsed.error) } }
  try {
    const { db, config } = context.app
    await submitProposal(
      db,
      parsed.data,
      { ip: context.clientIp, userAgent: request.headers.get('user-agent') ?? '' },
      Date.now(),
      config.proposalRateLimitPerHour,
    )
  } catch (err) {
    if (err instanceof RateLimitedError) return { status: 429, body: { ok: false, values: raw, errors: {}, formError: err.message } }
    throw err
  }
  return { stored: true, email: parsed.data.email }
}

const SENT_TO_MAX_AGE_MS = 5 * 60_000

/** The redirect after a stored plain-form request: SUBMITTED_PATH and the sealed, dated address. */
export function submittedLocation(config: Config, email: string, now = Date.now()): string {
  return `${SUBMITTED_PATH}&${SENT_TO_PARAM}=${seal(signInKey(config), `${now}|${email}`)}`
}

/** The address from submittedLocation's parameter, or null when missing, forged or old. */
export function sentToFromUrl(config: Config, url: URL, now = Date.now()): string | null {
  const sealed = url.searchParams.get(SENT_TO_PARAM)
  if (!sealed) return null
  try {
    const plain = open(signInKey(config), sealed)
    const bar = plain.indexOf('|')
    const at = Number(plain.slice(0, bar))
    return bar > 0 && now - at >= -60_000 && now - at <= SENT_TO_MAX_AGE_MS ? plain.slice(bar + 1) : null
  } catch {
    return null
  }
}
