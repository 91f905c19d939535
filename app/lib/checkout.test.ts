import { expect, test } from 'vitest'
import { CHECKOUT_PLANS, findCheckoutPlan, formatCardNumber, isFreePlan, planPriceText, splitUsAddress } from './checkout.ts'

test('the catalogue of spec 2 §9', () => {
	expect(CHECKOUT_PLANS.map((p) => [p.id, p.name, planPriceText(p)])).toEqual([
		['BETA', 'Founding Member Access', 'Free'],
		['trial', '30 Day Trial', 'Free'],
		['starter', 'Starter', '$29.99/month'],
		['pro', 'Pro', '$49.99/month'],
		['growth', 'Growth', '$99.99/month'],
		['enterprise', 'Enterprise', '$199.99/month'],
		['franchise', 'Franchise', 'Contact Sales'],
	])
	expect(findCheckoutPlan('nope')).toBeNull()
	expect(isFreePlan(findCheckoutPlan('BETA')!)).toBe(true)
	expect(isFreePlan(findCheckoutPlan('pro')!)).toBe(false)
	expect(isFreePlan(findCheckoutPlan('franchise')!)).toBe(false)
})

test.each([
	['4242424242424242', '4242 4242 4242 4242'],
	['4242 42', '4242 42'],
	['4242-4242-4242-4242-9999', '4242 4242 4242 4242'],
	['abc', ''],
	['42424', '4242 4'],
])('formatCardNumber(%j) = %j', (input, out) => expect(formatCardNumber(input)).toBe(out))

test.each([
	['123 Oak St, Austin, TX 78701, USA', { address: '123 Oak St', city: 'Austin', state: 'TX', zipCode: '78701' }],
	['Austin, TX 78701, USA', { address: '', city: 'Austin', state: 'TX', zipCode: '78701' }],
	['Austin, TX, USA', { address: '', city: 'Austin', state: 'TX', zipCode: '' }],
	['12 Main St, Apt 4, Springfield, il 62701', { address: '12 Main St, Apt 4', city: 'Springfield', state: 'IL', zipCode: '62701' }],
])('splitUsAddress(%j)', (input, out) => expect(splitUsAddress(input)).toEqual(out))
