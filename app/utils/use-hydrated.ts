import { useEffect, useState } from 'react'

/** False in the server render and the first client render, true once React has hydrated (progressive enhancement). */
export function useHydrated() {
	const [hydrated, setHydrated] = useState(false)
	useEffect(() => setHydrated(true), [])
	return hydrated
}
