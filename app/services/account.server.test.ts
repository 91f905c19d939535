import { randomBytes } from 'node:crypto'
import { expect, test } from 'vitest'
import { prisma } from '~/db.server.ts'
import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { createCaptchaChallenge, encodeCaptchaToken } from '~/integrations/captcha.server.ts'
import { CAPTCHA_REQUIRED, FORGOT_SENT, RESET_INVALID, forgotPassword, register, resetPassword, verifyEmail } from './account.server.ts'
import { verifyPassword } from './auth.server.ts'
import { createSession } from './session.server.ts'
import { HttpError } from '~/utils/http.server.ts'

const email = () => `svc-${randomBytes(5).toString('hex')}@example.com`
const ip = () => `192.0.2.${Math.floor(Math.random() * 250) + 1}-${randomBytes(3).toString('hex')}`
const input = (address: string, extra: Record<string, unknown> = {}) => ({
	email: address,
	password: 'a-long-enough-password',
	firstName: 'Svc',
	lastName: 'Test',
	agreeToTerms: true,
	...extra,
})

async function lastMail(to: string) {
	return prisma.emailOutbox.findFirst({ where: { to }, orderBy: { createdAt: 'desc' } })
}

async function thrown(promise: Promise<unknown>): Promise<HttpError> {
	try {
		await promise
	} catch (error) {
		if (error instanceof HttpError) return error
		throw error
	}
	throw new Error('expected an HttpError')
}

test('register creates an organization and its account admin together, and mails a link', async () => {
	const address = email()
	await register(input(address, { companyName: 'Green Acres' }), ip())
	const user = await prisma.user.findUniqueOrThrow({ where: { email: address }, include: { organization: true } })
	expect(user.role).toBe('account_admin')
	expect(user.emailVerified).toBe(false)
	expect(user.organization?.name).toBe('Green Acres')
	expect(user.organization?.subscriptionTierId).toBe('free')
	expect(user.organization?.accountNumber).toMatch(/^YS-\d{6}$/)
	expect(user.password).not.toContain('a-long-enough-password')
	expect(await verifyPassword(user.password, 'a-long-enough-password')).toBe(true)
	expect(user.password).toMatch(/^\$argon2id\$/)
	const mail = await lastMail(address)
	expect(mail?.subject).toBe('Verify your email for Yardstick')
	expect(mail?.text).toMatch(/http:\/\/yardstick\.test\/auth\/verify-email\?token=[\w-]+/)
})

test('a duplicate e-mail is a 409 and writes nothing', async () => {
	const address = email()
	await register(input(address), ip())
	const companyName = `Duplicate ${randomBytes(4).toString('hex')}`
	const error = await thrown(register(input(address, { companyName }), ip()))
	expect(error.status).toBe(409)
	expect(error.message).toBe('An account with this email already exists.')
	// the organization made inside the transaction was rolled back with it
	expect(await prisma.organization.count({ where: { name: companyName } })).toBe(0)
})

test('an unknown or inactive plan is refused before anything is written', async () => {
	const address = email()
	const error = await thrown(register(input(address, { subscriptionTierId: 'platinum' }), ip()))
	expect(error.status).toBe(400)
	expect(error.fields).toEqual({ subscriptionTierId: 'This plan is not available' })
	expect(await prisma.user.findUnique({ where: { email: address } })).toBeNull()
})

test('BETA sign-ups land on the beta-plan tier', async () => {
	const address = email()
	await register(input(address, { subscriptionTierId: 'BETA' }), ip())
	const user = await prisma.user.findUniqueOrThrow({ where: { email: address }, include: { organization: true } })
	expect(user.organization?.subscriptionTierId).toBe('beta-plan')
})

test('the verification link works once; expired links do not', async () => {
	const address = email()
	await register(input(address), ip())
	const token = new URL((await lastMail(address))!.text.match(/http\S+/)![0]).searchParams.get('token')!
	expect(await verifyEmail(token)).toBe(address)
	expect((await prisma.user.findUniqueOrThrow({ where: { email: address } })).emailVerified).toBe(true)
	expect(await verifyEmail(token)).toBeNull()
	expect(await verifyEmail('')).toBeNull()

	const late = email()
	await register(input(late), ip())
	const lateToken = new URL((await lastMail(late))!.text.match(/http\S+/)![0]).searchParams.get('token')!
	await prisma.user.update({ where: { email: late }, data: { verificationTokenExpiresAt: new Date(Date.now() - 1000) } })
	expect(await verifyEmail(lateToken)).toBeNull()
})

