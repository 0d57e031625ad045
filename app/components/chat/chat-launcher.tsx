// Placeholder until the chat assistant lands (interactive tools issue).
export function ChatLauncher() {
  return null
}
