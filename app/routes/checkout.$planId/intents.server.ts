// The checkout action's steps: Customer Info (a free plan's account is made
// here; a paid plan's customer step is checked and carried on), then Payment
// (or Back). The services keep the rules; the same ones serve
// POST /api/checkout/complete.
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from 'react-router'
import { isFreePlan, type CheckoutPlan } from '~/lib/checkout.ts'
import { CreditCardInfoSchema, CustomerInfoSchema, type CustomerInfo } from '~/lib/schemas/checkout.ts'
import { assertEmailAvailable, checkoutFreePlan, completeCheckout } from '~/services/checkout.server.ts'
import { checkoutView, keptCustomer, returnFromStripe, startStripeCheckout } from '~/services/checkout-stripe.server.ts'
import { clientIp } from '~/services/session.server.ts'
import { HttpError } from '~/utils/http.server.ts'
import type { ActionData, CustomerValues, Errors } from './shared.ts'

const REGISTRATION_FAILED = 'Registration failed. Please try again.'

function errorsOf(result: { error?: Record<string, string[] | null> | null }): Errors {
	return Object.fromEntries(Object.entries(result.error ?? {}).filter(([, v]) => v && v.length)) as Errors
}

function customerValues(formData: FormData): CustomerValues {
	const out: CustomerValues = {}
	for (const key of ['firstName', 'lastName', 'companyName', 'email', 'phone', 'address', 'city', 'state', 'zipCode'] as const) {
		const v = formData.get(key)
		if (typeof v === 'string') out[key] = v
	}
	return out
}

/** Runs the posted step for this plan. */
export async function handleStep(request: Request, plan: CheckoutPlan) {
	const formData = await request.formData()
	const intent = String(formData.get('intent') ?? 'customer')
	const ip = clientIp(request)
	return intent === 'customer' ? customerStep(plan, formData, ip) : paymentStep(plan, formData, intent, ip)
}

async function customerStep(plan: CheckoutPlan, formData: FormData, ip: string) {
	const values = customerValues(formData)
	const submission = parseWithZod(formData, { schema: CustomerInfoSchema })
	if (submission.status !== 'success') return data<ActionData>({ step: 1, values, errors: errorsOf(submission.reply()) }, { status: 400 })
	try {
		if (isFreePlan(plan)) {
			await checkoutFreePlan(plan.id, submission.value, ip)
			return { step: 3, free: true, email: submission.value.email } satisfies ActionData
		}
		if (plan.price === null) throw new HttpError(400, 'This plan is sold by our sales team. Please contact sales.')
		await assertEmailAvailable(submission.value.email)
		return { step: 2, customer: JSON.stringify(submission.value), values, errors: {} } satisfies ActionData
	} catch (error) {
		if (!(error instanceof HttpError)) throw error
		return data<ActionData>({ step: 1, values, errors: fieldErrors(error), formError: error.message || REGISTRATION_FAILED }, { status: error.status })
	}
}

async function paymentStep(plan: CheckoutPlan, formData: FormData, intent: string, ip: string) {
	// the payment step (or Back from it)
	const checkoutId = formData.get('checkout')
	if (typeof checkoutId === 'string' && checkoutId) return stripeAgain(plan, checkoutId, intent, ip)
	const customerJson = String(formData.get('customer') ?? '')
	let customer: CustomerInfo | null = null
	try {
		const parsed = CustomerInfoSchema.safeParse(JSON.parse(customerJson))
		customer = parsed.success ? parsed.data : null
	} catch {
		customer = null
	}
	const backValues: CustomerValues = customer ? { ...customer, password: undefined, captchaToken: undefined, website: undefined, acceptTerms: undefined } as CustomerValues : {}
	if (!customer || intent === 'back') return { step: 1, values: backValues, errors: {} } satisfies ActionData
	if (intent === 'stripe') {
		// Stripe mode: on to Stripe's hosted card page (the purchase is kept server-side meanwhile)
		try {
			return redirect((await startStripeCheckout(plan, { customer }, ip)).url)
		} catch (error) {
			if (!(error instanceof HttpError)) throw error
			return data<ActionData>({ step: 2, customer: customerJson, values: {}, errors: fieldErrors(error), formError: error.message }, { status: error.status })
		}
	}
	const values = Object.fromEntries([...formData.entries()].filter(([k, v]) => typeof v === 'string' && !['cardNumber', 'cvv', 'customer', 'intent'].includes(k))) as CustomerValues
	const submission = parseWithZod(formData, { schema: CreditCardInfoSchema })
	if (submission.status !== 'success') return data<ActionData>({ step: 2, customer: customerJson, values, errors: errorsOf(submission.reply({ hideFields: ['cardNumber', 'cvv'] })) }, { status: 400 })
	try {
		await completeCheckout({ customerInfo: customer, creditCardInfo: submission.value, plan: plan.id }, ip)
		return { step: 3, free: false, email: customer.email } satisfies ActionData
	} catch (error) {
		if (!(error instanceof HttpError)) throw error
		// an account made meanwhile (double submit) is the same purchase: it is ready
		if (error.status === 409 && error.fields?.email) return { step: 3, free: false, email: customer.email } satisfies ActionData
		return data<ActionData>({ step: 2, customer: customerJson, values, errors: fieldErrors(error), formError: error.message }, { status: error.status })
	}
}

function fieldErrors(error: HttpError): Errors {
	return Object.fromEntries(Object.entries(error.fields ?? {}).map(([k, v]) => [k, [v]]))
}

/** A Stripe checkout in progress: Back to the customer step, or to Stripe's card page again (a new card). */
async function stripeAgain(plan: CheckoutPlan, checkoutId: string, intent: string, ip: string) {
	try {
		if (intent === 'back') {
			return { step: 1, values: (await keptCustomer(plan, checkoutId)) as CustomerValues, errors: {} } satisfies ActionData
		}
		return redirect((await startStripeCheckout(plan, { checkoutId }, ip)).url)
	} catch (error) {
		if (!(error instanceof HttpError)) throw error
		if (error.status === 404) return data<ActionData>({ step: 1, values: {}, errors: {}, formError: error.message }, { status: 404 })
		return data<ActionData>({ step: 2, customer: '', checkoutId, values: {}, errors: {}, formError: error.message }, { status: error.status })
	}
}

/**
 * The loader's part in Stripe mode: back from Stripe's card page
 * (?card_session=) or the bank's page (?checkout_payment=1), the outcome is
 * settled and the browser sent on (to the bank, or to this checkout's clean
 * address, so a reload charges nothing); ?checkout=… alone shows the
 * purchase: done (step 3) or the Payment step with the last outcome.
 */
export async function stripeCheckoutState(request: Request, plan: CheckoutPlan): Promise<ActionData | null> {
	const url = new URL(request.url)
	const checkoutId = url.searchParams.get('checkout')
	if (!checkoutId || isFreePlan(plan)) return null
	try {
		const cardSession = url.searchParams.get('card_session')
		const confirmed = url.searchParams.has('checkout_payment')
		if (cardSession || confirmed) throw redirect((await returnFromStripe(plan, checkoutId, { cardSession, confirmed }, clientIp(request))).redirect)
		const view = await checkoutView(plan, checkoutId)
		if (view.kind === 'complete') return { step: 3, free: false, email: view.email }
		return { step: 2, customer: '', checkoutId: view.checkoutId, values: {}, errors: {}, formError: view.message ?? undefined }
	} catch (error) {
		if (!(error instanceof HttpError)) throw error
		return { step: 1, values: {}, errors: {}, formError: error.message }
	}
}
