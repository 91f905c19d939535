// The checkout plan catalogue (spec 2 §9) and card helpers. Pure.

export type CheckoutPlan = { id: string; name: string; price: string | null; description: string; features: string[] }

export const CHECKOUT_PLANS: CheckoutPlan[] = [
	{
		id: 'BETA',
		name: 'Founding Member Access',
		price: '0',
		description: 'Free founding-member beta while pricing is finalized.',
		features: ['250 measurements/month', '250 saves and reports', 'AI grass detection', 'PDF reports', 'single user'],
	},
	{ id: 'trial', name: '30 Day Trial', price: '0', description: 'Try Yardstick free for 30 days.', features: ['10 measurements', '3 saves', '1 report'] },
	{
		id: 'starter',
		name: 'Starter',
		price: '29.99',
		description: 'Manual measuring for solo operators.',
		features: ['100 manual measurements/month', '100 saves', '1 user', 'manual tools only'],
	},
	{
		id: 'pro',
		name: 'Pro',
		price: '49.99',
		description: 'AI detection and advanced tools for growing crews.',
		features: ['250 measurements and reports/month', '250 saves', '2 users', 'AI detection', 'advanced tools'],
	},
	{
		id: 'growth',
		name: 'Growth',
		price: '99.99',
		description: 'For multi-crew companies.',
		features: ['500 measurements and reports/month', '500 saves', 'unlimited users', 'AI', 'advanced analytics'],
	},
	{
		id: 'enterprise',
		name: 'Enterprise',
		price: '199.99',
		description: 'Scale, integrations and priority support.',
		features: ['1000 measurements and reports/month', '1000 saves', 'API access', 'SSO/SAML', 'unlimited users', 'AI', 'priority support'],
	},
	{
		id: 'franchise',
		name: 'Franchise',
		price: null,
		description: 'Custom plans for franchise networks.',
		features: ['custom limits', 'multi-location management', 'franchise reporting', 'dedicated support'],
	},
]

export function findCheckoutPlan(planId: string): CheckoutPlan | null {
	return CHECKOUT_PLANS.find((p) => p.id === planId) ?? null
}

/** spec 2 §4: a price of '0' is a free plan (signup right after step 1). */
export const isFreePlan = (plan: CheckoutPlan) => plan.price !== null && Number(plan.price) === 0

/** 'Free', '$49.99/month' or 'Contact Sales'. */
export function planPriceText(plan: CheckoutPlan): string {
	if (plan.price === null) return 'Contact Sales'
	return Number(plan.price) === 0 ? 'Free' : `$${plan.price}/month`
}

/** Digits grouped in fours while typing, at most 19 characters ("4242 4242 4242 4242"). */
export function formatCardNumber(value: string): string {
	const digits = value.replace(/\D/g, '').slice(0, 16)
	return digits.replace(/(\d{4})(?=\d)/g, '$1 ').slice(0, 19)
}

/**
 * "123 Oak St, Austin, TX 78701, USA" → address, city, state (2 letters), zip.
 * Parts that are missing come back empty.
 */
export function splitUsAddress(description: string): { address: string; city: string; state: string; zipCode: string } {
	const parts = description
		.split(',')
		.map((p) => p.trim())
		.filter(Boolean)
	if (parts.length && /^(usa|united states)$/i.test(parts.at(-1)!)) parts.pop()
	let state = ''
	let zipCode = ''
	const last = parts.at(-1) ?? ''
	const match = /^([A-Za-z]{2})(?:\s+(\d{5})(?:-\d{4})?)?$/.exec(last)
	if (match) {
		state = match[1]!.toUpperCase()
		zipCode = match[2] ?? ''
		parts.pop()
	}
	const city = parts.length >= 1 ? parts.pop()! : ''
	return { address: parts.join(', '), city, state, zipCode }
}
