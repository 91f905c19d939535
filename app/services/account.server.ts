// Creating accounts and proving who owns an e-mail: registration, e-mail
// verification, forgotten and reset passwords.
import { randomBytes, randomInt } from 'node:crypto'
import type { z } from 'zod'
import { prisma, Prisma } from '~/db.server.ts'
import { appUrl } from '~/env.server.ts'
import { verifyCaptcha } from '~/integrations/captcha.server.ts'
import { sendEmail } from '~/integrations/email.server.ts'
import { tierIdForPlan } from '~/lib/plans.ts'
import type { ForgotPasswordSchema, RegisterSchema, ResetPasswordSchema } from '~/lib/schemas/auth.ts'
import { badRequest, conflict } from '~/utils/http.server.ts'
import { hashPassword } from './auth.server.ts'
import { LIMITS, consumeOnce, hit } from './rate-limit.server.ts'
import { destroyUserSessions, hashToken } from './session.server.ts'

export const VERIFY_TTL_MS = 48 * 60 * 60 * 1000
export const RESET_TTL_MS = 60 * 60 * 1000
export const TERMS_VERSION = '2025-08-25'
export const DEFAULT_SIGNUP_TIER = 'free'

export const REGISTER_SUCCESS = 'Please check your email to verify your account.'
export const FORGOT_SENT = 'If an account exists for that email, we sent a link to reset your password.'
export const RESET_INVALID = 'This reset link is invalid or has expired. Please request a new one.'

function newToken() {
	const token = randomBytes(32).toString('base64url')
	return { token, hash: hashToken(token) }
}

async function newAccountNumber(tx: Prisma.TransactionClient): Promise<string> {
	for (;;) {
		const candidate = `YS-${randomInt(100_000, 1_000_000)}`
		const taken = await tx.organization.findUnique({ where: { accountNumber: candidate }, select: { id: true } })
		if (!taken) return candidate
	}
}

export const CAPTCHA_REQUIRED = 'CAPTCHA verification is required'

/**
 * The bot check of registration (and later checkout and contact): a solved
 * proof-of-work challenge, or — for browsers without JavaScript — the empty
 * honeypot (checked by the schema) and a stricter per-IP limit.
 */
export async function checkNotABot(captchaToken: string | undefined, ip: string) {
	if (captchaToken) {
		if (!(await verifyCaptcha(captchaToken, { acceptOnce: consumeOnce, remoteIp: ip }))) throw badRequest(CAPTCHA_REQUIRED, { captchaToken: CAPTCHA_REQUIRED })
		return
	}
	await hit(LIMITS.noCaptchaIp, ip)
}

export type RegisterOptions = {
	/** the caller already counted the attempt and checked the bot challenge (checkout) */
	checked?: boolean
	/** runs in the account's transaction (checkout: card on file, first invoice) */
	afterCreate?: (tx: Prisma.TransactionClient, organizationId: string) => Promise<void>
	/** the password, already hashed (a Stripe checkout keeps it hashed while the customer is on Stripe's pages) */
	passwordHash?: string
}

export async function register(input: z.output<typeof RegisterSchema>, ip: string, options: RegisterOptions = {}) {
	if (!options.checked) {
		await hit(LIMITS.registerIp, ip)
		await checkNotABot(input.captchaToken, ip)
	}
	const tierId = tierIdForPlan(input.subscriptionTierId || DEFAULT_SIGNUP_TIER)
	const tier = await prisma.subscriptionTier.findFirst({ where: { id: tierId, isActive: true }, select: { id: true } })
	if (!tier) throw badRequest('Invalid input', { subscriptionTierId: 'This plan is not available' })
	const passwordHash = options.passwordHash ?? (await hashPassword(input.password))
	const verification = newToken()
	try {
		const user = await prisma.$transaction(async (tx) => {
			const organization = await tx.organization.create({
				data: {
					name: input.companyName || `${input.firstName} ${input.lastName}`.trim(),
					accountNumber: await newAccountNumber(tx),
					subscriptionTierId: tier.id,
					currentPeriodStart: new Date(),
				},
			})
			await options.afterCreate?.(tx, organization.id)
			return tx.user.create({
				data: {
					email: input.email,
					password: passwordHash,
					firstName: input.firstName,
					lastName: input.lastName,
					organizationId: organization.id,
					role: 'account_admin',
					canViewInvoices: true,
					agreedToTerms: true,
					termsAgreedAt: new Date(),
					termsVersion: TERMS_VERSION,
					verificationToken: verification.hash,
					verificationTokenExpiresAt: new Date(Date.now() + VERIFY_TTL_MS),
				},
				select: { id: true, email: true, firstName: true },
			})
		})
		await sendVerificationEmail(user.email, user.firstName, verification.token)
		return { message: REGISTER_SUCCESS, userId: user.id }
	} catch (error) {
		if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
			throw conflict('An account with this email already exists.', { email: 'An account with this email already exists.' })
		}
		throw error
	}
}

