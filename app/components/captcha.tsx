// The bot check in the browser: fetches a proof-of-work challenge, solves it
// (WebCrypto SHA-256) and puts the token in a hidden `captchaToken` field.
// Without JavaScript the field stays empty and the server falls back to the
// honeypot and a per-IP limit (decisions page).
import { useEffect, useState } from 'react'

/** 'idle' is what the server renders (and stays, without JavaScript). */
export type CaptchaState = 'idle' | 'solving' | 'verified' | 'failed'

export function useCaptcha() {
	const [token, setToken] = useState('')
	const [state, setState] = useState<CaptchaState>('idle')
	useEffect(() => {
		const controller = new AbortController()
		setState('solving')
		async function solve() {
			const res = await fetch('/api/captcha/challenge', { signal: controller.signal })
			if (!res.ok) throw new Error(`challenge: ${res.status}`)
			const challenge = await res.json()
			const [{ solveChallenge }, { deriveKey }] = await Promise.all([import('altcha-lib'), import('altcha-lib/algorithms/web/sha')])
			const solution = await solveChallenge({ challenge, deriveKey, controller, timeout: 30_000 })
			if (!solution) throw new Error('challenge not solved')
			setToken(btoa(JSON.stringify({ challenge, solution })))
			setState('verified')
		}
		solve().catch(() => {
			if (!controller.signal.aborted) setState('failed')
		})
		return () => controller.abort()
	}, [])
	return { token, state }
}

export function CaptchaField({ token, state, name = 'captchaToken' }: { token: string; state: CaptchaState; name?: string }) {
	if (state === 'idle') return <input type="hidden" name={name} value="" />
	return (
		<div className="flex items-center gap-2 text-sm text-gray-600 dark:text-gray-400">
			<input type="hidden" name={name} value={token} />
			<span aria-hidden="true">{state === 'verified' ? '✓' : state === 'failed' ? '!' : '…'}</span>
			<span role="status" data-captcha-state={state}>
				{state === 'verified'
					? 'Security check complete'
					: state === 'failed'
						? 'Security check unavailable; you can still submit'
						: "Checking you're human..."}
			</span>
		</div>
	)
}
