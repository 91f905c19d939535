// Browser route for Log Out. Only POST ends the session (cookie and Bearer token
// alike) and goes home; a GET changes nothing (issue 33 §6), so a link or an image
// on another site cannot sign anyone out: signed in, it shows a page with the
// Log Out button; signed out, it goes home saying so.
import { Form, redirect } from 'react-router'
import type { Route } from './+types/logout'
import { Button } from '~/components/ui/button.tsx'
import { clearCookie, destroySession, getSession } from '~/services/session.server.ts'
import { redirectWithToast } from '~/services/toast.server.ts'
import { methodNotAllowed } from '~/utils/http.server.ts'

const LOGGED_OUT = { title: 'Logged Out', description: 'You have been successfully logged out.' }

export async function loader({ request }: Route.LoaderArgs) {
	if (await getSession(request)) return null
	return redirectWithToast('/', LOGGED_OUT)
}

export async function action({ request }: Route.ActionArgs) {
	if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
	await destroySession(request)
	return redirectWithToast('/', LOGGED_OUT, { headers: { 'Set-Cookie': await clearCookie() } })
}

export const meta: Route.MetaFunction = () => [{ title: 'Log Out | Yardstick' }]

export default function LogoutPage() {
	return (
		<main className="mx-auto max-w-md px-4 py-16 text-center">
			<h1 className="text-2xl font-semibold text-gray-900 dark:text-gray-100">Log Out</h1>
			<p className="mt-4 text-gray-600 dark:text-gray-300">You are signed in. Log out of Yardstick on this device?</p>
			<Form method="post" action="/api/logout" className="mt-8">
				<Button type="submit">Log Out</Button>
			</Form>
		</main>
	)
}
