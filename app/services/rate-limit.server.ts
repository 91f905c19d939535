// Fixed-window counters kept in PostgreSQL, so every app instance shares them.
// One atomic upsert per hit: concurrent requests can never slip past a limit.
import { prisma, type Prisma } from '~/db.server.ts'
import { getEnv } from '~/env.server.ts'
import { tooManyRequests } from '~/utils/http.server.ts'

export type Limit = { name: string; max: number; windowSeconds: number }

export const LIMITS = {
	loginIp: { name: 'login:ip', max: 20, windowSeconds: 15 * 60 },
	loginEmail: { name: 'login:email', max: 10, windowSeconds: 15 * 60 },
	registerIp: { name: 'register:ip', max: 10, windowSeconds: 60 * 60 },
	// sign-ups without a solved bot challenge (JavaScript off): fewer per IP
	noCaptchaIp: { name: 'nocaptcha:ip', max: 5, windowSeconds: 60 * 60 },
	forgotIp: { name: 'forgot:ip', max: 20, windowSeconds: 60 * 60 },
	forgotEmail: { name: 'forgot:email', max: 5, windowSeconds: 60 * 60 },
	resetIp: { name: 'reset:ip', max: 20, windowSeconds: 15 * 60 },
	verifyResendEmail: { name: 'verify:email', max: 5, windowSeconds: 60 * 60 },
	changePasswordUser: { name: 'change-password:user', max: 10, windowSeconds: 15 * 60 },
	// two-factor codes: e-mails sent per user, and code checks per IP
	twoFactorSendUser: { name: '2fa-send:user', max: 5, windowSeconds: 15 * 60 },
	twoFactorVerifyIp: { name: '2fa-verify:ip', max: 30, windowSeconds: 15 * 60 },
	twoFactorResendIp: { name: '2fa-resend:ip', max: 10, windowSeconds: 15 * 60 },
} satisfies Record<string, Limit>

/** Adds one to the counter of `key` in its current window and returns it (inside `tx` when given). */
async function count(key: string, windowSeconds: number, tx: Prisma.TransactionClient = prisma) {
	const rows = await tx.$queryRaw<{ count: number; windowStart: Date }[]>`
		INSERT INTO rate_limits (key, count, "windowStart") VALUES (${key}, 1, now())
		ON CONFLICT (key) DO UPDATE SET
			count = CASE WHEN rate_limits."windowStart" < now() - make_interval(secs => ${windowSeconds}) THEN 1 ELSE rate_limits.count + 1 END,
			"windowStart" = CASE WHEN rate_limits."windowStart" < now() - make_interval(secs => ${windowSeconds}) THEN now() ELSE rate_limits."windowStart" END
		RETURNING count, "windowStart"`
	return rows[0]!
}

/** A limit's counter key for one subject, and its ceiling (scaled by RATE_LIMIT_MULTIPLIER). */
const limitKey = (limit: Limit, subject: string) => `${limit.name}:${subject.toLowerCase()}`
const limitMax = (limit: Limit) => Math.ceil(limit.max * getEnv().RATE_LIMIT_MULTIPLIER)

/** Counts one hit; throws a 429 HttpError when the window is full. */
export async function hit(limit: Limit, subject: string): Promise<void> {
	const row = await count(limitKey(limit, subject), limit.windowSeconds)
	if (row.count > limitMax(limit)) {
		const retryAfter = Math.max(1, Math.ceil((row.windowStart.getTime() + limit.windowSeconds * 1000 - Date.now()) / 1000))
		const minutes = Math.ceil(retryAfter / 60)
		throw tooManyRequests(`Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, retryAfter)
	}
}

/**
 * Counts one hit like `hit`, but says instead of throwing: true while the
 * window has room (this hit included), false once it is full.
 */
export async function hitWithin(limit: Limit, subject: string): Promise<boolean> {
	return (await count(limitKey(limit, subject), limit.windowSeconds)).count <= limitMax(limit)
}

/**
 * Records `subject` under `name` for `windowSeconds`: true the first time,
 * false while it is remembered (e.g. a solved bot challenge sent twice).
 */
export async function consumeOnce(name: string, subject: string, windowSeconds: number, tx?: Prisma.TransactionClient): Promise<boolean> {
	return (await count(`${name}:${subject}`, windowSeconds, tx)).count === 1
}

/** Whether `limit` is full for `subject` in its current window, counting nothing. */
export async function isSpent(limit: Limit, subject: string): Promise<boolean> {
	const rows = await prisma.$queryRaw<{ count: number }[]>`
		SELECT count FROM rate_limits WHERE key = ${limitKey(limit, subject)}
			AND "windowStart" >= now() - make_interval(secs => ${limit.windowSeconds})`
	return (rows[0]?.count ?? 0) >= limitMax(limit)
}
