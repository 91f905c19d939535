// `npm start`'s promise: with no DATABASE_URL the server starts its own
// PostgreSQL under DATA_DIR, seeds once, stops it cleanly on SIGTERM, and the
// data is still there after a restart.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { freePort } from '../../server/embedded-postgres.ts'
import { DEMO_LOGINS } from '../../prisma/seed.ts'

type Server = { child: ChildProcess; output: () => string; baseURL: string }

async function startServer(dataDir: string, port: number): Promise<Server> {
	const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' }
	delete env.DATABASE_URL
	delete env.SESSION_SECRET
	delete env.SMTP_URL
	// as `npm start` runs it: node with tsx as a loader (the tsx wrapper SIGKILLs a child that is busy when the signal comes)
	const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
	let output = ''
	child.stdout!.on('data', (d) => (output += d))
	child.stderr!.on('data', (d) => (output += d))
	await expect.poll(() => output, { timeout: 60_000 }).toContain('Yardstick is running')
	return { child, output: () => output, baseURL: `http://127.0.0.1:${port}` }
}

async function stopServer(server: Server) {
	const exited = new Promise<number | null>((resolve) => server.child.on('exit', resolve))
	server.child.kill('SIGTERM')
	return exited
}

const login = (baseURL: string, email: string, password: string) =>
	fetch(`${baseURL}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })

test('embedded database: first start seeds, SIGTERM stops it cleanly, a restart keeps the data', async () => {
	test.setTimeout(150_000)
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardstick-lifecycle-'))
	const port = await freePort()
	const member = DEMO_LOGINS[2]
	try {
		const first = await startServer(dataDir, port)
		expect(first.output()).toContain('Demo data seeded')
		expect((await login(first.baseURL, member.email, member.password)).status).toBe(200)
		const email = `persist-${Date.now()}@example.com`
		const registered = await fetch(`${first.baseURL}/api/auth/register`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ email, password: 'a-long-enough-password', firstName: 'Per', lastName: 'Sist', agreeToTerms: true }),
		})
		expect(registered.status).toBe(201)
		// the server's own words say why, should it exit otherwise
		expect(await stopServer(first), first.output()).toBe(0)
		// PostgreSQL shut down cleanly: no postmaster.pid left behind
		expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false)
		expect(fs.existsSync(path.join(dataDir, 'session-secret'))).toBe(true)

		const second = await startServer(dataDir, port)
		expect(second.output()).not.toContain('Demo data seeded')
		expect((await login(second.baseURL, member.email, member.password)).status).toBe(200)
		// the account made before the restart is still there (and still unverified)
		const again = await login(second.baseURL, email, 'a-long-enough-password')
		expect(again.status).toBe(403)
		expect(await stopServer(second), second.output()).toBe(0)
	} finally {
		fs.rmSync(dataDir, { recursive: true, force: true })
	}
})
