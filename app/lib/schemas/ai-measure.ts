// POST /api/ai-measure (spec 1 §7): the address is informational, the centre
// decides what is analysed and must be a finite point in the United States.
import { z } from 'zod'
import { insidePropertyWindow, MAX_SEEDS_PER_KIND, PROPERTY_HALF_SIDE_M } from '../ai-result.ts'

/** Rough boxes around the US states and territories with imagery: lower 48, Alaska, Hawaii, Puerto Rico/USVI, Guam/CNMI. */
const US_BOXES: [minLat: number, maxLat: number, minLng: number, maxLng: number][] = [
	[24.3, 49.5, -125.0, -66.8],
	[51.0, 71.5, -179.99, -129.9],
	[18.8, 22.4, -160.4, -154.7],
	[17.6, 18.6, -67.4, -64.5],
	[13.2, 15.4, 144.5, 146.1],
]

export function isInUnitedStates(lat: number, lng: number): boolean {
	return US_BOXES.some(([a, b, c, d]) => lat >= a && lat <= b && lng >= c && lng <= d)
}

const coordinate = (name: string, min: number, max: number) =>
	z
		.number({ error: `${name} must be a number` })
		.refine(Number.isFinite, `${name} must be a finite number`)
		.refine((v) => v >= min && v <= max, `${name} must be between ${min} and ${max}`)

const point = z.strictObject({ lat: coordinate('Latitude', -90, 90), lng: coordinate('Longitude', -180, 180) }, { error: 'A point must be {lat, lng}' })
const seedList = (label: string) =>
	z.array(point, { error: `${label} must be a list of points` }).max(MAX_SEEDS_PER_KIND, `At most ${MAX_SEEDS_PER_KIND} "${label}" points`).default([])

export const AiMeasureSchema = z
	.strictObject({
		address: z.string({ error: 'Address must be text' }).trim().max(500, 'Address is too long').optional(),
		propertyCenter: z
			.strictObject(
				{ lat: coordinate('Latitude', -90, 90), lng: coordinate('Longitude', -180, 180) },
				{ error: 'Property center is required' },
			)
			.refine((c) => isInUnitedStates(c.lat, c.lng), 'Property center must be in the United States'),
		/** one-tap corrections (issue 17): points the user marked "Lawn here" / "Not lawn", inside the analysed window */
		seeds: z.strictObject({ lawn: seedList('Lawn here'), other: seedList('Not lawn') }, { error: 'Seeds must be {lawn, other}' }).optional(),
	})
	.superRefine((input, ctx) => {
		for (const kind of ['lawn', 'other'] as const) {
			input.seeds?.[kind].forEach((p, i) => {
				if (!insidePropertyWindow(input.propertyCenter, p)) {
					ctx.addIssue({ code: 'custom', path: ['seeds', kind, i], message: `The point must be inside the analysed property window (${PROPERTY_HALF_SIDE_M} m around the centre)` })
				}
			})
		}
	})

export type AiMeasureInput = z.infer<typeof AiMeasureSchema>
