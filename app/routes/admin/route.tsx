// /admin (spec 3 §2): stat cards and seven sections as tabs. The section is in
// the URL (?tab=), dialogs and confirmations too (?edit=, ?confirm=), and every
// form posts to this action — so all of it works without JavaScript. The
// /api/admin/* paths call the same services with the same schemas, and the
// same permission checks (app/services/admin/access.server.ts) gate both.
// Each section is one file beside this one; the action's intents are in
// intents.server.ts.
import { useEffect } from 'react'
import { data } from 'react-router'
import type { Route } from './+types/route'
import { Page } from '~/components/page.tsx'
import { useToast } from '~/components/toaster.tsx'
import { ADMIN_SECTIONS, SECTION_LABELS, canUse, sectionsFor, type AdminSection } from '~/lib/admin.ts'
import { PLAN_FEATURE_KEYS } from '~/lib/plans.ts'
import { CustomerUserSearchSchema } from '~/lib/schemas/admin.ts'
import { adminAccessOf, contextFor, requireSection, ACCESS_DENIED } from '~/services/admin/access.server.ts'
import { listAllPosts } from '~/services/admin/blog.server.ts'
import { cleanupStats } from '~/services/admin/cleanup.server.ts'
import { listCoupons } from '~/services/admin/coupons.server.ts'
import { listCustomerUsers } from '~/services/admin/customers.server.ts'
import { listOrganizations, organizationChoices } from '~/services/admin/organizations.server.ts'
import { listRefundableInvoices } from '~/services/admin/refunds.server.ts'
import { listAllTiers } from '~/services/admin/plans.server.ts'
import { adminStats } from '~/services/admin/stats.server.ts'
import { listTeamMembers } from '~/services/admin/team.server.ts'
import { requireActor } from '~/services/auth.server.ts'
import { redirectWithToast } from '~/services/toast.server.ts'
import { HttpError } from '~/utils/http.server.ts'
import { BlogSection } from './blog.tsx'
import { CleanupSection } from './cleanup.tsx'
import { CouponsSection } from './coupons.tsx'
import { UsersSection } from './customers.tsx'
import { INTENTS, runIntent, valuesOf } from './intents.server.ts'
import { OrganizationsSection } from './organizations.tsx'
import { PlansSection } from './plans.tsx'
import { SectionTabs } from './section-tabs.tsx'
import { StatCards } from './stat-cards.tsx'
import { TeamSection } from './team.tsx'
import type { AdminActionData, AdminData, SectionProps } from './ui.tsx'

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
			return { ...base, organizations: await listOrganizations(), tiers: await listAllTiers(), refundable: base.params.invoices ? await listRefundableInvoices(ctx, base.params.invoices) : [] }
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

export async function action({ request }: Route.ActionArgs) {
	const actor = await requireActor(request)
	const access = await adminAccessOf(actor)
	if (!access) return data<AdminActionData>({ intent: '', error: ACCESS_DENIED, at: Date.now() }, { status: 403 })
	const ctx = contextFor(actor, access, request)
	const form = await request.formData()
	const intent = String(form.get('intent') ?? '')
	const id = String(form.get('id') ?? '')
	const spec = Object.hasOwn(INTENTS, intent) ? INTENTS[intent] : undefined
	if (!spec) return data<AdminActionData>({ intent, error: 'Unknown action', at: Date.now() }, { status: 400 })
	try {
		requireSection(ctx, spec.section)
		const done = await runIntent(ctx, intent, form, id)
		if (!done) return data<AdminActionData>({ intent, error: 'Unknown action', at: Date.now() }, { status: 400 })
		return redirectWithToast(`/admin?tab=${spec.section}${done.extra ?? ''}`, { title: done.title, description: done.description, type: 'success' })
	} catch (error) {
		if (!(error instanceof HttpError)) throw error
		return data<AdminActionData>(
			{ intent, id, error: error.message, toast: spec.fail, fields: error.fields ?? null, values: valuesOf(form), at: Date.now() },
			{ status: error.status },
		)
	}
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
	const data = loaderData as AdminData
	return (
		<Page title="Admin Panel" subtitle={data.role === 'account_admin' ? 'Manage the users of your organization' : 'Manage customers, plans and content'}>
			{data.stats ? <StatCards stats={data.stats} /> : null}
			{data.sections.length === 0 ? (
				<p role="alert" className="mt-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200">
					Your team member permissions do not include any admin section yet. Ask a site admin with full access to grant them.
				</p>
			) : (
				<>
					<SectionTabs sections={data.sections} tab={data.tab!} />
					{data.denied ? (
						<p role="alert" className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200">
							Your team member permissions do not include that section.
						</p>
					) : null}
					<section aria-labelledby="section-title" className="mt-6">
						<h2 id="section-title" className="sr-only">
							{SECTION_LABELS[data.tab!]}
						</h2>
						<Section data={data} actionData={actionData ?? null} />
					</section>
				</>
			)}
		</Page>
	)
}

const ACCESS_DENIED_TEXT = 'Access denied. You need admin privileges to view this page.'

function Section(props: SectionProps) {
	switch (props.data.tab) {
		case 'users':
			return <UsersSection {...props} />
		case 'organizations':
			return <OrganizationsSection {...props} />
		case 'plans':
			return <PlansSection {...props} />
		case 'coupons':
			return <CouponsSection {...props} />
		case 'team':
			return <TeamSection {...props} />
		case 'blog':
			return <BlogSection {...props} />
		case 'cleanup':
			return <CleanupSection {...props} />
		default:
			return null
	}
}
