import fs from 'node:fs'
import path from 'node:path'

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3999)
export const E2E_ENV_FILE = path.resolve('tmp/e2e-env.json')

export type LatLngJson = { lat: number; lng: number }
export type GrassFixture = {
	/** centre of the generated yard scene the local tile server serves */
	center: LatLngJson
	/** the scene's true lawn area (sq ft) inside the property window around the centre */
	truthSqft: number
	/** places where the tile server misbehaves like a broken provider */
	garbageCenter: LatLngJson
	errorCenter: LatLngJson
	hangCenter: LatLngJson
	/** a real labelled NAIP crop (issue 29 item 7) served at zoom 20 at its own centre, with our label's lawn in its property window; or why it could not be served */
	real: { name: string; center: LatLngJson; truthSqft: number; /** inside the label's lawn in the property window, deepest first (tests/support/real-scene.ts) */ deepLawn: LatLngJson[] } | { error: string }
}

export type E2eEnv = { databaseUrl: string; mailApi: string; baseURL: string; grass: GrassFixture; tiles: string; satelliteTiles: string }

/** Written by tests/support/e2e-server.ts once the stack is up. */
export function readE2eEnv(): E2eEnv {
	return JSON.parse(fs.readFileSync(E2E_ENV_FILE, 'utf8')) as E2eEnv
}
