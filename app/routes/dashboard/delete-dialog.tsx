import { Form } from 'react-router'
import { Dialog } from '~/components/ui/dialog.tsx'
import { SubmitRow } from '~/components/ui/submit-row.tsx'
import type { ApiMeasurement } from '~/services/measurements.server.ts'
import { measurementName } from './shared.ts'

export function DeleteDialog({ close, measurement }: { close: string; measurement?: ApiMeasurement }) {
	return (
		<Dialog title={measurement ? `Delete ${measurementName(measurement)}?` : 'Measurement not found'} closeTo={close} size="md">
			{measurement ? (
				<Form method="post" preventScrollReset>
					<input type="hidden" name="id" value={measurement.id} />
					<p className="text-sm text-gray-700 dark:text-gray-300">This measurement will be permanently deleted. This action cannot be undone.</p>
					<SubmitRow closeTo={close} intent="delete" label="Delete" pendingLabel="Deleting..." variant="destructive" />
				</Form>
			) : null}
		</Dialog>
	)
}
