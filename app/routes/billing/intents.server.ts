// The billing action's intents: cancel the subscription, add a card, write to
// billing support. Each calls the same service as its /api/* path; the
// service keeps the rules. Success redirects to /billing with a toast; a
// refusal replies with the intent's failure toast and the fields' errors.
import { data } from 'react-router'
import { NO_BILLING_ACCESS } from '~/lib/schemas/billing.ts'
import { CardFieldsSchema } from '~/lib/schemas/checkout.ts'
import { readSupportForm, sendBillingSupport } from '~/services/billing-support.server.ts'
import { cancelSubscription, canViewBilling } from '~/services/billing.server.ts'
import { addPaymentMethod } from '~/services/payment-methods.server.ts'
import { redirectWithToast } from '~/services/toast.server.ts'
import type { ClientUser } from '~/services/users.server.ts'
import { fieldErrorsFromZod, HttpError } from '~/utils/http.server.ts'
import { money, type ActionData } from './shared.ts'

type Toast = { title: string; description: string }

const HANDLERS: Record<string, { run: (user: ClientUser, form: FormData) => Promise<Toast>; failure: (error: HttpError) => Toast }> = {
	cancel: {
		run: async (user) => {
			const result = await cancelSubscription(user)
			return { title: 'Subscription Cancelled', description: result.details }
		},
		failure: (error) => ({ title: 'Error', description: error.message || 'Failed to cancel subscription. Please contact support.' }),
	},
	card: {
		run: async (user, form) => {
			const parsed = CardFieldsSchema.safeParse(Object.fromEntries([...form].filter(([, v]) => typeof v === 'string')))
			if (!parsed.success) throw new HttpError(400, 'Please check the card details.', fieldErrorsFromZod(parsed.error))
			const { paymentMethod, invoices } = await addPaymentMethod(user, user.organizationId ?? '', parsed.data)
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
		},
		failure: (error) => ({ title: 'Card Not Added', description: error.message || 'Please check the card details.' }),
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
		return redirectWithToast('/billing', { ...(await handler.run(user, form)), type: 'success' })
	} catch (error) {
		if (!(error instanceof HttpError)) throw error
		const toast = (HANDLERS[intent] ?? HANDLERS.support!).failure(error)
		return data<ActionData>({ intent, toast, fields: error.fields }, { status: error.status })
	}
}
