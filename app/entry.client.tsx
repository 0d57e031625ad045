import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { noteEarlyInput } from './browser/keep-early-input.ts'

// React Router's default entry, plus one step: what the visitor changed before this script ran
// is noted now, just before React starts listening (React replays what comes after itself).
noteEarlyInput()
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  )
})
