// /checkout/{planId} (spec 2 §2, §4, §5): 1 Customer Info → 2 Payment (Verify
// Email for free plans) → 3 Complete. Each step is a form posted to this
// route's action, so the wizard works without JavaScript; with JavaScript the
// bot challenge is solved in the browser, the address autocompletes (US only)
// and the terms open in modals. Paid plans carry the customer step to the
// payment step in hidden fields of the page (never stored before payment).
import { parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useId, useState, type ReactNode } from 'react'
import { data, Form, Link, useNavigation } from 'react-router'
import type { Route } from './+types/checkout.$planId'
import { CaptchaField, useCaptcha } from '~/components/captcha.tsx'
import { PrivacyContent, TermsContent } from '~/components/legal.tsx'
import { Button, ButtonLink } from '~/components/ui/button.tsx'
import { Modal } from '~/components/ui/dialog.tsx'
import { inputClass } from '~/components/ui/field.tsx'
import { findCheckoutPlan, formatCardNumber, isFreePlan, planPriceText, type CheckoutPlan } from '~/lib/checkout.ts'
import { CreditCardInfoSchema, CustomerInfoSchema, type CustomerInfo } from '~/lib/schemas/checkout.ts'
import { assertEmailAvailable, checkoutFreePlan, completeCheckout } from '~/services/checkout.server.ts'
import { clientIp } from '~/services/session.server.ts'
import { HttpError } from '~/utils/http.server.ts'
import { cn } from '~/utils/cn.ts'

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.plan ? `Checkout: ${data.plan.name} | Yardstick` : 'Plan Not Found | Yardstick' }]
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

export function loader({ params }: Route.LoaderArgs) {
	const plan = findCheckoutPlan(params.planId)
	if (!plan) return data({ plan: null }, { status: 404 })
	return { plan }
}

type Errors = Record<string, string[]>
type CustomerValues = Partial<Record<keyof CustomerInfo, string>>
type ActionData =
	| { step: 1; values: CustomerValues; errors: Errors; formError?: string }
	| { step: 2; customer: string; values: CustomerValues; errors: Errors; formError?: string }
	| { step: 3; free: boolean; email: string }

const REGISTRATION_FAILED = 'Registration failed. Please try again.'

function errorsOf(result: { error?: Record<string, string[] | null> | null }): Errors {
	return Object.fromEntries(Object.entries(result.error ?? {}).filter(([, v]) => v && v.length)) as Errors
}

function customerValues(formData: FormData): CustomerValues {
	const out: CustomerValues = {}
	for (const key of ['firstName', 'lastName', 'companyName', 'email', 'phone', 'address', 'city', 'state', 'zipCode'] as const) {
		const v = formData.get(key)
		if (typeof v === 'string') out[key] = v
	}
	return out
}

