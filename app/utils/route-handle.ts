import type { HeaderVariant } from '~/components/header.tsx'

/** What a route tells the root layout about its chrome. */
export type RouteHandle = {
	header?: HeaderVariant | 'none'
	footer?: 'default' | 'no-cookies' | 'none'
	/** false: no cookie banner (a page embedded in other websites that sets no cookies of its own) */
	cookieBanner?: false
}
