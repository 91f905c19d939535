// Step 2 for paid plans: the card, the billing address and the bot check;
// the customer step travels in a hidden field.
import { useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { CaptchaField, useCaptcha } from '~/components/captcha.tsx'
import { Button } from '~/components/ui/button.tsx'
import { formatCardNumber } from '~/lib/checkout.ts'
import { Input } from './input.tsx'
import type { CustomerValues, Errors } from './shared.ts'

export function PaymentStep({
	customer,
	values,
	errors,
	formError,
	hostedCards,
	checkoutId,
}: {
	customer: string
	checkoutId?: string
	values: CustomerValues & Record<string, string | undefined>
	errors: Errors
	formError?: string
	hostedCards: boolean
}) {
	if (hostedCards) return <StripePaymentStep customer={customer} checkoutId={checkoutId} formError={formError} />
	const navigation = useNavigation()
	const pending = navigation.state === 'submitting'
	const captcha = useCaptcha()
	const [cardNumber, setCardNumber] = useState('')
	const [same, setSame] = useState(values.billingAddressSame !== undefined ? values.billingAddressSame === 'on' : true)
	return (
		<section aria-labelledby="payment-title" className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm dark:border-gray-700 dark:bg-gray-900">
			<h2 id="payment-title" className="text-xl font-semibold">
				Payment
			</h2>
			<Form method="post" className="mt-4 space-y-4" noValidate>
				<input type="hidden" name="customer" value={customer} />
				<Input name="cardNumber" label="Card Number" errors={errors} value={cardNumber} onChange={(v) => setCardNumber(formatCardNumber(v))} inputMode="numeric" autoComplete="cc-number" maxLength={19} placeholder="1234 5678 9012 3456" />
				<div className="grid gap-4 sm:grid-cols-3">
					<Input name="expiryMonth" label="Expiry Month (MM)" errors={errors} value={values.expiryMonth} inputMode="numeric" autoComplete="cc-exp-month" maxLength={2} placeholder="MM" />
					<Input name="expiryYear" label="Expiry Year (YY)" errors={errors} value={values.expiryYear} inputMode="numeric" autoComplete="cc-exp-year" maxLength={2} placeholder="YY" />
					<Input name="cvv" label="CVV" errors={errors} inputMode="numeric" autoComplete="cc-csc" maxLength={4} type="password" />
				</div>
				<Input name="cardholderName" label="Cardholder Name" errors={errors} value={values.cardholderName} autoComplete="cc-name" />
				<label className="flex items-center gap-2 text-sm">
					<input type="checkbox" name="billingAddressSame" checked={same} onChange={(e) => setSame(e.target.checked)} className="h-4 w-4 rounded border-gray-300" />
					Billing address is the same as my address
				</label>
				{!same || errors.billingAddress ? (
					<div className="space-y-4">
						<Input name="billingAddress" label="Billing Address" errors={errors} value={values.billingAddress} />
						<div className="grid gap-4 sm:grid-cols-3">
							<Input name="billingCity" label="Billing City" errors={errors} value={values.billingCity} />
							<Input name="billingState" label="Billing State" errors={errors} value={values.billingState} />
							<Input name="billingZipCode" label="Billing ZIP Code" errors={errors} value={values.billingZipCode} />
						</div>
					</div>
				) : null}
				<noscript>
					<p className="text-xs text-gray-500">Uncheck the box above and fill in these fields if your billing address differs.</p>
				</noscript>
				<CaptchaField token={captcha.token} state={captcha.state} turnstile={captcha.turnstile} />
				{formError ? (
					<p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950 dark:text-red-300">
						{formError}
					</p>
				) : null}
				<div className="flex gap-2">
					<Button type="submit" name="intent" value="back" variant="secondary" formNoValidate>
						Back
					</Button>
					<Button type="submit" name="intent" value="payment" disabled={pending || captcha.state === 'solving'} className="flex-1">
						{pending ? 'Processing...' : 'Complete Purchase'}
					</Button>
				</div>
				<p className="text-xs text-gray-500">Your card is checked by our payment provider; we keep only its brand and last 4 digits.</p>
			</Form>
		</section>
	)
}

/**
 * Stripe mode (issue 30): card numbers are never typed on our pages. The
 * button sends the customer to Stripe's hosted page (a plain form post and
 * redirects, so it works without JavaScript); back from there the first month
 * is charged and the account made. After a decline or an unconfirmed payment
 * the message shows here and the button goes to Stripe again.
 */
function StripePaymentStep({ customer, checkoutId, formError }: { customer: string; checkoutId?: string; formError?: string }) {
	const navigation = useNavigation()
	const pending = navigation.state !== 'idle'
	return (
		<section aria-labelledby="payment-title" className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm dark:border-gray-700 dark:bg-gray-900">
			<h2 id="payment-title" className="text-xl font-semibold">
				Payment
			</h2>
			<p className="mt-4 text-sm text-gray-700 dark:text-gray-300">
				Card details are collected by Stripe. You enter your card on Stripe's secure page; your account is ready as soon as the first month is paid.
			</p>
			<Form method="post" className="mt-4 space-y-4">
				{checkoutId ? <input type="hidden" name="checkout" value={checkoutId} /> : <input type="hidden" name="customer" value={customer} />}
				{formError ? (
					<p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950 dark:text-red-300">
						{formError}
					</p>
				) : null}
				<div className="flex gap-2">
					<Button type="submit" name="intent" value="back" variant="secondary" formNoValidate>
						Back
					</Button>
					<Button type="submit" name="intent" value="stripe" disabled={pending} className="flex-1">
						{pending ? 'Processing...' : formError ? 'Try Again on Stripe' : 'Continue to Stripe'}
					</Button>
				</div>
				<p className="text-xs text-gray-500">We keep only your card's brand, last 4 digits and expiry date.</p>
			</Form>
		</section>
	)
}
