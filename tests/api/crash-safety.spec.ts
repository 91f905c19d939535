// Production server properties that need a server of their own (issue 10 §4, §5):
// secure cookie flags and HSTS behind HTTPS, no secrets in the log, and crash
// safety — kill -9 the app and its database during a burst of measurement
// writes; after a restart every acknowledged write is there, whole.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { freePort } from '../../server/embedded-postgres.ts'
import { DEMO_LOGINS } from '../../prisma/seed.ts'

type Server = { child: ChildProcess; output: () => string; baseURL: string }

async function startServer(dataDir: string, port: number): Promise<Server> {
	const env: NodeJS.ProcessEnv = {
		...process.env,
		DATA_DIR: dataDir,
		PORT: String(port),
		HOST: '127.0.0.1',
		NODE_ENV: 'production',
		APP_URL: 'https://yardstick.example',
		JOBS: 'off',
	}
	for (const name of ['DATABASE_URL', 'SESSION_SECRET', 'SMTP_URL', 'SECURE_COOKIES']) delete env[name]
	// node itself (tsx as a loader), so that kill -9 hits the server and not a wrapper
	const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
	let output = ''
	child.stdout!.on('data', (d) => (output += d))
	child.stderr!.on('data', (d) => (output += d))
	// a fresh cluster (initdb, migrations, demo data): a minute or more when the machine is busy
	await expect.poll(() => output, { timeout: 150_000 }).toContain('Yardstick is running')
	return { child, output: () => output, baseURL: `http://127.0.0.1:${port}` }
}

const square = (i: number, d = 0.0002) => {
	const lat = 30.2 + (i % 50) * 0.001
	const lng = -97.7 - Math.floor(i / 50) * 0.001
	return [
		{ lat, lng },
		{ lat, lng: lng + d },
		{ lat: lat + d, lng: lng + d },
		{ lat: lat + d, lng },
	]
}

test('behind HTTPS: Secure session cookie and HSTS; passwords and tokens never reach the log', async () => {
	test.setTimeout(240_000)
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardstick-secure-'))
	const owner = DEMO_LOGINS[1]
	let server: Server | undefined
	try {
		server = await startServer(dataDir, await freePort())
		const res = await fetch(`${server.baseURL}/api/auth/login`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ email: owner.email, password: owner.password }),
		})
		expect(res.status).toBe(200)
		const cookie = res.headers.get('set-cookie') ?? ''
		expect(cookie).toMatch(/ys_session=/)
		expect(cookie).toMatch(/;\s*Secure/i)
		expect(cookie).toMatch(/;\s*HttpOnly/i)
		expect(cookie).toMatch(/;\s*SameSite=Lax/i)
		expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
		const { token } = (await res.json()) as { token: string }
		// a failed sign-in and a bad body too
		await fetch(`${server.baseURL}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: owner.email, password: 'Wrong-secret-123' }) })
		await fetch(`${server.baseURL}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"password":"Another-secret-456",' })
		// (the demo logins are printed once at the first start, by design: look at what came after)
		const log = server.output().split('Yardstick is running')[1]!
		for (const secret of [owner.password, 'Wrong-secret-123', 'Another-secret-456', token]) expect(log).not.toContain(secret)
		expect(fs.readFileSync(path.join(dataDir, 'session-secret'), 'utf8').length).toBeGreaterThan(16)
		expect(log).not.toContain(fs.readFileSync(path.join(dataDir, 'session-secret'), 'utf8').trim())
	} finally {
		if (server) {
			const exited = new Promise((r) => server!.child.on('exit', r))
			server.child.kill('SIGTERM')
			await exited
		}
		fs.rmSync(dataDir, { recursive: true, force: true })
	}
})

test('kill -9 of the app and its database during a burst of writes loses no acknowledged measurement and leaves none half-written', async () => {
	test.setTimeout(420_000)
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardstick-crash-'))
	const port = await freePort()
	const owner = DEMO_LOGINS[1]
	try {
		const first = await startServer(dataDir, port)
		const login = await fetch(`${first.baseURL}/api/auth/login`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ email: owner.email, password: owner.password }),
		})
		const { token } = (await login.json()) as { token: string }
		const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` }

		// 8 writers, each writing until the crash; acknowledged = answered 201
		const acknowledged = new Map<string, { shapes: number; label: string }>()
		let next = 0
		let crashed = false
		const writer = async () => {
			while (!crashed && next < 2000) {
				const i = next++
				const shapes = [{ type: 'polygon', coordinates: square(i) }, { type: 'polyline', coordinates: square(i).slice(0, 2) }]
				try {
					const res = await fetch(`${first.baseURL}/api/measurements`, {
						method: 'POST',
						headers,
						body: JSON.stringify({ address: `${i} Crash Test Rd, Austin, TX 78701`, label: `crash-${i}`, shapes, measurement_type: 'manual' }),
					})
					if (res.status === 201) {
						const m = (await res.json()) as { id: string; label: string }
						acknowledged.set(m.id, { shapes: shapes.length, label: m.label })
					} else expect(res.status).toBe(201)
				} catch {
					// the connection died with the server: not acknowledged
				}
			}
		}
		const writers = Array.from({ length: 8 }, writer)
		await expect.poll(() => acknowledged.size, { timeout: 60_000 }).toBeGreaterThanOrEqual(40)

		// power cut: the app and PostgreSQL die at once, with writes in flight
		const pgPid = Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0])
		const appExited = new Promise((r) => first.child.on('exit', r))
		first.child.kill('SIGKILL')
		process.kill(pgPid, 'SIGKILL')
		crashed = true
		await appExited
		await Promise.all(writers)
		await expect.poll(() => { try { process.kill(pgPid, 0); return 'alive' } catch { return 'gone' } }, { timeout: 20_000 }).toBe('gone')
		const acked = new Map(acknowledged)

		// restart on the same data: PostgreSQL recovers from its write-ahead log
		const second = await startServer(dataDir, port)
		try {
			const relogin = await fetch(`${second.baseURL}/api/auth/login`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ email: owner.email, password: owner.password }),
			})
			const auth = { authorization: `Bearer ${((await relogin.json()) as { token: string }).token}` }
			const rows: { id: string; label: string; shapes: unknown[]; shape_count: number; total_area_sqft: number; total_distance_feet: number }[] = []
			for (let page = 1; ; page++) {
				const res = await fetch(`${second.baseURL}/api/measurements?limit=500&page=${page}`, { headers: auth })
								expect(res.status, second.output()).toBe(200)
				const body = (await res.json()) as { measurements: typeof rows; total: number }
				rows.push(...body.measurements.filter((m) => m.label.startsWith('crash-')))
				if (body.measurements.length < 500) break
			}
			const byId = new Map(rows.map((r) => [r.id, r]))
			// every acknowledged write survived
			const missing = [...acked.keys()].filter((id) => !byId.has(id))
			expect(missing).toEqual([])
			// and every row that exists is whole: both shapes, figures computed from them
			for (const row of rows) {
				expect(row.shapes).toHaveLength(2)
				expect(row.shape_count).toBe(2)
				expect(row.total_area_sqft).toBeGreaterThan(0)
				expect(row.total_distance_feet).toBeGreaterThan(0)
				const ack = acked.get(row.id)
				if (ack) expect(row.label).toBe(ack.label)
			}
		} finally {
			const exited = new Promise((r) => second.child.on('exit', r))
			second.child.kill('SIGTERM')
			await exited
		}
	} finally {
		fs.rmSync(dataDir, { recursive: true, force: true })
	}
})
