// Dashboard Subscription card, 'Ready to Upgrade?' card and the Manage
// Subscription dialog (spec 2 §2, §4, §5, §8). The dialog is a URL state
// (?dialog=plans&plan=…&coupon=…) rendered by the server, so choosing a plan,
// checking a coupon and updating work without JavaScript; with JavaScript the
// coupon is checked through POST /api/coupons/validate.
import { useEffect, useState, type ReactNode } from 'react'
import { Form, Link, useNavigate, useNavigation } from 'react-router'
import { useToast } from '~/components/toaster.tsx'
import { Button, ButtonLink } from '~/components/ui/button.tsx'
import { Dialog } from '~/components/ui/dialog.tsx'
import { inputClass } from '~/components/ui/field.tsx'
import { describeDiscount, formatCents, toCents } from '~/lib/pricing.ts'
import type { SubscriptionPanel } from '~/services/billing.server.ts'
import { longDate } from '~/lib/dates.ts'

export const PLAN_FEATURES_SHOWN = 3

export const priceText = (decimal: string) => formatCents(toCents(decimal), { zeroAsFree: true })
const perMonth = (decimal: string) => (toCents(decimal) === 0 ? 'Free' : `${priceText(decimal)}/month`)

export type PlansHref = (changes: { plan?: string | null; coupon?: string | null } | null) => string

function Features({ features }: { features: string[] }) {
	const more = features.length - PLAN_FEATURES_SHOWN
	return (
		<ul className="mt-2 space-y-1 text-sm text-gray-600 dark:text-gray-300">
			{features.slice(0, PLAN_FEATURES_SHOWN).map((f) => (
				<li key={f}>✓ {f}</li>
			))}
			{more > 0 ? <li className="text-gray-500">+ {more} more features</li> : null}
		</ul>
	)
}

export function SubscriptionCard({ panel, plansHref }: { panel: SubscriptionPanel; plansHref: PlansHref }) {
	const { current, activeCoupon } = panel
	return (
		<section aria-labelledby="subscription-title" className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm dark:border-gray-700 dark:bg-gray-900">
			<div className="mb-3 flex items-center justify-between gap-3">
				<h2 id="subscription-title" className="text-lg font-semibold">
					Subscription
				</h2>
				<span className="inline-flex items-center rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800 dark:bg-green-900 dark:text-green-100">
					{current.status === 'cancelled' ? 'Cancelled' : 'Active'}
				</span>
			</div>
			<p className="text-xl font-bold" data-testid="subscription-plan">
				{current.name}
			</p>
			<p className="text-sm text-gray-600 dark:text-gray-300">{perMonth(current.monthlyPrice)}</p>
			{activeCoupon ? (
				<p className="mt-2 text-sm text-green-700 dark:text-green-400">
					Coupon {activeCoupon.code}: {activeCoupon.discountText}
				</p>
			) : null}
			{current.description ? <p className="mt-2 text-sm text-gray-600 dark:text-gray-300">{current.description}</p> : null}
			<Features features={current.features.slice(0, PLAN_FEATURES_SHOWN)} />
			<div className="mt-4 flex flex-wrap gap-2">
				<ButtonLink to="/billing" variant="secondary">
					Manage Billing
				</ButtonLink>
				<ButtonLink to={plansHref({})} preventScrollReset>
					View Plans
				</ButtonLink>
			</div>
		</section>
	)
}

export function ReadyToUpgradeCard({ plansHref }: { plansHref: PlansHref }) {
	return (
		<section aria-labelledby="upgrade-title" className="rounded-xl border border-brand-200 bg-brand-50 p-5 dark:border-brand-800 dark:bg-brand-950">
			<h2 id="upgrade-title" className="text-lg font-semibold">
				Ready to Upgrade?
			</h2>
			<p className="mt-1 text-sm text-gray-700 dark:text-gray-300">Unlock more searches, reports, AI grass detection and team seats.</p>
			<ButtonLink to={plansHref({})} preventScrollReset className="mt-3">
				View Plans
			</ButtonLink>
		</section>
	)
}

