// Theme: user preference → local choice (cookie) → system (spec 1 §4).
// The cookie lets the server render the right class, so there is no flash.
import { createCookie } from 'react-router'
import { prisma } from '~/db.server.ts'
import { secureCookies } from '~/env.server.ts'
import { ThemeSchema } from '~/lib/schemas/auth.ts'

export type Theme = 'light' | 'dark' | 'system'

const themeCookie = () =>
	createCookie('ys_theme', { sameSite: 'lax', path: '/', secure: secureCookies(), maxAge: 365 * 24 * 60 * 60 })

export async function getLocalTheme(request: Request): Promise<Theme | null> {
	const value = await themeCookie().parse(request.headers.get('cookie'))
	const parsed = ThemeSchema.safeParse(value)
	return parsed.success ? parsed.data : null
}

export function setLocalTheme(theme: Theme) {
	return themeCookie().serialize(theme)
}

export function effectiveTheme(userPreference: string | null | undefined, local: Theme | null): Theme {
	const pref = ThemeSchema.safeParse(userPreference)
	// a user preference of "system" still lets an explicit local choice show
	if (pref.success && pref.data !== 'system') return pref.data
	return local ?? (pref.success ? pref.data : 'system')
}

export async function saveUserPreferences(
	userId: string,
	input: { themePreference?: Theme; preferredMapType?: string | null; preferredUnit?: string | null },
) {
	const norm = (v: string | null | undefined) => (v === 'default' ? null : v)
	return prisma.user.update({
		where: { id: userId },
		data: {
			themePreference: input.themePreference,
			preferredMapType: norm(input.preferredMapType),
			preferredUnit: norm(input.preferredUnit),
		},
		select: { themePreference: true, preferredMapType: true, preferredUnit: true },
	})
}
