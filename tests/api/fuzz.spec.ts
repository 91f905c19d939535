// Hostile input (issue 10 §2): thousands of generated malformed requests across
// every /api/* path of app/routes.ts (read from the route config, so a new path
// is fuzzed the day it is added), as anonymous and as a signed-in account_admin
// whose own ids fill the path parameters, so ownership passes and validation is
// what is tested. Generators: wrong types, missing fields, huge strings (under
// and over the body limit), deep nesting, invalid UTF-8, NaN/Infinity, NUL and
// lone surrogates, prototype-pollution keys, SQL/HTML injection, wrong content
// types, truncated JSON, empty bodies, arrays instead of objects; hostile query
// strings and path parameters.
//
// Asserted for each: no 5xx; an error is JSON `{ error: string, fields?: object }`;
// a body a path reads is refused (4xx); an oversized body is 413. After the run
// no row of any table changed (sessions, rate limits and the audit log excepted).
//
// The run gets a production server and embedded PostgreSQL of its own (as
// crash-safety.spec.ts does): the database comparison covers every row of every
// table, which a database shared with the rest of the suite running beside it
// could not. Deterministic: FUZZ_SEED=<n> replays a run; FUZZ_COUNT=<n> sizes it.
import { spawn, type ChildProcess } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PrismaPg } from '@prisma/adapter-pg'
import sharp from 'sharp'
import routes from '../../app/routes.ts'
import * as accountSchemas from '../../app/lib/schemas/account.ts'
import * as adminSchemas from '../../app/lib/schemas/admin.ts'
import * as billingSchemas from '../../app/lib/schemas/billing.ts'
import * as checkoutSchemas from '../../app/lib/schemas/checkout.ts'
import * as aiSchemas from '../../app/lib/schemas/ai-measure.ts'
import * as authSchemas from '../../app/lib/schemas/auth.ts'
import * as measurementSchemas from '../../app/lib/schemas/measurement.ts'
import * as reportSchemas from '../../app/lib/schemas/reports.ts'
import * as settingsSchemas from '../../app/lib/schemas/settings.ts'
import * as shareSchemas from '../../app/lib/schemas/share.ts'
import * as quoteWidgetSchemas from '../../app/lib/schemas/quote-widget.ts'
import { PrismaClient } from '../../generated/prisma/client.ts'
import { freePort, startEmbeddedPostgres } from '../../server/embedded-postgres.ts'
import { db, expect, sessionCookieHeader, test } from '../support/fixtures.ts'
import { rawRequest } from '../support/raw-http.ts'
import { rng as mulberry32 } from '../../app/grass/raster.ts'
import { MAX_BULK_UPLOAD_BYTES } from '../../app/lib/body-limits.ts'

const SEED = Number(process.env.FUZZ_SEED ?? 20261122)
const COUNT = Number(process.env.FUZZ_COUNT ?? 5200)
const CONCURRENCY = 8
const JSON_LIMIT = 100 * 1024
/** paths that take whole drawings accept more (app/routes/api/measurements*.ts) */
const limitOf = (template: string) =>
	/^api\/measurements(\/:id)?$/.test(template) ? 2 * 1024 * 1024 : template === 'api/bulk-measurements' ? MAX_BULK_UPLOAD_BYTES : JSON_LIMIT

/** Tables a refused request may still write: who asked (sessions), how often (rate limits), what admins tried (audit). */
const MAY_CHANGE = ['sessions', 'rate_limits', 'audit_logs', '_prisma_migrations']

/**
 * Requests that act without reading a body or query (deletes, sign-out, the
 * search counter, 2FA switches, reports that count against a limit): a
 * "malformed" body would be ignored and the request would succeed, so the
 * signed-in account only sends them with hostile path parameters.
 */
const ACTS_WITHOUT_INPUT = [
	'DELETE api/account/invitations/:id',
	'DELETE api/account/users/:id',
	'DELETE api/measurements/:id',
	'DELETE api/measurements/:id/share',
	'DELETE api/organizations/:id/price-list/:serviceId',
	'POST api/account/users/:id/reset-password',
	'POST api/auth/logout',
	'* api/logout',
	'POST api/usage/increment-search',
	// its body is `{}`: an empty body cancels (as it should), so it is not fuzzed as input
	'POST api/subscription/cancel',
	'POST api/user/2fa/send-challenge',
	'POST api/user/2fa/enable',
	'POST api/user/2fa/disable',
	'GET api/measurements/report.pdf',
	'GET api/measurements/:id/report.pdf',
]
const actsWithoutInput = (method: string, template: string) =>
	ACTS_WITHOUT_INPUT.includes(`${method} ${template}`) || ACTS_WITHOUT_INPUT.includes(`* ${template}`)
/** Browser routes under /api that answer with a redirect, not JSON. */
const BROWSER_ROUTES = ['api/login', 'api/logout']
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

