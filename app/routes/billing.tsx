// /billing (spec 2 §2): current subscription, payment methods, invoices with
// search, view and PDF download, account summary, quick actions, cancellation
// and Contact Billing Support. Dialogs are URL states (?dialog=cancel|support|card,
// ?invoice=id) rendered by the server, so everything works without JavaScript.
import { useEffect, type InputHTMLAttributes } from 'react'
import { data, Form, isRouteErrorResponse, Link, useNavigation } from 'react-router'
import type { Route } from './+types/billing'
import { Page } from '~/components/page.tsx'
import { useToast } from '~/components/toaster.tsx'
import { Button, ButtonLink } from '~/components/ui/button.tsx'
import { inputClass } from '~/components/ui/field.tsx'
import { formatCents, toCents } from '~/lib/pricing.ts'
import { getActor } from '~/services/auth.server.ts'
import { readSupportForm, sendBillingSupport } from '~/services/billing-support.server.ts'
import { cancelSubscription, canViewBilling, getBillingOverview, getInvoice, type ClientInvoice } from '~/services/billing.server.ts'
import { NO_BILLING_ACCESS } from '~/lib/schemas/billing.ts'
import { redirectWithToast } from '~/services/toast.server.ts'
import { fieldErrorsFromZod, HttpError } from '~/utils/http.server.ts'
import type { RouteHandle } from '~/utils/route-handle.ts'
import { Card } from '~/components/ui/card.tsx'
import { Dialog } from '~/components/ui/dialog.tsx'
import { CardFieldsSchema } from '~/lib/schemas/checkout.ts'
import { addPaymentMethod } from '~/services/payment-methods.server.ts'

export const meta: Route.MetaFunction = () => [{ title: 'Billing | Yardstick' }]
export const handle: RouteHandle = { footer: 'no-cookies' }

export const UNAUTHORIZED_REDIRECT_MS = 500
const LOGIN_PATH = '/api/login?redirectTo=%2Fbilling'

export async function loader({ request }: Route.LoaderArgs) {
	const actor = await getActor(request)
	if (!actor) return { unauthorized: true as const }
	const { user } = actor
	if (!canViewBilling(user)) throw data(NO_BILLING_ACCESS, { status: 403 })
	const url = new URL(request.url)
	const q = (url.searchParams.get('q') ?? '').trim().slice(0, 100)
	const invoiceId = url.searchParams.get('invoice')
	const [overview, invoice] = await Promise.all([getBillingOverview(user), invoiceId ? getInvoice(user, invoiceId).catch(() => null) : null])
	return {
		unauthorized: false as const,
		user: { email: user.email, role: user.role },
		overview,
		q,
		invoices: filterInvoices(overview.invoices, q),
		invoice,
		dialog: url.searchParams.get('dialog'),
		canAddCard: user.role === 'account_admin',
	}
}

function filterInvoices(invoices: ClientInvoice[], q: string) {
	if (!q) return invoices
	const needle = q.toLowerCase()
	return invoices.filter((i) =>
		[i.invoiceNumber, i.status, i.subscriptionTierName, i.totalAmount, formatCents(toCents(i.totalAmount)), dateText(i.invoiceDate ?? i.billingPeriodStart)].some((v) =>
			v.toLowerCase().includes(needle),
		),
	)
}

type ActionData = { intent: string; toast: { title: string; description: string }; fields?: Record<string, string> }

