import type { HeaderVariant } from '~/components/header.tsx'

/** What a route tells the root layout about its chrome. */
export type RouteHandle = { header?: HeaderVariant | 'none'; footer?: 'default' | 'no-cookies' | 'none' }
