// Step 1, Customer Info: name, company, e-mail, password, phone, the address
// (autocompleted, US only), the terms (in modals with JavaScript) and the bot check.
import { useEffect, useId, useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { CaptchaField, useCaptcha } from '~/components/captcha.tsx'
import { PrivacyContent, TermsContent } from '~/components/legal.tsx'
import { Button } from '~/components/ui/button.tsx'
import { isFreePlan, type CheckoutPlan } from '~/lib/checkout.ts'
import { useHydrated } from '~/utils/use-hydrated.ts'
import { Input } from './input.tsx'
import { LegalModal } from './legal-modal.tsx'
import type { CustomerValues, Errors } from './shared.ts'

type AddressSuggestion = { description: string; address: string; city: string; state: string; zipCode: string }

export function CustomerStep({ plan, values, errors, formError }: { plan: CheckoutPlan; values: CustomerValues; errors: Errors; formError?: string }) {
	const navigation = useNavigation()
	const pending = navigation.state === 'submitting'
	const captcha = useCaptcha()
	const hydrated = useHydrated()
	const [accepted, setAccepted] = useState(false)
	const [modal, setModal] = useState<'terms' | 'privacy' | null>(null)
	const [address, setAddress] = useState({ address: values.address ?? '', city: values.city ?? '', state: values.state ?? '', zipCode: values.zipCode ?? '' })
	const [suggestions, setSuggestions] = useState<AddressSuggestion[]>([])
	const [suggestionsCredit, setSuggestionsCredit] = useState<string | null>(null)
	const [typing, setTyping] = useState(false)
	const listId = useId()

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
