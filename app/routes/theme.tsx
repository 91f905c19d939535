// POST /theme: the header's Light/Dark/System toggle. Keeps the local choice in a
// cookie and, when signed in, saves the user's preference (same service as
// PATCH /api/user/preferences).
import { data, redirect } from 'react-router'
import type { Route } from './+types/theme'
import { ThemeSchema } from '~/lib/schemas/auth.ts'
import { getActor } from '~/services/auth.server.ts'
import { saveUserPreferences, setLocalTheme } from '~/services/theme.server.ts'
import { safeRedirect } from '~/utils/redirect.ts'

export const loader = () => redirect('/')

export async function action({ request }: Route.ActionArgs) {
	const form = await request.formData()
	const theme = ThemeSchema.safeParse(form.get('theme'))
	if (!theme.success) return data({ error: 'Choose Light, Dark or System' }, { status: 400 })
	const actor = await getActor(request)
	if (actor) await saveUserPreferences(actor.user.id, { themePreference: theme.data })
	// back to the page the toggle was on (with JavaScript the fetcher revalidates it)
	return redirect(safeRedirect(form.get('redirectTo'), '/'), { headers: { 'Set-Cookie': await setLocalTheme(theme.data) } })
}