/** Every field name of every request schema: the candidates for each path's probe. */
function schemaKeys(): string[] {
	const keys = new Set<string>()
	const walk = (s: unknown, depth: number) => {
		if (!s || typeof s !== 'object' || depth > 5) return
		const shape = (s as { shape?: unknown }).shape
		if (shape && typeof shape === 'object') {
			for (const k of Object.keys(shape)) keys.add(k)
			return
		}
		const def = (s as { _zod?: { def?: Record<string, unknown> } })._zod?.def ?? {}
		for (const inner of [def.in, def.out, def.innerType, def.schema, ...((def.options as unknown[]) ?? [])]) walk(inner, depth + 1)
	}
	for (const module of [accountSchemas, adminSchemas, aiSchemas, authSchemas, billingSchemas, checkoutSchemas, measurementSchemas, reportSchemas, settingsSchemas, shareSchemas, quoteWidgetSchemas]) {
		for (const value of Object.values(module)) walk(value, 0)
	}
	return [...keys]
}

// ---------------------------------------------------------------- PRNG (mulberry32, shared with the grass scenes)
type Rng = () => number
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!
const int = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1))

// ---------------------------------------------------------------- hostile values
const INJECTIONS = [
	"' OR '1'='1",
	"'; DROP TABLE users; --",
	'1; SELECT pg_sleep(5)--',
	'" OR ""="',
	"admin'--",
	'%',
	'_',
	'\\',
	'<script>alert(1)</script>',
	'"><img src=x onerror=alert(1)>',
	'javascript:alert(1)',
	'{{7*7}}',
	'${7*7}',
	'../../../../etc/passwd',
	'\u0000',
	'a\u0000b',
	'\ud800',
	'x\udfffy',
	'\u202e\u0301',
	'😀'.repeat(50),
	'\r\nSet-Cookie: x=1',
	'NaN',
	'Infinity',
	'-0',
	'1e309',
	'0x10',
	'null',
	'undefined',
	'true',
	'[]',
	'{}',
	'',
	' ',
	'\t\n',
]
const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype', '__defineGetter__', 'hasOwnProperty', 'toString', 'valueOf']

function hugeString(rng: Rng, max: number) {
	const n = int(rng, 1_000, max)
	return pick(rng, ['a', 'é', '😀', '<b>', "'"]).repeat(Math.ceil(n / 4)).slice(0, n)
}

function hostileValue(rng: Rng, depth = 0): unknown {
	switch (int(rng, 0, 13)) {
		case 0:
			return null
		case 1:
			return pick(rng, [true, false])
		case 2:
			return pick(rng, [0, -1, 1.5, -0.0001, 1e308, -1e308, 2 ** 53 + 1, Number.MIN_VALUE, 123456789012345])
		case 3:
			return pick(rng, INJECTIONS)
		case 4:
			return hugeString(rng, 20_000)
		case 5:
			return depth > 2 ? [] : Array.from({ length: int(rng, 0, 4) }, () => hostileValue(rng, depth + 1))
		case 6:
			return depth > 2 ? {} : hostileObject(rng, [], depth + 1)
		case 7:
			return { [pick(rng, POLLUTION_KEYS)]: { isAdmin: true, role: 'site_admin', polluted: 'yes' } }
		case 8:
			return pick(rng, ['2026-13-45', '1970-01-01T00:00:00Z', 'not-an-email', 'a@b', '@example.com', 'x'.repeat(300) + '@example.com'])
		case 9:
			// near misses of real enum values
			return pick(rng, ['SQFT', 'acre', 'Satellite ', 'polygons', 'Member', 'account-admin', 'site_admin', 'DARK', 'True', 'no'])
		case 10:
			return [{ id: 's1', type: pick(rng, ['polygon', 'line', 'circle', 'x']), coordinates: pick(rng, [[], [{ lat: 'a', lng: 'b' }], [{ lat: 91, lng: 181 }], 'nope', null]) }]
		case 11:
			return { lat: pick(rng, [NaN, 'x', 1e9, null]), lng: pick(rng, [-1e9, {}, []]) }
		case 12:
			return pick(rng, [-1, 0, 1e100, 3.7, '5', '1e3'])
		default:
			return randomText(rng)
	}
}

function randomText(rng: Rng) {
	return Array.from({ length: int(rng, 0, 40) }, () => String.fromCharCode(int(rng, 0, 0xffff))).join('')
}

/**
 * An object of hostile values under real field names (`keys`) and hostile ones.
 * At the top level it always carries one field no schema has: a hostile value
 * can be a valid one (a boolean for a boolean, an injection string for a label),
 * and the request must still be a malformed one.
 */
function hostileObject(rng: Rng, keys: readonly string[], depth = 0): Record<string, unknown> {
	const out: Record<string, unknown> = {}
	const set = (key: string, value: unknown) => Object.defineProperty(out, key, { value, enumerable: true, configurable: true, writable: true })
	const n = int(rng, 1, 6)
	for (let i = 0; i < n; i++) {
		const key = keys.length && rng() < 0.8 ? pick(rng, keys) : rng() < 0.5 ? pick(rng, POLLUTION_KEYS) : randomText(rng).slice(0, 20)
		set(key, hostileValue(rng, depth))
	}
	if (depth === 0) set(`zz${int(rng, 0, 1e6)}${pick(rng, ['', '<b>', "'", ' '])}`, hostileValue(rng, 1))
	return out
}

type Payload = { kind: string; body?: Buffer | string; contentType?: string; expectStatus?: number }

function deepNesting(rng: Rng): string {
	const depth = int(rng, 1_000, 40_000)
	const [open, close] = pick(rng, [
		['[', ']'],
		['{"a":', '}'],
	])
	return open!.repeat(depth) + '1' + close!.repeat(depth)
}

