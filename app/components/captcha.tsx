// The bot check in the browser: fetches a proof-of-work challenge, solves it
// (WebCrypto SHA-256) and puts the token in a hidden `captchaToken` field.
// When the server has Turnstile keys, the challenge path answers
// {provider: 'turnstile', siteKey} and the Cloudflare widget runs instead.
// Without JavaScript the field stays empty and the server falls back to the
// honeypot and a per-IP limit (decisions page).
import { useCallback, useEffect, useState } from 'react'

/** 'idle' is what the server renders (and stays, without JavaScript). */
export type CaptchaState = 'idle' | 'solving' | 'verified' | 'failed'

export type TurnstileWidget = { siteKey: string; onToken: (token: string) => void; onError: () => void }

type TurnstileApi = { render: (el: HTMLElement, options: Record<string, unknown>) => string; remove: (id: string) => void }
const TURNSTILE_SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'

function loadTurnstile(): Promise<TurnstileApi> {
	const w = window as unknown as { turnstile?: TurnstileApi }
	if (w.turnstile) return Promise.resolve(w.turnstile)
	return new Promise((resolve, reject) => {
		const script = document.createElement('script')
		script.src = TURNSTILE_SCRIPT
		script.async = true
		script.onload = () => (w.turnstile ? resolve(w.turnstile) : reject(new Error('turnstile missing')))
		script.onerror = () => reject(new Error('turnstile script failed'))
		document.head.appendChild(script)
	})
}

export function useCaptcha() {
	const [token, setToken] = useState('')
	const [state, setState] = useState<CaptchaState>('idle')
	const [siteKey, setSiteKey] = useState<string | null>(null)
	useEffect(() => {
		const controller = new AbortController()
		setState('solving')
		async function solve() {
			const res = await fetch('/api/captcha/challenge', { signal: controller.signal })
			if (!res.ok) throw new Error(`challenge: ${res.status}`)
			const challenge = await res.json()
			if (challenge?.provider === 'turnstile') {
				setSiteKey(String(challenge.siteKey))
				return
			}
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
	const onToken = useCallback((t: string) => {
		setToken(t)
		setState('verified')
	}, [])
	const onError = useCallback(() => setState('failed'), [])
	return { token, state, turnstile: siteKey ? ({ siteKey, onToken, onError } satisfies TurnstileWidget) : null }
}

function TurnstileBox({ widget }: { widget: TurnstileWidget }) {
	const [el, setEl] = useState<HTMLDivElement | null>(null)
	useEffect(() => {
		if (!el) return
		let id: string | undefined
		let api: TurnstileApi | undefined
		loadTurnstile()
			.then((t) => {
				api = t
				id = t.render(el, { sitekey: widget.siteKey, callback: widget.onToken, 'error-callback': widget.onError, 'expired-callback': () => widget.onToken('') })
			})
			.catch(widget.onError)
		return () => {
			if (api && id) api.remove(id)
		}
	}, [el, widget])
	return <div ref={setEl} data-testid="turnstile" />
}

export function CaptchaField({ token, state, name = 'captchaToken', turnstile }: { token: string; state: CaptchaState; name?: string; turnstile?: TurnstileWidget | null }) {
	if (state === 'idle') return <input type="hidden" name={name} value="" />
	return (
		<div className="space-y-2">
			{turnstile ? <TurnstileBox widget={turnstile} /> : null}
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
		</div>
	)
}
