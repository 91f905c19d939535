import fs from 'node:fs'
import path from 'node:path'

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3999)
export const E2E_ENV_FILE = path.resolve('tmp/e2e-env.json')

export type E2eEnv = { databaseUrl: string; mailApi: string; baseURL: string; tiles: string }

/** Written by tests/support/e2e-server.ts once the stack is up. */
export function readE2eEnv(): E2eEnv {
	return JSON.parse(fs.readFileSync(E2E_ENV_FILE, 'utf8')) as E2eEnv
}
