// Request bodies are bounded before they are read (issue 33 §1): a declared
// length over the route's limit is answered 413 at once, a body without one is
// read only up to the limit, and the server's memory stays flat.
import { readFileSync } from 'node:fs'
import { connect } from 'node:net'
import { startAppProcess } from '../support/app-process.ts'
import { readE2eEnv } from '../support/e2e-env.ts'
import { E2E_SESSION_SECRET, expect, sessionCookieHeader, test } from '../support/fixtures.ts'

type Raw = { status: number; headers: string; body: string; sentBytes: number }

/**
 * Sends `head` and then up to `bodyBytes` of body (chunked when `chunked`), as fast
 * as the server takes them, and stops sending as soon as an answer arrives.
 */
function rawPost(baseURL: string, path: string, { bodyBytes, contentType, chunked = false, declare = bodyBytes }: { bodyBytes: number; contentType: string; chunked?: boolean; declare?: number }): Promise<Raw> {
	const url = new URL(baseURL)
	return new Promise((resolve, reject) => {
		const socket = connect(Number(url.port), url.hostname)
		let answer = ''
		let sent = 0
		let answered = false
		const chunk = Buffer.alloc(64 * 1024, 'a')
		const pump = () => {
			while (!answered && sent < bodyBytes) {
				const piece = chunk.subarray(0, Math.min(chunk.length, bodyBytes - sent))
				sent += piece.length
				const ok = chunked ? socket.write(`${piece.length.toString(16)}\r\n`) && socket.write(piece) && socket.write('\r\n') : socket.write(piece)
				if (!ok) return void socket.once('drain', pump)
			}
			if (!answered && chunked) socket.write('0\r\n\r\n')
		}
		socket.on('connect', () => {
			const length = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${declare}`
			socket.write(`POST ${path} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: ${contentType}\r\n${length}\r\n\r\n`)
			pump()
		})
		socket.on('data', (data) => {
			answered = true
			answer += data.toString('latin1')
			// the answer is all there is to read: stop sending
			if (answer.includes('\r\n\r\n')) socket.end()
		})
		const finish = () => {
			const [head = '', ...rest] = answer.split('\r\n\r\n')
			const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0)
			if (!status) return reject(new Error(`no answer from ${path} (sent ${sent} bytes, chunked ${chunked})`))
			resolve({ status, headers: head.toLowerCase(), body: rest.join('\r\n\r\n'), sentBytes: sent })
		}
		socket.on('end', finish)
		socket.on('close', finish)
		socket.on('error', () => {
			if (answer) finish()
		})
	})
}

const rssBytes = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024

test('20 MB posts to the public doors are refused with 413 unread; memory stays flat; small forms still work', async () => {
	// no scheduled jobs and no bulk-measure worker in this process: what grows is what the posts cost
	const app = await startAppProcess({ DATABASE_URL: readE2eEnv().databaseUrl, SESSION_SECRET: E2E_SESSION_SECRET, JOBS: 'off', BULK_WORKER: 'off' }, { unset: ['SMTP_URL'] })
	try {
		const form = 'application/x-www-form-urlencoded'
		const doors = ['/p/some-token', '/embed/quote/some-key', '/contact', '/auth', '/theme', '/accept-invite']
		// warm up (each door's route module loaded by a small post), then measure
		for (const path of doors) await rawPost(app.baseURL, path, { bodyBytes: 10, contentType: form })
		const before = rssBytes(app.child.pid!)
		const twenty = 20 * 1024 * 1024
		for (const path of doors) {
			// declared: answered before the body is sent
			const declared = await rawPost(app.baseURL, path, { bodyBytes: twenty, contentType: form })
			expect(declared.status, path).toBe(413)
			expect(declared.body, path).toContain('That request is too large. The limit is 100 kB.')
			expect(declared.sentBytes, path).toBeLessThan(twenty)
			// chunked, no declared length: read only up to the limit
			const chunked = await rawPost(app.baseURL, path, { bodyBytes: twenty, contentType: form, chunked: true })
			expect(chunked.status, path).toBe(413)
			expect(chunked.sentBytes, path).toBeLessThan(twenty)
		}
		const api = await rawPost(app.baseURL, '/api/auth/login', { bodyBytes: twenty, contentType: 'application/json' })
		expect(api.status).toBe(413)
		expect(JSON.parse(/\{.*\}/s.exec(api.body)![0])).toEqual({ error: 'That request is too large. The limit is 100 kB.' })
		expect(rssBytes(app.child.pid!) - before).toBeLessThan(50 * 1024 * 1024)

		// a form under the limit is read as before
		const theme = await rawPost(app.baseURL, '/theme', { bodyBytes: 0, contentType: form, declare: 0 })
		expect(theme.status).not.toBe(413)
	} finally {
		await app.stop()
	}
})

test('no malformed body makes a page action fail: JSON, empty, broken multipart, wrong charset, huge field counts get a 4xx (or the page’s own answer), never a 5xx', async ({ request, makeUser, baseURL }) => {
	const user = await makeUser({ role: 'account_admin', tierId: 'pro' })
	const cookie = await sessionCookieHeader(user.id)
	const origin = new URL(baseURL!).origin
	const pages = ['/', '/accept-invite', '/contact', '/cookies', '/embed/quote/not-a-key', '/p/not-a-token', '/theme', '/admin', '/auth', '/billing', '/checkout/pro', '/dashboard', '/settings', '/measure', '/no-such-page']
	const many = Array.from({ length: 5_000 }, (_, i) => `f${i}=${i}`).join('&')
	const bodies: { name: string; headers: Record<string, string>; data: string | Buffer }[] = [
		{ name: 'JSON', headers: { 'content-type': 'application/json' }, data: '{"intent":' },
		{ name: 'valid JSON', headers: { 'content-type': 'application/json' }, data: '{"intent":"save"}' },
		{ name: 'empty, no type', headers: {}, data: '' },
		{ name: 'text', headers: { 'content-type': 'text/plain' }, data: 'intent=save' },
		{ name: 'broken multipart', headers: { 'content-type': 'multipart/form-data; boundary=x' }, data: '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsave' },
		{ name: 'multipart without boundary', headers: { 'content-type': 'multipart/form-data' }, data: 'intent=save' },
		{ name: 'wrong charset', headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-16' }, data: Buffer.from('intent=save', 'utf16le') },
		{ name: 'broken escapes', headers: { 'content-type': 'application/x-www-form-urlencoded' }, data: 'intent=%E0%A4%A&%%=%' },
		{ name: 'huge field count', headers: { 'content-type': 'application/x-www-form-urlencoded' }, data: many },
	]
	const failures: string[] = []
	for (const path of pages) {
		for (const target of [path, `${path === '/' ? '/_root' : path}.data`]) {
			for (const body of bodies) {
				for (const who of [{}, { cookie, origin }] as Record<string, string>[]) {
					const res = await request.post(target, { headers: { ...body.headers, ...who }, data: body.data, maxRedirects: 0 })
					if (res.status() >= 500) failures.push(`${target} ${body.name} ${'cookie' in who ? 'signed in' : 'anonymous'}: ${res.status()}`)
				}
			}
		}
	}
	expect(failures).toEqual([])
	// the refusals say what went wrong
	const json = await request.post('/contact', { headers: { 'content-type': 'application/json' }, data: '{}' })
	expect(json.status()).toBe(415)
	expect(await json.text()).toContain('Please send this form from its page.')
	const broken = await request.post('/p/not-a-token', { headers: { 'content-type': 'multipart/form-data; boundary=x' }, data: '--x\r\nbroken' })
	expect(broken.status()).toBe(400)
	expect(await broken.text()).toContain('That form could not be read. Please try again from its page.')
})
