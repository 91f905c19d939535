import { randomBytes } from 'node:crypto'
import { expect, test } from 'vitest'
import { prisma } from '~/db.server.ts'
import { HttpError } from '~/utils/http.server.ts'
import { hit, hitWithin } from './rate-limit.server.ts'

test('concurrent hits never pass the limit', async () => {
	const limit = { name: `test:${randomBytes(4).toString('hex')}`, max: 10, windowSeconds: 60 }
	const results = await Promise.allSettled(Array.from({ length: 30 }, () => hit(limit, 'subject')))
	expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10)
	const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
	expect(rejected).toHaveLength(20)
	expect(rejected.every((r) => r.reason instanceof HttpError && r.reason.status === 429)).toBe(true)
})

test('a new window starts once the old one has passed', async () => {
	const limit = { name: `test:${randomBytes(4).toString('hex')}`, max: 1, windowSeconds: 60 }
	await hit(limit, 'a')
	await expect(hit(limit, 'a')).rejects.toThrow(/Too many attempts/)
	await hit(limit, 'b') // other subjects are counted apart
	await prisma.rateLimit.update({ where: { key: `${limit.name}:a` }, data: { windowStart: new Date(Date.now() - 61_000) } })
	await expect(hit(limit, 'a')).resolves.toBeUndefined()
})

test('hitWithin counts like hit and says, without throwing, whether the window still had room', async () => {
	const limit = { name: `test:${randomBytes(4).toString('hex')}`, max: 2, windowSeconds: 60 }
	const said = await Promise.all(Array.from({ length: 5 }, () => hitWithin(limit, 'subject')))
	expect(said.filter(Boolean)).toHaveLength(2)
	expect((await prisma.rateLimit.findUniqueOrThrow({ where: { key: `${limit.name}:subject` } })).count).toBe(5)
	await expect(hit(limit, 'subject')).rejects.toThrow(/Too many attempts/)
})
