// Browser route: ends the session (cookie and Bearer token alike) and goes home.
import type { Route } from './+types/logout'
import { clearCookie, destroySession } from '~/services/session.server.ts'
import { redirectWithToast } from '~/services/toast.server.ts'

async function logout(request: Request) {
	await destroySession(request)
	return redirectWithToast('/', { title: 'Logged Out', description: 'You have been successfully logged out.' }, {
		headers: { 'Set-Cookie': await clearCookie() },
	})
}

export const loader = ({ request }: Route.LoaderArgs) => logout(request)
export const action = ({ request }: Route.ActionArgs) => logout(request)
