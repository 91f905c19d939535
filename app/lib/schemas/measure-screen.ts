// The /measure screen's form intents (STYLE.md: a discriminated union on intent).
import { z } from 'zod'
import { MeasurementCreateSchema, MeasurementUpdateSchema } from './measurement.ts'

export const SearchIntent = z.object({
	intent: z.literal('search'),
	address: z.string({ error: 'Please enter a property address first.' }).trim().min(1, 'Please enter a property address first.').max(500),
	place_id: z.string().max(2000).optional(),
})
export const RenameIntent = z.object({
	intent: z.literal('rename'),
	id: z.string().min(1).max(100),
	label: z.string({ error: 'Label cannot be empty' }).trim().min(1, 'Label cannot be empty').max(200, 'Label is too long'),
})
export const DeleteIntent = z.object({ intent: z.literal('delete'), id: z.string().min(1).max(100) })
export const CombineIntent = z.object({ intent: z.literal('combine'), address: z.string().trim().min(1).max(500) })

export const MeasureFormSchema = z.discriminatedUnion('intent', [SearchIntent, RenameIntent, DeleteIntent, CombineIntent])

/** Save and update travel as JSON (the shapes come from the map). */
export const SaveIntent = z.union([
	z.object({ intent: z.literal('save'), measurement: MeasurementCreateSchema }),
	z.object({ intent: z.literal('update'), id: z.string().min(1).max(100), measurement: MeasurementUpdateSchema }),
])
