import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Field } from '~/components/ui/field.tsx'
import { Input } from '~/components/ui/input.tsx'

/**
 * A new password and its confirmation (the fields `newPassword`, `confirmPassword`), each with its
 * error beside it: joining by invitation, and choosing a password from a reset link.
 */
export function NewPasswordFields({
  errors,
  label,
  confirmLabel,
}: {
  errors: Record<string, string>
  label: string
  confirmLabel: string
}) {
  return (
    <>
      <Field id="newPassword" label={label} hint="At least 8 characters." error={errors.newPassword} required>
        <Input type="password" name="newPassword" autoComplete="new-password" required minLength={8} />
      </Field>
      <Field id="confirmPassword" label={confirmLabel} error={errors.confirmPassword} required>
        <Input type="password" name="confirmPassword" autoComplete="new-password" required />
      </Field>
    </>
  )
}

/** The card of a page signed-out people use on the way in (forgot, reset), with the way back to sign in. */
export function SignInCard({ title, adminPath, children }: { title: string; adminPath: string | undefined; children: ReactNode }) {
  return (
    <main id="main-content" className="flex min-h-screen items-center justify-center bg-ink-100 px-4 py-12">
      <div className="w-full max-w-md rounded-xl border border-ink-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold text-ink-900">{title}</h1>
        {children}
        <p className="mt-6 text-sm">
          <Link to={`/${adminPath}/login`} className="font-medium text-primary-800 underline">
            Back to sign in
          </Link>
        </p>
      </div>
    </main>
  )
}
