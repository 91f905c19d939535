// Coupons (spec 3 §2, §5): admin CRUD of coupon_codes. Codes are stored upper
// case and unique; applying a coupon belongs to billing.
import { prisma, Prisma } from '~/db.server.ts'
import { checkDiscount, type CreateCouponInput, type EditCouponInput } from '~/lib/schemas/admin.ts'
import { badRequest, conflict, fieldErrorsFromZod, notFound } from '~/utils/http.server.ts'
import { z } from 'zod'
import { audit, type AdminContext } from './access.server.ts'
import { toClientCoupon } from '../coupons.server.ts'

export const COUPON_NOT_FOUND = 'Coupon not found'
export const COUPON_EXISTS = 'A coupon with this code already exists.'

type CouponRow = Prisma.CouponCodeGetPayload<object>

export function toAdminCoupon(c: CouponRow) {
	return {
		...toClientCoupon(c),
		freeSubscriptionTierId: c.freeSubscriptionTierId,
		validFrom: c.validFrom?.toISOString() ?? null,
		isActive: c.isActive,
		createdAt: c.createdAt.toISOString(),
	}
}
export type AdminCoupon = ReturnType<typeof toAdminCoupon>

export async function listCoupons() {
	const rows = await prisma.couponCode.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], take: 1000 })
	return rows.map(toAdminCoupon)
}

async function requireFreeTier(id: string | null | undefined) {
	if (!id) return
	if (!(await prisma.subscriptionTier.findUnique({ where: { id }, select: { id: true } }))) {
		throw badRequest('Invalid input', { freeSubscriptionTierId: 'Subscription plan not found' })
	}
}

export async function createCoupon(ctx: AdminContext, input: CreateCouponInput) {
	await requireFreeTier(input.discountType === 'free_tier' ? input.freeSubscriptionTierId : null)
	try {
		const coupon = await prisma.$transaction(async (tx) => {
			if (await tx.couponCode.findUnique({ where: { code: input.code }, select: { id: true } })) throw conflict(COUPON_EXISTS, { code: COUPON_EXISTS })
			const created = await tx.couponCode.create({
				data: {
					...input,
					description: input.description || null,
					discountValue: input.discountType === 'free_tier' ? 0 : input.discountValue,
					freeSubscriptionTierId: input.discountType === 'free_tier' ? input.freeSubscriptionTierId : null,
					createdBy: ctx.auditUserId,
				},
			})
			await audit(ctx, { action: 'admin.coupon.create', targetType: 'coupon', targetId: created.id, details: { code: input.code } }, tx)
			return created
		})
		return toAdminCoupon(coupon)
	} catch (error) {
		if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw conflict(COUPON_EXISTS, { code: COUPON_EXISTS })
		throw error
	}
}

export async function updateCoupon(ctx: AdminContext, id: string, input: EditCouponInput) {
	const row = await prisma.couponCode.findUnique({ where: { id } })
	if (!row) throw notFound(COUPON_NOT_FOUND)
	// the discount rules apply to the coupon as it will be after the change
	const merged = {
		discountType: input.discountType ?? row.discountType,
		discountValue: input.discountValue ?? Number(row.discountValue),
		freeSubscriptionTierId: input.freeSubscriptionTierId !== undefined ? input.freeSubscriptionTierId : row.freeSubscriptionTierId,
	}
	const check = z.any().superRefine((v, ctx2) => checkDiscount(v, ctx2)).safeParse(merged)
	if (!check.success) throw badRequest('Invalid input', fieldErrorsFromZod(check.error))
	await requireFreeTier(merged.discountType === 'free_tier' ? merged.freeSubscriptionTierId : null)
	const coupon = await prisma.$transaction(async (tx) => {
		const updated = await tx.couponCode.update({ where: { id }, data: input })
		await audit(ctx, { action: 'admin.coupon.update', targetType: 'coupon', targetId: id, details: { fields: Object.keys(input) } }, tx)
		return updated
	})
	return toAdminCoupon(coupon)
}

export async function deleteCoupon(ctx: AdminContext, id: string) {
	return prisma.$transaction(async (tx) => {
		const row = await tx.couponCode.findUnique({ where: { id }, select: { code: true } })
		if (!row) throw notFound(COUPON_NOT_FOUND)
		const active = await tx.organization.count({ where: { activeCouponId: id } })
		if (active) {
			throw conflict(`This coupon cannot be deleted: ${active} organization${active === 1 ? ' is' : 's are'} using it. Set it inactive instead to stop new redemptions.`)
		}
		// invoices keep the code they were issued with (appliedCouponCode)
		await tx.couponCode.delete({ where: { id } })
		await audit(ctx, { action: 'admin.coupon.delete', targetType: 'coupon', targetId: id, details: { code: row.code } }, tx)
		return { success: true, id }
	})
}
