import { describe, expect, test } from 'vitest'
import { homeForRole, isAdminRole, menuFor, roleLabel, showNewMeasurement } from './roles.ts'

const labels = (role: string, canViewInvoices = false) => menuFor({ role, canViewInvoices }).map((i) => i.label)

describe('menu by role (spec 1 §2, §6)', () => {
	test('site_admin: Admin Panel only', () => expect(labels('site_admin', true)).toEqual(['Admin Panel']))
	test('account_admin: Dashboard, Settings, Billing, Admin', () =>
		expect(labels('account_admin')).toEqual(['Dashboard', 'Settings', 'Billing', 'Admin']))
	test('member: Dashboard, Settings', () => expect(labels('member')).toEqual(['Dashboard', 'Settings']))
	test('member with canViewInvoices also gets Billing', () => expect(labels('member', true)).toEqual(['Dashboard', 'Settings', 'Billing']))
	test('legacy role "user" is a member', () => expect(labels('user')).toEqual(['Dashboard', 'Settings']))
})

test('landing after login: /admin for admins, /measure otherwise', () => {
	expect(homeForRole('site_admin')).toBe('/admin')
	expect(homeForRole('account_admin')).toBe('/admin')
	expect(homeForRole('member')).toBe('/measure')
})

test('New Measurement needs an organization and not site_admin', () => {
	expect(showNewMeasurement({ role: 'member', organizationId: 'o1' })).toBe(true)
	expect(showNewMeasurement({ role: 'member', organizationId: null })).toBe(false)
	expect(showNewMeasurement({ role: 'site_admin', organizationId: 'o1' })).toBe(false)
})

test('role labels and admin roles', () => {
	expect([roleLabel('site_admin'), roleLabel('account_admin'), roleLabel('member'), roleLabel('user')]).toEqual([
		'Site Admin',
		'Account Admin',
		'Member',
		'Member',
	])
	expect(isAdminRole('account_admin')).toBe(true)
	expect(isAdminRole('member')).toBe(false)
})
