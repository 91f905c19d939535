import { randomBytes } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { prisma } from '~/db.server.ts'
import { TestGateway } from '~/integrations/payments.server.ts'
import { runWithLease } from './jobs.server.ts'
import { runInvoicing } from './invoicing.server.ts'

async function org(data: { tierId?: string; createdAt: Date; periodEnd: Date | null; status?: string; scheduled?: string; balance?: string; couponId?: string }) {
	return prisma.organization.create({
		data: {
			name: `Inv ${randomBytes(3).toString('hex')}`,
			accountNumber: `I-${randomBytes(5).toString('hex')}`,
			subscriptionTierId: data.tierId ?? 'pro',
			createdAt: data.createdAt,
			currentPeriodStart: data.createdAt,
			currentPeriodEnd: data.periodEnd,
			subscriptionStatus: data.status ?? 'active',
			scheduledSubscriptionTierId: data.scheduled ?? null,
			accountBalance: data.balance ?? '0',
			activeCouponId: data.couponId ?? null,
			searchesUsedThisMonth: 7,
			reportsUsedThisMonth: 3,
		},
	})
}

async function card(organizationId: string, number = '4242424242424242') {
	const saved = await new TestGateway().saveCard({ cardNumber: number, expiryMonth: '12', expiryYear: '39', cvv: '123', cardholderName: 'Test' })
	if (!saved.ok) throw new Error(saved.message)
	return prisma.paymentMethod.create({ data: { organizationId, brand: saved.value.brand, last4: saved.value.last4, expiryMonth: 12, expiryYear: 2039, cardholderName: 'Test', gatewayToken: saved.value.token } })
}

const invoicesOf = (organizationId: string) =>
	prisma.invoice.findMany({ where: { organizationId }, orderBy: { billingPeriodStart: 'asc' }, include: { lineItems: { orderBy: { createdAt: 'asc' } } } })

