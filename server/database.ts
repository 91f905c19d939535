// Gets a database ready for the app: the embedded cluster under DATA_DIR when
// DATABASE_URL is not set, migrations applied, demo data seeded on first start.
import { spawnSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
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
		await migrate(options.quiet)
	} catch (error) {
		await prepared.stop()
		throw error
	}
	return prepared
}

/**
 * Applies pending migrations with `prisma migrate deploy`. When the database already has every
 * migration under prisma/migrations, finished and unchanged, the Prisma CLI (~1.8 s of a core
 * on each start) is not run at all: a restart, a second instance or a test's own server is ready sooner.
 */
export async function migrate(quiet = false) {
	const applied = await appliedMigrationCount(process.env.DATABASE_URL)
	if (applied !== null) {
		if (!quiet) console.log(`Database ready (${applied} migration${applied === 1 ? '' : 's'} found, none pending).`)
		return
	}
	const result = spawnSync(path.resolve('node_modules/.bin/prisma'), ['migrate', 'deploy'], {
		env: process.env,
		encoding: 'utf8',
	})
	if (result.status !== 0) {
		throw new Error(`prisma migrate deploy failed:\n${result.stdout}\n${result.stderr}`)
	}
	if (!quiet) {
		const found = /(\d+) migrations? found/.exec(result.stdout)
		console.log(`Database ready (${found ? found[0] : 'migrations applied'}).`)
	}
}

/**
 * How many migrations prisma/migrations holds when the database has applied every one of them as
 * Prisma records it (a finished, not rolled back row in _prisma_migrations whose checksum, the
 * SHA-256 of migration.sql, matches the file) and none has failed; null when anything is pending,
 * failed, edited or cannot be read, which leaves the answer to `prisma migrate deploy`.
 */
export async function appliedMigrationCount(databaseUrl: string | undefined, dir = path.resolve('prisma/migrations')): Promise<number | null> {
	if (!databaseUrl) return null
	const wanted = new Map<string, string>()
	for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
		const file = path.join(dir, entry.name, 'migration.sql')
		if (entry.isDirectory() && fs.existsSync(file)) wanted.set(entry.name, createHash('sha256').update(fs.readFileSync(file)).digest('hex'))
	}
	let url: URL
	try {
		url = new URL(databaseUrl)
	} catch {
		return null
	}
	// Prisma's ?schema= names the schema its table lives in; pg does not know the parameter
	const schema = url.searchParams.get('schema') ?? 'public'
	url.searchParams.delete('schema')
	const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 5000 })
	client.on('error', () => {})
	try {
		await client.connect()
		const { rows } = await client.query<{ migration_name: string; checksum: string; finished: boolean; rolled_back: boolean }>(
			`SELECT migration_name, checksum, finished_at IS NOT NULL AS finished, rolled_back_at IS NOT NULL AS rolled_back FROM "${schema.replaceAll('"', '""')}"._prisma_migrations`,
		)
		// a failed migration is Prisma's to report (P3009), whichever migration it was
		if (rows.some((row) => !row.finished && !row.rolled_back)) return null
		const done = new Map(rows.filter((row) => row.finished && !row.rolled_back).map((row) => [row.migration_name, row.checksum]))
		for (const [name, checksum] of wanted) if (done.get(name) !== checksum) return null
		return wanted.size
	} catch {
		return null
	} finally {
		await client.end().catch(() => {})
	}
}