function Row({ label, value, strong }: { label: string; value: ReactNode; strong?: boolean }) {
	return (
		<div className={`flex justify-between gap-4 text-sm ${strong ? 'border-t border-gray-200 pt-2 font-semibold dark:border-gray-700' : ''}`}>
			<dt>{label}</dt>
			<dd>{value}</dd>
		</div>
	)
}

function CouponArea({ panel, plansHref }: { panel: SubscriptionPanel; plansHref: PlansHref }) {
	const toast = useToast()
	const navigate = useNavigate()
	const [code, setCode] = useState(panel.couponCode)
	const [error, setError] = useState<string | null>(panel.couponError)
	const [checking, setChecking] = useState(false)
	// the server's HTML (no JavaScript) always lets the form submit
	const [hydrated, setHydrated] = useState(false)
	useEffect(() => setHydrated(true), [])
	const applied = panel.coupon
	return (
		<div className="rounded-lg border border-gray-200 p-3 dark:border-gray-700">
			<Form
				method="get"
				action="/dashboard"
				preventScrollReset
				className="flex items-start gap-2"
				onSubmit={async (event) => {
					event.preventDefault()
					if (!code.trim()) return setError('Please enter a coupon code')
					setChecking(true)
					setError(null)
					try {
						const res = await fetch('/api/coupons/validate', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: code.trim() }) })
						const body = (await res.json()) as { error?: string; name?: string; code?: string }
						if (!res.ok || body.error) {
							setError(body.error || 'Invalid coupon code')
							return
						}
						await navigate(plansHref({ coupon: body.code ?? code.trim() }), { preventScrollReset: true, replace: true })
						toast({ title: 'Coupon Applied!', description: `${body.name}: ${describeDiscount(body as { discountType: string; discountValue: string })}`, type: 'success' })
					} catch {
						setError('Failed to validate coupon code')
					} finally {
						setChecking(false)
					}
				}}
			>
				<input type="hidden" name="dialog" value="plans" />
				{panel.selectedPlanId ? <input type="hidden" name="plan" value={panel.selectedPlanId} /> : null}
				<label htmlFor="coupon-code" className="sr-only">
					Coupon code
				</label>
				<input
					id="coupon-code"
					name="coupon"
					placeholder="Enter coupon code"
					className={inputClass}
					value={applied ? applied.code : code}
					readOnly={Boolean(applied)}
					aria-invalid={error ? true : undefined}
					aria-describedby={error ? 'coupon-error' : undefined}
					onChange={(e) => {
						setCode(e.target.value)
						setError(null)
					}}
				/>
				{applied ? (
					<ButtonLink to={plansHref({ coupon: null })} preventScrollReset replace variant="secondary">
						Remove
					</ButtonLink>
				) : (
					<Button type="submit" variant="secondary" disabled={checking} aria-disabled={(hydrated && !code.trim()) || undefined}>
						{checking ? 'Checking...' : 'Apply'}
					</Button>
				)}
			</Form>
			{error ? (
				<p id="coupon-error" role="alert" className="mt-1 text-sm text-red-600 dark:text-red-400">
					{error}
				</p>
			) : null}
			{applied ? (
				<div className="mt-2 text-sm text-green-700 dark:text-green-400" data-testid="applied-coupon">
					<p className="font-medium">
						{applied.name} — {applied.discountText}
					</p>
					<p className="text-xs text-gray-600 dark:text-gray-400">
						Uses: {applied.usedCount}/{applied.maxUses ?? '∞'}
						{applied.validUntil ? ` · Expires ${longDate(applied.validUntil)}` : ''}
					</p>
				</div>
			) : null}
		</div>
	)
}

