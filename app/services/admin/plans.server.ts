// Subscription Plans (spec 3 §2, §5): admin CRUD of subscription_tiers. The id
// is chosen at creation and never changes; null limits mean unlimited.
import { prisma, Prisma } from '~/db.server.ts'
import type { CreateTierInput, EditTierInput } from '~/lib/schemas/admin.ts'
import { conflict, notFound } from '~/utils/http.server.ts'
import { toApiTier } from '../tiers.server.ts'
import { audit, type AdminContext } from './access.server.ts'

export const TIER_NOT_FOUND = 'Subscription plan not found'
export const TIER_EXISTS = 'A plan with this id already exists.'

type TierRow = Prisma.SubscriptionTierGetPayload<object>

export function toAdminTier(t: TierRow) {
	return { ...toApiTier(t), createdAt: t.createdAt.toISOString() }
}
export type AdminTier = ReturnType<typeof toAdminTier>

/** Every plan, including inactive and unlisted ones (the public list shows active only). */
export async function listAllTiers() {
	const rows = await prisma.subscriptionTier.findMany({ orderBy: [{ monthlyPrice: 'asc' }, { id: 'asc' }] })
	return rows.map(toAdminTier)
}

export async function createTier(ctx: AdminContext, input: CreateTierInput) {
	try {
		const tier = await prisma.$transaction(async (tx) => {
			if (await tx.subscriptionTier.findUnique({ where: { id: input.id }, select: { id: true } })) throw conflict(TIER_EXISTS, { id: TIER_EXISTS })
			const created = await tx.subscriptionTier.create({ data: { ...input, description: input.description ?? '' } })
			await audit(ctx, { action: 'admin.tier.create', targetType: 'subscription_tier', targetId: input.id, details: { name: input.name } }, tx)
			return created
		})
		return toAdminTier(tier)
	} catch (error) {
		if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw conflict(TIER_EXISTS, { id: TIER_EXISTS })
		throw error
	}
}

export async function updateTier(ctx: AdminContext, id: string, input: EditTierInput) {
	if (!(await prisma.subscriptionTier.findUnique({ where: { id }, select: { id: true } }))) throw notFound(TIER_NOT_FOUND)
	const tier = await prisma.$transaction(async (tx) => {
		const updated = await tx.subscriptionTier.update({ where: { id }, data: input })
		await audit(ctx, { action: 'admin.tier.update', targetType: 'subscription_tier', targetId: id, details: { fields: Object.keys(input) } }, tx)
		return updated
	})
	return toAdminTier(tier)
}

export function tierInUseMessage(organizations: number, scheduled: number, coupons: number) {
	const parts: string[] = []
	if (organizations) parts.push(`${organizations} organization${organizations === 1 ? ' is' : 's are'} on this plan`)
	if (scheduled) parts.push(`${scheduled} organization${scheduled === 1 ? ' has' : 's have'} a change to it scheduled`)
	if (coupons) parts.push(`${coupons} coupon${coupons === 1 ? ' grants' : 's grant'} it`)
	return `This plan cannot be deleted: ${parts.join(', ')}. Move them to another plan first.`
}

export async function deleteTier(ctx: AdminContext, id: string) {
	return prisma.$transaction(async (tx) => {
		// lock the row so no organization can move onto the plan mid-delete
		const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM subscription_tiers WHERE id = ${id} FOR UPDATE`
		if (locked.length === 0) throw notFound(TIER_NOT_FOUND)
		const [organizations, scheduled, coupons] = await Promise.all([
			tx.organization.count({ where: { subscriptionTierId: id } }),
			tx.organization.count({ where: { scheduledSubscriptionTierId: id } }),
			tx.couponCode.count({ where: { freeSubscriptionTierId: id } }),
		])
		if (organizations || scheduled || coupons) throw conflict(tierInUseMessage(organizations, scheduled, coupons))
		await tx.subscriptionTier.delete({ where: { id } })
		await audit(ctx, { action: 'admin.tier.delete', targetType: 'subscription_tier', targetId: id }, tx)
		return { success: true, id }
	})
}