/** One malformed body for a path that reads JSON, whose known field names are `keys`. */
function bodyPayload(rng: Rng, keys: readonly string[], limit: number): Payload {
	const json = 'application/json'
	switch (int(rng, 0, 19)) {
		case 0:
		case 1:
		case 2:
			return { kind: 'wrong types', body: JSON.stringify(hostileObject(rng, keys)), contentType: json }
		case 3: {
			// missing fields: some real fields, wrong values, the rest left out
			const obj = hostileObject(rng, keys.slice(0, Math.max(1, Math.floor(keys.length / 2))))
			return { kind: 'missing fields', body: JSON.stringify(obj), contentType: json }
		}
		case 4: {
			const key = keys.length ? pick(rng, keys) : 'name'
			return { kind: 'huge string under the limit', body: JSON.stringify({ [key]: hugeString(rng, limit - 1_000) }), contentType: json }
		}
		case 5: {
			const size = limit + int(rng, 1, 20_000)
			const key = keys.length ? pick(rng, keys) : 'name'
			return { kind: 'body over the limit', body: JSON.stringify({ [key]: 'x'.repeat(size) }), contentType: json, expectStatus: 413 }
		}
		case 6: {
			const text = deepNesting(rng)
			return { kind: 'deep nesting', body: rng() < 0.5 ? text : `{"${keys[0] ?? 'a'}":${text}}`, contentType: json }
		}
		case 7: {
			const key = keys.length ? pick(rng, keys) : 'name'
			const bad = pick(rng, [[0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xe2, 0x82]])
			return { kind: 'invalid UTF-8', body: Buffer.concat([Buffer.from(`{"${key}":"ab`), Buffer.from(bad), Buffer.from('cd"}')]), contentType: json }
		}
		case 8: {
			const key = keys.length ? pick(rng, keys) : 'value'
			return { kind: 'NaN/Infinity tokens', body: `{"${key}": ${pick(rng, ['NaN', 'Infinity', '-Infinity', 'undefined', '1e99999', '0x1F', '.5', '01'])}}`, contentType: json }
		}
		case 9: {
			const key = pick(rng, POLLUTION_KEYS)
			const inner = keys.length ? `{"${pick(rng, keys)}":"polluted","role":"site_admin","isAdmin":true}` : '{"polluted":"yes"}'
			return { kind: 'prototype pollution', body: `{"${key}":${inner}${keys.length ? `,"${pick(rng, keys)}":{"__proto__":{"x":1}}` : ''}}`, contentType: json }
		}
		case 10: {
			const obj: Record<string, unknown> = {}
			for (const key of keys.length ? keys : ['name']) obj[key] = pick(rng, INJECTIONS.slice(0, 14))
			obj[pick(rng, ['id', 'organizationId', 'role', 'userId', 'zz'])] = pick(rng, ["' OR 1=1 --", '<script>x</script>'])
			obj["zz' OR 1=1"] = 1
			return { kind: 'SQL/HTML injection', body: JSON.stringify(obj), contentType: json }
		}
		case 11: {
			const contentType = pick(rng, ['text/plain', 'application/xml', 'text/html', 'multipart/form-data; boundary=x', 'application/octet-stream', 'application/json; charset=utf-16', 'image/png', ''])
			const body = pick(rng, ['<a>1</a>', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--', '\x89PNG\r\n\x1a\n', 'hello', JSON.stringify(hostileObject(rng, keys))])
			return { kind: 'wrong content type', body, contentType }
		}
		case 12: {
			const full = JSON.stringify(hostileObject(rng, keys))
			return { kind: 'truncated JSON', body: full.slice(0, Math.max(1, int(rng, 1, full.length - 1))), contentType: json }
		}
		case 13:
			return { kind: 'empty body', body: pick(rng, ['', ' ', '\n', 'null', '""', '0', 'true']), contentType: pick(rng, [json, 'text/plain']) }
		case 14:
			return { kind: 'array instead of object', body: JSON.stringify(pick(rng, [[], [hostileObject(rng, keys)], [1, 2, 3], ['a']])), contentType: json }
		case 15: {
			const params = new URLSearchParams()
			for (const key of [...(keys.length ? [pick(rng, keys)] : []), pick(rng, POLLUTION_KEYS), `${pick(rng, POLLUTION_KEYS)}[isAdmin]`]) {
				params.append(key, String(pick(rng, INJECTIONS)))
			}
			params.append('zzUnknown', '1')
			return { kind: 'form-encoded hostile', body: params.toString(), contentType: 'application/x-www-form-urlencoded' }
		}
		case 16: {
			// a real field with a NUL or a lone surrogate: not storable in PostgreSQL text
			const key = keys.length ? pick(rng, keys) : 'name'
			return { kind: 'NUL and lone surrogates', body: `{"${key}":"${pick(rng, ['a\\u0000b', '\\ud800', 'x\\udfff', '\\u0000'])}"}`, contentType: json }
		}
		case 17:
			return { kind: 'duplicate keys', body: `{"${keys[0] ?? 'a'}":1,"${keys[0] ?? 'a'}":"<b>x</b>","__proto__":1,"__proto__":{"a":1},"zz":0}`, contentType: json }
		case 18:
			return { kind: 'random bytes', body: randomBytesFrom(rng, int(rng, 1, 2_000)), contentType: pick(rng, [json, 'application/octet-stream']) }
		default:
			return { kind: 'wrong types', body: JSON.stringify(hostileObject(rng, keys)), contentType: json }
	}
}

function randomBytesFrom(rng: Rng, n: number) {
	const buf = Buffer.alloc(n)
	for (let i = 0; i < n; i++) buf[i] = Math.floor(rng() * 256)
	return buf
}

/** lone surrogates as U+FFFD: encodeURIComponent refuses them */
const wellFormed = (s: string) => (s as unknown as { toWellFormed(): string }).toWellFormed()

/** A hostile query string (kept under Node's 16 kB header limit). */
function hostileQuery(rng: Rng, keys: readonly string[]): string {
	const parts: string[] = []
	const n = int(rng, 1, 6)
	for (let i = 0; i < n; i++) {
		const key = rng() < 0.6 ? pick(rng, keys) : rng() < 0.5 ? pick(rng, POLLUTION_KEYS) + pick(rng, ['', '[x]', '.x']) : pick(rng, INJECTIONS)
		const value = pick(rng, [
			() => String(pick(rng, INJECTIONS)),
			() => String(pick(rng, [-1, 0, 1e308, 'NaN', 'Infinity', '1.5', '99999999999999999999', '-0'])),
			() => 'x'.repeat(int(rng, 100, 5_000)),
			() => randomText(rng),
		])()
		parts.push(`${encodeURIComponent(wellFormed(key))}=${encodeURIComponent(wellFormed(value))}`)
	}
	if (rng() < 0.2) parts.push(pick(rng, ['%FF%FE', '%', '%zz', 'a=%E0%A4%A', '&&&=', '=x']))
	// under Node's 16 kB header limit, which answers 431 before the app sees the request
	return parts.join('&').slice(0, 8_000).replace(/%[0-9A-F]?$/i, '')
}

/** A hostile path parameter (percent-encoded as a client would send it). */
function hostileId(rng: Rng): string {
	const raw = pick(rng, [
		"' OR 1=1 --",
		'1; DROP TABLE measurements',
		'__proto__',
		'constructor',
		'prototype',
		'../../etc/passwd',
		'<script>alert(1)</script>',
		'x'.repeat(int(rng, 200, 4_000)),
		'\u0000',
		'😀',
		'-1',
		'0',
		'NaN',
		'null',
		' ',
		'ckxxxxxxxxxxxxxxxxxxxxxxx',
	])
	const encoded = encodeURIComponent(wellFormed(raw))
	return rng() < 0.15 ? pick(rng, ['%FF', '%E0%A4%A', '%', '%C0%AF', 'a%00b']) : encoded
}

// ---------------------------------------------------------------- the server of this test
type Server = { child: ChildProcess; output: () => string; baseURL: string }

async function startServer(dataDir: string, databaseUrl: string): Promise<Server> {
	const port = await freePort()
	const baseURL = `http://127.0.0.1:${port}`
	const env: NodeJS.ProcessEnv = {
		...process.env,
		NODE_ENV: 'production',
		DATABASE_URL: databaseUrl,
		SESSION_SECRET: randomBytes(24).toString('hex'),
		SEED_DEMO: 'true',
		DATA_DIR: dataDir,
		PORT: String(port),
		HOST: '127.0.0.1',
		APP_URL: baseURL,
		JOBS: 'off',
		// each request comes "from" its own address: per-IP limits never hide validation
		TRUST_PROXY: 'true',
		// never the internet: imagery from a closed port
		SATELLITE_TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}',
		HYBRID_TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}',
		TERRAIN_TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}',
		ROADMAP_TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}',
		TILE_FETCH_TIMEOUT_MS: '300',
		TILE_CACHE_DIR: path.join(dataDir, 'tiles'),
	}
	delete env.SMTP_URL
	const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
	let output = ''
	child.stdout!.on('data', (d) => (output += d))
	child.stderr!.on('data', (d) => (output += d))
	await expect.poll(() => output, { timeout: 90_000 }).toContain('Yardstick is running')
	return { child, output: () => output, baseURL }
}

