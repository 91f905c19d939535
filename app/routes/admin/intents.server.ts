// The admin panel's form intents: for each, its section (the permission it
// needs), its failure toast (spec 3 §8) and the service call it makes. The
// /api/admin/* paths call the same services with the same schemas.
import type { AdminSection } from '~/lib/admin.ts'
import { formatCents, toCents } from '~/lib/pricing.ts'
import {
	BlogPostSchema,
	BlogPostUpdateSchema,
	CreateCouponSchema,
	CreateCustomerUserSchema,
	CreateOrganizationSchema,
	CreateTeamMemberSchema,
	CreateTierSchema,
	EditCouponSchema,
	EditCustomerUserSchema,
	EditOrganizationSchema,
	EditTeamMemberSchema,
	EditTierSchema,
	RefundSchema,
} from '~/lib/schemas/admin.ts'
import type { AdminContext } from '~/services/admin/access.server.ts'
import { createPost, deletePost, updatePost } from '~/services/admin/blog.server.ts'
import { triggerCleanup } from '~/services/admin/cleanup.server.ts'
import { createCoupon, deleteCoupon, updateCoupon } from '~/services/admin/coupons.server.ts'
import { createCustomerUser, deleteCustomerUser, updateCustomerUser } from '~/services/admin/customers.server.ts'
import { formFields, parseForm } from '~/services/admin/forms.server.ts'
import { adminDeactivateOrganization, adminReactivateOrganization, createOrganization, deleteOrganization, updateOrganization } from '~/services/admin/organizations.server.ts'
import { createTier, deleteTier, updateTier } from '~/services/admin/plans.server.ts'
import { refundInvoice } from '~/services/admin/refunds.server.ts'
import { createTeamMember, deleteTeamMember, updateTeamMember } from '~/services/admin/team.server.ts'

/** What a handled intent tells the action: its success toast and any query to keep (`&page=2`). */
export type Done = { title: string; description?: string; extra?: string }

/** Each form's section (the permission it needs) and its failure toast (spec 3 §8). */
export const INTENTS: Record<string, { section: AdminSection; fail: string }> = {
	'user-create': { section: 'users', fail: 'Error creating customer user' },
	'user-update': { section: 'users', fail: 'Error updating user' },
	'user-delete': { section: 'users', fail: 'Error deleting user' },
	'org-create': { section: 'organizations', fail: 'Error creating organization' },
	'org-update': { section: 'organizations', fail: 'Error updating organization' },
	'org-deactivate': { section: 'organizations', fail: 'Error deactivating organization' },
	'org-reactivate': { section: 'organizations', fail: 'Error reactivating organization' },
	'org-delete': { section: 'organizations', fail: 'Error deleting organization' },
	'invoice-refund': { section: 'organizations', fail: 'Error refunding invoice' },
	'plan-create': { section: 'plans', fail: 'Error creating subscription tier' },
	'plan-update': { section: 'plans', fail: 'Error updating subscription tier' },
	'plan-delete': { section: 'plans', fail: 'Error deleting subscription tier' },
	'coupon-create': { section: 'coupons', fail: 'Error creating coupon' },
	'coupon-update': { section: 'coupons', fail: 'Error updating coupon' },
	'coupon-delete': { section: 'coupons', fail: 'Error deleting coupon' },
	'team-create': { section: 'team', fail: 'Error creating team member' },
	'team-update': { section: 'team', fail: 'Error updating team member' },
	'team-delete': { section: 'team', fail: 'Error deleting team member' },
	'post-create': { section: 'blog', fail: 'Failed to create blog post' },
	'post-update': { section: 'blog', fail: 'Failed to update blog post' },
	'post-delete': { section: 'blog', fail: 'Failed to delete blog post' },
	'cleanup-trigger': { section: 'cleanup', fail: 'Failed to trigger cleanup' },
}

