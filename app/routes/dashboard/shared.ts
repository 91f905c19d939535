// What the dashboard's route module, its panels and its dialogs share: the
// action's reply, the URL of a list state, names and dates. Isomorphic.
import type { SubmissionResult } from '@conform-to/react'
import type { ShareCreated } from '~/components/share/share-dialog.tsx'
import { DashboardQuerySchema, type DashboardQuery } from '~/lib/schemas/account.ts'
import type { Route } from './+types/route'
import { shortDate } from '~/lib/dates.ts'

export type LoaderData = Route.ComponentProps['loaderData']

export type Intent = 'rename' | 'delete' | 'invite' | 'editUser' | 'removeUser' | 'resetPassword' | 'cancelInvitation' | 'changePassword' | 'changeSubscription' | 'share' | 'revokeShare' | 'leadStatus' | 'openLead'
export type ActionData = { intent: Intent; result: SubmissionResult<string[]>; toast?: { title: string; description: string }; created?: ShareCreated }

export function readQuery(url: URL): DashboardQuery {
	return DashboardQuerySchema.parse(Object.fromEntries(url.searchParams))
}

/** A dashboard URL with the current query changed; page resets unless given. */
export function hrefWith(query: DashboardQuery, changes: Record<string, string | number | null>) {
	const params = new URLSearchParams()
	if (query.q) params.set('q', query.q)
	if (query.sort !== 'newest') params.set('sort', query.sort)
	if (query.page > 1) params.set('page', String(query.page))
	if (query.leadStatus) params.set('leadStatus', query.leadStatus)
	if (query.leadPage > 1) params.set('leadPage', String(query.leadPage))
	for (const [key, value] of Object.entries(changes)) {
		if (value === null || value === '') params.delete(key)
		else params.set(key, String(value))
	}
	const search = params.toString()
	return `/dashboard${search ? `?${search}` : ''}`
}

export const formatDate = shortDate
export const measurementName = (m: { id: string; label: string | null }) => m.label || `Measurement ${m.id.slice(0, 8)}`
