import { Clock, Mail, MapPin, Phone } from 'lucide'
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { data, Form, redirect, useNavigation } from 'react-router'
import type { Route } from './+types/contact'
import { CsrfField } from '~/components/csrf-field.tsx'
import { Honeypot } from '~/components/honeypot.tsx'
import { ClosingCta } from '~/components/site/closing-cta.tsx'
import { PublicPage } from '~/components/site/page-header.tsx'
import { useSite } from '~/components/site/use-site.ts'
import { Button } from '~/components/ui/button.tsx'
import { Field } from '~/components/ui/field.tsx'
import { SuccessPanel } from '~/components/ui/success-panel.tsx'
import { Icon, type IconNode } from '~/components/ui/icon.tsx'
import { Input, Textarea } from '~/components/ui/input.tsx'
import { CONTACT_INTRO } from '~/content/contact.ts'
import { officesOf } from '~/content/site.ts'
import { readForm } from '~/http/forms.server.ts'
import { useFormCheck } from '~/components/use-form-check.ts'
import { CONTACT_MESSAGE_FIELDS, EMPTY_CONTACT_MESSAGE, MESSAGE_SENT_PATH, type ContactMessageAnswer } from '~/lib/contact-message.ts'
import { ContactMessageSchema } from '~/lib/contact-message-schema.ts'
import { fieldErrors } from '~/lib/schemas.ts'
import { pageMeta } from '~/components/site/page-meta.ts'
import { submitContactMessage } from '~/services/contact-messages.server.ts'
import { RateLimitedError } from '~/infra/errors.server.ts'
import { BookCallLink } from '~/components/site/book-call-link.tsx'
import { formValues } from '~/lib/form-values.ts'
import { FormAlert } from '~/components/ui/form-alert.tsx'

export function meta(args: Route.MetaArgs) {
  return pageMeta('contact', args)
}

export function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.get('sent') === '1' }
}

/**
 * 'Send us a message': the same schema in the browser and here, stored for the admin's inbox and
 * mailed to the agency (contact-messages service), rate-limited per address. Success redirects
 * (post/redirect/get) to ?sent=1; a refusal answers the page with the messages beside the fields.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const read = await readForm(request, { publicForm: true })
  const form = read.form
  const values = form ? formValues(form, CONTACT_MESSAGE_FIELDS) : EMPTY_CONTACT_MESSAGE
  const refuse = (status: number, errors: Record<string, string>, formError?: string) =>
    data({ ok: false, errors, formError, values } satisfies ContactMessageAnswer, { status })
  if (!read.ok) return refuse(read.failure.status, read.failure.fields, read.failure.formError)
  const parsed = ContactMessageSchema.safeParse({ ...values, website: String(read.form.get('website') ?? '') })
  if (!parsed.success) return refuse(400, fieldErrors(parsed.error))
  try {
    // Limited like proposal requests, with the same configured rate.
    await submitContactMessage(
      context.app.db,
      parsed.data,
      { ip: context.clientIp, userAgent: request.headers.get('user-agent') ?? '' },
      Date.now(),
      context.app.config.proposalRateLimitPerHour,
    )
  } catch (err) {
    if (err instanceof RateLimitedError) return refuse(429, {}, err.message)
    throw err
  }
  return redirect(MESSAGE_SENT_PATH)
}

const tel = (phone: string) => `tel:${phone.replace(/[^+\d]/g, '')}`

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { site } = useSite()
  const offices = officesOf(site)
  const headquarters = offices.find((o) => o.id === 'san-francisco')
  return (
    <PublicPage title={CONTACT_INTRO.title} intro={CONTACT_INTRO.body}>
      <section aria-labelledby="reach-title" className="mx-auto max-w-5xl px-4 pb-12 sm:px-6">
        <h2 id="reach-title" className="sr-only">
          How to reach us
        </h2>
        <ul className="grid gap-6 sm:grid-cols-3">
          {site.contactEmail && (
            <ReachCard icon={Mail} title="Email">
              <a href={`mailto:${site.contactEmail}`} className="mt-1 block break-words text-primary-800 hover:underline">
                {site.contactEmail}
              </a>
            </ReachCard>
          )}
          {site.contactPhone && (
            <ReachCard icon={Phone} title="Phone">
              <a href={tel(site.contactPhone)} className="mt-1 block text-primary-800 hover:underline">
                {site.contactPhone}
              </a>
            </ReachCard>
          )}
          {headquarters?.hours && (
            <ReachCard icon={Clock} title="Hours">
              <p className="mt-1 text-ink-700">{headquarters.hours}</p>
            </ReachCard>
          )}
        </ul>
      </section>

      <section aria-labelledby="message-title" className="mx-auto max-w-3xl px-4 pb-16 sm:px-6">
        <h2 id="message-title" className="text-3xl font-bold text-ink-900">
          Send us a message
        </h2>
        <p className="mt-2 text-ink-700">We answer every message within one business day.</p>
        <div className="mt-6 rounded-2xl border border-ink-200 bg-white p-5 shadow-sm sm:p-8">
          <MessageForm sent={loaderData.sent && !actionData} answer={actionData} replyTo={site.contactEmail} />
        </div>
      </section>

      <section aria-labelledby="offices-title" className="bg-ink-50">
        <div className="mx-auto max-w-5xl px-4 py-14 sm:px-6">
          <h2 id="offices-title" className="text-center text-3xl font-bold text-ink-900">
            Our offices
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-2">
            {offices.map((o) => (
              <li key={o.id} className="rounded-2xl bg-white p-6 ring-1 ring-ink-200">
                <p className="text-sm font-semibold tracking-wide text-primary-800 uppercase">{o.label}</p>
                <h3 className="mt-1 text-xl font-bold text-ink-900">
                  {o.city}, {o.country}
                </h3>
                <OfficeLine icon={MapPin} className="mt-3">
                  {o.address}
                </OfficeLine>
                {o.phone && (
                  <OfficeLine icon={Phone}>
                    <a href={tel(o.phone)} className="hover:underline">
                      {o.phone}
                    </a>
                  </OfficeLine>
                )}
                {o.hours && <OfficeLine icon={Clock}>{o.hours}</OfficeLine>}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <ClosingCta />
    </PublicPage>
  )
}

/** A line of an office's card: its icon, then the address, number or hours. */
function OfficeLine({ icon, className = 'mt-2', children }: { icon: IconNode; className?: string; children: ReactNode }) {
  return (
    <p className={`${className} flex gap-2 text-ink-700`}>
      <Icon node={icon} aria-hidden="true" className="mt-1 h-4 w-4 shrink-0 text-ink-500" />
      {children}
    </p>
  )
}

