// A card added on /billing pays what was left open for want of one.
import { randomBytes } from 'node:crypto'
import { expect, test } from 'vitest'
import { prisma } from '~/db.server.ts'
import { TestGateway } from '~/integrations/payments.server.ts'
import { makeUser } from '../../tests/integration/factories.ts'
import { NO_CARD_NOTE, runInvoicing } from './invoicing.server.ts'
import { addPaymentMethod } from './payment-methods.server.ts'
import { loadUserRow, toClientUser } from './users.server.ts'

const VISA = { cardNumber: '4242 4242 4242 4242', expiryMonth: '12', expiryYear: '39', cvv: '123', cardholderName: 'Pat Admin' }

async function adminOfOrganizationWithoutCard() {
	const organization = await prisma.organization.create({
		data: {
			name: `Cardless ${randomBytes(3).toString('hex')}`,
			accountNumber: `C-${randomBytes(5).toString('hex')}`,
			subscriptionTierId: 'pro',
			createdAt: new Date('2031-03-05T10:00:00Z'),
			currentPeriodStart: new Date('2031-03-05T10:00:00Z'),
			currentPeriodEnd: new Date('2031-04-05T10:00:00Z'),
		},
	})
	const admin = await makeUser({ role: 'account_admin', organizationId: organization.id })
	const member = await makeUser({ role: 'member', organizationId: organization.id })
	const client = async (id: string) => toClientUser((await loadUserRow(id))!)
	return { organization, admin: await client(admin.id), member: await client(member.id) }
}

test('an invoice left open for want of a card is not an attempt, and is paid when a card is added', async () => {
	const { organization, admin } = await adminOfOrganizationWithoutCard()
	const gateway = new TestGateway()
	await runInvoicing(new Date('2031-04-05T10:00:00Z'), { organizationIds: [organization.id], gateway })
	// a later run does not use up the attempts either
	await runInvoicing(new Date('2031-04-09T10:00:00Z'), { organizationIds: [organization.id], gateway })
	const [open] = await prisma.invoice.findMany({ where: { organizationId: organization.id } })
	expect([open!.status, open!.notes, open!.paymentAttempts]).toEqual(['pending', NO_CARD_NOTE, 0])

	const added = await addPaymentMethod(admin, organization.id, VISA, new Date('2031-04-10T10:00:00Z'), gateway)
	expect(added.paymentMethod).toMatchObject({ brand: 'Visa', last4: '4242', expiryMonth: 12, expiryYear: 2039, isDefault: true })
	expect(added.invoices).toEqual([{ id: open!.id, invoiceNumber: open!.invoiceNumber, totalAmount: open!.totalAmount.toFixed(2), status: 'paid' }])
	const paid = await prisma.invoice.findUniqueOrThrow({ where: { id: open!.id } })
	expect([paid.status, paid.paidAt?.toISOString(), paid.notes]).toEqual(['paid', '2031-04-10T10:00:00.000Z', 'Charged Visa •••• 4242'])

	// a second card becomes the default; the first stays on file; nothing is charged twice
	const second = await addPaymentMethod(admin, organization.id, { ...VISA, cardNumber: '5555 5555 5555 4444' }, new Date('2031-04-11T10:00:00Z'), gateway)
	expect(second.invoices).toEqual([])
	const cards = await prisma.paymentMethod.findMany({ where: { organizationId: organization.id }, orderBy: { createdAt: 'asc' } })
	expect(cards.map((c) => [c.last4, c.isDefault])).toEqual([
		['4242', false],
		['4444', true],
	])
})

test('a declined or expired card, a member, or another organization changes nothing', async () => {
	const { organization, admin, member } = await adminOfOrganizationWithoutCard()
	const other = await adminOfOrganizationWithoutCard()
	await expect(addPaymentMethod(admin, organization.id, { ...VISA, cardNumber: '4000 0000 0000 0002' })).rejects.toMatchObject({ status: 400, message: 'Your card was declined.' })
	await expect(addPaymentMethod(admin, organization.id, { ...VISA, expiryYear: '20' })).rejects.toMatchObject({ status: 400, message: 'Your card has expired.' })
	await expect(addPaymentMethod(member, organization.id, VISA)).rejects.toMatchObject({ status: 403 })
	await expect(addPaymentMethod(other.admin, organization.id, VISA)).rejects.toMatchObject({ status: 404 })
	expect(await prisma.paymentMethod.count({ where: { organizationId: organization.id } })).toBe(0)
})
