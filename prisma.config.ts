// Prisma CLI configuration. Loaded only by the `prisma` CLI (migrate, generate),
// never by the app. It runs Prisma's JS schema engine through @prisma/adapter-pg
// because engine binaries cannot be downloaded on our machines (shared STACK.md).
process.env.DATABASE_URL ??= 'postgresql://postgres:postgres@127.0.0.1:5432/yardstick'

import { randomUUID } from 'node:crypto'
import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { defineConfig } from 'prisma/config'

// Patch 1 (prisma/prisma#27403): columns of type `name` (oid 19) and `"char"` (oid 18)
// fail to deserialize in the JS schema engine; read them as text (oid 25).
type FieldDescription = { dataTypeID: number }
const resultPrototype = pg.Result.prototype as unknown as { addFields(fields: FieldDescription[]): void }
const originalAddFields = resultPrototype.addFields
resultPrototype.addFields = function addFields(fieldDescriptions: FieldDescription[]) {
	for (const field of fieldDescriptions) {
		if (field.dataTypeID === 19 || field.dataTypeID === 18) field.dataTypeID = 25
	}
	return originalAddFields.call(this, fieldDescriptions)
}

// Patch 2: a 10 s advisory-lock timer would keep every migrate command alive for 10 s.
const originalSetTimeout = globalThis.setTimeout
globalThis.setTimeout = ((handler: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
	const timer = originalSetTimeout(handler, ms, ...args)
	if (ms === 10_000) timer.unref?.()
	return timer
}) as typeof setTimeout

function poolConfig(database?: string): pg.PoolConfig {
	// Patch 3: discrete fields, never `connectionString`, so the shadow pool can
	// point at another database.
	const url = new URL(process.env.DATABASE_URL!)
	return {
		host: url.hostname,
		port: Number(url.port || 5432),
		user: decodeURIComponent(url.username),
		password: decodeURIComponent(url.password),
		database: database ?? decodeURIComponent(url.pathname.slice(1)),
		allowExitOnIdle: true,
	}
}

export default defineConfig({
	schema: 'prisma/schema.prisma',
	migrations: { path: 'prisma/migrations', seed: 'tsx prisma/seed.ts' },
	experimental: { adapter: true },
	engine: 'js',
	async adapter() {
		const factory = new PrismaPg(poolConfig())
		// Patch 4: a shadow database of our own, dropped WITH (FORCE) when done.
		factory.connectToShadowDb = async () => {
			const admin = new pg.Client(poolConfig())
			await admin.connect()
			const name = `prisma_migrate_shadow_db_${randomUUID().replaceAll('-', '_')}`
			await admin.query(`CREATE DATABASE "${name}"`)
			await admin.end()
			const adapter = await new PrismaPg(poolConfig(name)).connect()
			const dispose = adapter.dispose.bind(adapter)
			adapter.dispose = async () => {
				await dispose()
				const cleanup = new pg.Client(poolConfig())
				await cleanup.connect()
				await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
				await cleanup.end()
			}
			return adapter
		}
		return factory
	},
})
