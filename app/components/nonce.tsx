import { createContext, useContext } from 'react'

const NonceContext = createContext<string | undefined>(undefined)
export const NonceProvider = NonceContext.Provider
/** The CSP nonce of this request, for any inline script a component must render (JSON-LD). */
export const useNonce = () => useContext(NonceContext)
