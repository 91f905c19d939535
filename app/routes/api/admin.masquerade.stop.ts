// /api/admin/masquerade/stop (spec 3 §2): the browser route behind the banner's
// 'Return to Admin Panel' form; ends the masquerade and goes to /admin.
import { redirect } from 'react-router'
import type { Route } from './+types/admin.masquerade.stop'
import { stopMasquerade } from '~/services/admin/masquerade.server.ts'
import { redirectWithToast } from '~/services/toast.server.ts'
import { HttpError } from '~/utils/http.server.ts'

export const loader = () => redirect('/admin')

export async function action({ request }: Route.ActionArgs) {
	try {
		const { session } = await stopMasquerade(request)
		return redirect('/admin', { headers: { 'Set-Cookie': session.setCookie } })
	} catch (error) {
		if (error instanceof HttpError) return redirectWithToast(error.status === 401 || error.status === 403 ? '/auth' : '/admin', { title: error.message, type: 'destructive' })
		throw error
	}
}
