import { z } from 'zod'

// zod compiles object parsers with `new Function` where it can. The site's CSP forbids eval, so in
// the browser that attempt is a reported policy violation (Lighthouse best practices): parse
// without compiling, everywhere, so server and browser behave the same.
z.config({ jitless: true })

export { z }
