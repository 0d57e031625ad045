// Invoker commands (HTML `command` and `commandfor`): a button opens or closes a <dialog> by
// itself, before the page's script runs or without it (issue 22). React 19 passes both
// attributes through as written; its types do not list them yet.
import 'react'

declare module 'react' {
  // NOTE: a merged declaration must repeat React's type parameter, used or not.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ButtonHTMLAttributes<T> {
    /** `show-modal`, `close`, `request-close`, `toggle-popover`, ... or a custom `--name`. */
    command?: string
    /** The id of the element the command acts on. */
    commandfor?: string
  }
}
