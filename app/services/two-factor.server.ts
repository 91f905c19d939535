// Two-factor by e-mailed code (spec 2 §4/§5, shared decisions): a fresh 6-digit
// code, valid 10 minutes, 5 attempts. Only an HMAC of the code is stored, in
// users.twoFactorChallengeCode as "<purpose>:<hmac>", so a code sent to turn
// 2FA on can never complete a sign-in and the other way round.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { prisma } from '~/db.server.ts'
import { getEnv } from '~/env.server.ts'
import { sendEmail } from '~/integrations/email.server.ts'
import { HttpError, badRequest } from '~/utils/http.server.ts'
import { DEACTIVATED_ACCOUNT, DEACTIVATED_ORGANIZATION, type LoginResult } from './auth.server.ts'
import { LIMITS, hit } from './rate-limit.server.ts'

export const CODE_TTL_MS = 10 * 60 * 1000
export const MAX_CODE_ATTEMPTS = 5

export const CODE_SENT = 'Check your email for a 6-digit verification code.'
export const INVALID_CODE = 'Invalid code. Please check your code and try again.'
export const CODE_EXPIRED = 'This code has expired. Please request a new code.'
export const TOO_MANY_ATTEMPTS = 'Too many incorrect codes. Please request a new code.'
export const NO_CODE = 'No verification code is pending. Please request a new code.'
export const VERIFY_FIRST = 'Verify the code from your email before turning on two-factor authentication.'
export const ALREADY_ENABLED = 'Two-factor authentication is already on.'
export const LOGIN_CHALLENGE_INVALID = 'Your sign-in has expired. Please sign in again.'

type Purpose = 'enable' | 'login'

function key(label: string) {
	return createHmac('sha256', getEnv().SESSION_SECRET).update(`yardstick:2fa:${label}`).digest()
}

function codeHash(purpose: Purpose, userId: string, code: string, nonce = '') {
	return createHmac('sha256', key('code')).update(`${purpose}:${userId}:${nonce}:${code}`).digest('hex')
}

const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0')

async function mailCode(email: string, firstName: string | null, code: string, why: string) {
	await sendEmail({
		to: email,
		subject: `Your Yardstick verification code: ${code}`,
		text: `Hi ${firstName ?? 'there'},\n\nYour verification code is ${code}\n\n${why} It expires in 10 minutes. If you did not ask for it, change your password.\n`,
		html: `<p>Hi ${escapeHtml(firstName ?? 'there')},</p><p>Your verification code is <strong style="font-size:20px;letter-spacing:4px">${code}</strong></p><p>${why} It expires in 10 minutes. If you did not ask for it, change your password.</p>`,
	})
}

function escapeHtml(s: string) {
	return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

async function storeChallenge(userId: string, purpose: Purpose, code: string, nonce = '') {
	await prisma.user.update({
		where: { id: userId },
		data: {
			twoFactorChallengeCode: `${purpose}:${codeHash(purpose, userId, code, nonce)}`,
			twoFactorChallengeExpiresAt: new Date(Date.now() + CODE_TTL_MS),
			twoFactorChallengeAttempts: 0,
		},
	})
}

/** Checks a code; every check counts as an attempt. Throws 400 with the reason. */
async function checkCode(userId: string, purpose: Purpose, code: string, nonce = '') {
	const row = await prisma.user.findUnique({
		where: { id: userId },
		select: { twoFactorChallengeCode: true, twoFactorChallengeExpiresAt: true },
	})
	const stored = row?.twoFactorChallengeCode
	if (!stored?.startsWith(`${purpose}:`)) throw badRequest(NO_CODE, { code: NO_CODE })
	if (!row?.twoFactorChallengeExpiresAt || row.twoFactorChallengeExpiresAt.getTime() <= Date.now()) {
		throw badRequest(CODE_EXPIRED, { code: CODE_EXPIRED })
	}
	// one atomic step: concurrent guesses cannot exceed the attempts
	const counted = await prisma.user.updateMany({
		where: { id: userId, twoFactorChallengeCode: stored, twoFactorChallengeAttempts: { lt: MAX_CODE_ATTEMPTS } },
		data: { twoFactorChallengeAttempts: { increment: 1 } },
	})
	if (counted.count === 0) throw badRequest(TOO_MANY_ATTEMPTS, { code: TOO_MANY_ATTEMPTS })
	const expected = Buffer.from(stored.slice(purpose.length + 1), 'hex')
	const actual = Buffer.from(codeHash(purpose, userId, code, nonce), 'hex')
	if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) throw badRequest(INVALID_CODE, { code: INVALID_CODE })
}

// ---- turning two-factor on and off (Settings → Security) -------------------

export async function sendEnableChallenge(user: { id: string }) {
	const row = await prisma.user.findUniqueOrThrow({ where: { id: user.id }, select: { email: true, firstName: true, twoFactorEnabled: true } })
	if (row.twoFactorEnabled) throw badRequest(ALREADY_ENABLED)
	await hit(LIMITS.twoFactorSendUser, user.id)
	const code = newCode()
	await storeChallenge(user.id, 'enable', code)
	await mailCode(row.email, row.firstName, code, 'Enter it in Settings → Security to turn on two-factor authentication.')
	return { message: CODE_SENT }
}

