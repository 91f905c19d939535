import { expect, test } from 'vitest'
import { LoginSchema, PreferencesSchema, RegisterSchema, ResetPasswordSchema } from './auth.ts'

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
	Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]))

test('register messages are spec 2 §5 verbatim', () => {
	const result = RegisterSchema.safeParse({ email: 'x', password: '1234567', firstName: ' ', lastName: '', agreeToTerms: false })
	expect(messages(result)).toEqual({
		email: 'Please enter a valid email address',
		password: 'Password must be at least 8 characters',
		firstName: 'First name is required',
		lastName: 'Last name is required',
		agreeToTerms: 'You must agree to the Terms of Service to create an account',
	})
})

test('e-mails are trimmed and lower-cased; the honeypot must stay empty', () => {
	const ok = RegisterSchema.parse({ email: '  Pat@Example.COM ', password: '12345678', firstName: 'Pat', lastName: 'Lee', agreeToTerms: 'on' })
	expect(ok.email).toBe('pat@example.com')
	expect(ok.agreeToTerms).toBe(true)
	const bot = RegisterSchema.safeParse({ email: 'a@b.co', password: '12345678', firstName: 'A', lastName: 'B', agreeToTerms: true, website: 'spam' })
	expect(bot.success).toBe(false)
})

test('login: password required, rememberMe defaults to false, unknown keys refused', () => {
	expect(messages(LoginSchema.safeParse({ email: 'a@b.co' }))).toEqual({ password: 'Password is required' })
	expect(LoginSchema.parse({ email: 'a@b.co', password: 'x' }).rememberMe).toBe(false)
	expect(LoginSchema.parse({ email: 'a@b.co', password: 'x', rememberMe: 'on' }).rememberMe).toBe(true)
	expect(LoginSchema.safeParse({ email: 'a@b.co', password: 'x', role: 'site_admin' }).success).toBe(false)
})

test('reset: length and confirmation messages', () => {
	expect(messages(ResetPasswordSchema.safeParse({ token: 't', password: 'short', confirmPassword: 'short' }))).toEqual({
		password: 'Password must be at least 8 characters long',
	})
	expect(messages(ResetPasswordSchema.safeParse({ token: 't', password: '12345678', confirmPassword: '12345679' }))).toEqual({
		confirmPassword: "Passwords don't match",
	})
})

test("preferences: 'default' and null clear an override; empty bodies are refused", () => {
	expect(PreferencesSchema.parse({ preferredUnit: 'default' })).toEqual({ preferredUnit: 'default' })
	expect(PreferencesSchema.safeParse({ preferredMapType: 'street' }).success).toBe(false)
	expect(PreferencesSchema.safeParse({}).success).toBe(false)
})