export async function action({ request, params }: Route.ActionArgs) {
	const plan = findCheckoutPlan(params.planId)
	if (!plan) return data<ActionData>({ step: 1, values: {}, errors: {}, formError: 'The selected plan could not be found.' }, { status: 404 })
	const formData = await request.formData()
	const intent = String(formData.get('intent') ?? 'customer')
	const ip = clientIp(request)

	if (intent === 'customer') {
		const values = customerValues(formData)
		const submission = parseWithZod(formData, { schema: CustomerInfoSchema })
		if (submission.status !== 'success') return data<ActionData>({ step: 1, values, errors: errorsOf(submission.reply()) }, { status: 400 })
		try {
			if (isFreePlan(plan)) {
				await checkoutFreePlan(plan.id, submission.value, ip)
				return { step: 3, free: true, email: submission.value.email } satisfies ActionData
			}
			if (plan.price === null) throw new HttpError(400, 'This plan is sold by our sales team. Please contact sales.')
			await assertEmailAvailable(submission.value.email)
			return { step: 2, customer: JSON.stringify(submission.value), values, errors: {} } satisfies ActionData
		} catch (error) {
			if (!(error instanceof HttpError)) throw error
			return data<ActionData>({ step: 1, values, errors: fieldErrors(error), formError: error.message || REGISTRATION_FAILED }, { status: error.status })
		}
	}

	// the payment step (or Back from it)
	const customerJson = String(formData.get('customer') ?? '')
	let customer: CustomerInfo | null = null
	try {
		const parsed = CustomerInfoSchema.safeParse(JSON.parse(customerJson))
		customer = parsed.success ? parsed.data : null
	} catch {
		customer = null
	}
	const backValues: CustomerValues = customer ? { ...customer, password: undefined, captchaToken: undefined, website: undefined, acceptTerms: undefined } as CustomerValues : {}
	if (!customer || intent === 'back') return { step: 1, values: backValues, errors: {} } satisfies ActionData
	const values = Object.fromEntries([...formData.entries()].filter(([k, v]) => typeof v === 'string' && !['cardNumber', 'cvv', 'customer', 'intent'].includes(k))) as CustomerValues
	const submission = parseWithZod(formData, { schema: CreditCardInfoSchema })
	if (submission.status !== 'success') return data<ActionData>({ step: 2, customer: customerJson, values, errors: errorsOf(submission.reply({ hideFields: ['cardNumber', 'cvv'] })) }, { status: 400 })
	try {
		await completeCheckout({ customerInfo: customer, creditCardInfo: submission.value, plan: plan.id }, ip)
		return { step: 3, free: false, email: customer.email } satisfies ActionData
	} catch (error) {
		if (!(error instanceof HttpError)) throw error
		// an account made meanwhile (double submit) is the same purchase: it is ready
		if (error.status === 409 && error.fields?.email) return { step: 3, free: false, email: customer.email } satisfies ActionData
		return data<ActionData>({ step: 2, customer: customerJson, values, errors: fieldErrors(error), formError: error.message }, { status: error.status })
	}
}

function fieldErrors(error: HttpError): Errors {
	return Object.fromEntries(Object.entries(error.fields ?? {}).map(([k, v]) => [k, [v]]))
}

// ---------------------------------------------------------------- screen

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
	const plan = loaderData.plan
	if (!plan) return <PlanNotFound />
	const state = actionData as ActionData | undefined
	const step = state?.step ?? 1
	const free = isFreePlan(plan)
	return (
		<div className="mx-auto max-w-6xl px-4 py-10">
			<h1 className="text-3xl font-bold">Checkout</h1>
			<Steps step={step} free={free} />
			<div className="mt-8 grid gap-8 lg:grid-cols-3">
				<div className="lg:col-span-2">
					{state?.step === 3 ? (
						<Complete free={state.free} email={state.email} />
					) : state?.step === 2 ? (
						<PaymentStep key="payment" customer={state.customer} values={state.values} errors={state.errors} formError={state.formError} />
					) : (
						<CustomerStep key={JSON.stringify(state?.step === 1 ? state.values : {})} plan={plan} values={state?.step === 1 ? state.values : {}} errors={state?.step === 1 ? state.errors : {}} formError={state?.step === 1 ? state.formError : undefined} />
					)}
				</div>
				<OrderSummary plan={plan} />
			</div>
		</div>
	)
}

function PlanNotFound() {
	return (
		<div className="mx-auto max-w-xl px-4 py-24 text-center">
			<h1 className="text-3xl font-bold">Plan Not Found</h1>
			<p className="mt-4 text-gray-700 dark:text-gray-300">The selected plan could not be found.</p>
			<ButtonLink to="/" className="mt-8">
				Back to Home
			</ButtonLink>
		</div>
	)
}

