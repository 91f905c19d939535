// The link in the verification e-mail: marks the address verified and returns
// to sign-in with the e-mail prefilled.
import type { Route } from './+types/auth.verify-email'
import { verifyEmail } from '~/services/account.server.ts'
import { redirectWithToast } from '~/services/toast.server.ts'

export async function loader({ request }: Route.LoaderArgs) {
	const token = new URL(request.url).searchParams.get('token') ?? ''
	const email = await verifyEmail(token)
	if (!email) {
		return redirectWithToast('/auth', {
			title: 'Verification Failed',
			description: 'This verification link is invalid or has expired. Sign in to request a new one.',
			type: 'destructive',
		})
	}
	return redirectWithToast(`/auth?email=${encodeURIComponent(email)}`, {
		title: 'Email Verified',
		description: 'Your email is verified. You can now sign in.',
		type: 'success',
	})
}
