// Coupon validation and use (spec 2 §4, §7). The admin CRUD lives under
// app/services/admin/; here: checking a code and counting a use atomically.
import { prisma, type Prisma } from '~/db.server.ts'
import { badRequest, notFound } from '~/utils/http.server.ts'
import type { ClientUser } from './users.server.ts'
import { ORGANIZATION_NOT_FOUND } from './organizations.server.ts'

export const INVALID_COUPON = 'Invalid coupon code'
export const COUPON_EXPIRED = 'This coupon has expired'
export const COUPON_NOT_YET_VALID = 'This coupon is not valid yet'
export const COUPON_EXHAUSTED = 'This coupon has reached its maximum number of uses'
export const COUPON_NOT_ELIGIBLE = 'This coupon is not valid for the selected plan'

type CouponRow = {
	id: string
	code: string
	name: string
	description: string | null
	discountType: string
	discountValue: Prisma.Decimal
	freeSubscriptionTierId: string | null
	eligibleTierIds: string[]
	maxUses: number | null
	usedCount: number
	validFrom: Date | null
	validUntil: Date | null
	isActive: boolean
}

/** The coupon object of POST /api/coupons/validate and GET …/active-coupon. */
export function toClientCoupon(c: CouponRow) {
	return {
		id: c.id,
		code: c.code,
		name: c.name,
		description: c.description,
		discountType: c.discountType,
		discountValue: c.discountValue.toFixed(2),
		eligibleTierIds: c.eligibleTierIds,
		maxUses: c.maxUses,
		usedCount: c.usedCount,
		validUntil: c.validUntil?.toISOString() ?? null,
	}
}
export type ClientCoupon = ReturnType<typeof toClientCoupon>

/** Codes are matched case-insensitively (people type them). */
function findByCode(db: Pick<typeof prisma, 'couponCode'>, code: string) {
	return db.couponCode.findFirst({ where: { code: { equals: code.trim(), mode: 'insensitive' } } })
}

/** Why a coupon can't be used now, or null when it can. */
export function couponProblem(c: CouponRow | null, now: Date): string | null {
	if (!c || !c.isActive) return INVALID_COUPON
	if (c.validUntil && c.validUntil.getTime() <= now.getTime()) return COUPON_EXPIRED
	if (c.validFrom && c.validFrom.getTime() > now.getTime()) return COUPON_NOT_YET_VALID
	if (c.maxUses !== null && c.usedCount >= c.maxUses) return COUPON_EXHAUSTED
	return null
}

/** POST /api/coupons/validate: the coupon if it can be used now, else 400 {error}. */
export async function validateCoupon(code: string, now = new Date()) {
	const coupon = await findByCode(prisma, code)
	const problem = couponProblem(coupon, now)
	if (problem) throw badRequest(problem)
	return toClientCoupon(coupon!)
}

/**
 * A coupon that can be used now, read inside the caller's transaction without
 * counting a use (an upgrade paid through Stripe counts it when it is paid).
 */
export async function findUsableCoupon(tx: Prisma.TransactionClient, code: string, now: Date): Promise<CouponRow> {
	const coupon = await findByCode(tx, code)
	const problem = couponProblem(coupon, now)
	if (problem) throw badRequest(problem)
	return coupon!
}

/**
 * Counts one use of a coupon inside the caller's transaction. One conditional
 * UPDATE: of any number of concurrent requests exactly maxUses succeed; an
 * expired, inactive or not-yet-valid coupon changes nothing.
 */
export async function claimCoupon(tx: Prisma.TransactionClient, code: string, now: Date): Promise<CouponRow> {
	const rows = await tx.$queryRaw<CouponRow[]>`
		UPDATE coupon_codes SET "usedCount" = "usedCount" + 1, "updatedAt" = now()
		WHERE lower(code) = lower(${code.trim()}) AND "isActive"
			AND ("maxUses" IS NULL OR "usedCount" < "maxUses")
			AND ("validUntil" IS NULL OR "validUntil" > ${now})
			AND ("validFrom" IS NULL OR "validFrom" <= ${now})
		RETURNING id, code, name, description, "discountType", "discountValue", "freeSubscriptionTierId", "eligibleTierIds",
			"maxUses", "usedCount", "validFrom", "validUntil", "isActive"`
	if (rows.length === 1) return rows[0]!
	throw badRequest(couponProblem(await findByCode(tx, code), now) ?? COUPON_EXHAUSTED)
}

/** GET /api/organizations/{id}/active-coupon: {coupon} or {coupon: null}. */
export async function getActiveCoupon(user: ClientUser, organizationId: string) {
	if (user.organizationId !== organizationId) throw notFound(ORGANIZATION_NOT_FOUND)
	const org = await prisma.organization.findUnique({ where: { id: organizationId }, select: { activeCoupon: true } })
	if (!org) throw notFound(ORGANIZATION_NOT_FOUND)
	return { coupon: org.activeCoupon ? toClientCoupon(org.activeCoupon) : null }
}
