// /billing (spec 2 §2): current subscription, payment methods, invoices with
// search, view and PDF download, account summary, quick actions, cancellation
// and Contact Billing Support. Dialogs are URL states (?dialog=cancel|support|card,
// ?invoice=id) rendered by the server, so everything works without JavaScript.
// Panels and dialogs are one file each beside this one; the action's intents
// are in intents.server.ts.
import { useEffect } from 'react'
import { data, isRouteErrorResponse } from 'react-router'
import type { Route } from './+types/route'
import { Page } from '~/components/page.tsx'
import { useToast } from '~/components/toaster.tsx'
import { Button } from '~/components/ui/button.tsx'
import { NO_BILLING_ACCESS } from '~/lib/schemas/billing.ts'
import { getPaymentGateway } from '~/integrations/payments.server.ts'
import { getActor } from '~/services/auth.server.ts'
import { canViewBilling, getBillingOverview, getInvoice, type ClientInvoice } from '~/services/billing.server.ts'
import { redirectWithToast } from '~/services/toast.server.ts'
import type { RouteHandle } from '~/utils/route-handle.ts'
import { CancelDialog } from './cancel-dialog.tsx'
import { CardDialog } from './card-dialog.tsx'
import { CurrentSubscription } from './current-subscription.tsx'
import { handleIntent, handleReturn } from './intents.server.ts'
import { InvoiceDialog } from './invoice-dialog.tsx'
import { InvoiceHistory } from './invoice-history.tsx'
import { PaymentMethods } from './payment-methods.tsx'
import { LOGIN_PATH, dateText, money } from './shared.ts'
import { SideCards } from './side-cards.tsx'
import { SupportDialog } from './support-dialog.tsx'
import { Unauthorized } from './unauthorized.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Billing | Yardstick' }]
export const handle: RouteHandle = { footer: 'no-cookies' }

export async function loader({ request }: Route.LoaderArgs) {
	const actor = await getActor(request)
	if (!actor) return { unauthorized: true as const }
	const { user } = actor
	if (!canViewBilling(user)) throw data(NO_BILLING_ACCESS, { status: 403 })
	const url = new URL(request.url)
	const returned = await handleReturn(url, user)
	if (returned) return returned
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
		hostedCards: Boolean(getPaymentGateway().hosted),
	}
}

function filterInvoices(invoices: ClientInvoice[], q: string) {
	if (!q) return invoices
	const needle = q.toLowerCase()
	return invoices.filter((i) =>
		[i.invoiceNumber, i.status, i.subscriptionTierName, i.totalAmount, money(i.totalAmount), dateText(i.invoiceDate ?? i.billingPeriodStart)].some((v) =>
			v.toLowerCase().includes(needle),
		),
	)
}

export async function action({ request }: Route.ActionArgs) {
	const actor = await getActor(request)
	if (!actor) return redirectWithToast(LOGIN_PATH, { title: 'Unauthorized', description: 'You are logged out. Logging in again...', type: 'destructive' })
	return handleIntent(request, actor.user)
}

export default function Billing({ loaderData, actionData }: Route.ComponentProps) {
	const toast = useToast()
	useEffect(() => {
		if (actionData?.toast) toast({ ...actionData.toast, type: 'destructive' })
	}, [actionData, toast])
	if (loaderData.unauthorized) return <Unauthorized />
	const { overview, invoices, q, invoice, dialog } = loaderData
	return (
		<Page title="Billing" subtitle="Manage your subscription, invoices and payment methods">
			<div className="grid gap-6 lg:grid-cols-3">
				<div className="space-y-6 lg:col-span-2">
					<CurrentSubscription overview={overview} canPay={loaderData.canAddCard} />
					<PaymentMethods overview={overview} canAddCard={loaderData.canAddCard} />
					<InvoiceHistory invoices={invoices} total={overview.invoices.length} q={q} canPay={loaderData.canAddCard} />
				</div>
				<SideCards overview={overview} />
			</div>
			{dialog === 'cancel' && overview.canCancel ? <CancelDialog /> : null}
			{dialog === 'card' && loaderData.canAddCard ? <CardDialog hosted={loaderData.hostedCards} fields={actionData?.intent === 'card' ? actionData.fields : undefined} /> : null}
			{dialog === 'support' ? <SupportDialog email={loaderData.user.email} fields={actionData?.intent === 'support' ? actionData.fields : undefined} /> : null}
			{invoice ? <InvoiceDialog invoice={invoice} /> : null}
		</Page>
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
