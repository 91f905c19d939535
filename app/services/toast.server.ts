// A toast that survives a redirect travels in a flash cookie, read once by the
// root loader (STYLE.md: redirectWithToast).
import { createCookie, redirect } from 'react-router'
import { secureCookies } from '~/env.server.ts'
import { ToastSchema, type Toast, type ToastInput } from '~/lib/toast.ts'

const toastCookie = () => createCookie('ys_toast', { httpOnly: true, sameSite: 'lax', path: '/', secure: secureCookies(), maxAge: 60 })

export async function toastHeader(toast: ToastInput) {
	return toastCookie().serialize(JSON.stringify(ToastSchema.parse(toast)))
}

export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit) {
	const headers = new Headers(init?.headers)
	headers.append('Set-Cookie', await toastHeader(toast))
	return redirect(url, { ...init, headers })
}

/** Reads the flash toast, and the Set-Cookie that clears it. */
export async function readToast(request: Request): Promise<{ toast: Toast | null; headers: Headers }> {
	const headers = new Headers()
	const raw = await toastCookie().parse(request.headers.get('cookie'))
	if (!raw) return { toast: null, headers }
	headers.append('Set-Cookie', await toastCookie().serialize('', { maxAge: 0 }))
	try {
		const parsed = ToastSchema.safeParse(JSON.parse(String(raw)))
		return { toast: parsed.success ? parsed.data : null, headers }
	} catch {
		return { toast: null, headers }
	}
}
