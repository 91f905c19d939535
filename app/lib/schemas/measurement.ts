// Request bodies of /api/measurements (spec 1 §7), shared by the /measure
// screen and the JSON paths. Figures the client sends are ignored: the server
// recomputes every total from the shapes.
import { z } from 'zod'
import { LatLngSchema, MAX_SHAPES_PER_MEASUREMENT, ShapeInputSchema } from '../shapes.ts'
import { MapTypeSchema } from './auth.ts'

const textBool = z.preprocess((v) => (typeof v === 'boolean' ? String(v) : v), z.enum(['true', 'false']))
const ignoredFigure = z.number().optional()

const shapes = z
	.array(ShapeInputSchema)
	.min(1, 'A measurement needs at least one shape')
	.max(MAX_SHAPES_PER_MEASUREMENT, `A measurement can have at most ${MAX_SHAPES_PER_MEASUREMENT} shapes`)

const common = {
	label: z.string().trim().min(1, 'Label cannot be empty').max(200, 'Label is too long').optional(),
	yard_type: z.enum(['front_yard', 'back_yard']).optional(),
	is_training_data: textBool.optional(),
	user_verified: textBool.optional(),
	map_type: MapTypeSchema.optional(),
	total_area_sqft: ignoredFigure,
	total_area_acres: ignoredFigure,
	total_area_sqm: ignoredFigure,
	total_distance_feet: ignoredFigure,
	total_distance_yards: ignoredFigure,
	total_distance_meters: ignoredFigure,
	shape_count: z.number().int().optional(),
}

export const MeasurementCreateSchema = z.strictObject({
	address: z.string().trim().max(500, 'Address is too long').nullish(),
	shapes,
	measurement_type: z.enum(['manual', 'ai']).default('manual'),
	property_center: LatLngSchema.nullish(),
	...common,
})
export type MeasurementCreate = z.output<typeof MeasurementCreateSchema>

export const MeasurementUpdateSchema = z
	.strictObject({ id: z.string().optional(), shapes: shapes.optional(), measurement_type: z.enum(['manual', 'ai']).optional(), ...common })
	.refine((v) => Object.keys(v).some((k) => k !== 'id'), { message: 'Nothing to update' })
export type MeasurementUpdate = z.output<typeof MeasurementUpdateSchema>

export const CombineSchema = z.strictObject({ address: z.string().trim().min(1, 'Address is required').max(500) })

export const MeasurementListQuerySchema = z.object({
	address: z.string().trim().max(500).optional(),
	page: z.coerce.number().int().min(1).max(100_000).default(1),
	limit: z.coerce.number().int().min(1).max(500).default(100),
})
