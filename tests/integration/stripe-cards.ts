// Service tests in Stripe mode: an organization with its account admin, and a
// card saved on the local Stripe server's hosted page the way a browser does.
import { randomBytes } from 'node:crypto'
import { prisma, type Prisma } from '~/db.server.ts'
import type { PaymentGateway } from '~/integrations/payments.server.ts'
import { StripeGateway } from '~/integrations/stripe.server.ts'
import { finishCardSetup, startCardSetup } from '~/services/payment-methods.server.ts'
import { loadUserRow, toClientUser } from '~/services/users.server.ts'
import { makeUser } from './factories.ts'
import { STRIPE_TEST_KEY, STRIPE_WEBHOOK_SECRET, startStripeServer } from '../support/stripe-server.ts'

/** A local server speaking Stripe's API, and the gateway (the official package) pointed at it. */
export async function startLocalStripe() {
	const stripe = await startStripeServer()
	return { stripe, gateway: new StripeGateway({ secretKey: STRIPE_TEST_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET, apiUrl: stripe.url, timeoutMs: 3000 }) }
}

export async function adminOfNewOrganization(data: Partial<Prisma.OrganizationUncheckedCreateInput> = {}) {
	const organization = await prisma.organization.create({
		data: { name: `Stripe ${randomBytes(3).toString('hex')}`, accountNumber: `S-${randomBytes(5).toString('hex')}`, subscriptionTierId: 'pro', ...data },
	})
	const admin = await makeUser({ role: 'account_admin', organizationId: organization.id })
	return { organization, admin: toClientUser((await loadUserRow(admin.id))!) }
}

/** What a browser does on Stripe's hosted page: type the card, press Save card, follow the redirect home. */
export async function saveOnHostedPage(url: string, card: string) {
	const res = await fetch(url, { method: 'POST', body: new URLSearchParams({ cardNumber: card }), redirect: 'manual' })
	return { status: res.status, location: res.headers.get('location') }
}

/** A new organization whose admin saved this card on Stripe's page (it is the default card). */
export async function withCard(gateway: PaymentGateway, card: string, data: Partial<Prisma.OrganizationUncheckedCreateInput> = {}) {
	const { organization, admin } = await adminOfNewOrganization(data)
	const { url } = await startCardSetup(admin, organization.id, gateway)
	const back = await saveOnHostedPage(url, card)
	const sessionId = new URL(back.location!).searchParams.get('card_session')!
	await finishCardSetup(admin, organization.id, sessionId, new Date(), gateway)
	return { organization, admin }
}
