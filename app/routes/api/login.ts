// Browser route used by Access Denied and billing redirects: the sign-in screen.
import { methodNotAllowed } from '~/utils/http.server.ts'
import { redirect } from 'react-router'
import type { Route } from './+types/login'
import { safeRedirect } from '~/utils/redirect.ts'

export function loader({ request }: Route.LoaderArgs) {
	const redirectTo = new URL(request.url).searchParams.get('redirectTo')
	return redirect(redirectTo ? `/auth?redirectTo=${encodeURIComponent(safeRedirect(redirectTo, '/dashboard'))}` : '/auth')
}

// only GET: other methods answer 405 JSON
export const action = () => methodNotAllowed(['GET'])
