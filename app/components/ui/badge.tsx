import type { ReactNode } from 'react'
import { cn } from '~/utils/cn.ts'

const TONES = {
	gray: 'bg-gray-100 text-gray-800 dark:bg-gray-800 dark:text-gray-200',
	brand: 'bg-brand-100 text-brand-800 dark:bg-brand-900 dark:text-brand-100',
	purple: 'bg-purple-100 text-purple-800 dark:bg-purple-900 dark:text-purple-100',
	green: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
	red: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
	amber: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
	blue: 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200',
} as const

/** A small rounded label: a role, a status, a count. */
export function Badge({ tone = 'gray', children }: { tone?: keyof typeof TONES; children: ReactNode }) {
	return <span className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium', TONES[tone])}>{children}</span>
}