async function tableSnapshot(prisma: PrismaClient) {
	const tables = await prisma.$queryRaw<{ tablename: string }[]>`SELECT tablename::text AS tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`
	const snapshot: Record<string, { count: number; rows: string[] }> = {}
	for (const { tablename } of tables) {
		if (MAY_CHANGE.includes(tablename)) continue
		const rows = await prisma.$queryRawUnsafe<{ row: string }[]>(`SELECT t::text AS row FROM "${tablename}" t ORDER BY 1`)
		snapshot[tablename] = { count: rows.length, rows: rows.map((r) => r.row) }
	}
	return snapshot
}

function differences(before: Awaited<ReturnType<typeof tableSnapshot>>, after: Awaited<ReturnType<typeof tableSnapshot>>) {
	const out: string[] = []
	for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
		const a = before[table]
		const b = after[table]
		if (!a || !b) {
			out.push(`${table}: table ${a ? 'dropped' : 'created'}`)
			continue
		}
		const gone = a.rows.filter((r) => !b.rows.includes(r))
		const added = b.rows.filter((r) => !a.rows.includes(r))
		if (a.count !== b.count || gone.length || added.length) {
			out.push(`${table}: ${a.count} → ${b.count} rows; changed from ${JSON.stringify(gone.slice(0, 2))} to ${JSON.stringify(added.slice(0, 2))}`)
		}
	}
	return out
}

