import { useRouteLoaderData } from 'react-router'
import type { loader as rootLoader } from '~/root.tsx'

export function useOptionalUser() {
	return useRouteLoaderData<typeof rootLoader>('root')?.user ?? null
}

export function useUser() {
	const user = useOptionalUser()
	if (!user) throw new Error('useUser needs a signed-in user; use useOptionalUser instead')
	return user
}