describe('runInvoicing', () => {
	test('at the period end: invoice with plan, pro-rated charge, coupon and credit; charged; counters reset', async () => {
		const coupon = await prisma.couponCode.create({ data: { code: `INV${randomBytes(4).toString('hex')}`, name: 'Ten', discountType: 'percentage', discountValue: '10' } })
		const o = await org({ createdAt: new Date('2030-01-10T09:00:00Z'), periodEnd: new Date('2030-02-10T09:00:00Z'), balance: '2.00', couponId: coupon.id })
		await card(o.id)
		await prisma.pendingCharge.create({ data: { organizationId: o.id, description: 'Pro-rated upgrade from Starter to Pro (15 days)', amount: '10.00', itemType: 'proration' } })
		const user = await prisma.user.create({ data: { email: `inv-${randomBytes(4).toString('hex')}@example.com`, organizationId: o.id, searchesUsedThisMonth: 9 } })

		// before the period end nothing happens
		await runInvoicing(new Date('2030-02-10T08:59:59Z'), { organizationIds: [o.id] })
		expect(await invoicesOf(o.id)).toHaveLength(0)

		const result = await runInvoicing(new Date('2030-02-10T09:00:00Z'), { organizationIds: [o.id] })
		expect(result).toMatchObject({ invoices: expect.any(Number) })
		const [invoice] = await invoicesOf(o.id)
		expect(invoice!.lineItems.map((l) => [l.itemType, l.description, l.totalPrice.toFixed(2)])).toEqual([
			['subscription', 'Pro plan (monthly)', '49.99'],
			['proration', 'Pro-rated upgrade from Starter to Pro (15 days)', '10.00'],
			['discount', `Coupon ${coupon.code}`, '-5.00'],
			['credit', 'Account balance applied', '-2.00'],
		])
		// 49.99 + 10.00 − 5.00 (10 % of 49.99, rounded) − 2.00
		expect(invoice!.totalAmount.toFixed(2)).toBe('52.99')
		expect(invoice!.status).toBe('paid')
		expect(invoice!.billingPeriodStart.toISOString()).toBe('2030-02-10T09:00:00.000Z')
		expect(invoice!.billingPeriodEnd.toISOString()).toBe('2030-03-10T09:00:00.000Z')
		const after = await prisma.organization.findUniqueOrThrow({ where: { id: o.id } })
		expect([after.searchesUsedThisMonth, after.reportsUsedThisMonth, after.accountBalance.toFixed(2)]).toEqual([0, 0, '0.00'])
		expect(after.currentPeriodEnd!.toISOString()).toBe('2030-03-10T09:00:00.000Z')
		expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).searchesUsedThisMonth).toBe(0)
		expect(await prisma.pendingCharge.count({ where: { organizationId: o.id, invoiceId: null } })).toBe(0)

		// running again at the same time issues nothing new
		await runInvoicing(new Date('2030-02-10T09:00:00Z'), { organizationIds: [o.id] })
		expect(await invoicesOf(o.id)).toHaveLength(1)
	})

	test('two concurrent runs (and two leased instances) issue each period once', async () => {
		const o = await org({ createdAt: new Date('2030-05-03T00:00:00Z'), periodEnd: new Date('2030-06-03T00:00:00Z') })
		const now = new Date('2030-06-03T12:00:00Z')
		await Promise.all([runInvoicing(now, { organizationIds: [o.id] }), runInvoicing(now, { organizationIds: [o.id] }), runInvoicing(now, { organizationIds: [o.id] })])
		expect(await invoicesOf(o.id)).toHaveLength(1)
		const run = (at: Date) => runInvoicing(at, { organizationIds: [o.id] })
		const name = `invoicing-test-${randomBytes(3).toString('hex')}`
		const later = new Date('2030-07-03T12:00:00Z')
		const outcomes = await Promise.all([runWithLease(name, run, { now: later, owner: 'a' }), runWithLease(name, run, { now: later, owner: 'b' })])
		expect(outcomes.filter((x) => x.ran)).toHaveLength(1)
		const invoices = await invoicesOf(o.id)
		expect(invoices.map((i) => i.billingPeriodStart.toISOString())).toEqual(['2030-06-03T00:00:00.000Z', '2030-07-03T00:00:00.000Z'])
		// no card on file: issued, left pending
		expect(invoices.map((i) => i.status)).toEqual(['pending', 'pending'])
	})

	test('after downtime every missed period is issued once, in order; the anchor day survives short months', async () => {
		const o = await org({ createdAt: new Date('2031-01-31T10:00:00Z'), periodEnd: new Date('2031-02-28T10:00:00Z') })
		await card(o.id)
		await runInvoicing(new Date('2031-05-01T00:00:00Z'), { organizationIds: [o.id] })
		const invoices = await invoicesOf(o.id)
		expect(invoices.map((i) => i.billingPeriodStart.toISOString().slice(0, 10))).toEqual(['2031-02-28', '2031-03-31', '2031-04-30'])
		expect(invoices.every((i) => i.status === 'paid' && i.totalAmount.toFixed(2) === '49.99')).toBe(true)
		await runInvoicing(new Date('2031-05-01T00:00:00Z'), { organizationIds: [o.id] })
		expect(await invoicesOf(o.id)).toHaveLength(3)
	})

	test('a scheduled downgrade takes effect at the period end and is billed at the new price', async () => {
		const o = await org({ createdAt: new Date('2030-03-05T00:00:00Z'), periodEnd: new Date('2030-04-05T00:00:00Z'), scheduled: 'starter' })
		await card(o.id)
		await runInvoicing(new Date('2030-04-05T00:00:01Z'), { organizationIds: [o.id] })
		const after = await prisma.organization.findUniqueOrThrow({ where: { id: o.id } })
		expect([after.subscriptionTierId, after.scheduledSubscriptionTierId]).toEqual(['starter', null])
		const [invoice] = await invoicesOf(o.id)
		expect([invoice!.subscriptionTierName, invoice!.totalAmount.toFixed(2)]).toEqual(['Starter', '29.99'])
	})

	test('a cancelled subscription ends at the period end: deactivated, cleanup in 30 days, no invoice', async () => {
		const o = await org({ createdAt: new Date('2030-08-01T00:00:00Z'), periodEnd: new Date('2030-09-01T00:00:00Z'), status: 'cancelled' })
		await runInvoicing(new Date('2030-08-31T00:00:00Z'), { organizationIds: [o.id] })
		expect((await prisma.organization.findUniqueOrThrow({ where: { id: o.id } })).isDeactivated).toBe(false)
		await runInvoicing(new Date('2030-09-02T00:00:00Z'), { organizationIds: [o.id] })
		const after = await prisma.organization.findUniqueOrThrow({ where: { id: o.id } })
		expect(after.isDeactivated).toBe(true)
		expect(after.deactivatedAt!.toISOString()).toBe('2030-09-01T00:00:00.000Z')
		expect(after.dataCleanupAt!.toISOString()).toBe('2030-10-01T00:00:00.000Z')
		expect(await invoicesOf(o.id)).toHaveLength(0)
	})

	test('free plans get no invoice but their counters reset monthly', async () => {
		const o = await org({ tierId: 'free', createdAt: new Date('2030-10-15T00:00:00Z'), periodEnd: null })
		await runInvoicing(new Date('2030-11-15T00:00:01Z'), { organizationIds: [o.id] })
		const after = await prisma.organization.findUniqueOrThrow({ where: { id: o.id } })
		expect(after.searchesUsedThisMonth).toBe(0)
		expect(after.currentPeriodEnd!.toISOString()).toBe('2030-12-15T00:00:00.000Z')
		expect(await invoicesOf(o.id)).toHaveLength(0)
	})

	test('a declined charge marks the invoice failed', async () => {
		const o = await org({ createdAt: new Date('2030-11-20T00:00:00Z'), periodEnd: new Date('2030-12-20T00:00:00Z') })
		await prisma.paymentMethod.create({ data: { organizationId: o.id, brand: 'Visa', last4: '0000', expiryMonth: 1, expiryYear: 2039, cardholderName: 'X', gatewayToken: 'tok_revoked' } })
		await runInvoicing(new Date('2030-12-20T00:00:00Z'), { organizationIds: [o.id] })
		const [invoice] = await invoicesOf(o.id)
		expect([invoice!.status, invoice!.notes, invoice!.paymentAttempts]).toEqual(['failed', 'Your card was declined.', 1])
		expect(invoice!.nextPaymentAttempt!.toISOString()).toBe('2030-12-23T00:00:00.000Z')

		// not due yet: no new attempt; due: tried again, at most 3 times in all
		await runInvoicing(new Date('2030-12-22T00:00:00Z'), { organizationIds: [o.id] })
		expect((await invoicesOf(o.id))[0]!.paymentAttempts).toBe(1)
		await runInvoicing(new Date('2030-12-23T00:00:00Z'), { organizationIds: [o.id] })
		await runInvoicing(new Date('2030-12-26T00:00:00Z'), { organizationIds: [o.id] })
		await runInvoicing(new Date('2030-12-29T00:00:00Z'), { organizationIds: [o.id] })
		const [after] = await invoicesOf(o.id)
		expect([after!.status, after!.paymentAttempts, after!.nextPaymentAttempt]).toEqual(['failed', 3, null])

		// a card that works: the next due retry of another declined invoice is paid
		const o2 = await org({ createdAt: new Date('2030-11-21T00:00:00Z'), periodEnd: new Date('2030-12-21T00:00:00Z') })
		const revoked = await prisma.paymentMethod.create({ data: { organizationId: o2.id, brand: 'Visa', last4: '0000', expiryMonth: 1, expiryYear: 2039, cardholderName: 'X', gatewayToken: 'tok_revoked' } })
		await runInvoicing(new Date('2030-12-21T00:00:00Z'), { organizationIds: [o2.id] })
		await prisma.paymentMethod.delete({ where: { id: revoked.id } })
		await card(o2.id)
		await runInvoicing(new Date('2030-12-24T00:00:00Z'), { organizationIds: [o2.id] })
		const [paid] = await invoicesOf(o2.id)
		expect([paid!.status, paid!.paymentAttempts]).toEqual(['paid', 2])
	})
})
