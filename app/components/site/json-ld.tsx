import { useNonce } from '~/components/nonce.tsx'
import { serializeJsonLd } from '~/lib/json-ld-serialize.ts'

/** A JSON-LD block; carries the CSP nonce like every inline script. */
export function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce()
  return (
    <script type="application/ld+json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />
  )
}