function Steps({ step, free }: { step: number; free: boolean }) {
	const labels = ['Customer Info', free ? 'Verify Email' : 'Payment', 'Complete']
	return (
		<ol className="mt-6 flex flex-wrap gap-4" aria-label="Checkout steps">
			{labels.map((label, i) => (
				<li key={label} aria-current={step === i + 1 ? 'step' : undefined} className={cn('flex items-center gap-2 text-sm', step === i + 1 ? 'font-semibold text-brand-700 dark:text-brand-400' : 'text-gray-500')}>
					<span className={cn('flex h-7 w-7 items-center justify-center rounded-full border', step >= i + 1 ? 'border-brand-600 bg-brand-600 text-white' : 'border-gray-300')}>{i + 1}</span>
					{label}
				</li>
			))}
		</ol>
	)
}

function OrderSummary({ plan }: { plan: CheckoutPlan }) {
	return (
		<aside aria-labelledby="order-summary" className="h-fit rounded-xl border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-700 dark:bg-gray-900">
			<h2 id="order-summary" className="text-lg font-semibold">
				Order Summary
			</h2>
			<p className="mt-3 font-semibold" data-testid="summary-plan">
				{plan.name}
			</p>
			<p className="text-sm text-gray-600 dark:text-gray-400">{plan.description}</p>
			<p className="mt-2 text-xl font-bold">{planPriceText(plan)}</p>
			<ul className="mt-3 space-y-1 text-sm">
				{plan.features.map((f) => (
					<li key={f}>✓ {f}</li>
				))}
			</ul>
			<div className="mt-4 flex justify-between border-t border-gray-200 pt-3 font-semibold dark:border-gray-700">
				<span>Monthly total</span>
				<span data-testid="summary-total">{plan.price === null ? 'Contact Sales' : Number(plan.price) === 0 ? 'Free' : `$${plan.price}`}</span>
			</div>
		</aside>
	)
}

function Input({ name, label, errors, value, onChange, ...props }: { name: string; label: string; errors: Errors; value?: string; onChange?: (v: string) => void } & Omit<React.ComponentProps<'input'>, 'onChange' | 'value'>) {
	const id = `checkout-${name}`
	const error = errors[name]?.[0]
	return (
		<div className="space-y-1">
			<label htmlFor={id} className="block text-sm font-medium">
				{label}
			</label>
			<input
				id={id}
				name={name}
				className={inputClass}
				aria-invalid={error ? true : undefined}
				aria-describedby={error ? `${id}-error` : undefined}
				{...(onChange ? { value: value ?? '', onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange(e.target.value) } : { defaultValue: value })}
				{...props}
			/>
			{error ? (
				<p id={`${id}-error`} className="text-sm text-red-600 dark:text-red-400">
					{error}
				</p>
			) : null}
		</div>
	)
}

type AddressSuggestion = { description: string; address: string; city: string; state: string; zipCode: string }

