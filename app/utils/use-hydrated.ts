import { useSyncExternalStore } from 'react'

/** True once React has hydrated (false in the server render and the first client render). */
export function useHydrated() {
	return useSyncExternalStore(
		() => () => {},
		() => true,
		() => false,
	)
}