/** A right code marks this session as verified for 10 minutes (then enable). */
export async function verifyEnableChallenge(user: { id: string }, sessionSid: string, code: string, ip: string) {
	await hit(LIMITS.twoFactorVerifyIp, ip)
	await checkCode(user.id, 'enable', code)
	await prisma.user.update({
		where: { id: user.id },
		data: {
			twoFactorChallengeCode: `verified:${sessionSid}`,
			twoFactorChallengeExpiresAt: new Date(Date.now() + CODE_TTL_MS),
			twoFactorChallengeAttempts: 0,
		},
	})
	return { verified: true, message: 'Code verified. You can now turn on two-factor authentication.' }
}

export async function enableTwoFactor(user: { id: string }, sessionSid: string) {
	const done = await prisma.user.updateMany({
		where: { id: user.id, twoFactorChallengeCode: `verified:${sessionSid}`, twoFactorChallengeExpiresAt: { gt: new Date() } },
		data: { twoFactorEnabled: true, twoFactorChallengeCode: null, twoFactorChallengeExpiresAt: null, twoFactorChallengeAttempts: 0 },
	})
	if (done.count === 0) throw badRequest(VERIFY_FIRST)
	return { twoFactorEnabled: true, message: 'Two-factor authentication is on. Sign-ins will ask for a code sent to your email.' }
}

export async function disableTwoFactor(user: { id: string }) {
	await prisma.user.update({
		where: { id: user.id },
		data: { twoFactorEnabled: false, twoFactorChallengeCode: null, twoFactorChallengeExpiresAt: null, twoFactorChallengeAttempts: 0 },
	})
	return { twoFactorEnabled: false, message: 'Two-factor authentication is off.' }
}

/** What the Security tab shows: a code is pending (enter it) or nothing. */
export async function getEnableChallengeState(userId: string): Promise<'none' | 'code-sent'> {
	const row = await prisma.user.findUnique({
		where: { id: userId },
		select: { twoFactorChallengeCode: true, twoFactorChallengeExpiresAt: true },
	})
	const live = row?.twoFactorChallengeExpiresAt && row.twoFactorChallengeExpiresAt.getTime() > Date.now()
	return live && row?.twoFactorChallengeCode?.startsWith('enable:') ? 'code-sent' : 'none'
}

// ---- sign-in with two-factor ------------------------------------------------

type ChallengePayload = { v: 1; u: string; n: string; r: boolean; t?: string; e: number }

function signToken(payload: ChallengePayload) {
	const body = Buffer.from(JSON.stringify(payload)).toString('base64url')
	const mac = createHmac('sha256', key('login-token')).update(body).digest('base64url')
	return `${body}.${mac}`
}

function readToken(token: string): ChallengePayload {
	const [body, mac] = token.split('.')
	if (!body || !mac) throw badRequest(LOGIN_CHALLENGE_INVALID)
	// compared as text: base64url's last character carries unused bits, so
	// decoding would accept several spellings of one MAC
	const expected = Buffer.from(createHmac('sha256', key('login-token')).update(body).digest('base64url'))
	const given = Buffer.from(mac)
	if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw badRequest(LOGIN_CHALLENGE_INVALID)
	let payload: ChallengePayload
	try {
		payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ChallengePayload
	} catch {
		throw badRequest(LOGIN_CHALLENGE_INVALID)
	}
	if (payload.v !== 1 || payload.e <= Date.now()) throw badRequest(LOGIN_CHALLENGE_INVALID)
	return payload
}

/**
 * After the right password of a user with two-factor on: e-mails a fresh code
 * and returns the challenge token that must come back with it. No session yet.
 */
export async function startLoginChallenge(result: LoginResult): Promise<{ challengeToken: string }> {
	const row = await prisma.user.findUniqueOrThrow({ where: { id: result.userId }, select: { email: true, firstName: true } })
	await hit(LIMITS.twoFactorSendUser, result.userId)
	const nonce = randomBytes(12).toString('base64url')
	const code = newCode()
	await storeChallenge(result.userId, 'login', code, nonce)
	await mailCode(row.email, row.firstName, code, 'Enter it on the sign-in page to finish signing in.')
	const challengeToken = signToken({
		v: 1,
		u: result.userId,
		n: nonce,
		r: result.remember,
		...(result.redirectTo ? { t: result.redirectTo } : {}),
		e: Date.now() + CODE_TTL_MS,
	})
	return { challengeToken }
}

/** A new code for a sign-in in progress (the old one stops working). */
export async function resendLoginChallenge(challengeToken: string, ip: string) {
	await hit(LIMITS.twoFactorResendIp, ip)
	const payload = readToken(challengeToken)
	return startLoginChallenge({ userId: payload.u, role: '', remember: payload.r, redirectTo: payload.t })
}

/** The right code finishes the sign-in: returns what login() would have. */
export async function verifyLoginChallenge(challengeToken: string, code: string, ip: string): Promise<LoginResult> {
	await hit(LIMITS.twoFactorVerifyIp, ip)
	const payload = readToken(challengeToken)
	await checkCode(payload.u, 'login', code, payload.n)
	const user = await prisma.user.update({
		where: { id: payload.u },
		data: { twoFactorChallengeCode: null, twoFactorChallengeExpiresAt: null, twoFactorChallengeAttempts: 0, lastLoginAt: new Date() },
		select: { id: true, role: true, isActive: true, organization: { select: { isDeactivated: true } } },
	})
	if (!user.isActive) throw new HttpError(403, DEACTIVATED_ACCOUNT)
	if (user.organization?.isDeactivated && user.role !== 'site_admin') throw new HttpError(403, DEACTIVATED_ORGANIZATION)
	return { userId: user.id, role: user.role, remember: payload.r, redirectTo: payload.t }
}
