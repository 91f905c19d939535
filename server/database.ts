// Gets a database ready for the app: the embedded cluster under DATA_DIR when
// DATABASE_URL is not set, migrations applied, demo data seeded on first start.
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { startEmbeddedPostgres } from './embedded-postgres.ts'

export type PreparedDatabase = { url: string; embedded: boolean; stop: () => Promise<void> }

export async function prepareDatabase(options: { dataDir: string; quiet?: boolean; durable?: boolean }): Promise<PreparedDatabase> {
	let prepared: PreparedDatabase
	if (process.env.DATABASE_URL) {
		if (process.env.NODE_ENV === 'production' && !process.env.SESSION_SECRET) {
			throw new Error('SESSION_SECRET must be set when running in production against DATABASE_URL')
		}
		prepared = { url: process.env.DATABASE_URL, embedded: false, stop: async () => {} }
	} else {
		const db = await startEmbeddedPostgres({ dir: path.join(options.dataDir, 'postgres'), durable: options.durable, quiet: options.quiet })
		process.env.DATABASE_URL = db.url
		prepared = { url: db.url, embedded: true, stop: db.stop }
		// one secret per data folder, so sessions survive restarts without set-up
		const secretFile = path.join(options.dataDir, 'session-secret')
		if (!process.env.SESSION_SECRET) {
			if (!fs.existsSync(secretFile)) fs.writeFileSync(secretFile, randomBytes(32).toString('hex'), { mode: 0o600 })
			process.env.SESSION_SECRET = fs.readFileSync(secretFile, 'utf8').trim()
		}
	}
	try {
		migrate(options.quiet)
	} catch (error) {
		await prepared.stop()
		throw error
	}
	return prepared
}

export function migrate(quiet = false) {
	const result = spawnSync(path.resolve('node_modules/.bin/prisma'), ['migrate', 'deploy'], {
		env: process.env,
		encoding: 'utf8',
	})
	if (result.status !== 0) {
		throw new Error(`prisma migrate deploy failed:\n${result.stdout}\n${result.stderr}`)
	}
	if (!quiet) {
		const applied = /(\d+) migrations? found/.exec(result.stdout)
		console.log(`Database ready (${applied ? applied[0] : 'migrations applied'}).`)
	}
}
