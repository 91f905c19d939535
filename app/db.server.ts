// The one Prisma client. DATABASE_URL points at the embedded cluster that
// server/index.ts started, or at the PostgreSQL server the operator gave.
import { PrismaPg } from '@prisma/adapter-pg'
import { PrismaClient } from '../generated/prisma/client.ts'
import { getEnv } from './env.server.ts'

export { Prisma } from '../generated/prisma/client.ts'

const globalForPrisma = globalThis as unknown as { __prisma?: PrismaClient }

export const prisma: PrismaClient =
	globalForPrisma.__prisma ??
	(globalForPrisma.__prisma = new PrismaClient({
		adapter: new PrismaPg({ connectionString: getEnv().DATABASE_URL, max: 20 }),
		// a burst (200 search increments at once) queues for the 20 connections: Prisma's
		// default 2 s wait for one made such a burst answer 500s (tests/api/concurrency.spec.ts)
		transactionOptions: { maxWait: 15_000, timeout: 20_000 },
	}))
