import { inject } from 'vitest'

process.env.DATABASE_URL = inject('databaseUrl')
process.env.NODE_ENV = 'test'
process.env.SESSION_SECRET ??= 'vitest-session-secret-0123456789'
process.env.APP_URL ??= 'http://yardstick.test'
// never the real US Census geocoder from a test (the default geocoding chain calls it)
process.env.CENSUS_GEOCODER_URL ??= 'http://127.0.0.1:9/geocoder'