type Job = { actor: 'anonymous' | 'account_admin'; method: string; url: string; template: string; payload: Payload; mustRefuse: boolean }

test('5,000+ malformed requests to every JSON path: no 5xx, a JSON error each time, no row changed', async () => {
	test.setTimeout(300_000)
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardstick-fuzz-'))
	const pg = await startEmbeddedPostgres({ dir: path.join(dataDir, 'postgres'), durable: false, quiet: true })
	let server: Server | undefined
	const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: pg.url }) })
	try {
		server = await startServer(dataDir, pg.url)
		const baseURL = server.baseURL

		// the signed-in account_admin and its organization's objects
		const tag = randomBytes(4).toString('hex')
		const org = await prisma.organization.create({ data: { name: `Fuzz ${tag}`, accountNumber: `F-${tag}`, subscriptionTierId: 'pro' } })
		const admin = await prisma.user.create({
			data: { email: `fuzz-admin-${tag}@example.com`, firstName: 'Fuzz', lastName: 'Admin', role: 'account_admin', emailVerified: true, organizationId: org.id, maxSearchesPerMonth: 50 },
		})
		const member = await prisma.user.create({
			data: { email: `fuzz-member-${tag}@example.com`, firstName: 'Fuzz', lastName: 'Member', role: 'member', emailVerified: true, organizationId: org.id },
		})
		const invitation = await prisma.userInvitation.create({
			data: { email: `fuzz-invitee-${tag}@example.com`, role: 'member', organizationId: org.id, invitedBy: admin.id, inviteToken: `fuzz-${tag}`, expiresAt: new Date(Date.now() + 86_400_000) },
		})
		const price = await prisma.servicePrice.create({ data: { organizationId: org.id, name: 'Mowing', unit: 'sqft', unitPrice: '0.0125' } })
		const invoice = await prisma.invoice.create({
			data: { invoiceNumber: `INV-F-${tag}`, organizationId: org.id, billingPeriodStart: new Date('2026-10-01T00:00:00Z'), billingPeriodEnd: new Date('2026-10-31T00:00:00Z'), subtotalAmount: 79, totalAmount: 79, status: 'paid' },
		})
		const coupon = await prisma.couponCode.create({ data: { code: `FUZZ${tag}`.toUpperCase(), name: 'Fuzz coupon', discountType: 'percentage', discountValue: 10 } })
		const lead = await prisma.lead.create({ data: { organizationId: org.id, source: 'widget', name: 'Fuzz Lead', email: `fuzz-lead-${tag}@example.com`, phone: '3035550100', address: '1 Fuzz St, Austin, TX 78701' } })
		const token = randomBytes(32).toString('base64url')
		await prisma.session.create({
			data: { sid: createHash('sha256').update(token).digest('hex'), userId: admin.id, expire: new Date(Date.now() + 3_600_000), sess: { remember: false, createdAt: new Date().toISOString() } },
		})
		const fill = (template: string): string | null => {
			let unknown = false
			const filled = template.replace(/:(\w+)\??/g, (_m, name: string) => {
				if (template.startsWith('api/organizations/') && name === 'id') return org.id
				if (name === 'serviceId') return price.id
				if (template.startsWith('api/measurements/')) return measurement.id
				if (template.startsWith('api/account/users/')) return member.id
				if (template.startsWith('api/account/invitations/')) return invitation.id
				if (template.startsWith('api/blog/posts/')) return 'welcome'
				if (template.startsWith('api/invoices/') || template.startsWith('api/admin/invoices/')) return invoice.id
				if (template.startsWith('api/leads/')) return lead.id
				if (template.startsWith('api/bulk-measurements/')) return name === 'command' ? 'cancel' : 'no-such-batch'
				// the admin paths: the account_admin reaches its own organization's users only
				if (template.startsWith('api/admin/users/') || template.startsWith('api/admin/masquerade/')) return member.id
				if (template.startsWith('api/admin/organizations/')) return org.id
				if (template.startsWith('api/admin/subscription-tiers/')) return 'pro'
				if (template.startsWith('api/admin/coupons/')) return coupon.id
				if (template.startsWith('api/admin/team-members/')) return admin.id
				if (template.startsWith('api/admin/blog/posts/')) return 'no-such-post'
				unknown = true
				return `:${name}`
			})
			return unknown ? null : filled
		}

		// the measurement the way the app saves one (shapes and totals computed by the service)
		const saved = await fetch(`${baseURL}/api/measurements`, {
			method: 'POST',
			headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
			body: JSON.stringify({ label: 'Front lawn', address: '1 Fuzz St, Austin, TX 78701', measurement_type: 'manual', shapes: [{ id: 's1', type: 'polygon', coordinates: [{ lat: 30.2, lng: -97.7 }, { lat: 30.2, lng: -97.699 }, { lat: 30.201, lng: -97.699 }] }] }),
		})
		expect(saved.status, await saved.clone().text()).toBe(201)
		const measurement = (await saved.json()) as { id: string }

		let seq = 0
		const send = async (actor: Job['actor'], method: string, url: string, payload: Payload) => {
			seq++
			const headers: Record<string, string> = { 'X-Forwarded-For': `10.${(seq >> 16) & 255}.${(seq >> 8) & 255}.${seq & 255}` }
			if (actor === 'account_admin') headers.Authorization = `Bearer ${token}`
			if (payload.contentType !== undefined && payload.body !== undefined) headers['Content-Type'] = payload.contentType
			const body = method === 'GET' || method === 'HEAD' || payload.body === undefined ? undefined : Buffer.from(payload.body)
			// a connection per request (as many clients do): no keep-alive race between a
			// reply that closes its connection (413) and the next request on it. The server
			// may answer (413, 401) and close before the whole body is sent: the client reads
			// that answer after its write fails; "no answer" (0) is only when none came
			const res = await rawRequest(baseURL, { method, path: url, headers, body })
			return { status: res.status, contentType: res.headers['content-type'] ?? '', text: res.status ? res.text : `no answer (write error ${res.writeError ?? 'none'}, ${res.sentBytes} bytes sent)` }
		}

		// -------- discover which methods read a JSON body, and their field names
		const apiRoutes = routes.filter((r) => r.path?.startsWith('api/') && r.path !== 'api/*')
		expect(apiRoutes.length).toBeGreaterThan(40)
		const unfillable = apiRoutes.filter((r) => fill(r.path!) === null).map((r) => r.path)
		expect(unfillable, 'paths with a parameter this test cannot fill').toEqual([])
		const readsBody = new Map<string, string[]>() // "METHOD template" → field names
		const hasGet = new Set<string>()
		const pool = schemaKeys()
		expect(pool.length).toBeGreaterThan(40)
		// a probe with every known field name, each of a type no field takes: the
		// fields a path reads answer with their own message, the others "Unknown field"
		const probe = JSON.stringify(Object.fromEntries(pool.map((k) => [k, [[{}]]])))
		for (const route of apiRoutes) {
			const template = route.path!
			const url = `/${fill(template)}`
			for (const method of METHODS) {
				if (actsWithoutInput(method, template) || BROWSER_ROUTES.includes(template)) continue
				if (method === 'GET') {
					const res = await send('account_admin', 'GET', url, { kind: 'probe' })
					if (res.status !== 405) hasGet.add(template)
					continue
				}
				const res = await send('account_admin', method, url, { kind: 'probe', body: probe, contentType: 'application/json' })
				expect(res.status, `${method} ${url}: ${res.text.slice(0, 200)}`).toBeLessThan(500)
				if (res.status !== 400) continue
				const fields = (JSON.parse(res.text) as { fields?: Record<string, string> }).fields ?? {}
				const keys = Object.entries(fields)
					.filter(([k, message]) => message !== 'Unknown field' && k !== '_')
					.map(([k]) => k.split('.')[0]!)
				readsBody.set(`${method} ${template}`, [...new Set(keys)])
			}
		}
		expect(readsBody.size, 'methods found reading a JSON body').toBeGreaterThan(25)

		// -------- the plan: seeded, so a failure replays with FUZZ_SEED
		const rng = mulberry32(SEED)
		const jobs: Job[] = []
		const bodyTargets = [...readsBody.keys()]
		const getTargets = [...hasGet]
		const paramRoutes = apiRoutes.filter((r) => r.path!.includes(':')).map((r) => r.path!)
		const QUERY_KEYS = ['page', 'limit', 'status', 'address', 'q', 'sort', 'services', 'taxRate', 'notes', 'id', 'lat', 'lng', 'zip', 'redirectTo', 'format']
		while (jobs.length < COUNT) {
			const roll = rng()
			const actor: Job['actor'] = rng() < 0.75 ? 'account_admin' : 'anonymous'
			if (roll < 0.72) {
				const target = pick(rng, bodyTargets)
				const [method, template] = target.split(' ') as [string, string]
				const own = readsBody.get(target)!
				const keys = own.length && rng() < 0.7 ? own : [...own, ...Array.from({ length: 4 }, () => pick(rng, pool))]
				const payload = bodyPayload(rng, keys, limitOf(template))
				// the uploads (photo, billing support) read multipart only: anything else is refused before its size matters
				if (template === 'api/user/profile-photo' || template === 'api/contact-billing-support') payload.expectStatus = undefined
				// an empty body is an empty update where every field is optional (still no row may change)
				jobs.push({ actor, method, template, url: `/${fill(template)}`, payload, mustRefuse: payload.kind !== 'empty body' })
			} else if (roll < 0.87) {
				const template = pick(rng, getTargets)
				jobs.push({ actor, method: 'GET', template, url: `/${fill(template)}?${hostileQuery(rng, QUERY_KEYS)}`, payload: { kind: 'hostile query' }, mustRefuse: false })
			} else if (roll < 0.97) {
				const template = pick(rng, paramRoutes)
				const method = pick(rng, METHODS)
				const url = `/${template.replace(/:(\w+)\??/g, () => hostileId(rng))}`
				const payload = rng() < 0.5 ? bodyPayload(rng, [], JSON_LIMIT) : { kind: 'hostile path parameter' }
				jobs.push({ actor, method, template, url, payload: { ...payload, kind: `hostile path parameter, ${payload.kind}`, expectStatus: undefined }, mustRefuse: true })
			} else {
				// a method a path does not have, anything a path without input gets from anonymous, the browser routes
				const template = pick(rng, apiRoutes).path!
				const method = pick(rng, METHODS)
				const signedIn = actor === 'account_admin' && !actsWithoutInput(method, template) && !BROWSER_ROUTES.includes(template)
				const payload = bodyPayload(rng, pool, JSON_LIMIT)
				jobs.push({ actor: signedIn ? 'account_admin' : 'anonymous', method, template, url: `/${fill(template)}`, payload: { ...payload, expectStatus: undefined }, mustRefuse: false })
			}
		}

		const before = await tableSnapshot(prisma)
		const whoAmI = await send('account_admin', 'GET', '/api/auth/user', { kind: 'check' })
		expect(whoAmI.status).toBe(200)

		// -------- the run
		console.log(`fuzz: seed ${SEED}, ${jobs.length} requests, ${readsBody.size} body-reading methods on ${apiRoutes.length} paths, concurrency ${CONCURRENCY}`)
		const started = Date.now()
		const failures: string[] = []
		const statuses = new Map<number, number>()
		const kinds = new Map<string, number>()
		let next = 0
		const worker = async () => {
			while (next < jobs.length) {
				const index = next++
				const job = jobs[index]!
				const res = await send(job.actor, job.method, job.url, job.payload)
				statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
				kinds.set(job.payload.kind.split(',')[0]!, (kinds.get(job.payload.kind.split(',')[0]!) ?? 0) + 1)
				const where = `#${index} ${job.actor} ${job.method} ${job.url.slice(0, 120)} [${job.payload.kind}] → ${res.status}`
				const fail = (why: string) => failures.push(`${where}: ${why} ${res.text.slice(0, 200)}`)
				if (res.status === 0 || res.status >= 500) {
					fail('server error or no answer')
					continue
				}
				if (BROWSER_ROUTES.includes(job.template) && res.status >= 300 && res.status < 400) continue
				if (res.status >= 400) {
					if (!res.contentType.includes('application/json')) {
						fail('error is not JSON')
						continue
					}
					let parsed: { error?: unknown; fields?: unknown }
					try {
						parsed = JSON.parse(res.text)
					} catch {
						fail('error body does not parse')
						continue
					}
					if (typeof parsed.error !== 'string' || !parsed.error) fail('no error message')
					if (parsed.fields !== undefined && (typeof parsed.fields !== 'object' || parsed.fields === null || Array.isArray(parsed.fields))) fail('fields is not an object')
				} else if (job.mustRefuse) fail('malformed input accepted')
				if (job.payload.expectStatus && job.actor === 'account_admin' && res.status !== job.payload.expectStatus) fail(`expected ${job.payload.expectStatus}`)
			}
		}
		await Promise.all(Array.from({ length: CONCURRENCY }, worker))
		const seconds = (Date.now() - started) / 1000
		console.log(`fuzz: ${jobs.length} requests in ${seconds.toFixed(1)} s (seed ${SEED}); statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`)
		console.log(`fuzz: generators ${JSON.stringify(Object.fromEntries(kinds))}`)
		if (failures.length) console.log(server.output().split('\n').filter((l) => /error|at /i.test(l)).slice(0, 60).join('\n'))
		expect(failures.slice(0, 40), `${failures.length} failures (seed ${SEED})`).toEqual([])
		expect(jobs.length).toBeGreaterThanOrEqual(5_000)

		// no row of any table changed, and the server's objects are not polluted
		expect(differences(before, await tableSnapshot(prisma))).toEqual([])
		const again = await send('account_admin', 'GET', '/api/auth/user', { kind: 'check' })
		expect(again.status).toBe(200)
		expect(again.text).toBe(whoAmI.text)
		expect(again.text).not.toContain('polluted')
		expect(server.output()).not.toMatch(/Unhandled API error/)

		// the comparison is not blind: one real edit shows up in it
		const edit = await send('account_admin', 'PATCH', `/api/measurements/${measurement.id}`, { kind: 'check', body: '{"label":"Back lawn"}', contentType: 'application/json' })
		expect(edit.status).toBe(200)
		expect(differences(before, await tableSnapshot(prisma))).toEqual([expect.stringMatching(/^measurements: (\d+) → \1 rows; changed from .*Front lawn.* to .*Back lawn/)])
	} finally {
		await prisma.$disconnect()
		if (server) {
			const exited = new Promise((r) => server!.child.on('exit', r))
			server.child.kill('SIGTERM')
			await exited
		}
		await pg.stop().catch(() => {})
		fs.rmSync(dataDir, { recursive: true, force: true })
	}
})

