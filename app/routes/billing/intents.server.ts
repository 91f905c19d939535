// The billing action's intents: cancel the subscription, add a card (on
// Stripe's hosted page in Stripe mode), confirm a payment with the bank, write
// to billing support. Each calls the same service as its /api/* path; the
// service keeps the rules. Success redirects to /billing with a toast (or to
// Stripe's page); a refusal replies with the intent's failure toast and the
// fields' errors. The returns from Stripe's pages are read by the loader
// (handleReturn).
import { data, redirect } from 'react-router'
import { getPaymentGateway } from '~/integrations/payments.server.ts'
import { NO_BILLING_ACCESS } from '~/lib/schemas/billing.ts'
import { CardFieldsSchema } from '~/lib/schemas/checkout.ts'
import { readSupportForm, sendBillingSupport } from '~/services/billing-support.server.ts'
import { cancelSubscription, canViewBilling } from '~/services/billing.server.ts'
import { confirmInvoicePayment, returnFromConfirmation } from '~/services/invoice-payments.server.ts'
import { addPaymentMethod, finishCardSetup, startCardSetup, type ChargedInvoice } from '~/services/payment-methods.server.ts'
import { redirectWithToast } from '~/services/toast.server.ts'
import type { ClientUser } from '~/services/users.server.ts'
import { fieldErrorsFromZod, HttpError } from '~/utils/http.server.ts'
import { money, type ActionData } from './shared.ts'

type Toast = { title: string; description: string }

function cardAdded({ paymentMethod, invoices }: { paymentMethod: { brand: string; last4: string }; invoices: ChargedInvoice[] }): Toast {
	const paid = invoices.filter((i) => i.status === 'paid').map((i) => `${i.invoiceNumber} (${money(i.totalAmount)})`)
	const failed = invoices.filter((i) => i.status === 'failed').map((i) => i.invoiceNumber)
	const description = [
		`${paymentMethod.brand} •••• ${paymentMethod.last4} is now your default card.`,
		paid.length ? `Paid: ${paid.join(', ')}.` : '',
		failed.length ? `Declined: ${failed.join(', ')}.` : '',
	]
		.filter(Boolean)
		.join(' ')
	return { title: 'Card Added', description }
}

const HANDLERS: Record<string, { run: (user: ClientUser, form: FormData) => Promise<Toast | Response>; failure: (error: HttpError) => Toast }> = {
	cancel: {
		run: async (user) => {
			const result = await cancelSubscription(user)
			return { title: 'Subscription Cancelled', description: result.details }
		},
		failure: (error) => ({ title: 'Error', description: error.message || 'Failed to cancel subscription. Please contact support.' }),
	},
	card: {
		run: async (user, form) => {
			// Stripe: the card is entered on Stripe's page, which sends the admin back to /billing?card_session=…
			if (getPaymentGateway().hosted) return redirect((await startCardSetup(user, user.organizationId ?? '')).url)
			const parsed = CardFieldsSchema.safeParse(Object.fromEntries([...form].filter(([, v]) => typeof v === 'string')))
			if (!parsed.success) throw new HttpError(400, 'Please check the card details.', fieldErrorsFromZod(parsed.error))
			return cardAdded(await addPaymentMethod(user, user.organizationId ?? '', parsed.data))
		},
		failure: (error) => ({ title: 'Card Not Added', description: error.message || 'Please check the card details.' }),
	},
	'confirm-payment': {
		run: async (user, form) => {
			const result = await confirmInvoicePayment(user, String(form.get('invoiceId') ?? ''))
			if ('redirect' in result) return redirect(result.redirect)
			return paymentOutcome(result)
		},
		failure: (error) => ({ title: 'Payment Not Completed', description: error.message }),
	},
	support: {
		run: async (user, form) => {
			if (!canViewBilling(user)) throw new HttpError(403, NO_BILLING_ACCESS)
			const result = await sendBillingSupport(user, form)
			return { title: result.message, description: result.description }
		},
		failure: (error) => ({ title: 'Error', description: error.fields ? 'Failed to send message. Please try again.' : error.message || 'Failed to send message. Please try again.' }),
	},
}

/** Reads the form (multipart: the support form carries attachments) and runs its intent. */
export async function handleIntent(request: Request, user: ClientUser) {
	// a form that cannot be read (too large, malformed) is the support form's failure
	let intent = 'support'
	try {
		const form = await readSupportForm(request)
		intent = String(form.get('intent') ?? '')
		const handler = Object.hasOwn(HANDLERS, intent) ? HANDLERS[intent]! : null
		if (!handler) return redirectWithToast('/billing', { title: 'Error', description: 'Unknown action', type: 'destructive' })
		const outcome = await handler.run(user, form)
		if (outcome instanceof Response) return outcome
		return redirectWithToast('/billing', { ...outcome, type: 'success' })
	} catch (error) {
		if (!(error instanceof HttpError)) throw error
		const toast = (HANDLERS[intent] ?? HANDLERS.support!).failure(error)
		return data<ActionData>({ intent, toast, fields: error.fields }, { status: error.status })
	}
}

function paymentOutcome(result: { status: 'paid' | 'failed'; message: string | null; upgradedTo: string | null }): Toast {
	return result.status === 'paid'
		? { title: 'Payment Confirmed', description: result.upgradedTo ? `Thank you: the invoice is paid. Your plan is now ${result.upgradedTo}.` : 'Thank you: the invoice is paid.' }
		: { title: 'Payment Not Completed', description: result.message ?? 'The payment was not confirmed.' }
}

/**
 * The loader's part: back from Stripe's hosted card page (?card_session=) or
 * the bank's confirmation page (?invoice_payment=), the outcome as a toast on
 * a clean /billing. Null when the address is neither.
 */
export async function handleReturn(url: URL, user: ClientUser) {
	const session = url.searchParams.get('card_session')
	const invoiceId = url.searchParams.get('invoice_payment')
	if (!session && !invoiceId) return null
	try {
		if (session) return redirectWithToast('/billing', { ...cardAdded(await finishCardSetup(user, user.organizationId ?? '', session)), type: 'success' })
		const result = paymentOutcome(await returnFromConfirmation(user, invoiceId!))
		return redirectWithToast('/billing', { ...result, type: result.title === 'Payment Confirmed' ? 'success' : 'destructive' })
	} catch (error) {
		if (!(error instanceof HttpError)) throw error
		return redirectWithToast('/billing', { title: session ? 'Card Not Added' : 'Payment Not Completed', description: error.message, type: 'destructive' })
	}
}
