// Turnstile's siteverify protocol against a local server speaking it.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { verifyTurnstileToken } from './captcha.server.ts'

const seen: URLSearchParams[] = []
const server = createServer((req, res) => {
	let body = ''
	req.on('data', (c) => (body += c))
	req.on('end', () => {
		const form = new URLSearchParams(body)
		seen.push(form)
		if (form.get('response') === 'explode') {
			res.writeHead(500).end('oops')
			return
		}
		const success = form.get('secret') === 'secret-key' && form.get('response') === 'good-token'
		res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(success ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] }))
	})
})
let url = ''
beforeAll(async () => {
	await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
	url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/turnstile/v0/siteverify`
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))

test('siteverify decides; the secret, token and client IP are sent as a form', async () => {
	const config = { secretKey: 'secret-key', verifyUrl: url }
	expect(await verifyTurnstileToken('good-token', config, '203.0.113.9')).toBe(true)
	expect(seen.at(-1)!.get('remoteip')).toBe('203.0.113.9')
	expect(await verifyTurnstileToken('bad-token', config)).toBe(false)
	expect(await verifyTurnstileToken('good-token', { ...config, secretKey: 'wrong' })).toBe(false)
	expect(await verifyTurnstileToken('explode', config)).toBe(false)
	expect(await verifyTurnstileToken('', config)).toBe(false)
	// an unreachable endpoint is a no, not an exception
	expect(await verifyTurnstileToken('good-token', { ...config, verifyUrl: 'http://127.0.0.1:1/siteverify' })).toBe(false)
})
