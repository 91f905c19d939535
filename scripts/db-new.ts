// npm run db:new -- <name>
// Writes prisma/migrations/<UTC timestamp>_<name>/migration.sql with the SQL that
// takes the migration history to prisma/schema.prisma (via `prisma migrate diff`),
// applies it with `prisma migrate deploy` and regenerates the client. Uses
// DATABASE_URL, or a throw-away embedded cluster when it is not set.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startEmbeddedPostgres } from '../server/embedded-postgres.ts'

const name = (process.argv[2] ?? '').replace(/[^a-z0-9_]+/gi, '_').toLowerCase()
if (!name) {
	console.error('usage: npm run db:new -- <name>')
	process.exit(2)
}

let stop = async () => {}
if (!process.env.DATABASE_URL) {
	const db = await startEmbeddedPostgres({ dir: fs.mkdtempSync(path.join(os.tmpdir(), 'yardstick-dbnew-')), durable: false })
	process.env.DATABASE_URL = db.url
	stop = db.stop
}

function prisma(args: string[]) {
	return spawnSync('node_modules/.bin/prisma', args, { stdio: ['ignore', 'inherit', 'inherit'], env: process.env })
}

try {
	fs.mkdirSync('prisma/migrations', { recursive: true })
	if (!fs.existsSync('prisma/migrations/migration_lock.toml')) {
		fs.writeFileSync('prisma/migrations/migration_lock.toml', 'provider = "postgresql"\n')
	}
	const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14)
	const dir = path.join('prisma/migrations', `${stamp}_${name}`)
	const out = path.join(os.tmpdir(), `migration-${stamp}.sql`)
	const diff = prisma(['migrate', 'diff', '--from-migrations', 'prisma/migrations', '--to-schema-datamodel', 'prisma/schema.prisma', '--script', '--exit-code', '-o', out])
	if (diff.status === 0) {
		console.log('No schema changes: nothing to write.')
	} else if (diff.status === 2) {
		fs.mkdirSync(dir, { recursive: true })
		fs.copyFileSync(out, path.join(dir, 'migration.sql'))
		console.log(`Wrote ${dir}/migration.sql`)
		if (prisma(['migrate', 'deploy']).status !== 0) process.exitCode = 1
		if (prisma(['generate']).status !== 0) process.exitCode = 1
	} else {
		process.exitCode = 1
	}
} finally {
	await stop()
}
