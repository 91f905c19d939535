// /admin (spec 3 §2): stat cards and seven sections as tabs. The section is in
// the URL (?tab=), dialogs and confirmations too (?edit=, ?confirm=), and every
// form posts to this action — so all of it works without JavaScript. The
// /api/admin/* paths call the same services with the same schemas, and the
// same permission checks (app/services/admin/access.server.ts) gate both.
import { useEffect } from 'react'
import { data } from 'react-router'
import type { Route } from './+types/admin'
import { AdminScreen, type AdminActionData } from '~/components/admin/admin-screen.tsx'
import { Page } from '~/components/page.tsx'
import { useToast } from '~/components/toaster.tsx'
import { ADMIN_SECTIONS, canUse, sectionsFor, type AdminSection } from '~/lib/admin.ts'
import { PLAN_FEATURE_KEYS } from '~/lib/plans.ts'
import {
	BlogPostSchema,
	BlogPostUpdateSchema,
	CreateCouponSchema,
	CreateCustomerUserSchema,
	CreateOrganizationSchema,
	CreateTeamMemberSchema,
	CreateTierSchema,
	CustomerUserSearchSchema,
	EditCouponSchema,
	EditCustomerUserSchema,
	EditOrganizationSchema,
	EditTeamMemberSchema,
	EditTierSchema,
} from '~/lib/schemas/admin.ts'
import { adminAccessOf, contextFor, requireSection, ACCESS_DENIED } from '~/services/admin/access.server.ts'
import { createPost, deletePost, listAllPosts, updatePost } from '~/services/admin/blog.server.ts'
import { cleanupStats, triggerCleanup } from '~/services/admin/cleanup.server.ts'
import { createCoupon, deleteCoupon, listCoupons, updateCoupon } from '~/services/admin/coupons.server.ts'
import { createCustomerUser, deleteCustomerUser, listCustomerUsers, updateCustomerUser } from '~/services/admin/customers.server.ts'
import { formFields, parseForm } from '~/services/admin/forms.server.ts'
import {
	adminDeactivateOrganization,
	adminReactivateOrganization,
	createOrganization,
	deleteOrganization,
	listOrganizations,
	organizationChoices,
	updateOrganization,
} from '~/services/admin/organizations.server.ts'
import { createTier, deleteTier, listAllTiers, updateTier } from '~/services/admin/plans.server.ts'
import { adminStats } from '~/services/admin/stats.server.ts'
import { createTeamMember, deleteTeamMember, listTeamMembers, updateTeamMember } from '~/services/admin/team.server.ts'
import { requireActor } from '~/services/auth.server.ts'
import { redirectWithToast } from '~/services/toast.server.ts'
import { HttpError } from '~/utils/http.server.ts'

export const meta: Route.MetaFunction = () => [{ title: 'Admin Panel | Yardstick' }]

export const BLOG_PAGE_SIZE = 10

function readTab(url: URL, allowed: AdminSection[]): AdminSection | null {
	const requested = url.searchParams.get('tab') as AdminSection | null
	if (requested && allowed.includes(requested)) return requested
	return allowed[0] ?? null
}

