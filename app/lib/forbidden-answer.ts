// Kept apart from forbidden.ts: the root route checks its errors with this on every page, and
// the permission table behind forbidden.ts has no place in the public pages' script.

/** The body of a 403 from the back office: what the forbidden page says, and where to go instead. */
export type ForbiddenAnswer = { forbidden: true; message: string; home: string }

export const isForbiddenAnswer = (v: unknown): v is ForbiddenAnswer =>
  typeof v === 'object' &&
  v !== null &&
  (v as { forbidden?: unknown }).forbidden === true &&
  typeof (v as { message?: unknown }).message === 'string'