export async function action({ request }: Route.ActionArgs) {
	const actor = await getActor(request)
	if (!actor) return redirectWithToast(LOGIN_PATH, { title: 'Unauthorized', description: 'You are logged out. Logging in again...', type: 'destructive' })
	const { user } = actor
	let intent = 'support'
	try {
		const form = await readSupportForm(request)
		intent = String(form.get('intent') ?? '')
		if (intent === 'cancel') {
			const result = await cancelSubscription(user)
			return redirectWithToast('/billing', { title: 'Subscription Cancelled', description: result.details, type: 'success' })
		}
		if (intent === 'card') {
			const parsed = CardFieldsSchema.safeParse(Object.fromEntries([...form].filter(([, v]) => typeof v === 'string')))
			if (!parsed.success) throw new HttpError(400, 'Please check the card details.', fieldErrorsFromZod(parsed.error))
			const { paymentMethod, invoices } = await addPaymentMethod(user, user.organizationId ?? '', parsed.data)
			const paid = invoices.filter((i) => i.status === 'paid').map((i) => `${i.invoiceNumber} (${money(i.totalAmount)})`)
			const failed = invoices.filter((i) => i.status === 'failed').map((i) => i.invoiceNumber)
			const description = [
				`${paymentMethod.brand} •••• ${paymentMethod.last4} is now your default card.`,
				paid.length ? `Paid: ${paid.join(', ')}.` : '',
				failed.length ? `Declined: ${failed.join(', ')}.` : '',
			]
				.filter(Boolean)
				.join(' ')
			return redirectWithToast('/billing', { title: 'Card Added', description, type: 'success' })
		}
		if (intent === 'support') {
			if (!canViewBilling(user)) throw new HttpError(403, NO_BILLING_ACCESS)
			const result = await sendBillingSupport(user, form)
			return redirectWithToast('/billing', { title: result.message, description: result.description, type: 'success' })
		}
		return redirectWithToast('/billing', { title: 'Error', description: 'Unknown action', type: 'destructive' })
	} catch (error) {
		if (!(error instanceof HttpError)) throw error
		const toast =
			intent === 'cancel'
				? { title: 'Error', description: error.message || 'Failed to cancel subscription. Please contact support.' }
				: intent === 'card'
					? { title: 'Card Not Added', description: error.message || 'Please check the card details.' }
					: { title: 'Error', description: error.fields ? 'Failed to send message. Please try again.' : error.message || 'Failed to send message. Please try again.' }
		return data<ActionData>({ intent, toast, fields: error.fields }, { status: error.status })
	}
}

// ---------------------------------------------------------------- helpers

const dateText = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' }) : '—')
const money = (decimal: string) => formatCents(toCents(decimal))
const STATUS_TONES: Record<string, string> = {
	paid: 'bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-100',
	pending: 'bg-yellow-100 text-yellow-800 dark:bg-yellow-900 dark:text-yellow-100',
	failed: 'bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-100',
	cancelled: 'bg-gray-100 text-gray-800 dark:bg-gray-800 dark:text-gray-200',
}


// ---------------------------------------------------------------- screen

