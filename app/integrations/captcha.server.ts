// Bot check (decisions page): a self-hosted proof-of-work challenge (ALTCHA).
// The browser solves it and sends `captchaToken`; the server verifies the
// signature and the work, and accepts each solved challenge once.
import { createHmac } from 'node:crypto'
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { getEnv } from '~/env.server.ts'
import { consumeOnce } from '~/services/rate-limit.server.ts'

export const CAPTCHA_TTL_SECONDS = 10 * 60
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

/** True once per solved, unexpired, untampered challenge. */
export async function verifyCaptcha(token: string): Promise<boolean> {
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
	return consumeOnce('captcha', payload.challenge.signature, CAPTCHA_TTL_SECONDS)
}