test('forgot-password: same answer for everyone, a mail only for real accounts', async () => {
	const address = email()
	await register(input(address), ip())
	const unknown = email()
	const none = await forgotPassword({ email: unknown }, ip())
	expect(none.message).toBe(FORGOT_SENT)
	await none.sending
	expect(await lastMail(unknown)).toBeNull()
	const real = await forgotPassword({ email: address }, ip())
	expect(real.message).toBe(FORGOT_SENT)
	// the token and the e-mail are made after the answer, in `sending`
	await real.sending
	expect((await prisma.user.findUniqueOrThrow({ where: { email: address } })).passwordResetToken).not.toBeNull()
	expect((await lastMail(address))?.subject).toBe('Reset your Yardstick password')
})

test('forgot-password answers before any work for a real account: the answer comes while the account row is locked, the token and mail after (issue 33 §9)', async () => {
	const address = email()
	await register(input(address), ip())
	const { id } = await prisma.user.findUniqueOrThrow({ where: { email: address }, select: { id: true } })
	// another transaction holds the account's row: writing the reset token must wait for it
	let release!: () => void
	let locked!: () => void
	const held = new Promise<void>((resolve) => (release = resolve))
	const isLocked = new Promise<void>((resolve) => (locked = resolve))
	const holder = prisma.$transaction(
		async (tx) => {
			await tx.$queryRaw`SELECT id FROM users WHERE id = ${id} FOR UPDATE`
			locked()
			await held
		},
		{ timeout: 20_000 },
	)
	await isLocked
	// an answer that waited for the token (as an unknown address's never does) could not come now
	const answer = await forgotPassword({ email: address }, ip())
	expect(answer.message).toBe(FORGOT_SENT)
	expect((await prisma.user.findUniqueOrThrow({ where: { id } })).passwordResetToken).toBeNull()
	release()
	await holder
	await answer.sending
	expect((await prisma.user.findUniqueOrThrow({ where: { id } })).passwordResetToken).not.toBeNull()
	expect((await lastMail(address))?.subject).toBe('Reset your Yardstick password')
})

test('reset-password sets the password, works once, expires, and ends all sessions', async () => {
	const address = email()
	await register(input(address), ip())
	const user = await prisma.user.findUniqueOrThrow({ where: { email: address } })
	await createSession(user.id, { remember: true })
	await (await forgotPassword({ email: address }, ip())).sending
	const token = new URL((await lastMail(address))!.text.match(/http\S+/)![0]).searchParams.get('token')!

	await resetPassword({ token, password: 'fresh-password-1', confirmPassword: 'fresh-password-1' }, ip())
	const after = await prisma.user.findUniqueOrThrow({ where: { email: address } })
	expect(await verifyPassword(after.password, 'fresh-password-1')).toBe(true)
	expect(after.passwordResetToken).toBeNull()
	expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0)

	const reuse = await thrown(resetPassword({ token, password: 'fresh-password-2', confirmPassword: 'fresh-password-2' }, ip()))
	expect(reuse.status).toBe(400)
	expect(reuse.message).toBe(RESET_INVALID)

	await (await forgotPassword({ email: address }, ip())).sending
	const second = new URL((await lastMail(address))!.text.match(/http\S+/)![0]).searchParams.get('token')!
	await prisma.user.update({ where: { id: user.id }, data: { passwordResetTokenExpiresAt: new Date(Date.now() - 1) } })
	expect((await thrown(resetPassword({ token: second, password: 'fresh-password-3', confirmPassword: 'fresh-password-3' }, ip()))).status).toBe(400)
})

async function captchaToken() {
	const challenge = await createCaptchaChallenge()
	const solution = await solveChallenge({ challenge, deriveKey })
	return encodeCaptchaToken({ challenge, solution: solution! })
}

test('with a solved bot challenge: 10 sign-ups per IP an hour', async () => {
	const sameIp = ip()
	for (let i = 0; i < 10; i++) await register(input(email(), { captchaToken: await captchaToken() }), sameIp)
	const error = await thrown(register(input(email(), { captchaToken: await captchaToken() }), sameIp))
	expect(error.status).toBe(429)
	expect(error.message).toMatch(/^Too many attempts/)
})

test('without one (no JavaScript): 5 per IP an hour; a bad or reused token is refused', async () => {
	const sameIp = ip()
	for (let i = 0; i < 5; i++) await register(input(email()), sameIp)
	expect((await thrown(register(input(email()), sameIp))).status).toBe(429)

	const address = email()
	const bad = await thrown(register(input(address, { captchaToken: 'forged' }), ip()))
	expect(bad.status).toBe(400)
	expect(bad.fields).toEqual({ captchaToken: CAPTCHA_REQUIRED })
	const token = await captchaToken()
	await register(input(address, { captchaToken: token }), ip())
	expect((await thrown(register(input(email(), { captchaToken: token }), ip()))).fields).toEqual({ captchaToken: CAPTCHA_REQUIRED })
	expect(await prisma.user.findUnique({ where: { email: address } })).not.toBeNull()
})