// ---------------------------------------------------------------- focused proofs of what the fuzz found

test('a path parameter no row can have is a JSON 404, a broken escape a JSON 400, a NUL in the query a JSON 400', async ({ makeUser, apiAs }) => {
	// found by the fuzz: "%00" in an id reached PostgreSQL (500), and a broken
	// percent-escape in the path got Express's HTML error page
	const user = await makeUser({ role: 'account_admin' })
	const api = await apiAs(user)
	for (const [method, path] of [['GET', '/api/measurements/a%00b'], ['GET', '/api/measurements/%00/export.geojson'], ['DELETE', '/api/account/invitations/%00'], ['GET', '/api/blog/posts/%00']]) {
		const res = await api.fetch(path!, { method: method! })
		expect(res.status(), path).toBe(404)
		expect(await res.json()).toEqual({ error: 'Not found' })
	}
	for (const [method, path] of [['GET', '/api/measurements/%C0%AF'], ['DELETE', '/api/account/invitations/%E0%A4%A'], ['PATCH', '/api/organizations/%/settings'], ['GET', '/api/%FF']]) {
		const res = await api.fetch(path!, { method: method! })
		expect(res.status(), `${method} ${path}`).toBe(400)
		expect(res.headers()['content-type']).toContain('application/json')
		expect(await res.json()).toEqual({ error: 'Bad request' })
	}
	const query = await api.get('/api/measurements/export.csv?address=a%00b')
	expect(query.status()).toBe(400)
	expect(await query.json()).toEqual({ error: 'Invalid input', fields: { address: 'Contains characters that are not allowed' } })
	const label = await api.post('/api/measurements', { headers: { 'content-type': 'application/json' }, data: '{"label":"Back\\u0000yard","shapes":[]}' })
	expect(label.status()).toBe(400)
	expect((await label.json()).fields).toMatchObject({ label: 'Contains characters that are not allowed' })
})

