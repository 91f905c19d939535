import { expect, test } from 'vitest'
import { monthlySavings, SAVINGS_DEFAULTS, SavingsSchema, usd } from './savings.ts'

test("the defaults are the landing page's $240 travel, $300 time and $60 labour", () => {
	expect(monthlySavings(SAVINGS_DEFAULTS)).toEqual({ travel: 240, time: 300, labour: 60, total: 600 })
	expect(usd(600)).toBe('$600')
})

test('inputs scale the figures; bad inputs fall back to the defaults', () => {
	expect(monthlySavings(SavingsSchema.parse({ estimates: '40' })).total).toBe(1200)
	expect(monthlySavings(SavingsSchema.parse({ estimates: '10', hourlyRate: '60' })).time).toBe(300)
	expect(SavingsSchema.parse({ estimates: 'lots', costPerMile: '-1' })).toEqual(SAVINGS_DEFAULTS)
})
