import { expect, test } from 'vitest'
import { z } from 'zod'
import { HttpError, api, badRequest, readBody, readQuery } from './http.server.ts'

const schema = z.strictObject({ name: z.string().min(1, 'Name is required'), count: z.number().int().optional() })

const post = (body: BodyInit, type = 'application/json', headers: Record<string, string> = {}) =>
	new Request('http://x/api/thing', { method: 'POST', body, headers: { 'content-type': type, ...headers } })

async function statusOf(promise: Promise<unknown>) {
	try {
		await promise
		return 'ok'
	} catch (error) {
		return error instanceof HttpError ? `${error.status} ${error.message} ${JSON.stringify(error.fields ?? {})}` : String(error)
	}
}

test('valid JSON is parsed against the schema', async () => {
	expect(await readBody(post('{"name":"Lawn","count":3}'), schema)).toEqual({ name: 'Lawn', count: 3 })
})

test('form-encoded bodies feed the same schema', async () => {
	const loose = z.object({ name: z.string() })
	expect(await readBody(post('name=Lawn', 'application/x-www-form-urlencoded'), loose)).toEqual({ name: 'Lawn' })
})

test('bad bodies are 4xx with a message and the fields that are wrong', async () => {
	expect(await statusOf(readBody(post('{"name":'), schema))).toBe('400 Malformed JSON body {}')
	expect(await statusOf(readBody(post('"text"'), schema))).toBe('400 Request body must be a JSON object {}')
	expect(await statusOf(readBody(post('null'), schema))).toBe('400 Request body must be a JSON object {}')
	expect(await statusOf(readBody(post('{"name":""}'), schema))).toBe('400 Invalid input {"name":"Name is required"}')
	expect(await statusOf(readBody(post('{"name":"a","__proto__":{"x":1}}'), schema))).toBe('400 Invalid input {"__proto__":"Unknown field"}')
	expect(await statusOf(readBody(post('{"name":"a","count":1.5}'), schema))).toMatch(/^400 Invalid input \{"count":/)
	expect(await statusOf(readBody(post(new Uint8Array([0x7b, 0xff, 0x7d])), schema))).toBe('400 Request body is not valid UTF-8 {}')
})

test('oversized bodies are 413, by declared length or by what arrives', async () => {
	expect(await statusOf(readBody(post('{}', 'application/json', { 'content-length': '999999' }), schema))).toBe('413 Request body is too large {}')
	const big = JSON.stringify({ name: 'x'.repeat(2000) })
	expect(await statusOf(readBody(post(big), schema, { maxBytes: 1000 }))).toBe('413 Request body is too large {}')
})

test('api() turns errors into JSON replies and hides unexpected ones', async () => {
	const known = await api(async () => {
		throw badRequest('Nope', { a: 'bad' })
	})()
	expect(known.status).toBe(400)
	expect(await known.json()).toEqual({ error: 'Nope', fields: { a: 'bad' } })

	const original = console.error
	console.error = () => {}
	const unknown = await api(async () => {
		throw new Error('database password is hunter2')
	})()
	console.error = original
	expect(unknown.status).toBe(500)
	const body = await unknown.json()
	expect(body.error).not.toContain('hunter2')

	const passthrough = await api(async () => {
		throw new Response(null, { status: 302, headers: { Location: '/x' } })
	})()
	expect(passthrough.status).toBe(302)
})

test('readQuery parses the query string (first value of each parameter) or throws 400 with fields', () => {
	const query = z.object({ q: z.string({ error: 'q is required' }), limit: z.coerce.number().int().optional() })
	const get = (search: string) => new Request(`http://x/api/thing${search}`)
	expect(readQuery(get('?q=Austin&limit=3&q=ignored'), query)).toEqual({ q: 'Austin', limit: 3 })
	expect(readQuery(get('?q=a%20b&__proto__=x'), query)).toEqual({ q: 'a b' })
	let thrown: unknown
	try {
		readQuery(get('?limit=two'), query)
	} catch (error) {
		thrown = error
	}
	expect(thrown).toBeInstanceOf(HttpError)
	expect((thrown as HttpError).status).toBe(400)
	expect((thrown as HttpError).fields).toEqual({ q: 'q is required', limit: expect.any(String) })
})

test('NUL and unpaired surrogates never reach the database: 400 in a body or query, 404 in a path parameter', async () => {
	// found by tests/api/fuzz.spec.ts: PostgreSQL refuses NUL in text, so such an id or value was a 500
	const loose = z.object({ name: z.string(), tags: z.array(z.string()).optional() })
	expect(await statusOf(readBody(post('{"name":"a\\u0000b"}'), loose))).toBe('400 Invalid input {"name":"Contains characters that are not allowed"}')
	expect(await statusOf(readBody(post('{"name":"x","tags":["ok","\\ud800"]}'), loose))).toBe('400 Invalid input {"tags.1":"Contains characters that are not allowed"}')
	expect(await statusOf(readBody(post('{"name":"x","a\\u0000":1}'), loose))).toBe('400 Invalid input {"a?":"Contains characters that are not allowed"}')
	expect(await statusOf(readBody(post('{"name":"x","__proto__":"\\u0000"}'), z.looseObject({ name: z.string() })))).toBe('400 Invalid input {"__proto__":"Contains characters that are not allowed"}')
	expect(await statusOf(readBody(post('name=a%00b', 'application/x-www-form-urlencoded'), loose))).toBe('400 Invalid input {"name":"Contains characters that are not allowed"}')
	// a surrogate pair (an emoji) is fine
	expect(await readBody(post('{"name":"\\ud83d\\ude00 lawn"}'), loose)).toEqual({ name: '😀 lawn' })
	expect(() => readQuery(new Request('http://x/api/t?name=%00'), loose)).toThrow(HttpError)

	let ran = false
	const handler = api(async (_args: { request: Request; params: Record<string, string> }) => {
		ran = true
		return Response.json({ ok: true })
	})
	const byId = await handler({ request: new Request('http://x/api/things/a%00b'), params: { id: 'a\u0000b' } })
	expect(byId.status).toBe(404)
	expect(await byId.json()).toEqual({ error: 'Not found' })
	const byQuery = await handler({ request: new Request('http://x/api/things?address=%00&q=ok'), params: {} })
	expect(byQuery.status).toBe(400)
	expect(await byQuery.json()).toEqual({ error: 'Invalid input', fields: { address: 'Contains characters that are not allowed' } })
	expect(ran).toBe(false)
	expect((await handler({ request: new Request('http://x/api/things/ok?q=%F0%9F%98%80'), params: { id: 'ok' } })).status).toBe(200)
})
