import { Send } from 'lucide'
import { useId, type FormEventHandler, type ReactNode, type Ref } from 'react'
import { buttonClass } from '~/components/ui/button.tsx'
import { Icon } from '~/components/ui/icon.tsx'
import { CHAT_ASK_PARAM } from '~/lib/chat-links.ts'
import { MAX_QUESTION_LENGTH } from '~/lib/chat.ts'

type Props = {
  /** The chat page's GET form (the server answers); the panel answers in place (onSubmit). */
  action?: string
  onSubmit?: FormEventHandler<HTMLFormElement>
  inputRef?: Ref<HTMLInputElement>
  /** The conversation so far, as hidden fields (the chat page). */
  children?: ReactNode
}

/**
 * The chat's text box (issue 35 section 4): a question typed and sent with Enter or Send, the
 * same in the panel and on the chat page. Its label is visible; an empty question is ignored.
 */
export function ChatAskForm({ action, onSubmit, inputRef, children }: Props) {
  const id = useId()
  return (
    <form method="get" action={action} onSubmit={onSubmit} className="space-y-1.5">
      {children}
      <label htmlFor={id} className="block text-sm font-medium text-ink-800">
        Type your question
      </label>
      <div className="flex gap-2">
        <input
          ref={inputRef}
          id={id}
          name={CHAT_ASK_PARAM}
          type="text"
          maxLength={MAX_QUESTION_LENGTH}
          autoComplete="off"
          enterKeyHint="send"
          placeholder="e.g. Do you build online stores?"
          className="min-w-0 flex-1 rounded-lg border border-ink-300 px-3 py-2 text-base text-ink-900 placeholder:text-ink-500 sm:text-sm"
        />
        <button type="submit" className={buttonClass({ className: 'shrink-0' })}>
          <Icon node={Send} aria-hidden="true" className="size-4" />
          Send
        </button>
      </div>
    </form>
  )
}
