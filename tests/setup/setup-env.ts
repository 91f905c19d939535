import { inject } from 'vitest'

process.env.DATABASE_URL = inject('databaseUrl')
process.env.NODE_ENV = 'test'
process.env.SESSION_SECRET ??= 'vitest-session-secret-0123456789'
process.env.APP_URL ??= 'http://yardstick.test'
