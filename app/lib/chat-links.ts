/**
 * The chat as a page (issue 22): the launcher is a link to it until the page's script runs, and
 * without JavaScript the conversation goes on there, each question a GET answered by the server
 * with the panel's canned answers (replayChat in ./chat.ts). Not indexed, and never stored by the
 * page cache. Apart from ./chat.ts so the launcher, on every page, carries none of the answers.
 */
export const CHAT_PATH = '/chat'

/**
 * The chat page's parameters: `q` once per suggestion chosen and `ask` once per question typed,
 * in the order they were asked; `back` the page to return to.
 */
export const CHAT_QUESTION_PARAM = 'q'
export const CHAT_ASK_PARAM = 'ask'
export const CHAT_BACK_PARAM = 'back'

/**
 * A page of this site to return to from the chat page, or '/': a path (never `//host` or a
 * backslash, which browsers read as another site), in plain URL characters, not the chat itself.
 */
export function chatBackPath(value: string | null | undefined): string {
  if (!value || value.length > 200 || !/^\/(?![/\\])[\w\-./~%]*$/.test(value) || value === CHAT_PATH) return '/'
  return value
}

/** The chat page's address from a page of the site (the launcher's link). */
export function chatPageHref(from: string): string {
  const back = chatBackPath(from)
  return back === '/' ? CHAT_PATH : `${CHAT_PATH}?${new URLSearchParams({ [CHAT_BACK_PARAM]: back }).toString()}`
}
