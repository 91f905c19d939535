// Rows for service tests, made through Prisma against the test database.
import { randomBytes } from 'node:crypto'
import { prisma } from '~/db.server.ts'
import { hashPassword } from '~/services/auth.server.ts'

export const PASSWORD = 'correct-horse-battery'

export async function makeOrganization(tierId = 'pro') {
	return prisma.organization.create({
		data: { name: `Org ${randomBytes(3).toString('hex')}`, accountNumber: `V-${randomBytes(5).toString('hex')}`, subscriptionTierId: tierId },
	})
}

export async function makeUser(options: { role?: string; organizationId?: string | null; verified?: boolean; isActive?: boolean } = {}) {
	const organizationId = options.organizationId === undefined ? (await makeOrganization()).id : options.organizationId
	return prisma.user.create({
		data: {
			email: `u-${randomBytes(6).toString('hex')}@example.com`,
			password: await hashPassword(PASSWORD),
			firstName: 'Una',
			lastName: 'Test',
			role: options.role ?? 'member',
			emailVerified: options.verified ?? true,
			isActive: options.isActive ?? true,
			organizationId,
		},
	})
}

export function formRequest(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
	return new Request(`http://yardstick.test${path}`, {
		method: 'POST',
		body: new URLSearchParams(fields),
		headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-yardstick-client-ip': `198.51.100.${Math.floor(Math.random() * 250)}-${randomBytes(3).toString('hex')}`, ...headers },
	})
}
