import type { ReactNode } from 'react'

/** Status tones: a record's status names its colour. */
const TONES: Record<string, string> = {
  pending: 'bg-warning-100 text-warning-900',
  reviewed: 'bg-primary-100 text-primary-900',
  completed: 'bg-success-100 text-success-900',
  published: 'bg-success-100 text-success-900',
  draft: 'bg-ink-200 text-ink-800',
  active: 'bg-success-100 text-success-900',
  archived: 'bg-ink-200 text-ink-800',
  live: 'bg-success-700 text-white',
  failed: 'bg-danger-100 text-danger-900',
}

export function Badge({ tone, children }: { tone: string; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[tone] ?? TONES.draft}`}>
      {children}
    </span>
  )
}
