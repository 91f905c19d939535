// Signed out: say so, then go to the login (a meta refresh without JavaScript).
import { useEffect } from 'react'
import { useToast } from '~/components/toaster.tsx'
import { LOGIN_PATH } from './shared.ts'

export const UNAUTHORIZED_REDIRECT_MS = 500

export function Unauthorized() {
	const toast = useToast()
	useEffect(() => {
		toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', type: 'destructive' })
		const timer = setTimeout(() => window.location.assign(LOGIN_PATH), UNAUTHORIZED_REDIRECT_MS)
		return () => clearTimeout(timer)
	}, [toast])
	return (
		<div className="mx-auto max-w-xl px-4 py-24 text-center">
			<meta httpEquiv="refresh" content={`1;url=${LOGIN_PATH}`} />
			<h1 className="text-3xl font-bold">Unauthorized</h1>
			<p className="mt-4 text-gray-700 dark:text-gray-300">You are logged out. Logging in again...</p>
		</div>
	)
}
