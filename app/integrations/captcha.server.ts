// Bot check (decisions page): a self-hosted proof-of-work challenge (ALTCHA).
// The browser solves it and sends `captchaToken`; the server verifies the
// signature and the work, and accepts each solved challenge once. With
// TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY set, Cloudflare Turnstile
// replaces it: the challenge path tells the browser to show the widget and
// the server checks tokens with Turnstile's siteverify.
import { createHmac } from 'node:crypto'
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { getEnv } from '~/env.server.ts'

export const CAPTCHA_TTL_SECONDS = 10 * 60

/**
 * Remembers `subject` under `name` for `windowSeconds`: true the first time, false while it is
 * remembered. The caller passes the shared store (the rate limiter's `consumeOnce`), so a solved
 * challenge is accepted once across every app instance; integrations hold no store of their own.
 */
export type AcceptOnce = (name: string, subject: string, windowSeconds: number) => Promise<boolean>

// the browser tries counters from 0 up: a few thousand SHA-256 rounds, well under a second
const COUNTER_MIN = 2_000
const COUNTER_MAX = 12_000

const secret = () => createHmac('sha256', getEnv().SESSION_SECRET).update('yardstick-captcha').digest('hex')

export function createCaptchaChallenge(): Promise<Challenge> {
	return createChallenge({
		algorithm: 'SHA-256',
		cost: 1,
		counter: randomInt(COUNTER_MIN, COUNTER_MAX),
		deriveKey,
		hmacSignatureSecret: secret(),
		expiresAt: new Date(Date.now() + CAPTCHA_TTL_SECONDS * 1000),
	})
}

/** The token the browser sends: base64 of JSON { challenge, solution }. */
export function encodeCaptchaToken(payload: Payload): string {
	return Buffer.from(JSON.stringify(payload)).toString('base64')
}

export type TurnstileConfig = { siteKey: string; secretKey: string; verifyUrl: string }

export function turnstileConfig(): TurnstileConfig | null {
	const env = getEnv()
	if (!env.TURNSTILE_SITE_KEY || !env.TURNSTILE_SECRET_KEY) return null
	return { siteKey: env.TURNSTILE_SITE_KEY, secretKey: env.TURNSTILE_SECRET_KEY, verifyUrl: env.TURNSTILE_VERIFY_URL }
}

/** What GET /api/captcha/challenge answers: Turnstile's site key, or a proof-of-work challenge. */
export async function captchaChallenge(): Promise<Challenge | { provider: 'turnstile'; siteKey: string }> {
	const turnstile = turnstileConfig()
	return turnstile ? { provider: 'turnstile', siteKey: turnstile.siteKey } : createCaptchaChallenge()
}

/** Turnstile's siteverify (form POST {secret, response, remoteip}); any failure is a no. */
export async function verifyTurnstileToken(token: string, config: Pick<TurnstileConfig, 'secretKey' | 'verifyUrl'>, remoteIp?: string): Promise<boolean> {
	if (!token || token.length > 2048) return false
	const body = new URLSearchParams({ secret: config.secretKey, response: token })
	if (remoteIp && remoteIp !== 'unknown') body.set('remoteip', remoteIp)
	try {
		const res = await fetch(config.verifyUrl, { method: 'POST', body, signal: AbortSignal.timeout(5_000) })
		if (!res.ok) return false
		const reply = (await res.json()) as { success?: unknown }
		return reply.success === true
	} catch {
		return false
	}
}

/** True once per solved challenge (or per Turnstile token, which siteverify accepts once). */
export async function verifyCaptcha(token: string, { acceptOnce, remoteIp }: { acceptOnce: AcceptOnce; remoteIp?: string }): Promise<boolean> {
	const turnstile = turnstileConfig()
	if (turnstile) return verifyTurnstileToken(token, turnstile, remoteIp)
	return verifyProofOfWork(token, acceptOnce)
}

async function verifyProofOfWork(token: string, acceptOnce: AcceptOnce): Promise<boolean> {
	let payload: Payload
	try {
		payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as Payload
	} catch {
		return false
	}
	if (!payload?.challenge?.parameters || !payload.solution || typeof payload.challenge.signature !== 'string') return false
	try {
		const result = await verifySolution({ challenge: payload.challenge, solution: payload.solution, deriveKey, hmacSignatureSecret: secret() })
		if (!result.verified) return false
	} catch {
		return false
	}
	return acceptOnce('captcha', payload.challenge.signature, CAPTCHA_TTL_SECONDS)
}
