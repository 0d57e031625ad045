/** Where a request carries its CSRF token: a form field (forms) or a header (fetch, API clients). */
export const CSRF_FIELD = '_csrf'
export const CSRF_HEADER = 'x-csrf-token'
