/**
 * The browser half of a route action (called from a route's `clientAction`): runs the server
 * action and turns an answer that is not the action's own (a proxy's 502 page, a dropped
 * connection, an error the action threw) into `fallback`. The page then shows its own failure
 * notice and keeps what was typed, instead of its error page. Redirects pass through (a session
 * that ran out goes to the login page).
 */
export async function serverActionOr<T, F>(serverAction: () => Promise<T>, fallback: F): Promise<T | F> {
  try {
    return await serverAction()
  } catch (err) {
    if (err instanceof Response) throw err
    return fallback
  }
}

/** The `intent` field of a form submission, read without using up the body the server action sends. */
export async function submittedIntent(request: Request): Promise<string> {
  return String((await request.clone().formData()).get('intent') ?? '')
}