export default function Billing({ loaderData, actionData }: Route.ComponentProps) {
	const toast = useToast()
	useEffect(() => {
		if (actionData?.toast) toast({ ...actionData.toast, type: 'destructive' })
	}, [actionData, toast])
	if (loaderData.unauthorized) return <Unauthorized />
	const { overview, invoices, q, invoice, dialog } = loaderData
	const { organization: org, tier } = overview
	const cancelled = org.subscriptionStatus === 'cancelled'
	return (
		<Page title="Billing" subtitle="Manage your subscription, invoices and payment methods">
			<div className="grid gap-6 lg:grid-cols-3">
				<div className="space-y-6 lg:col-span-2">
					<Card title="Current Subscription">
						<div className="flex flex-wrap items-center gap-3">
							<p className="text-2xl font-bold" data-testid="billing-plan">
								{tier.name}
							</p>
							<span className={`rounded-full px-2 py-0.5 text-xs font-medium ${cancelled ? STATUS_TONES.failed : STATUS_TONES.paid}`}>{cancelled ? 'Cancelled' : 'Active'}</span>
						</div>
						<p className="text-gray-700 dark:text-gray-300">{toCents(tier.monthlyPrice) === 0 ? 'Free' : `${money(tier.monthlyPrice)}/month`}</p>
						{tier.description ? <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{tier.description}</p> : null}
						<dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
							<div>
								<dt className="text-gray-500">Monthly searches</dt>
								<dd className="font-medium">{tier.searchesPerMonth === null ? 'Unlimited' : `${tier.searchesPerMonth} included`}</dd>
							</div>
							<div>
								<dt className="text-gray-500">{cancelled ? 'Access until' : 'Next billing date'}</dt>
								<dd className="font-medium" data-testid="next-billing-date">
									{dateText(org.nextBillingDate)}
								</dd>
							</div>
							{overview.coupon ? (
								<div>
									<dt className="text-gray-500">Coupon</dt>
									<dd className="font-medium">
										{overview.coupon.code} — {overview.coupon.discountText}
									</dd>
								</div>
							) : null}
							{toCents(org.accountBalance) > 0 ? (
								<div>
									<dt className="text-gray-500">Account credit</dt>
									<dd className="font-medium">{money(org.accountBalance)}</dd>
								</div>
							) : null}
						</dl>
						{org.scheduledTierName && !cancelled ? (
							<p className="mt-3 text-sm text-amber-700 dark:text-amber-400">
								Your plan changes to {org.scheduledTierName} on {dateText(org.nextBillingDate)}.
							</p>
						) : null}
						{cancelled ? (
							<p className="mt-3 text-sm text-red-700 dark:text-red-400">
								Your subscription is cancelled. You keep access until {dateText(org.nextBillingDate)}; then the account is deactivated and its data is deleted 30 days later.
							</p>
						) : null}
						{overview.canCancel ? (
							<div className="mt-4">
								<ButtonLink to="/billing?dialog=cancel" preventScrollReset variant="secondary" className="text-red-700 dark:text-red-400">
									Cancel Subscription
								</ButtonLink>
							</div>
						) : null}
					</Card>

					<Card title="Payment Methods">
						{overview.paymentMethods.length === 0 ? (
							<p className="text-sm text-gray-600 dark:text-gray-400">No payment methods on file.</p>
						) : (
							<ul className="divide-y divide-gray-200 dark:divide-gray-700">
								{overview.paymentMethods.map((p) => (
									<li key={p.id} className="flex items-center justify-between py-2 text-sm">
										<span className="font-medium">
											{p.brand} •••• {p.last4}
										</span>
										<span className="text-gray-600 dark:text-gray-400">
											Expires {String(p.expiryMonth).padStart(2, '0')}/{String(p.expiryYear).slice(-2)}
											{p.isDefault ? ' · Default' : ''}
										</span>
									</li>
								))}
							</ul>
						)}
						{loaderData.canAddCard ? (
							<div className="mt-3">
								<ButtonLink to="/billing?dialog=card" preventScrollReset variant="secondary">
									Add Card
								</ButtonLink>
							</div>
						) : null}
					</Card>

					<InvoiceHistory invoices={invoices} total={overview.invoices.length} q={q} />
				</div>
				<div className="space-y-6">
					<Card title="Account Summary">
						<dl className="space-y-2 text-sm">
							<SummaryRow label="Organization" value={org.name} />
							<SummaryRow label="Account number" value={org.accountNumber} />
							<SummaryRow label="Plan" value={tier.name} />
							<SummaryRow label="Created" value={dateText(org.createdAt)} />
						</dl>
					</Card>
					<Card title="Quick Actions">
						<div className="flex flex-col gap-2">
							<ButtonLink to="/measure" variant="secondary">
								Create Measurement
							</ButtonLink>
							<ButtonLink to="/dashboard" variant="secondary">
								Add User
							</ButtonLink>
							<ButtonLink to="/billing?dialog=support" preventScrollReset variant="secondary">
								Contact Billing Support
							</ButtonLink>
						</div>
					</Card>
				</div>
			</div>
			{dialog === 'cancel' && overview.canCancel ? <CancelDialog /> : null}
			{dialog === 'card' && loaderData.canAddCard ? <CardDialog fields={actionData?.intent === 'card' ? actionData.fields : undefined} /> : null}
			{dialog === 'support' ? <SupportDialog email={loaderData.user.email} fields={actionData?.intent === 'support' ? actionData.fields : undefined} /> : null}
			{invoice ? <InvoiceDialog invoice={invoice} /> : null}
		</Page>
	)
}