/** Runs one intent of INTENTS (its section already checked); services throw HttpError when they refuse. */
export async function runIntent(ctx: AdminContext, intent: string, form: FormData, id: string): Promise<Done | null> {
	switch (intent) {
		case 'user-create':
			await createCustomerUser(ctx, await parseForm(fieldsOf(form), CreateCustomerUserSchema))
			return { title: 'Customer user created successfully' }
		case 'user-update':
			await updateCustomerUser(ctx, id, await parseForm(fieldsOf(form), EditCustomerUserSchema))
			return { title: 'User updated successfully' }
		case 'user-delete':
			await deleteCustomerUser(ctx, id)
			return { title: 'User deleted successfully' }
		case 'org-create':
			await createOrganization(ctx, await parseForm(fieldsOf(form), CreateOrganizationSchema))
			return { title: 'Organization created successfully' }
		case 'org-update':
			await updateOrganization(ctx, id, await parseForm(fieldsOf(form), EditOrganizationSchema))
			return { title: 'Organization updated successfully' }
		case 'org-deactivate':
			await adminDeactivateOrganization(ctx, id)
			return { title: 'Organization deactivated successfully' }
		case 'invoice-refund': {
			const { invoice, refundedCents } = await refundInvoice(ctx, id, await parseForm(fieldsOf(form), RefundSchema))
			return { title: 'Invoice refunded', description: `${formatCents(refundedCents)} of ${invoice.invoiceNumber} refunded (${formatCents(toCents(invoice.refundedAmount))} in all).` }
		}
		case 'org-reactivate':
			await adminReactivateOrganization(ctx, id)
			return { title: 'Organization reactivated successfully' }
		case 'org-delete':
			await deleteOrganization(ctx, id)
			return { title: 'Organization deleted successfully' }
		case 'plan-create':
			await createTier(ctx, await parseForm(fieldsOf(form, ['features'], { keepId: true }), CreateTierSchema))
			return { title: 'Subscription tier created successfully' }
		case 'plan-update':
			await updateTier(ctx, id, await parseForm(fieldsOf(form, ['features']), EditTierSchema))
			return { title: 'Subscription tier updated successfully' }
		case 'plan-delete':
			await deleteTier(ctx, id)
			return { title: 'Subscription tier deleted successfully' }
		case 'coupon-create':
			await createCoupon(ctx, await parseForm(fieldsOf(form), CreateCouponSchema))
			return { title: 'Coupon created successfully' }
		case 'coupon-update':
			await updateCoupon(ctx, id, await parseForm(fieldsOf(form), EditCouponSchema))
			return { title: 'Coupon updated successfully' }
		case 'coupon-delete':
			await deleteCoupon(ctx, id)
			return { title: 'Coupon deleted successfully' }
		case 'team-create':
			await createTeamMember(ctx, await parseForm(fieldsOf(form), CreateTeamMemberSchema))
			return { title: 'Team member created successfully' }
		case 'team-update':
			await updateTeamMember(ctx, id, await parseForm(fieldsOf(form), EditTeamMemberSchema))
			return { title: 'Team member updated successfully' }
		case 'team-delete':
			await deleteTeamMember(ctx, id)
			return { title: 'Team member deleted successfully' }
		case 'post-create':
			await createPost(ctx, await parseForm(fieldsOf(form), BlogPostSchema))
			return { title: 'Blog post created successfully' }
		case 'post-update':
			await updatePost(ctx, id, await parseForm(fieldsOf(form), BlogPostUpdateSchema))
			return { title: 'Blog post updated successfully', extra: pageParam(form) }
		case 'post-delete':
			await deletePost(ctx, id)
			return { title: 'Blog post deleted successfully', extra: pageParam(form) }
		case 'cleanup-trigger': {
			const result = await triggerCleanup(ctx)
			return { title: 'Cleanup completed', description: result.message }
		}
		default:
			return null
	}
}

/** Unticked boxes send nothing: the form lists its boxes in `_checkboxes` so they read as off. */
function fieldsOf(form: FormData, arrays: string[] = [], { keepId = false } = {}) {
	const boxes = String(form.get('_checkboxes') ?? '').split(',').filter(Boolean)
	const fields = formFields(form, { arrays, omit: ['intent', '_checkboxes', 'page', ...(keepId ? [] : ['id'])] })
	for (const box of boxes) fields[box] = form.get(box) === 'on' ? 'on' : 'off'
	return fields
}

function pageParam(form: FormData) {
	const page = Number.parseInt(String(form.get('page') ?? ''), 10)
	return page > 1 ? `&page=${page}` : ''
}

/** What the user typed, so a refused form comes back filled in (never passwords: there are none here). */
export function valuesOf(form: FormData): Record<string, string | string[]> {
	const out: Record<string, string | string[]> = {}
	for (const key of new Set(form.keys())) {
		const all = form.getAll(key).filter((v): v is string => typeof v === 'string')
		out[key] = all.length > 1 || key === 'features' ? all : (all[0] ?? '')
	}
	return out
}
