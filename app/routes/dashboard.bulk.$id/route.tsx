// /dashboard/bulk/:id (issue 34): one batch. A draft shows its preview (first
// rows, and every row with a problem) and "Start measuring"; a started batch
// shows a progress bar with its counts (queued, geocoded, measured, failed),
// the results table, CSV and Excel downloads, and Cancel / Resume. While it
// runs the page refreshes itself: with JavaScript by revalidating, without it
// by a meta refresh; a reload always shows the current state.
import { useEffect } from 'react'
import { Form, redirect, useNavigation, useRevalidator } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/route'
import { Page } from '~/components/page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Card } from '~/components/ui/card.tsx'
import { requireActor } from '~/services/auth.server.ts'
import { cancelBatch, getBatch, getPreview, resumeBatch, startBatch } from '~/services/bulk-measure.server.ts'
import { orFormError, orPageError } from '../dashboard.bulk/errors.server.ts'
import { BulkError } from '../dashboard.bulk/shared.tsx'
import { Progress } from './progress.tsx'
import { PreviewTable, ResultsTable } from './tables.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Bulk Measure | Yardstick' }]

/** how often the page refreshes while the batch runs */
export const REFRESH_MS = 2_000

export async function loader({ request, params }: Route.LoaderArgs) {
	const { user } = await requireActor(request)
	const batch = await orPageError(async () => {
		const head = await getPreview(user, params.id)
		return head.status === 'draft' ? head : getBatch(user, params.id)
	})
	return { batch }
}

const IntentSchema = z.object({ intent: z.enum(['start', 'cancel', 'resume']) })
const COMMANDS = { start: startBatch, cancel: cancelBatch, resume: resumeBatch }

export async function action({ request, params }: Route.ActionArgs) {
	const { user } = await requireActor(request)
	const parsed = IntentSchema.safeParse(Object.fromEntries(await request.formData()))
	if (!parsed.success) return { error: 'Unknown action.' }
	const outcome = await orFormError(() => COMMANDS[parsed.data.intent](user, params.id))
	if (outcome.failed) return outcome.failed
	return redirect(`/dashboard/bulk/${params.id}`)
}

export default function BulkBatch({ loaderData, actionData }: Route.ComponentProps) {
	const { batch } = loaderData
	const running = batch.status === 'running'
	const revalidator = useRevalidator()
	const navigation = useNavigation()
	const busy = navigation.state !== 'idle'
	// an imperative timer, not data in an effect: the loader stays the one source of the data
	useEffect(() => {
		if (!running) return
		const timer = setInterval(() => {
			if (revalidator.state === 'idle') void revalidator.revalidate()
		}, REFRESH_MS)
		return () => clearInterval(timer)
	}, [running, revalidator])
	const toMeasure = batch.counts.queued
	return (
		<Page title={batch.fileName ?? 'Address list'} subtitle={`Bulk measure · ${batch.rowCount.toLocaleString('en-US')} addresses`}>
			{running ? (
				<noscript>
					<meta httpEquiv="refresh" content="5" />
				</noscript>
			) : null}
			<div className="grid gap-6">
				{actionData?.error ? (
					<p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
						{actionData.error}
					</p>
				) : null}
				{batch.status === 'draft' ? (
					<Card title="Preview">
						<p className="mb-3">
							{toMeasure.toLocaleString('en-US')} addresses ready to measure
							{batch.counts.failed ? `, ${batch.counts.failed.toLocaleString('en-US')} with problems (they will be skipped)` : ''}. Starting uses{' '}
							{toMeasure.toLocaleString('en-US')} of your monthly searches.
						</p>
						<PreviewTable rows={batch.rows} />
						{batch.problems.length ? (
							<div className="mt-4">
								<h3 className="font-semibold">Rows with problems</h3>
								<ul className="mt-1 list-disc pl-5 text-sm">
									{batch.problems.map((row) => (
										<li key={row.rowNumber}>
											Row {row.rowNumber}: {row.error}
										</li>
									))}
								</ul>
							</div>
						) : null}
						<Form method="post" className="mt-4">
							<Button type="submit" name="intent" value="start" disabled={busy || toMeasure === 0}>
								Start measuring
							</Button>
						</Form>
					</Card>
				) : (
					<>
						<Card
							title="Progress"
							action={
								<Form method="post">
									{running ? (
										<Button type="submit" name="intent" value="cancel" variant="secondary" disabled={busy}>
											Cancel batch
										</Button>
									) : batch.status === 'cancelled' ? (
										<Button type="submit" name="intent" value="resume" disabled={busy}>
											Resume batch
										</Button>
									) : null}
								</Form>
							}
						>
							<Progress status={batch.status} counts={batch.counts} />
						</Card>
						<Card
							title="Results"
							action={
								<div className="flex gap-3 text-sm">
									<a className="text-green-700 underline dark:text-green-400" href={`/api/bulk-measurements/${batch.id}/export.csv`} download>
										Download CSV
									</a>
									<a className="text-green-700 underline dark:text-green-400" href={`/api/bulk-measurements/${batch.id}/export.xlsx`} download>
										Download Excel
									</a>
								</div>
							}
						>
							<ResultsTable rows={batch.rows} />
						</Card>
					</>
				)}
			</div>
		</Page>
	)
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	return <BulkError error={error} />
}
