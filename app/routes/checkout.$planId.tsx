import type { Route } from './+types/checkout.$planId'
import { Page } from '~/components/page.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Checkout | Yardstick' }]

export default function Screen({ params }: Route.ComponentProps) {
	return <Page title="Checkout" subtitle={`Plan: ${params.planId}`} />
}
