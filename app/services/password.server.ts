// Change password (spec 2 §5, §7 POST /api/auth/change-password): the current
// password must be right; every other session of the user ends.
import type { z } from 'zod'
import { prisma } from '~/db.server.ts'
import type { ChangePasswordSchema } from '~/lib/schemas/settings.ts'
import { badRequest } from '~/utils/http.server.ts'
import { hashPassword, verifyPassword } from './auth.server.ts'
import { LIMITS, hit } from './rate-limit.server.ts'
import { destroyUserSessions } from './session.server.ts'

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect'
export const PASSWORD_CHANGED = 'Password changed successfully'
export const PASSWORD_CHANGED_DETAIL = 'You can now use your new password to log in.'

export async function changePassword(
	user: { id: string },
	input: z.output<typeof ChangePasswordSchema>,
	options: { keepSessionSid?: string } = {},
) {
	await hit(LIMITS.changePasswordUser, user.id)
	const row = await prisma.user.findUnique({ where: { id: user.id }, select: { password: true } })
	if (!(await verifyPassword(row?.password, input.currentPassword))) {
		throw badRequest(WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD })
	}
	await prisma.user.update({ where: { id: user.id }, data: { password: await hashPassword(input.newPassword) } })
	await destroyUserSessions(user.id, options.keepSessionSid)
	// the spec's toast: title and description
	return { message: PASSWORD_CHANGED, description: PASSWORD_CHANGED_DETAIL }
}
