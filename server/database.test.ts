// migrate() runs the Prisma CLI only when the database lacks a migration; these tests
// read the real, migrated test database and copies of its migrations folder.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { freePort } from './embedded-postgres.ts'
import { appliedMigrationCount, migrate } from './database.ts'

const url = process.env.DATABASE_URL!
const shipped = fs.readdirSync('prisma/migrations').filter((name) => fs.existsSync(path.join('prisma/migrations', name, 'migration.sql')))
let dir: string

beforeAll(() => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardstick-migrations-'))
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

/** A copy of prisma/migrations, changed by `change`. */
function migrationsCopy(name: string, change: (copy: string) => void) {
	const copy = path.join(dir, name)
	fs.cpSync('prisma/migrations', copy, { recursive: true })
	change(copy)
	return copy
}

describe('appliedMigrationCount', () => {
	test('the migrated test database has every shipped migration: their number, so the Prisma CLI is not run', async () => {
		expect(shipped.length).toBeGreaterThan(10)
		expect(await appliedMigrationCount(url)).toBe(shipped.length)
		// and migrate() then answers without it, the database unchanged
		await migrate(true)
		expect(await appliedMigrationCount(url)).toBe(shipped.length)
	})

	test('a migration the database lacks, or one edited since it ran, leaves it to prisma migrate deploy (null)', async () => {
		const pending = migrationsCopy('pending', (copy) => {
			fs.mkdirSync(path.join(copy, '29990101000000_later'))
			fs.writeFileSync(path.join(copy, '29990101000000_later', 'migration.sql'), 'ALTER TABLE "User" ADD COLUMN "later" TEXT;\n')
		})
		expect(await appliedMigrationCount(url, pending)).toBeNull()
		const edited = migrationsCopy('edited', (copy) => fs.appendFileSync(path.join(copy, shipped.at(-1)!, 'migration.sql'), '\n-- edited\n'))
		expect(await appliedMigrationCount(url, edited)).toBeNull()
		// a folder without migration.sql (migration_lock.toml's kind) is not a migration
		const extra = migrationsCopy('extra', (copy) => fs.mkdirSync(path.join(copy, 'notes')))
		expect(await appliedMigrationCount(url, extra)).toBe(shipped.length)
	})

	test('a failed migration in the table, a schema without the table, no server or no URL: null', async () => {
		const client = new pg.Client({ connectionString: url })
		await client.connect()
		const schema = `migrations_probe_${process.pid}`
		try {
			await client.query(`CREATE SCHEMA ${schema}`)
			await client.query(`CREATE TABLE ${schema}._prisma_migrations (LIKE public._prisma_migrations INCLUDING ALL)`)
			await client.query(`INSERT INTO ${schema}._prisma_migrations SELECT * FROM public._prisma_migrations`)
			const inSchema = new URL(url)
			inSchema.searchParams.set('schema', schema)
			// Prisma's ?schema= is where the table is read
			expect(await appliedMigrationCount(inSchema.toString())).toBe(shipped.length)
			await client.query(
				`INSERT INTO ${schema}._prisma_migrations (id, checksum, migration_name, started_at, applied_steps_count) VALUES ('failed', 'x', '29990101000000_failed', now(), 0)`,
			)
			expect(await appliedMigrationCount(inSchema.toString())).toBeNull()
			inSchema.searchParams.set('schema', `${schema}_absent`)
			expect(await appliedMigrationCount(inSchema.toString())).toBeNull()
		} finally {
			await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
			await client.end()
		}
		const closed = new URL(url)
		closed.port = String(await freePort())
		expect(await appliedMigrationCount(closed.toString())).toBeNull()
		expect(await appliedMigrationCount(undefined)).toBeNull()
		expect(await appliedMigrationCount('not a url')).toBeNull()
	})
})
