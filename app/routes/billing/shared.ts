// What the billing route module and its panels share: dates, money, status
// colours and the action's reply. Isomorphic.
import { formatCents, toCents } from '~/lib/pricing.ts'
import { shortDate } from '~/lib/dates.ts'

export type ActionData = { intent: string; toast: { title: string; description: string }; fields?: Record<string, string> }

export const LOGIN_PATH = '/api/login?redirectTo=%2Fbilling'

export const dateText = (iso: string | null) => (iso ? shortDate(iso) : '—')
export const money = (decimal: string) => formatCents(toCents(decimal))
export const STATUS_TONES: Record<string, string> = {
	paid: 'bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-100',
	pending: 'bg-yellow-100 text-yellow-800 dark:bg-yellow-900 dark:text-yellow-100',
	failed: 'bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-100',
	cancelled: 'bg-gray-100 text-gray-800 dark:bg-gray-800 dark:text-gray-200',
}
