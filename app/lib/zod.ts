// Every `import … from 'zod'` of the app build resolves here (vite.config.ts).
// In the browser Zod must not probe for eval: its JIT compiles object parsers
// with `new Function`, which our CSP forbids, and Chromium reports even the
// probe as a violation. It has to be switched off before any schema module
// builds its schemas, hence here rather than in a component. The server keeps
// Zod's faster JIT.
import { config } from 'zod/v4/core'

if (typeof document !== 'undefined') config({ jitless: true })

export * from 'zod/v4'
