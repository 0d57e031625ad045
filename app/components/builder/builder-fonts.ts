import { useEffect } from 'react'

/**
 * The fonts the builder offers, self-hosted (@fontsource, latin subset, regular and bold, each
 * @font-face with font-display: swap). Each is its own CSS chunk, imported the first time a
 * visitor picks it, so no page (not even /demo-builder before a choice) downloads a font nobody
 * chose, and everything comes from our own origin (CSP font-src 'self'). Inter is the site's own
 * font (app/app.css), so it needs nothing here.
 */
const LOADERS: Readonly<Record<string, () => Promise<unknown>>> = {
  roboto: () => Promise.all([import('@fontsource/roboto/latin-400.css'), import('@fontsource/roboto/latin-700.css')]),
  poppins: () => Promise.all([import('@fontsource/poppins/latin-400.css'), import('@fontsource/poppins/latin-700.css')]),
  montserrat: () => Promise.all([import('@fontsource/montserrat/latin-400.css'), import('@fontsource/montserrat/latin-700.css')]),
  playfair: () => Promise.all([import('@fontsource/playfair-display/latin-400.css'), import('@fontsource/playfair-display/latin-700.css')]),
  lora: () => Promise.all([import('@fontsource/lora/latin-400.css'), import('@fontsource/lora/latin-700.css')]),
}

const requested = new Map<string, Promise<unknown>>()

/** Starts loading the stylesheets of a builder font once; unknown ids and Inter do nothing. */
export function loadBuilderFont(id: string): Promise<unknown> {
  const load = LOADERS[id]
  if (!load) return Promise.resolve()
  let pending = requested.get(id)
  if (!pending) {
    // A failed load (offline) is forgotten so a later choice tries again; the preview meanwhile
    // shows the font stack's fallback.
    pending = load().catch(() => requested.delete(id))
    requested.set(id, pending)
  }
  return pending
}

/** Loads the font the design uses whenever it changes (after hydration, in the browser only). */
export function useBuilderFont(id: string) {
  useEffect(() => {
    void loadBuilderFont(id)
  }, [id])
}
