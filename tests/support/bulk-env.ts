// The set-up the bulk-measure service tests share (issue 34): a local tile
// server cut from a generated yard, a local Census geocoder, a tile cache, the
// environment pointing at them (set before the modules that read it load), the
// modules, and an account admin of a new organization.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { generateScene } from '../../bench/grass/scene.ts'
import { startCensusServer } from './census-server.ts'
import { startTileServer } from './tile-server.ts'

export type BulkModules = {
	bulk: typeof import('../../app/services/bulk-measure.server.ts')
	worker: typeof import('../../app/services/bulk-worker.server.ts')
	queue: typeof import('../../app/services/bulk-queue.server.ts')
	users: typeof import('../../app/services/users.server.ts')
	db: typeof import('../../app/db.server.ts')
	factories: typeof import('../integration/factories.ts')
}

export async function startBulkEnv(env: Record<string, string> = {}) {
	const scene = await generateScene({ seed: 4242, zoom: 20, center: { lat: 39.7392, lng: -104.9903 } })
	const tiles = await startTileServer({ scenes: [scene] })
	const census = await startCensusServer()
	const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yardstick-bulk-tiles-'))
	// env is read once, on first use: set it before the modules load
	Object.assign(process.env, {
		SATELLITE_TILE_URL: tiles.template,
		TILE_CACHE_DIR: cacheDir,
		TILE_FETCH_TIMEOUT_MS: '5000', // local tiles: generous, as two bulk test files may detect at once on 2 busy cores
		CENSUS_GEOCODER_URL: census.url,
		...env,
	})
	const m: BulkModules = {
		bulk: await import('../../app/services/bulk-measure.server.ts'),
		worker: await import('../../app/services/bulk-worker.server.ts'),
		queue: await import('../../app/services/bulk-queue.server.ts'),
		users: await import('../../app/services/users.server.ts'),
		db: await import('../../app/db.server.ts'),
		factories: await import('../integration/factories.ts'),
	}
	return {
		m,
		/** an account admin of a new organization on `tierId` */
		async admin(tierId = 'pro') {
			const org = await m.factories.makeOrganization(tierId)
			const row = await m.factories.makeUser({ role: 'account_admin', organizationId: org.id })
			return m.users.toClientUser((await m.users.loadUserRow(row.id))!)
		},
		async close() {
			await m.queue.stopBoss()
			await tiles.close()
			await census.close()
			fs.rmSync(cacheDir, { recursive: true, force: true })
		},
	}
}

/** Reads until `done` says so or `timeoutMs` passes, then answers the last value read. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000, pollMs = 200): Promise<T> {
	const end = Date.now() + timeoutMs
	for (;;) {
		const value = await read()
		if (done(value) || Date.now() > end) return value
		await new Promise((r) => setTimeout(r, pollMs))
	}
}
