// Toast shape and timings (spec 1 §9). Pure: used by the server flash cookie and the browser.
import { z } from 'zod'

export const ToastSchema = z.object({
	id: z.string().default(() => Math.random().toString(36).slice(2)),
	title: z.string().max(200),
	description: z.string().max(1000).optional(),
	type: z.enum(['default', 'success', 'destructive', 'info']).default('default'),
})
export type Toast = z.infer<typeof ToastSchema>
export type ToastInput = z.input<typeof ToastSchema>

export const TOAST_DURATION_MS = 5000
export const DESTRUCTIVE_TOAST_DURATION_MS = 2000
export const TOAST_REMOVE_DELAY_MS = 2000
export const SWIPE_THRESHOLD_PX = 50

export const toastDuration = (toast: Pick<Toast, 'type'>) =>
	toast.type === 'destructive' ? DESTRUCTIVE_TOAST_DURATION_MS : TOAST_DURATION_MS
