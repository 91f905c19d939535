// Admin panel test helpers: staff accounts with chosen permission flags.
import { ADMIN_FLAGS, type AdminFlag } from '../../app/lib/admin.ts'
import { db, type createUser } from './fixtures.ts'

type MakeUser = (options?: Parameters<typeof createUser>[0]) => ReturnType<typeof createUser>

/** A site admin whose staff profile has exactly these flags (all 8 when omitted). */
export async function makeStaff(makeUser: MakeUser, flags: readonly AdminFlag[] = ADMIN_FLAGS, firstName = 'Staff') {
	const user = await makeUser({ role: 'site_admin', firstName })
	await db().adminUser.create({ data: { userId: user.id, ...Object.fromEntries(flags.map((f) => [f, true])) } })
	return user
}

export async function auditRows(where: { action?: string; targetId?: string; actorUserId?: string }) {
	return db().auditLog.findMany({ where, orderBy: { createdAt: 'asc' } })
}