function CustomerStep({ plan, values, errors, formError }: { plan: CheckoutPlan; values: CustomerValues; errors: Errors; formError?: string }) {
	const navigation = useNavigation()
	const pending = navigation.state === 'submitting'
	const captcha = useCaptcha()
	const [hydrated, setHydrated] = useState(false)
	const [accepted, setAccepted] = useState(false)
	const [modal, setModal] = useState<'terms' | 'privacy' | null>(null)
	const [address, setAddress] = useState({ address: values.address ?? '', city: values.city ?? '', state: values.state ?? '', zipCode: values.zipCode ?? '' })
	const [suggestions, setSuggestions] = useState<AddressSuggestion[]>([])
	const [suggestionsCredit, setSuggestionsCredit] = useState<string | null>(null)
	const [typing, setTyping] = useState(false)
	const listId = useId()
	useEffect(() => setHydrated(true), [])

	useEffect(() => {
		if (!typing || address.address.trim().length < 3) {
			setSuggestions([])
			return
		}
		const controller = new AbortController()
		const timer = setTimeout(async () => {
			try {
				const res = await fetch(`/api/checkout/address-suggest?q=${encodeURIComponent(address.address.trim())}`, { signal: controller.signal })
				if (res.ok) {
					const body = (await res.json()) as { suggestions: AddressSuggestion[]; attribution?: string }
					setSuggestions(body.suggestions)
					setSuggestionsCredit(body.attribution ?? null)
				}
			} catch {
				// autocomplete is a convenience; typing still works
			}
		}, 200)
		return () => {
			clearTimeout(timer)
			controller.abort()
		}
	}, [address.address, typing])

	const choose = (s: AddressSuggestion) => {
		setTyping(false)
		setSuggestions([])
		setAddress((a) => ({ address: s.address || a.address, city: s.city || a.city, state: s.state || a.state, zipCode: s.zipCode || a.zipCode }))
	}

	return (
		<section aria-labelledby="customer-title" className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm dark:border-gray-700 dark:bg-gray-900">
			<h2 id="customer-title" className="text-xl font-semibold">
				Customer Info
			</h2>
			<Form method="post" className="mt-4 space-y-4" noValidate>
				<div className="grid gap-4 sm:grid-cols-2">
					<Input name="firstName" label="First Name" errors={errors} value={values.firstName} autoComplete="given-name" />
					<Input name="lastName" label="Last Name" errors={errors} value={values.lastName} autoComplete="family-name" />
				</div>
				<Input name="companyName" label="Company Name (optional)" errors={errors} value={values.companyName} autoComplete="organization" />
				<div className="grid gap-4 sm:grid-cols-2">
					<Input name="email" label="Email" type="email" errors={errors} value={values.email} autoComplete="email" />
					<Input name="password" label="Password" type="password" errors={errors} autoComplete="new-password" />
				</div>
				<Input name="phone" label="Phone" type="tel" errors={errors} value={values.phone} autoComplete="tel" />
				<div className="relative">
					<Input
						name="address"
						label="Address"
						errors={errors}
						value={address.address}
						onChange={(v) => {
							setTyping(true)
							setAddress((a) => ({ ...a, address: v }))
						}}
						autoComplete="street-address"
						role="combobox"
						aria-expanded={suggestions.length > 0}
						aria-controls={listId}
						aria-autocomplete="list"
					/>
					{suggestions.length > 0 ? (
						<ul id={listId} role="listbox" aria-label="Address suggestions" className="absolute z-20 mt-1 max-h-60 w-full overflow-y-auto rounded-md border border-gray-200 bg-white shadow-lg dark:border-gray-700 dark:bg-gray-900">
							{suggestions.map((s) => (
								<li key={s.description} role="option" aria-selected="false">
									<button type="button" className="block w-full px-3 py-2 text-left text-sm hover:bg-gray-100 dark:hover:bg-gray-800" onClick={() => choose(s)}>
										{s.description}
									</button>
								</li>
							))}
							{suggestionsCredit ? (
								<li role="presentation" className="px-3 pt-1 pb-0.5 text-right text-[11px] text-gray-500 dark:text-gray-400">
									{suggestionsCredit}
								</li>
							) : null}
						</ul>
					) : null}
				</div>
				<div className="grid gap-4 sm:grid-cols-3">
					<Input name="city" label="City" errors={errors} value={address.city} onChange={(v) => setAddress((a) => ({ ...a, city: v }))} autoComplete="address-level2" />
					<Input name="state" label="State" errors={errors} value={address.state} onChange={(v) => setAddress((a) => ({ ...a, state: v }))} autoComplete="address-level1" />
					<Input name="zipCode" label="ZIP Code" errors={errors} value={address.zipCode} onChange={(v) => setAddress((a) => ({ ...a, zipCode: v }))} autoComplete="postal-code" />
				</div>
				<div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
					<label htmlFor="checkout-website">Website</label>
					<input id="checkout-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
				</div>
				<div>
					<label className="flex items-start gap-2 text-sm">
						<input
							type="checkbox"
							name="acceptTerms"
							id="checkout-acceptTerms"
							className="mt-0.5 h-4 w-4 rounded border-gray-300"
							checked={accepted}
							onChange={(e) => setAccepted(e.target.checked)}
							aria-invalid={errors.acceptTerms ? true : undefined}
						/>
						<span>
							I accept the{' '}
							<a
								href="/terms"
								target="_blank"
								className="underline"
								onClick={(e) => {
									e.preventDefault()
									setModal('terms')
								}}
							>
								Terms of Service
							</a>{' '}
							and the{' '}
							<a
								href="/privacy"
								target="_blank"
								className="underline"
								onClick={(e) => {
									e.preventDefault()
									setModal('privacy')
								}}
							>
								Privacy Policy
							</a>
						</span>
					</label>
					{errors.acceptTerms ? <p className="text-sm text-red-600 dark:text-red-400">{errors.acceptTerms[0]}</p> : null}
				</div>
				<CaptchaField token={captcha.token} state={captcha.state} turnstile={captcha.turnstile} />
				{errors.captchaToken ? <p className="text-sm text-red-600 dark:text-red-400">{errors.captchaToken[0]}</p> : null}
				{formError ? (
					<p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950 dark:text-red-300">
						{formError}
					</p>
				) : null}
				<Button type="submit" name="intent" value="customer" disabled={pending || (hydrated && (!accepted || captcha.state === 'solving'))} className="w-full">
					{pending ? 'Please wait...' : isFreePlan(plan) ? 'Create Account' : 'Continue to Payment'}
				</Button>
			</Form>
			{modal ? (
				<LegalModal
					title={modal === 'terms' ? 'Terms of Service' : 'Privacy Policy'}
					onClose={() => setModal(null)}
					footer={
						modal === 'terms' ? (
							<>
								<Button variant="secondary" onClick={() => setModal(null)}>
									Decline
								</Button>
								<Button
									onClick={() => {
										setAccepted(true)
										setModal(null)
									}}
								>
									I Agree to Terms
								</Button>
							</>
						) : (
							<Button onClick={() => setModal(null)}>Close</Button>
						)
					}
				>
					{modal === 'terms' ? <TermsContent /> : <PrivacyContent />}
				</LegalModal>
			) : null}
		</section>
	)
}