export async function loader({ request }: Route.LoaderArgs) {
	const actor = await requireActor(request)
	const access = await adminAccessOf(actor)
	if (!access) return data({ allowed: false as const }, { status: 403 })
	const ctx = contextFor(actor, access, request)
	const url = new URL(request.url)
	const sections = sectionsFor(access)
	const requested = url.searchParams.get('tab')
	const tab = readTab(url, sections)
	// a section the staff flags don't open: say so instead of silently showing another
	const denied = requested !== null && ADMIN_SECTIONS.includes(requested as AdminSection) && !sections.includes(requested as AdminSection)
	const stats = canUse(access, 'stats') ? await adminStats(ctx) : null
	const base = {
		allowed: true as const,
		role: access.role,
		sections,
		tab,
		denied,
		stats,
		canMasquerade: canUse(access, 'masquerade'),
		selfId: actor.user.id,
		params: Object.fromEntries(url.searchParams),
	}
	switch (tab) {
		case 'users': {
			const query = CustomerUserSearchSchema.safeParse(Object.fromEntries(url.searchParams))
			const filters = query.success ? query.data : { search: '', role: 'all' as const }
			return {
				...base,
				users: await listCustomerUsers(ctx, filters),
				filters,
				organizations: await organizationChoices(access.role === 'account_admin' ? access.organizationId : null),
			}
		}
		case 'organizations':
			return { ...base, organizations: await listOrganizations(), tiers: await listAllTiers() }
		case 'plans':
			return { ...base, tiers: await listAllTiers(), featureKeys: [...PLAN_FEATURE_KEYS] }
		case 'coupons':
			return { ...base, coupons: await listCoupons(), tiers: await listAllTiers() }
		case 'team':
			return { ...base, team: await listTeamMembers(), organizations: await organizationChoices() }
		case 'blog': {
			const page = Math.max(1, Math.min(100_000, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1))
			return { ...base, blog: await listAllPosts({ page, limit: BLOG_PAGE_SIZE }) }
		}
		case 'cleanup':
			return { ...base, cleanup: await cleanupStats() }
		default:
			return base
	}
}

export type AdminLoaderData = Exclude<Awaited<ReturnType<typeof loader>>, { data: unknown }>

type Intent = { section: AdminSection | 'masquerade'; fail: string }