function Breakdown({ panel }: { panel: SubscriptionPanel }) {
	const q = panel.quote
	if (!q) return null
	return (
		<div className="rounded-lg bg-gray-50 p-3 dark:bg-gray-800" data-testid="pricing-breakdown">
			<h3 className="mb-2 text-sm font-semibold">Pricing breakdown</h3>
			<dl className="space-y-1">
				{q.changeType === 'upgrade' ? (
					<>
						<Row label={`Pro-rated charge (${q.remainingDays} days remaining)`} value={priceText(q.charge).replace('Free', '$0.00')} />
						{toCents(q.discount) > 0 ? <Row label="Coupon discount" value={`-${formatCents(toCents(q.discount))}`} /> : null}
						{toCents(q.balanceApplied) > 0 ? <Row label="Account balance" value={`-${formatCents(toCents(q.balanceApplied))}`} /> : null}
					</>
				) : q.changeType === 'downgrade' ? (
					<p className="text-sm">Your plan changes on {longDate(q.effectiveDate)}. You keep your current plan until then.</p>
				) : (
					<p className="text-sm">The change is effective immediately.</p>
				)}
				<Row label="Total due today" value={formatCents(toCents(q.totalDue))} strong />
			</dl>
			{q.changeType === 'upgrade' && toCents(q.totalDue) > 0 ? <p className="mt-1 text-xs text-gray-500">Billed with your next invoice.</p> : null}
		</div>
	)
}

export function ManageSubscriptionDialog({ panel, close, plansHref }: { panel: SubscriptionPanel; close: string; plansHref: PlansHref }) {
	const navigation = useNavigation()
	const pending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'changeSubscription'
	const canUpdate = Boolean(panel.selectedPlanId) && !pending
	return (
		<Dialog title="Manage Subscription" closeTo={close} size="3xl">
			<div className="space-y-4">
				<div className="rounded-lg border border-brand-300 p-3 dark:border-brand-700">
					<div className="flex items-center gap-2">
						<span className="font-semibold">{panel.current.name}</span>
						<span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-800 dark:bg-brand-900 dark:text-brand-100">Current</span>
					</div>
					<p className="text-sm text-gray-600 dark:text-gray-300">{perMonth(panel.current.monthlyPrice)}</p>
				</div>
				<CouponArea key={`${panel.couponCode}|${panel.couponError ?? ''}`} panel={panel} plansHref={plansHref} />
				<Breakdown panel={panel} />
				<div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" role="list" aria-label="Available plans">
					{panel.plans.map((plan) => {
						const selected = plan.id === panel.selectedPlanId
						return (
							<Link
								key={plan.id}
								role="listitem"
								to={plansHref({ plan: plan.id })}
								preventScrollReset
								replace
								aria-current={selected ? 'true' : undefined}
								data-testid={`plan-${plan.id}`}
								className={`block rounded-lg border p-3 text-left hover:border-brand-500 ${selected ? 'border-brand-600 ring-2 ring-brand-600' : 'border-gray-200 dark:border-gray-700'}`}
							>
								<p className="font-semibold">{plan.name}</p>
								<p className="text-sm">
									{plan.discountedPrice !== null && plan.discountedPrice !== plan.monthlyPrice ? (
										<>
											<s className="text-gray-500">{priceText(plan.monthlyPrice)}</s> <span className="font-semibold text-green-700 dark:text-green-400">{priceText(plan.discountedPrice)}</span>
										</>
									) : (
										priceText(plan.monthlyPrice)
									)}
									{toCents(plan.monthlyPrice) > 0 ? <span className="text-gray-500">/month</span> : null}
								</p>
								{plan.description ? <p className="mt-1 text-xs text-gray-600 dark:text-gray-400">{plan.description}</p> : null}
								<Features features={plan.features} />
							</Link>
						)
					})}
				</div>
				<Form method="post" className="flex justify-end gap-2 pt-2">
					{panel.selectedPlanId ? <input type="hidden" name="subscriptionTierId" value={panel.selectedPlanId} /> : null}
					{panel.coupon ? <input type="hidden" name="couponCode" value={panel.coupon.code} /> : null}
					<ButtonLink to={close} preventScrollReset variant="secondary">
						Cancel
					</ButtonLink>
					<Button type="submit" name="intent" value="changeSubscription" disabled={!canUpdate}>
						{pending ? 'Updating...' : 'Update Subscription'}
					</Button>
				</Form>
			</div>
		</Dialog>
	)
}