async function sendVerificationEmail(email: string, firstName: string | null, token: string) {
	const link = `${appUrl()}/auth/verify-email?token=${encodeURIComponent(token)}`
	await sendEmail({
		to: email,
		subject: 'Verify your email for Yardstick',
		text: `Hi ${firstName ?? 'there'},\n\nWelcome to Yardstick. Confirm your email address to start measuring:\n\n${link}\n\nThis link expires in 48 hours. If you did not sign up, ignore this email.\n`,
		html: `<p>Hi ${escapeHtml(firstName ?? 'there')},</p><p>Welcome to Yardstick. Confirm your email address to start measuring:</p><p><a href="${link}">Verify my email</a></p><p>This link expires in 48 hours. If you did not sign up, ignore this email.</p>`,
	})
}

/** Marks the e-mail verified. Returns the e-mail, or null for a bad/expired token. */
export async function verifyEmail(token: string): Promise<string | null> {
	if (!token || token.length > 256) return null
	const user = await prisma.user.findUnique({
		where: { verificationToken: hashToken(token) },
		select: { id: true, email: true, verificationTokenExpiresAt: true },
	})
	if (!user || !user.verificationTokenExpiresAt || user.verificationTokenExpiresAt < new Date()) return null
	await prisma.user.update({
		where: { id: user.id },
		data: { emailVerified: true, verificationToken: null, verificationTokenExpiresAt: null },
	})
	return user.email
}

export async function resendVerification(email: string, ip: string) {
	await hit(LIMITS.forgotIp, ip)
	await hit(LIMITS.verifyResendEmail, email)
	const user = await prisma.user.findUnique({ where: { email }, select: { id: true, emailVerified: true, firstName: true } })
	if (user && !user.emailVerified) {
		const verification = newToken()
		await prisma.user.update({
			where: { id: user.id },
			data: { verificationToken: verification.hash, verificationTokenExpiresAt: new Date(Date.now() + VERIFY_TTL_MS) },
		})
		await sendVerificationEmail(email, user.firstName, verification.token)
	}
	return { message: 'If that account still needs verifying, we sent a new link.' }
}

/**
 * The same answer, after the same work, whether or not the account exists
 * (issue 33 §9: the answer came faster for unknown e-mails): the reset token
 * and its e-mail for a real account are made after answering, in `sending`,
 * which the caller leaves running (tests await it).
 */
export async function forgotPassword({ email }: z.output<typeof ForgotPasswordSchema>, ip: string): Promise<{ message: string; sending: Promise<void> }> {
	await hit(LIMITS.forgotIp, ip)
	await hit(LIMITS.forgotEmail, email)
	const user = await prisma.user.findUnique({ where: { email }, select: { id: true, firstName: true, isActive: true } })
	const sending = user?.isActive
		? issuePasswordReset(user.id, email, user.firstName).catch((error: unknown) => console.error('Password reset e-mail not sent', error))
		: Promise.resolve()
	return { message: FORGOT_SENT, sending }
}

async function issuePasswordReset(userId: string, email: string, firstName: string | null) {
	// a macrotask later, so the answer is on its way before any of this work
	await new Promise((resolve) => setImmediate(resolve))
	const reset = newToken()
	await prisma.user.update({
		where: { id: userId },
		data: { passwordResetToken: reset.hash, passwordResetTokenExpiresAt: new Date(Date.now() + RESET_TTL_MS) },
	})
	await sendPasswordResetEmail(email, firstName, reset.token)
}

export async function sendPasswordResetEmail(email: string, firstName: string | null, token: string) {
	const link = `${appUrl()}/auth?token=${encodeURIComponent(token)}`
	await sendEmail({
		to: email,
		subject: 'Reset your Yardstick password',
		text: `Hi ${firstName ?? 'there'},\n\nUse this link to choose a new password:\n\n${link}\n\nThe link expires in 1 hour. If you did not ask for it, ignore this email.\n`,
		html: `<p>Hi ${escapeHtml(firstName ?? 'there')},</p><p><a href="${link}">Choose a new password</a></p><p>The link expires in 1 hour. If you did not ask for it, ignore this email.</p>`,
	})
}

export async function resetPassword(input: z.output<typeof ResetPasswordSchema>, ip: string) {
	await hit(LIMITS.resetIp, ip)
	const user = await prisma.user.findUnique({
		where: { passwordResetToken: hashToken(input.token) },
		select: { id: true, passwordResetTokenExpiresAt: true },
	})
	if (!user || !user.passwordResetTokenExpiresAt || user.passwordResetTokenExpiresAt < new Date()) {
		throw badRequest(RESET_INVALID, { token: RESET_INVALID })
	}
	const password = await hashPassword(input.password)
	await prisma.$transaction(async (tx) => {
		// the conditional update makes a reused token fail even under a race
		const updated = await tx.user.updateMany({
			where: { id: user.id, passwordResetToken: hashToken(input.token) },
			data: { password, passwordResetToken: null, passwordResetTokenExpiresAt: null, emailVerified: true },
		})
		if (updated.count !== 1) throw badRequest(RESET_INVALID, { token: RESET_INVALID })
	})
	await destroyUserSessions(user.id)
	return { message: 'Your password has been reset. You can now sign in.' }
}

export function escapeHtml(value: string) {
	return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}