function SummaryRow({ label, value }: { label: string; value: string }) {
	return (
		<div className="flex justify-between gap-4">
			<dt className="text-gray-500">{label}</dt>
			<dd className="text-right font-medium">{value}</dd>
		</div>
	)
}

function InvoiceHistory({ invoices, total, q }: { invoices: ClientInvoice[]; total: number; q: string }) {
	return (
		<Card title="Invoice History">
			<Form method="get" className="mb-4 flex gap-2" role="search">
				<label htmlFor="invoice-search" className="sr-only">
					Search invoices
				</label>
				<input id="invoice-search" key={q} name="q" type="search" defaultValue={q} placeholder="Search invoices..." className={inputClass} />
				<Button type="submit" variant="secondary">
					Search
				</Button>
			</Form>
			{total === 0 ? (
				<p className="text-sm text-gray-600 dark:text-gray-400">No invoices yet.</p>
			) : invoices.length === 0 ? (
				<p className="text-sm text-gray-600 dark:text-gray-400">No invoices match your search.</p>
			) : (
				<div className="overflow-x-auto">
					<table className="w-full text-left text-sm">
						<thead className="text-gray-500">
							<tr>
								<th className="py-2 pr-3 font-medium">Invoice</th>
								<th className="py-2 pr-3 font-medium">Date</th>
								<th className="py-2 pr-3 font-medium">Plan</th>
								<th className="py-2 pr-3 font-medium">Amount</th>
								<th className="py-2 pr-3 font-medium">Status</th>
								<th className="py-2 font-medium">
									<span className="sr-only">Actions</span>
								</th>
							</tr>
						</thead>
						<tbody className="divide-y divide-gray-200 dark:divide-gray-700">
							{invoices.map((i) => (
								<tr key={i.id}>
									<td className="py-2 pr-3 font-medium">{i.invoiceNumber}</td>
									<td className="py-2 pr-3">{dateText(i.invoiceDate ?? i.billingPeriodStart)}</td>
									<td className="py-2 pr-3">{i.subscriptionTierName}</td>
									<td className="py-2 pr-3">{money(i.totalAmount)}</td>
									<td className="py-2 pr-3">
										<span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_TONES[i.status] ?? STATUS_TONES.cancelled}`}>{i.status}</span>
									</td>
									<td className="flex gap-2 py-2">
										<Link to={`/billing?invoice=${i.id}`} preventScrollReset className="text-brand-700 hover:underline dark:text-brand-500" aria-label={`View invoice ${i.invoiceNumber}`}>
											View
										</Link>
										<a href={`/api/invoices/${i.id}/pdf`} download className="text-brand-700 hover:underline dark:text-brand-500" aria-label={`Download invoice ${i.invoiceNumber}`}>
											Download
										</a>
									</td>
								</tr>
							))}
						</tbody>
					</table>
				</div>
			)}
		</Card>
	)
}

function InvoiceDialog({ invoice }: { invoice: NonNullable<Route.ComponentProps['loaderData']['invoice']> }) {
	return (
		<Dialog title={`Invoice ${invoice.invoiceNumber}`} closeTo="/billing">
			<dl className="mb-4 space-y-1 text-sm">
				<SummaryRow label="Status" value={invoice.status} />
				<SummaryRow label="Billing period" value={`${dateText(invoice.billingPeriodStart)} – ${dateText(invoice.billingPeriodEnd)}`} />
				<SummaryRow label="Due date" value={dateText(invoice.dueDate)} />
			</dl>
			<table className="w-full text-left text-sm">
				<thead className="text-gray-500">
					<tr>
						<th className="py-1 font-medium">Description</th>
						<th className="py-1 text-right font-medium">Amount</th>
					</tr>
				</thead>
				<tbody className="divide-y divide-gray-200 dark:divide-gray-700">
					{invoice.lineItems.map((l, index) => (
						<tr key={index}>
							<td className="py-1">{l.description}</td>
							<td className="py-1 text-right">{money(l.totalPrice)}</td>
						</tr>
					))}
				</tbody>
				<tfoot>
					<tr className="font-semibold">
						<td className="pt-2">Total</td>
						<td className="pt-2 text-right">{money(invoice.totalAmount)}</td>
					</tr>
				</tfoot>
			</table>
			<div className="mt-4 flex justify-end gap-2">
				<ButtonLink to="/billing" preventScrollReset variant="secondary">
					Close
				</ButtonLink>
				<a href={`/api/invoices/${invoice.id}/pdf`} download className="inline-flex items-center justify-center rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800">
					Download PDF
				</a>
			</div>
		</Dialog>
	)
}

function CancelDialog() {
	const navigation = useNavigation()
	const pending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'cancel'
	return (
		<Dialog title="Cancel Subscription" closeTo="/billing">
			<p className="text-sm text-gray-700 dark:text-gray-300">
				Are you sure you want to cancel? Your measurements, projects and reports will be permanently deleted. You keep access until the end of the current billing period; after that the account
				is deactivated, and its data is deleted 30 days later.
			</p>
			<Form method="post" encType="multipart/form-data" className="mt-4 flex justify-end gap-2">
				<ButtonLink to="/billing" preventScrollReset variant="secondary">
					Keep Subscription
				</ButtonLink>
				<Button type="submit" name="intent" value="cancel" variant="destructive" disabled={pending}>
					{pending ? 'Cancelling...' : 'Cancel Subscription'}
				</Button>
			</Form>
		</Dialog>
	)
}

function CardDialog({ fields }: { fields?: Record<string, string> }) {
	const navigation = useNavigation()
	const pending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'card'
	const field = (name: string, label: string, props: InputHTMLAttributes<HTMLInputElement>) => (
		<div>
			<label htmlFor={`card-${name}`} className="mb-1 block text-sm font-medium">
				{label}
			</label>
			<input
				id={`card-${name}`}
				name={name}
				required
				className={inputClass}
				aria-invalid={fields?.[name] ? true : undefined}
				aria-describedby={fields?.[name] ? `card-${name}-error` : undefined}
				{...props}
			/>
			{fields?.[name] ? (
				<p id={`card-${name}-error`} className="mt-1 text-sm text-red-600 dark:text-red-400">
					{fields[name]}
				</p>
			) : null}
		</div>
	)
	return (
		<Dialog title="Add Card" closeTo="/billing">
			<p className="mb-3 text-sm text-gray-600 dark:text-gray-400">The new card becomes your default. Open invoices are charged to it right away.</p>
			<Form method="post" encType="multipart/form-data" className="space-y-3">
				{field('cardholderName', 'Cardholder Name', { autoComplete: 'cc-name', maxLength: 100 })}
				{field('cardNumber', 'Card Number', { autoComplete: 'cc-number', inputMode: 'numeric', maxLength: 19, placeholder: '1234 5678 9012 3456' })}
				<div className="grid grid-cols-3 gap-3">
					{field('expiryMonth', 'Month (MM)', { autoComplete: 'cc-exp-month', inputMode: 'numeric', maxLength: 2, placeholder: 'MM' })}
					{field('expiryYear', 'Year (YY)', { autoComplete: 'cc-exp-year', inputMode: 'numeric', maxLength: 2, placeholder: 'YY' })}
					{field('cvv', 'CVV', { autoComplete: 'cc-csc', inputMode: 'numeric', maxLength: 4 })}
				</div>
				<div className="flex justify-end gap-2 pt-2">
					<ButtonLink to="/billing" preventScrollReset variant="secondary">
						Cancel
					</ButtonLink>
					<Button type="submit" name="intent" value="card" disabled={pending}>
						{pending ? 'Adding...' : 'Add Card'}
					</Button>
				</div>
			</Form>
		</Dialog>
	)
}

function SupportDialog({ email, fields }: { email: string; fields?: Record<string, string> }) {
	const navigation = useNavigation()
	const pending = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'support'
	const error = (name: string) =>
		fields?.[name] ? (
			<p id={`${name}-error`} className="mt-1 text-sm text-red-600 dark:text-red-400">
				{fields[name]}
			</p>
		) : null
	return (
		<Dialog title="Contact Billing Support" closeTo="/billing">
			<Form method="post" encType="multipart/form-data" className="space-y-3">
				<div>
					<label htmlFor="support-subject" className="mb-1 block text-sm font-medium">
						Subject
					</label>
					<input id="support-subject" name="subject" required maxLength={200} className={inputClass} aria-invalid={fields?.subject ? true : undefined} />
					{error('subject')}
				</div>
				<div>
					<label htmlFor="support-body" className="mb-1 block text-sm font-medium">
						Message
					</label>
					<textarea id="support-body" name="body" required rows={5} maxLength={10_000} className={inputClass} aria-invalid={fields?.body ? true : undefined} />
					{error('body')}
				</div>
				<div>
					<label htmlFor="support-reply" className="mb-1 block text-sm font-medium">
						Reply to
					</label>
					<input id="support-reply" name="replyToEmail" type="email" defaultValue={email} className={inputClass} />
					{error('replyToEmail')}
				</div>
				<div>
					<label htmlFor="support-attachments" className="mb-1 block text-sm font-medium">
						Attachments
					</label>
					<input id="support-attachments" name="attachment" type="file" accept="image/*" multiple className="block w-full text-sm" />
					<p className="mt-1 text-xs text-gray-500">Images only, up to 10MB each.</p>
					{error('attachment')}
				</div>
				<div className="flex justify-end gap-2 pt-2">
					<ButtonLink to="/billing" preventScrollReset variant="secondary">
						Cancel
					</ButtonLink>
					<Button type="submit" name="intent" value="support" disabled={pending}>
						{pending ? 'Sending...' : 'Send Message'}
					</Button>
				</div>
			</Form>
		</Dialog>
	)
}

function Unauthorized() {
	const toast = useToast()
	useEffect(() => {
		toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', type: 'destructive' })
		const timer = setTimeout(() => window.location.assign(LOGIN_PATH), UNAUTHORIZED_REDIRECT_MS)
		return () => clearTimeout(timer)
	}, [toast])
	return (
		<div className="mx-auto max-w-xl px-4 py-24 text-center">
			<meta httpEquiv="refresh" content={`1;url=${LOGIN_PATH}`} />
			<h1 className="text-3xl font-bold">Unauthorized</h1>
			<p className="mt-4 text-gray-700 dark:text-gray-300">You are logged out. Logging in again...</p>
		</div>
	)
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	if (isRouteErrorResponse(error) && error.status === 403) {
		return (
			<div className="mx-auto max-w-xl px-4 py-24 text-center">
				<h1 className="text-3xl font-bold">Billing</h1>
				<p className="mt-4 text-gray-700 dark:text-gray-300">{NO_BILLING_ACCESS}</p>
			</div>
		)
	}
	return (
		<div className="mx-auto max-w-xl px-4 py-24 text-center">
			<h1 className="text-3xl font-bold">Unable to Load Billing Information</h1>
			<p className="mt-4 text-gray-700 dark:text-gray-300">Something went wrong while loading your billing details.</p>
			<Button className="mt-8" onClick={() => window.location.reload()}>
				Try Again
			</Button>
			<noscript>
				<a href="/billing" className="mt-4 block underline">
					Try Again
				</a>
			</noscript>
		</div>
	)
}