/** Each form's section (its permission) and its failure toast (spec 3 §8). */
const INTENTS: Record<string, Intent> = {
	'user-create': { section: 'users', fail: 'Error creating customer user' },
	'user-update': { section: 'users', fail: 'Error updating user' },
	'user-delete': { section: 'users', fail: 'Error deleting user' },
	'org-create': { section: 'organizations', fail: 'Error creating organization' },
	'org-update': { section: 'organizations', fail: 'Error updating organization' },
	'org-deactivate': { section: 'organizations', fail: 'Error deactivating organization' },
	'org-reactivate': { section: 'organizations', fail: 'Error reactivating organization' },
	'org-delete': { section: 'organizations', fail: 'Error deleting organization' },
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

/** Unticked boxes send nothing: the form lists its boxes in `_checkboxes` so they read as off. */
function fieldsOf(form: FormData, arrays: string[] = [], { keepId = false } = {}) {
	const boxes = String(form.get('_checkboxes') ?? '').split(',').filter(Boolean)
	const fields = formFields(form, { arrays, omit: ['intent', '_checkboxes', 'page', ...(keepId ? [] : ['id'])] })
	for (const box of boxes) fields[box] = form.get(box) === 'on' ? 'on' : 'off'
	return fields
}

export async function action({ request }: Route.ActionArgs) {
	const actor = await requireActor(request)
	const access = await adminAccessOf(actor)
	if (!access) return data<AdminActionData>({ intent: '', error: ACCESS_DENIED, at: Date.now() }, { status: 403 })
	const ctx = contextFor(actor, access, request)
	const form = await request.formData()
	const intent = String(form.get('intent') ?? '')
	const id = String(form.get('id') ?? '')
	const spec = INTENTS[intent]
	if (!spec) return data<AdminActionData>({ intent, error: 'Unknown action', at: Date.now() }, { status: 400 })
	const section = spec.section as AdminSection
	const back = (extra = '') => `/admin?tab=${section}${extra}`
	const ok = (title: string, extra = '') => redirectWithToast(back(extra), { title, type: 'success' })
	try {
		requireSection(ctx, spec.section)
		switch (intent) {
			case 'user-create':
				await createCustomerUser(ctx, await parseForm(fieldsOf(form), CreateCustomerUserSchema))
				return ok('Customer user created successfully')
			case 'user-update':
				await updateCustomerUser(ctx, id, await parseForm(fieldsOf(form), EditCustomerUserSchema))
				return ok('User updated successfully')
			case 'user-delete':
				await deleteCustomerUser(ctx, id)
				return ok('User deleted successfully')
			case 'org-create':
				await createOrganization(ctx, await parseForm(fieldsOf(form), CreateOrganizationSchema))
				return ok('Organization created successfully')
			case 'org-update':
				await updateOrganization(ctx, id, await parseForm(fieldsOf(form), EditOrganizationSchema))
				return ok('Organization updated successfully')
			case 'org-deactivate':
				await adminDeactivateOrganization(ctx, id)
				return ok('Organization deactivated successfully')
			case 'org-reactivate':
				await adminReactivateOrganization(ctx, id)
				return ok('Organization reactivated successfully')
			case 'org-delete':
				await deleteOrganization(ctx, id)
				return ok('Organization deleted successfully')
			case 'plan-create':
				await createTier(ctx, await parseForm(fieldsOf(form, ['features'], { keepId: true }), CreateTierSchema))
				return ok('Subscription tier created successfully')
			case 'plan-update':
				await updateTier(ctx, id, await parseForm(fieldsOf(form, ['features']), EditTierSchema))
				return ok('Subscription tier updated successfully')
			case 'plan-delete':
				await deleteTier(ctx, id)
				return ok('Subscription tier deleted successfully')
			case 'coupon-create':
				await createCoupon(ctx, await parseForm(fieldsOf(form), CreateCouponSchema))
				return ok('Coupon created successfully')
			case 'coupon-update':
				await updateCoupon(ctx, id, await parseForm(fieldsOf(form), EditCouponSchema))
				return ok('Coupon updated successfully')
			case 'coupon-delete':
				await deleteCoupon(ctx, id)
				return ok('Coupon deleted successfully')
			case 'team-create':
				await createTeamMember(ctx, await parseForm(fieldsOf(form), CreateTeamMemberSchema))
				return ok('Team member created successfully')
			case 'team-update':
				await updateTeamMember(ctx, id, await parseForm(fieldsOf(form), EditTeamMemberSchema))
				return ok('Team member updated successfully')
			case 'team-delete':
				await deleteTeamMember(ctx, id)
				return ok('Team member deleted successfully')
			case 'post-create':
				await createPost(ctx, await parseForm(fieldsOf(form), BlogPostSchema))
				return ok('Blog post created successfully')
			case 'post-update':
				await updatePost(ctx, id, await parseForm(fieldsOf(form), BlogPostUpdateSchema))
				return ok('Blog post updated successfully', pageParam(form))
			case 'post-delete':
				await deletePost(ctx, id)
				return ok('Blog post deleted successfully', pageParam(form))
			case 'cleanup-trigger': {
				const result = await triggerCleanup(ctx)
				return redirectWithToast(back(), { title: 'Cleanup completed', description: result.message, type: 'success' })
			}
		}
	} catch (error) {
		if (!(error instanceof HttpError)) throw error
		return data<AdminActionData>(
			{ intent, id, error: error.message, toast: spec.fail, fields: error.fields ?? null, values: valuesOf(form), at: Date.now() },
			{ status: error.status },
		)
	}
	return data<AdminActionData>({ intent, error: 'Unknown action', at: Date.now() }, { status: 400 })
}

function pageParam(form: FormData) {
	const page = Number.parseInt(String(form.get('page') ?? ''), 10)
	return page > 1 ? `&page=${page}` : ''
}

/** What the user typed, so a refused form comes back filled in (never passwords: there are none here). */
function valuesOf(form: FormData): Record<string, string | string[]> {
	const out: Record<string, string | string[]> = {}
	for (const key of new Set(form.keys())) {
		const all = form.getAll(key).filter((v): v is string => typeof v === 'string')
		out[key] = all.length > 1 || key === 'features' ? all : (all[0] ?? '')
	}
	return out
}

export default function Admin({ loaderData, actionData }: Route.ComponentProps) {
	const toast = useToast()
	useEffect(() => {
		if (actionData?.toast) toast({ type: 'destructive', title: actionData.toast, description: actionData.error })
	}, [actionData, toast])
	if (!loaderData.allowed) {
		return (
			<Page title="Admin Panel">
				<p role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
					{ACCESS_DENIED_TEXT}
				</p>
			</Page>
		)
	}
	return <AdminScreen data={loaderData as AdminLoaderData & { allowed: true }} actionData={actionData ?? null} />
}

const ACCESS_DENIED_TEXT = 'Access denied. You need admin privileges to view this page.'

