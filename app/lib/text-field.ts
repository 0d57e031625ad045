import { z } from '~/lib/zod.ts'

/**
 * A text a form needs: trimmed, with `missing` when it is absent or blank and `tooLong` past
 * `max` characters. Its own module, like email-field.ts, so a page's schema brings in no other.
 */
export const requiredText = (missing: string, max: number, tooLong: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, tooLong)
