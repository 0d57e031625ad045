import { useNavigation } from 'react-router'

/**
 * Whether the form posting `intent` is being submitted now: its button waits and says so
 * ('Saving…'), while the page's other forms stay free.
 */
export function useSubmitting(): (intent: string) => boolean {
  const navigation = useNavigation()
  return (intent) => navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
}
