// The /measure screen's form intents (STYLE.md: a discriminated union on intent).
import { z } from 'zod'
import { PRECISIONS } from '~/lib/geocode-precision.ts'
import { isInUnitedStates } from '~/lib/us-bounds.ts'
import { MAX_SHAPES_PER_MEASUREMENT } from '../shapes.ts'
import { SURFACES } from '../surfaces.ts'
import { MeasurementCreateSchema, MeasurementUpdateSchema } from './measurement.ts'

export const SearchIntent = z.object({
	intent: z.literal('search'),
	address: z.string({ error: 'Please enter a property address first.' }).trim().min(1, 'Please enter a property address first.').max(500),
	place_id: z.string().max(2000).optional(),
})
/** "I'm at the property" (issue 21 §3): the nearest address accepted, the property centre at the device's position. */
export const LocateIntent = z
	.object({
		intent: z.literal('locate'),
		address: z.string({ error: 'Please enter a property address first.' }).trim().min(1, 'Please enter a property address first.').max(500),
		lat: z.coerce.number({ error: 'Your location is not valid' }).min(-90).max(90),
		lng: z.coerce.number({ error: 'Your location is not valid' }).min(-180).max(180),
		precision: z.enum(PRECISIONS).catch('postcode'),
	})
	.refine((p) => isInUnitedStates(p.lat, p.lng), { message: 'Your location is outside the United States', path: ['lat'] })
export const RenameIntent = z.object({
	intent: z.literal('rename'),
	id: z.string().min(1).max(100),
	label: z.string({ error: 'Label cannot be empty' }).trim().min(1, 'Label cannot be empty').max(200, 'Label is too long'),
})
export const DeleteIntent = z.object({ intent: z.literal('delete'), id: z.string().min(1).max(100) })
/** issue 32: one saved shape becomes another surface (a form per shape: works without JavaScript) */
export const SurfaceIntent = z.object({
	intent: z.literal('surface'),
	id: z.string().min(1).max(100),
	shape: z.coerce.number().int().min(0).max(MAX_SHAPES_PER_MEASUREMENT - 1),
	surface: z.enum(SURFACES, { error: `Surface must be one of ${SURFACES.join(', ')}` }),
})
export const CombineIntent = z.object({ intent: z.literal('combine'), address: z.string().trim().min(1).max(500) })

export const MeasureFormSchema = z.discriminatedUnion('intent', [SearchIntent, LocateIntent, RenameIntent, DeleteIntent, CombineIntent, SurfaceIntent])

/** Save and update travel as JSON (the shapes come from the map). */
export const SaveIntent = z.union([
	z.object({ intent: z.literal('save'), measurement: MeasurementCreateSchema }),
	z.object({ intent: z.literal('update'), id: z.string().min(1).max(100), measurement: MeasurementUpdateSchema }),
])
