// The one Prisma client. DATABASE_URL points at the embedded cluster that
// server/index.ts started, or at the PostgreSQL server the operator gave.
import { randomBytes } from 'node:crypto'
import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { PrismaClient } from '../generated/prisma/client.ts'
import { getEnv } from './env.server.ts'

export { Prisma } from '../generated/prisma/client.ts'

const globalForPrisma = globalThis as unknown as { __prisma?: PrismaClient; __pool?: pg.Pool }

/** The connection pool Prisma runs on, shared with the hot reads below. */
const pool: pg.Pool = globalForPrisma.__pool ?? (globalForPrisma.__pool = createPool())

function createPool() {
	const pool = new pg.Pool({ connectionString: getEnv().DATABASE_URL, max: 20 })
	// PostgreSQL ends connections when it stops (57P01: every shutdown of `npm start` stops it under
	// the pool), restarts or is told to. A client then emits 'error' — on the pool when it is idle, on
	// itself when it is checked out — and an 'error' nobody hears takes the process down (stop 53's CI:
	// exit 1 after "SIGTERM: shutting down"). Heard here, an idle client is dropped by the pool and a
	// checked-out one fails its next statement, which its caller answers.
	const report = (error: Error & { code?: string }) => {
		if (error.code === '57P01') console.warn('[db] the database closed a connection:', error.message)
		else console.error('[db] a connection failed:', error.message)
	}
	pool.on('error', report)
	pool.on('connect', (client) => client.on('error', report))
	return pool
}

export const prisma: PrismaClient =
	globalForPrisma.__prisma ??
	(globalForPrisma.__prisma = new PrismaClient({
		adapter: new PrismaPg(pool, { disposeExternalPool: true }),
		// a burst (200 search increments at once) queues for the 20 connections: Prisma's
		// default 2 s wait for one made such a burst answer 500s (tests/api/concurrency.spec.ts)
		transactionOptions: { maxWait: 15_000, timeout: 20_000 },
	}))

// Prisma stores DateTime as `timestamp(3)` (no zone) in UTC; pg would read it as local time.
const TIMESTAMP = 1114
const hotTypes = {
	getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
		oid === TIMESTAMP ? (value: string) => new Date(`${value.replace(' ', 'T')}Z`) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
}

/**
 * A read on the hottest paths (the session and user of every signed-in
 * request, the measurement list) as a named prepared statement on Prisma's
 * own pool: PostgreSQL parses and plans it once per connection, and Prisma's
 * query compiler (a WebAssembly build per call) is skipped. Everything else
 * goes through Prisma; tests compare each hot read with Prisma's answer.
 * See docs/decisions.md "Load".
 */
export async function hotQuery<T>(name: string, text: string, values: unknown[]): Promise<T[]> {
	const result = await pool.query({ name, text, values, types: hotTypes })
	return result.rows as T[]
}

export type HotQuery = <T>(name: string, text: string, values: unknown[]) => Promise<T[]>

/**
 * A transaction of hot statements (see hotQuery) on one connection of the same
 * pool: BEGIN, the callback's statements, COMMIT — ROLLBACK when it throws.
 * For the busiest write (POST /api/measurements), whose Prisma transaction spent
 * more CPU compiling its queries than running them (docs/decisions.md "Load").
 */
export async function hotTransaction<R>(work: (query: HotQuery) => Promise<R>): Promise<R> {
	const client = await pool.connect()
	let broken = false
	try {
		await client.query('BEGIN')
		const result = await work(async <T,>(name: string, text: string, values: unknown[]) => (await client.query({ name, text, values, types: hotTypes })).rows as T[])
		await client.query('COMMIT')
		return result
	} catch (error) {
		await client.query('ROLLBACK').catch(() => (broken = true))
		throw error
	} finally {
		// a connection that could not roll back is closed, not handed to the next request
		client.release(broken)
	}
}

/**
 * A new row id for rows written without Prisma: like Prisma's cuid() (25
 * lowercase letters and digits starting with "c", in creation order), from the
 * time in milliseconds and 80 random bits.
 */
export function newRowId(): string {
	const time = Date.now().toString(36).padStart(8, '0') // 8 digits until the year 2059
	const random = BigInt(`0x${randomBytes(10).toString('hex')}`).toString(36).padStart(16, '0')
	return `c${time}${random}`
}