const loadContactCheck = () => import('~/lib/contact-message-schema.ts').then((m) => m.contactMessageCheck)

/**
 * The message form: a plain post to the action (works before JavaScript); once hydrated the
 * site's own check runs first (noValidate), with messages beside the fields and focus on the first.
 * Once sent (?sent=1, with or without JavaScript) the confirmation takes the form's place, with one
 * next step: booking a call (issue 35).
 */
function MessageForm({ sent, answer, replyTo }: { sent: boolean; answer: ContactMessageAnswer | undefined; replyTo: string }) {
  const navigation = useNavigation()
  const sending = navigation.state === 'submitting' && navigation.formAction?.startsWith('/contact')
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const [errors, setErrors] = useState<Record<string, string>>(answer?.errors ?? {})
  useEffect(() => setErrors(answer?.errors ?? {}), [answer])
  const formRef = useRef<HTMLFormElement>(null)
  const confirmation = useRef<HTMLDivElement>(null)
  // Set at the submit itself: a second click before React has drawn 'Sending...' (the router's
  // state arrives in a transition) must not post the message again (issue 22).
  const posting = useRef(false)
  const formCheck = useFormCheck(loadContactCheck)
  useEffect(() => {
    if (navigation.state === 'idle') posting.current = false
  }, [navigation.state, answer, sent])

  const focusFirstError = (errs: Record<string, string>) => {
    const first = CONTACT_MESSAGE_FIELDS.find((f) => errs[f])
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
  }
  // After a post: the confirmation, or the first refused field, takes focus.
  useEffect(() => {
    if (sent && hydrated) confirmation.current?.focus()
  }, [sent, hydrated])
  useEffect(() => {
    if (answer) focusFirstError(answer.errors)
  }, [answer])

  /** Checked with the action's own schema first (once it has loaded): while a field is refused nothing is sent. */
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    if (sending || posting.current) return e.preventDefault()
    if (!formCheck.ready(e)) return
    const errs = formCheck.refused(e.currentTarget, CONTACT_MESSAGE_FIELDS)
    if (!errs) {
      posting.current = true
      return setErrors({})
    }
    e.preventDefault()
    setErrors(errs)
    focusFirstError(errs)
  }

  /** A refused field's message goes as soon as the field is right. */
  const recheck = (name: (typeof CONTACT_MESSAGE_FIELDS)[number]) => (e: { target: { value: string } }) => {
    if (errors[name] && formCheck.current()?.field(name, e.target.value)) setErrors(({ [name]: _fixed, ...rest }) => rest)
  }

  const v = answer?.values ?? EMPTY_CONTACT_MESSAGE
  if (sent)
    return (
      <SuccessPanel ref={confirmation} className="sm:p-6">
        <p className="font-semibold">Message sent. Thank you!</p>
        <p className="mt-1 text-sm">
          We will reply to the email address you gave within one business day{replyTo ? `, from ${replyTo}` : ''}.
        </p>
        <p className="mt-4 text-sm">Would a conversation be quicker?</p>
        <BookCallLink />
      </SuccessPanel>
    )
  return (
    <Form
      ref={formRef}
      method="post"
      action="/contact"
      noValidate={hydrated}
      onSubmit={onSubmit}
      {...formCheck.loadOn}
      className="space-y-5"
      key={answer ? 'answered' : 'fresh'}
    >
      <CsrfField />
      {answer?.formError && <FormAlert>{answer.formError}</FormAlert>}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="contact-name" label="Your Name" required error={errors.name}>
          <Input size="md" name="name" type="text" autoComplete="name" required defaultValue={v.name} onChange={recheck('name')} />
        </Field>
        <Field id="contact-email" label="Your Email" required error={errors.email}>
          <Input size="md" name="email" type="email" autoComplete="email" required defaultValue={v.email} onChange={recheck('email')} />
        </Field>
      </div>
      <Field id="contact-message" label="Message" required error={errors.message}>
        <Textarea size="md" name="message" rows={6} required defaultValue={v.message} onChange={recheck('message')} />
      </Field>
      <Honeypot id="contact-website" />
      <Button type="submit" size="lg" disabled={sending}>
        {sending ? 'Sending...' : 'Send Message'}
      </Button>
    </Form>
  )
}

/** One way to reach the agency (email, phone, hours), a card under its icon and name. */
function ReachCard({ icon, title, children }: { icon: IconNode; title: string; children: ReactNode }) {
  return (
    <li className="rounded-2xl border border-ink-200 p-6">
      <Icon node={icon} aria-hidden="true" className="h-6 w-6 text-primary-700" />
      <h3 className="mt-3 font-bold text-ink-900">{title}</h3>
      {children}
    </li>
  )
}