test('uploaded files are checked by content, not by name, on the JSON path and the settings screen', async ({ makeUser, apiAs, request, baseURL }) => {
	// tests/api/settings.spec.ts proves a PNG named .gif is stored as a PNG and a fake PNG header is refused;
	// here: markup under an image name and extension, and an image under a markup name
	const user = await makeUser()
	const api = await apiAs(user)
	const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>')
	const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>')
	const gifPolyglot = Buffer.concat([Buffer.from('GIF89a'), html])
	for (const [name, mimeType, buffer] of [['photo.png', 'image/png', html], ['photo.jpg', 'image/jpeg', svg], ['photo.gif', 'image/gif', gifPolyglot]] as const) {
		const res = await api.post('/api/user/profile-photo', { multipart: { photo: { name, mimeType, buffer } } })
		expect(res.status(), name).toBe(400)
		expect(await res.json()).toEqual({ error: 'That file is not a supported image. JPG, PNG or GIF, max 5MB', fields: { photo: 'That file is not a supported image. JPG, PNG or GIF, max 5MB' } })
	}
	expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).profileImageUrl).toBeNull()

	// a real image named and typed as a web page is stored and served as the image it is
	const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 0, g: 128, b: 0 } } }).jpeg().toBuffer()
	const ok = await api.post('/api/user/profile-photo', { multipart: { photo: { name: 'index.html', mimeType: 'text/html', buffer: jpeg } } })
	expect(ok.status()).toBe(200)
	const { profileImageUrl } = (await ok.json()) as { profileImageUrl: string }
	expect(profileImageUrl).toMatch(/^\/uploads\/avatars\/[a-f0-9]{32}\.jpg$/)
	const served = await request.get(profileImageUrl)
	expect(served.headers()['content-type']).toBe('image/jpeg')
	expect(served.headers()['x-content-type-options']).toMatch(/^nosniff/)

	// the settings screen's form (no JavaScript) runs the same check
	const cookie = await sessionCookieHeader(user.id)
	const form = await request.post('/settings?tab=profile', {
		headers: { cookie, origin: new URL(baseURL!).origin },
		multipart: { intent: 'profile', firstName: 'Html', lastName: 'Upload', photo: { name: 'me.png', mimeType: 'image/png', buffer: html } },
		maxRedirects: 0,
	})
	expect(form.status()).toBe(400)
	expect(await form.text()).toContain('That file is not a supported image. JPG, PNG or GIF, max 5MB')
	const after = await db().user.findUniqueOrThrow({ where: { id: user.id } })
	expect(after.profileImageUrl).toBe(profileImageUrl)
	expect(after.firstName).not.toBe('Html')
})

test('a reply before the body was read closes its connection: the next request on a kept-alive client is not reset', async ({ baseURL }) => {
	// found by the fuzz: an anonymous 1 MB upload got its 401 with "Connection: keep-alive",
	// then the server dropped the connection under the client's next request
	// (an upload: the front door reads form and JSON bodies itself, bounded, before any
	// route answers; uploads stream to their route)
	const big = `--x\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${'x'.repeat(1_200_000)}\r\n--x--\r\n`
	for (let round = 0; round < 6; round++) {
		const res = await fetch(`${baseURL}/api/user/profile-photo`, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: big })
		expect(res.status).toBe(401)
		expect(res.headers.get('connection')).toBe('close')
		expect(await res.json()).toEqual({ error: 'Authentication required' })
		// the same (kept-alive) client carries on
		const next = await Promise.all(Array.from({ length: 4 }, () => fetch(`${baseURL}/api/subscription-tiers`).then((r) => r.status)))
		expect(next).toEqual([200, 200, 200, 200])
	}
	// a reply to a body that was read keeps the connection
	const small = await fetch(`${baseURL}/api/auth/forgot-password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":"nope"}' })
	expect(small.status).toBe(400)
	expect(small.headers.get('connection')).toBe('keep-alive')
})
