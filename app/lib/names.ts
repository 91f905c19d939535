// People's and organizations' names as the app shows them. Pure.

/** "First Last", skipping what is missing ('' when both are). */
export const fullName = (u: { firstName: string | null; lastName: string | null }) => [u.firstName, u.lastName].filter(Boolean).join(' ')

/** Up to two capital initials of a name, for a monogram ("Green Acres Lawn" → "GA"); "Y" for an empty name. */
export const initials = (name: string) =>
	name
		.split(/\s+/)
		.filter(Boolean)
		.slice(0, 2)
		.map((w) => w[0]!.toUpperCase())
		.join('') || 'Y'
