// Query strings of /api/geocode/* (spec 1 §5: suggestions from 3 characters;
// shorter text is not an error, it simply has no suggestions).
import { z } from 'zod'
import { isInUnitedStates } from '~/lib/us-bounds.ts'

const ADDRESS_MAX = 200
const PLACE_ID_MAX = 1024

export const SuggestQuerySchema = z.object({
	q: z.string({ error: 'Enter an address to search' }).max(ADDRESS_MAX, `Keep the address under ${ADDRESS_MAX} characters`),
	limit: z.coerce
		.number({ error: 'Limit must be a whole number from 1 to 10' })
		.int('Limit must be a whole number from 1 to 10')
		.min(1, 'Limit must be a whole number from 1 to 10')
		.max(10, 'Limit must be a whole number from 1 to 10')
		.optional(),
})

export const ResolveQuerySchema = z
	.object({
		place_id: z.string().trim().min(1, 'Choose a suggestion').max(PLACE_ID_MAX, 'This place id is not valid').optional(),
		address: z.string().trim().min(3, 'Enter at least 3 characters').max(ADDRESS_MAX, `Keep the address under ${ADDRESS_MAX} characters`).optional(),
	})
	.superRefine((query, ctx) => {
		if (query.place_id === undefined && query.address === undefined) {
			ctx.addIssue({ code: 'custom', path: ['place_id'], message: 'Give a place_id or an address' })
		}
		if (query.place_id !== undefined && query.address !== undefined) {
			ctx.addIssue({ code: 'custom', path: ['address'], message: 'Give a place_id or an address, not both' })
		}
	})

const coordinate = (name: string, limit: number) =>
	z
		.string({ error: `${name} is required` })
		.trim()
		.min(1, `${name} is required`)
		.max(32, `${name} must be a number`)
		.transform(Number)
		.pipe(z.number({ error: `${name} must be a number` }).refine(Number.isFinite, `${name} must be a number`).min(-limit, `${name} must be between -${limit} and ${limit}`).max(limit, `${name} must be between -${limit} and ${limit}`))

/** GET /api/geocode/reverse?lat=&lng=: a point in the United States (issue 21 §3). */
export const ReverseQuerySchema = z
	.object({ lat: coordinate('Latitude', 90), lng: coordinate('Longitude', 180) })
	.superRefine((point, ctx) => {
		if (!isInUnitedStates(point.lat, point.lng)) ctx.addIssue({ code: 'custom', path: ['lat'], message: 'This point is outside the United States' })
	})
