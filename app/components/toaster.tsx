// Toasts (spec 1 §9): one visible at a time, 5 s by default, destructive ones 2 s,
// swipe right 50 px to dismiss, F8 focuses the notification area.
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react'
import { SWIPE_THRESHOLD_PX, ToastSchema, toastDuration, type Toast, type ToastInput } from '~/lib/toast.ts'
import { cn } from '~/utils/cn.ts'

const ToastContext = createContext<(toast: ToastInput) => void>(() => {})
export const useToast = () => useContext(ToastContext)

export function ToastProvider({ initial, children }: { initial: Toast | null; children: ReactNode }) {
	const [current, setCurrent] = useState<Toast | null>(initial)
	const regionRef = useRef<HTMLOListElement>(null)
	const push = useCallback((input: ToastInput) => setCurrent(ToastSchema.parse(input)), [])

	// a new flash toast from a navigation replaces the current one
	useEffect(() => {
		if (initial) setCurrent(initial)
	}, [initial])

	useEffect(() => {
		if (!current) return
		const timer = setTimeout(() => setCurrent((t) => (t?.id === current.id ? null : t)), toastDuration(current))
		return () => clearTimeout(timer)
	}, [current])

	useEffect(() => {
		const onKey = (event: KeyboardEvent) => {
			if (event.key === 'F8') regionRef.current?.focus()
		}
		window.addEventListener('keydown', onKey)
		return () => window.removeEventListener('keydown', onKey)
	}, [])

	return (
		<ToastContext.Provider value={push}>
			{children}
			<ol
				ref={regionRef}
				tabIndex={-1}
				aria-label="Notifications (F8)"
				className="toaster pointer-events-none fixed right-0 bottom-0 z-50 flex w-full flex-col p-4 sm:max-w-sm"
			>
				{current ? <ToastItem key={current.id} toast={current} onDismiss={() => setCurrent(null)} /> : null}
			</ol>
		</ToastContext.Provider>
	)
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
	const [offset, setOffset] = useState(0)
	const start = useRef<number | null>(null)
	return (
		<li
			role={toast.type === 'destructive' ? 'alert' : 'status'}
			aria-live={toast.type === 'destructive' ? 'assertive' : 'polite'}
			data-type={toast.type}
			style={{ transform: `translateX(${offset}px)` }}
			onPointerDown={(e) => (start.current = e.clientX)}
			onPointerMove={(e) => {
				if (start.current !== null) setOffset(Math.max(0, e.clientX - start.current))
			}}
			onPointerUp={() => {
				if (offset > SWIPE_THRESHOLD_PX) onDismiss()
				else setOffset(0)
				start.current = null
			}}
			className={cn(
				'pointer-events-auto relative rounded-lg border p-4 pr-10 shadow-lg',
				toast.type === 'destructive'
					? 'border-red-700 bg-red-600 text-white'
					: 'border-gray-200 bg-white text-gray-900 dark:border-gray-700 dark:bg-gray-800 dark:text-gray-100',
			)}
		>
			<p className="text-sm font-semibold">{toast.title}</p>
			{toast.description ? <p className="mt-1 text-sm opacity-90">{toast.description}</p> : null}
			<button
				type="button"
				onClick={onDismiss}
				aria-label="Dismiss notification"
				className="absolute top-2 right-2 rounded p-1 text-current opacity-70 hover:opacity-100"
			>
				×
			</button>
		</li>
	)
}
