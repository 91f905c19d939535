// A production app server of a test's own (node itself with tsx as a loader,
// so a signal reaches the server and not a wrapper), for tests that need a
// database or a process of their own: crash safety, jobs across instances…
import { spawn, type ChildProcess } from 'node:child_process'
import { expect } from '@playwright/test'
import { freePort } from '../../server/embedded-postgres.ts'

export type AppProcess = { child: ChildProcess; output: () => string; baseURL: string; stop: () => Promise<void> }

/** Starts the server with `env` added to this process's environment (minus `unset`). */
export async function startAppProcess(env: NodeJS.ProcessEnv, { port, unset = [] }: { port?: number; unset?: string[] } = {}): Promise<AppProcess> {
	const listen = port ?? (await freePort())
	const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: String(listen), HOST: '127.0.0.1', NODE_ENV: 'production', ...env }
	for (const name of unset) delete childEnv[name]
	const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] })
	let output = ''
	child.stdout!.on('data', (d) => (output += d))
	child.stderr!.on('data', (d) => (output += d))
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
	await expect.poll(() => output, { timeout: 60_000 }).toContain('Yardstick is running')
	return {
		child,
		output: () => output,
		baseURL: `http://127.0.0.1:${listen}`,
		stop: async () => {
			if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
			await exited
		},
	}
}

export type FreshDatabase = { url: string; client: import('pg').Client; stop: () => Promise<void> }

/** A PostgreSQL of the test's own: migrated, subscription tiers seeded, nothing else. */
export async function startFreshDatabase(): Promise<FreshDatabase> {
	const { spawnSync } = await import('node:child_process')
	const fs = await import('node:fs')
	const os = await import('node:os')
	const path = await import('node:path')
	const { default: pg } = await import('pg')
	const { startEmbeddedPostgres } = await import('../../server/embedded-postgres.ts')
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardstick-own-db-'))
	const database = await startEmbeddedPostgres({ dir: path.join(dir, 'postgres'), durable: false, quiet: true })
	const env = { ...process.env, DATABASE_URL: database.url, SEED_DEMO: 'false' }
	expect(spawnSync(path.resolve('node_modules/.bin/prisma'), ['migrate', 'deploy'], { env, encoding: 'utf8' }).status).toBe(0)
	expect(spawnSync(path.resolve('node_modules/.bin/tsx'), ['prisma/seed.ts'], { env, encoding: 'utf8' }).status).toBe(0)
	const client = new pg.Client({ connectionString: database.url })
	await client.connect()
	return {
		url: database.url,
		client,
		stop: async () => {
			await client.end().catch(() => {})
			await database.stop()
			fs.rmSync(dir, { recursive: true, force: true })
		},
	}
}
