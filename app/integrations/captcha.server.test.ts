import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { expect, test } from 'vitest'
import { createCaptchaChallenge, encodeCaptchaToken, verifyCaptcha as verify, type AcceptOnce } from './captcha.server.ts'

// the store of accepted challenges is the caller's (the app passes the rate limiter's, in PostgreSQL;
// app/services/account.server.test.ts goes through it): here, one in memory
const accepted = new Set<string>()
const acceptOnce: AcceptOnce = async (name, subject) => !accepted.has(`${name}:${subject}`) && Boolean(accepted.add(`${name}:${subject}`))
const verifyCaptcha = (token: string) => verify(token, { acceptOnce })

async function solvedToken() {
	const challenge = await createCaptchaChallenge()
	const solution = await solveChallenge({ challenge, deriveKey })
	return { challenge, solution: solution!, token: encodeCaptchaToken({ challenge, solution: solution! }) }
}

test('a solved challenge verifies once', async () => {
	const { token } = await solvedToken()
	expect(await verifyCaptcha(token)).toBe(true)
	expect(await verifyCaptcha(token)).toBe(false)
})

test('a wrong solution, a tampered challenge, an expired one and garbage are refused', async () => {
	const { challenge, solution } = await solvedToken()
	expect(await verifyCaptcha(encodeCaptchaToken({ challenge, solution: { ...solution, counter: solution.counter + 1 } }))).toBe(false)
	const tampered = { ...challenge, parameters: { ...challenge.parameters, cost: 0 } }
	expect(await verifyCaptcha(encodeCaptchaToken({ challenge: tampered, solution }))).toBe(false)
	const expired = { ...challenge, parameters: { ...challenge.parameters, expiresAt: Math.floor(Date.now() / 1000) - 1 } }
	expect(await verifyCaptcha(encodeCaptchaToken({ challenge: expired, solution }))).toBe(false)
	expect(await verifyCaptcha('not base64 json')).toBe(false)
	expect(await verifyCaptcha(Buffer.from('{"challenge":null}').toString('base64'))).toBe(false)
	// the untouched original still works: the failures above did not use it up
	expect(await verifyCaptcha(encodeCaptchaToken({ challenge, solution }))).toBe(true)
})
