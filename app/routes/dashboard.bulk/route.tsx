// /dashboard/bulk (issue 34): bulk measure — an account admin uploads a CSV or
// JSON list of addresses (kept as a draft whose preview opens next) and sees the
// organization's earlier batches. Works without JavaScript: a multipart form
// post to this route's action, which calls the same services as
// POST /api/bulk-measurements?preview=true.
import { Form, Link, redirect, useNavigation } from 'react-router'
import type { Route } from './+types/route'
import { Page } from '~/components/page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Card } from '~/components/ui/card.tsx'
import { BULK_MAX_ROWS } from '~/lib/bulk-limits.ts'
import { STATUS_LABELS } from '~/lib/bulk-results.ts'
import { requireActor } from '~/services/auth.server.ts'
import { importBatch, listBatches, readUpload, requireBulkAdmin } from '~/services/bulk-measure.server.ts'
import { orFormError, orPageError } from './errors.server.ts'
import { BulkError } from './shared.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Bulk Measure | Yardstick' }]

export async function loader({ request }: Route.LoaderArgs) {
	const { user } = await requireActor(request)
	return { batches: await orPageError(() => listBatches(user)) }
}

export async function action({ request }: Route.ActionArgs) {
	const { user } = await requireActor(request)
	const outcome = await orFormError(async () => {
		requireBulkAdmin(user)
		return importBatch(user, await readUpload(request))
	})
	if (outcome.failed) return outcome.failed
	return redirect(`/dashboard/bulk/${outcome.ok.id}`)
}

const BATCH_STATUS: Record<string, string> = { draft: 'Not started', running: 'Running', cancelled: 'Cancelled', completed: 'Completed' }

export default function BulkMeasure({ loaderData, actionData }: Route.ComponentProps) {
	const navigation = useNavigation()
	const uploading = navigation.state === 'submitting' && navigation.formAction === '/dashboard/bulk'
	return (
		<Page title="Bulk Measure" subtitle="Measure the lawns of a whole list of properties at once.">
			<div className="grid gap-6">
				<Card title="Upload addresses">
					<Form method="post" encType="multipart/form-data" className="grid gap-3" aria-describedby="bulk-help">
						<label htmlFor="bulk-file" className="font-medium">
							Address list (CSV or JSON)
						</label>
						<input id="bulk-file" name="file" type="file" required accept=".csv,.json,.txt,text/csv,application/json" aria-invalid={actionData?.error ? true : undefined} aria-describedby={actionData?.error ? 'bulk-file-error' : 'bulk-help'} />
						<p id="bulk-help" className="text-sm text-gray-600 dark:text-gray-400">
							Up to {BULK_MAX_ROWS.toLocaleString('en-US')} addresses and 2 MB: an "address" column, or address, city, state and zip columns. Each address
							measured counts as one of your monthly searches. You will see a preview before anything starts.
						</p>
						{actionData?.error ? (
							<p id="bulk-file-error" role="alert" className="text-sm text-red-700 dark:text-red-400">
								{actionData.error}
							</p>
						) : null}
						<div>
							<Button type="submit" disabled={uploading}>
								{uploading ? 'Uploading...' : 'Upload and preview'}
							</Button>
						</div>
					</Form>
				</Card>
				<Card title="Your batches">
					{loaderData.batches.length === 0 ? (
						<p className="text-gray-600 dark:text-gray-400">No bulk measurements yet.</p>
					) : (
						<ul className="divide-y divide-gray-200 dark:divide-gray-700">
							{loaderData.batches.map((b) => (
								<li key={b.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
									<Link to={`/dashboard/bulk/${b.id}`} className="font-medium text-green-700 underline dark:text-green-400">
										{b.fileName ?? 'Address list'}
									</Link>
									<span className="text-sm text-gray-600 dark:text-gray-400">
										{b.rowCount.toLocaleString('en-US')} addresses · {BATCH_STATUS[b.status] ?? STATUS_LABELS[b.status] ?? b.status} · {new Date(b.createdAt).toLocaleDateString('en-US', { timeZone: 'UTC' })}
									</span>
								</li>
							))}
						</ul>
					)}
				</Card>
			</div>
		</Page>
	)
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
	return <BulkError error={error} />
}
