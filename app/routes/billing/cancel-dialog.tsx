import { Form } from 'react-router'
import { Dialog } from '~/components/ui/dialog.tsx'
import { SubmitRow } from '~/components/ui/submit-row.tsx'

export function CancelDialog() {
	return (
		<Dialog title="Cancel Subscription" closeTo="/billing">
			<p className="text-sm text-gray-700 dark:text-gray-300">
				Are you sure you want to cancel? Your measurements, projects and reports will be permanently deleted. You keep access until the end of the current billing period; after that the account
				is deactivated, and its data is deleted 30 days later.
			</p>
			<Form method="post" encType="multipart/form-data">
				<SubmitRow closeTo="/billing" cancelLabel="Keep Subscription" intent="cancel" label="Cancel Subscription" pendingLabel="Cancelling..." variant="destructive" className="mt-4" />
			</Form>
		</Dialog>
	)
}
