// What the checkout route module and its steps share: the action's reply.
import type { CustomerInfo } from '~/lib/schemas/checkout.ts'

export type Errors = Record<string, string[]>
export type CustomerValues = Partial<Record<keyof CustomerInfo, string>>
export type ActionData =
	| { step: 1; values: CustomerValues; errors: Errors; formError?: string }
	| { step: 2; customer: string; values: CustomerValues; errors: Errors; formError?: string; checkoutId?: string }
	| { step: 3; free: boolean; email: string }
