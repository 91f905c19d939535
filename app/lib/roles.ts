// Roles and what the header/menu offers each (spec 1 §6, spec 2 §6). Pure.
export const ROLES = ['site_admin', 'account_admin', 'member', 'user'] as const
export type Role = (typeof ROLES)[number]

export const isSiteAdmin = (role: string) => role === 'site_admin'
export const isAdminRole = (role: string) => role === 'site_admin' || role === 'account_admin'

export function roleLabel(role: string): string {
	if (role === 'site_admin') return 'Site Admin'
	if (role === 'account_admin') return 'Account Admin'
	return 'Member'
}

/** Where a user lands after signing in (spec 1 §4). */
export function homeForRole(role: string): string {
	return isAdminRole(role) ? '/admin' : '/measure'
}

export type MenuItem = { label: string; to: string }

export function menuFor(user: { role: string; canViewInvoices: boolean }): MenuItem[] {
	if (isSiteAdmin(user.role)) return [{ label: 'Admin Panel', to: '/admin' }]
	const items: MenuItem[] = [
		{ label: 'Dashboard', to: '/dashboard' },
		{ label: 'Settings', to: '/settings' },
	]
	if (user.role === 'account_admin' || user.canViewInvoices) items.push({ label: 'Billing', to: '/billing' })
	if (user.role === 'account_admin') items.push({ label: 'Admin', to: '/admin' })
	return items
}

export function showNewMeasurement(user: { role: string; organizationId: string | null }): boolean {
	return Boolean(user.organizationId) && !isSiteAdmin(user.role)
}
