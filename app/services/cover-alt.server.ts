/** What the editors and the API send about a cover picture's alt text (app/lib/schemas.ts). */
type CoverAltInput = { imageAlt?: string; imageDecorative?: boolean }

/**
 * The alt text to store for a cover: '' when marked decorative, the text when sent, else
 * `fallback` on create (API clients from before alt text) or undefined on update (unchanged).
 */
export function settleCoverAlt(input: CoverAltInput, fallback: string): string
export function settleCoverAlt(input: CoverAltInput): string | undefined
export function settleCoverAlt(input: CoverAltInput, fallback?: string): string | undefined {
  if (input.imageDecorative) return ''
  return input.imageAlt ?? fallback
}
