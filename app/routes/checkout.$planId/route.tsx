// /checkout/{planId} (spec 2 §2, §4, §5): 1 Customer Info → 2 Payment (Verify
// Email for free plans) → 3 Complete. Each step is a form posted to this
// route's action, so the wizard works without JavaScript; with JavaScript the
// bot challenge is solved in the browser, the address autocompletes (US only)
// and the terms open in modals. Paid plans carry the customer step to the
// payment step in hidden fields of the page (never stored before payment);
// in Stripe mode the Payment step sends the customer to Stripe's hosted page
// and back (services/checkout-stripe.server.ts).
// Each step is one file beside this one; the action's steps are in
// intents.server.ts.
import { data } from 'react-router'
import type { Route } from './+types/route'
import { ButtonLink } from '~/components/ui/button.tsx'
import { getPaymentGateway } from '~/integrations/payments.server.ts'
import { findCheckoutPlan, isFreePlan } from '~/lib/checkout.ts'
import { Complete } from './complete.tsx'
import { CustomerStep } from './customer-step.tsx'
import { handleStep, stripeCheckoutState } from './intents.server.ts'
import { OrderSummary } from './order-summary.tsx'
import { PaymentStep } from './payment-step.tsx'
import type { ActionData } from './shared.ts'
import { Steps } from './steps.tsx'

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.plan ? `Checkout: ${data.plan.name} | Yardstick` : 'Plan Not Found | Yardstick' }]
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

export async function loader({ params, request }: Route.LoaderArgs) {
	const plan = findCheckoutPlan(params.planId)
	if (!plan) return data({ plan: null, hostedCards: false, checkout: null }, { status: 404 })
	const hostedCards = Boolean(getPaymentGateway().hosted)
	// Stripe mode: a purchase in progress (?checkout=…), or the way back from Stripe's pages
	return { plan, hostedCards, checkout: hostedCards ? await stripeCheckoutState(request, plan) : null }
}

export async function action({ request, params }: Route.ActionArgs) {
	const plan = findCheckoutPlan(params.planId)
	if (!plan) return data<ActionData>({ step: 1, values: {}, errors: {}, formError: 'The selected plan could not be found.' }, { status: 404 })
	return handleStep(request, plan)
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
	const plan = loaderData.plan
	if (!plan) return <PlanNotFound />
	const state = (actionData ?? loaderData.checkout ?? undefined) as ActionData | undefined
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
						<PaymentStep key="payment" customer={state.customer} checkoutId={state.checkoutId} values={state.values} errors={state.errors} formError={state.formError} hostedCards={loaderData.hostedCards} />
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
