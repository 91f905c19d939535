// Vitest global setup: one real PostgreSQL for the run — DATABASE_URL when
// given, else a fresh embedded cluster (fsync off) — migrated and seeded with
// the subscription tiers. Workers get its URL through `inject('databaseUrl')`.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { seedIfEmpty } from '../../prisma/seed.ts'
import { migrate } from '../../server/database.ts'
import { startEmbeddedPostgres } from '../../server/embedded-postgres.ts'

declare module 'vitest' {
	export interface ProvidedContext {
		databaseUrl: string
	}
}

export default async function setup(project: TestProject) {
	let stop = async () => {}
	let dir: string | undefined
	if (!process.env.DATABASE_URL) {
		dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardstick-vitest-'))
		const db = await startEmbeddedPostgres({ dir, durable: false, quiet: true })
		process.env.DATABASE_URL = db.url
		stop = db.stop
	}
	await migrate(true)
	await seedIfEmpty({ demo: false })
	project.provide('databaseUrl', process.env.DATABASE_URL!)
	return async () => {
		await stop()
		if (dir) fs.rmSync(dir, { recursive: true, force: true })
	}
}
