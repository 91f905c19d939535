import { describe, expect, test } from 'vitest'
import { AiTrainingSchema, ChangePasswordSchema, CommunicationPreferencesSchema, ProfileSchema, TwoFactorCodeSchema } from './settings.ts'

describe('settings schemas', () => {
	test('change password: the spec messages, mismatch on the confirm field', () => {
		const empty = ChangePasswordSchema.safeParse({ currentPassword: '', newPassword: 'short', confirmPassword: '' })
		expect(empty.success).toBe(false)
		// the first message per field is the one shown
		const first = new Map<string, string>()
		for (const i of empty.error!.issues) if (!first.has(i.path.join('.'))) first.set(i.path.join('.'), i.message)
		expect(Object.fromEntries(first)).toEqual({
			currentPassword: 'Current password is required',
			newPassword: 'Password must be at least 8 characters',
			confirmPassword: 'Confirm password is required',
		})
		const mismatch = ChangePasswordSchema.safeParse({ currentPassword: 'x', newPassword: 'long-enough', confirmPassword: 'long-enougH' })
		expect(mismatch.error!.issues).toMatchObject([{ path: ['confirmPassword'], message: "Passwords don't match" }])
	})

	test('two-factor code: exactly 6 digits', () => {
		expect(TwoFactorCodeSchema.safeParse({ code: '012345' }).success).toBe(true)
		for (const code of ['12345', '1234567', '12a456', '', '１２３４５６']) expect(TwoFactorCodeSchema.safeParse({ code }).success, code).toBe(false)
	})

	test('profile photo URLs must be ones this app stored', () => {
		const base = { firstName: 'A', lastName: 'B' }
		expect(ProfileSchema.safeParse({ ...base, profileImageUrl: '/uploads/avatars/0123456789abcdef0123456789abcdef.png' }).success).toBe(true)
		expect(ProfileSchema.parse({ ...base, profileImageUrl: '' }).profileImageUrl).toBeNull()
		for (const url of ['https://evil.example/a.png', '/uploads/avatars/../../x.png', 'javascript:alert(1)']) {
			expect(ProfileSchema.safeParse({ ...base, profileImageUrl: url }).success, url).toBe(false)
		}
	})

	test('toggles accept JSON booleans and form on/off, nothing else', () => {
		expect(CommunicationPreferencesSchema.parse({ marketingEmails: 'off', tipsTutorials: 'on' })).toEqual({ marketingEmails: false, tipsTutorials: true })
		expect(AiTrainingSchema.parse({ allowAiTraining: true })).toEqual({ allowAiTraining: true })
		expect(AiTrainingSchema.safeParse({ allowAiTraining: 'yes' }).success).toBe(false)
		expect(CommunicationPreferencesSchema.safeParse({}).success).toBe(false)
	})
})