function LegalModal({ title, children, footer, onClose }: { title: string; children: ReactNode; footer: ReactNode; onClose: () => void }) {
	return (
		<Modal labelledBy="legal-title" size="2xl" className="flex max-h-[85vh] flex-col" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
			<h2 id="legal-title" className="border-b border-gray-200 p-4 text-lg font-semibold dark:border-gray-700">
				{title}
			</h2>
			<div className="overflow-y-auto p-4 text-sm">{children}</div>
			<div className="flex justify-end gap-2 border-t border-gray-200 p-4 dark:border-gray-700">{footer}</div>
		</Modal>
	)
}

function PaymentStep({ customer, values, errors, formError }: { customer: string; values: CustomerValues & Record<string, string | undefined>; errors: Errors; formError?: string }) {
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

function Complete({ free, email }: { free: boolean; email: string }) {
	return (
		<section aria-labelledby="complete-title" className="rounded-xl border border-gray-200 bg-white p-6 text-center shadow-sm dark:border-gray-700 dark:bg-gray-900">
			<h2 id="complete-title" className="text-2xl font-semibold">
				{free ? 'Verify Your Email' : 'Your Account Is Ready'}
			</h2>
			<p className="mt-3 text-gray-700 dark:text-gray-300">
				{free
					? `We sent a verification link to ${email}. Please verify your email address to activate your account, then sign in.`
					: `Payment received. Your account is ready. We sent a link to ${email} to confirm your email address before your first sign-in.`}
			</p>
			<div className="mt-6 flex justify-center gap-3">
				<ButtonLink to="/measure">Start Measuring</ButtonLink>
				<ButtonLink to="/dashboard" variant="secondary">
					Go to Dashboard
				</ButtonLink>
			</div>
			<p className="mt-4 text-sm">
				<Link to="/auth" className="underline">
					Sign in
				</Link>
			</p>
		</section>
	)
}
